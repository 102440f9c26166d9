//===- PrecisionCheck.cpp - float64 arithmetic in float32 kernels ---------===//
#include "ir/PrecisionCheck.h"
#include "ir/IRWalk.h"

#include <map>
#include <set>
#include <string>
#include <utility>

namespace pykc::ir {

using frontend::DiagKind;
using frontend::SourceFile;

namespace {

bool isFloatKind(const Type *T, ScalarKind K) {
  auto *S = dynCast<ScalarType>(T);
  return S && S->scalarKind() == K;
}

/// The float kinds a value of type \p T holds: its dtype for arrays, its
/// elements for tuples and vectors.
void collectFloatKinds(const Type *T, bool &Narrow, bool &Wide) {
  if (auto *A = dynCast<ArrayType>(T))
    return collectFloatKinds(A->element(), Narrow, Wide);
  if (auto *R = dynCast<RecordType>(T)) {
    for (const RecordType::Field &F : R->fields())
      collectFloatKinds(F.Ty, Narrow, Wide);
    return;
  }
  if (auto *N = dynCast<NestedArrayType>(T))
    return collectFloatKinds(N->element(), Narrow, Wide);
  if (auto *V = dynCast<VectorType>(T))
    return collectFloatKinds(V->base(), Narrow, Wide);
  if (auto *Tu = dynCast<TupleType>(T)) {
    for (const Type *E : Tu->elements())
      collectFloatKinds(E, Narrow, Wide);
    return;
  }
  Narrow |= isFloatKind(T, ScalarKind::Float32) || isFloatKind(T, ScalarKind::Float16);
  Wide |= isFloatKind(T, ScalarKind::Float64);
}

/// Whether every floating-point parameter and local array of \p F is float32
/// (or float16), and there is at least one: then float64 arithmetic is
/// something the user did not ask for.
bool dataIsFloat32(const Function &F) {
  bool Narrow = false, Wide = false;
  for (const Variable *P : F.Params)
    collectFloatKinds(P->ArgType ? P->ArgType : P->Ty, Narrow, Wide);
  forEachNode(F.Body, [&](const Node &N) {
    if (auto *A = dynCast<AllocArrayExpr>(&N))
      collectFloatKinds(A->Ty, Narrow, Wide);
  });
  return Narrow && !Wide;
}

/// A float32 (or float16) value widened to float64 for the arithmetic.
bool isWidenedNarrowFloat(const Expr *E) {
  auto *C = dynCast<CastExpr>(E);
  return C && isFloatKind(C->Ty, ScalarKind::Float64) &&
         (isFloatKind(C->Operand->Ty, ScalarKind::Float32) ||
          isFloatKind(C->Operand->Ty, ScalarKind::Float16));
}

/// An integer widened to float64.
const Expr *widenedInteger(const Expr *E) {
  auto *C = dynCast<CastExpr>(E);
  auto *From = C ? dynCast<ScalarType>(C->Operand->Ty) : nullptr;
  return From && (From->isInteger() || From->isBoolean()) ? C->Operand : nullptr;
}

/// Whether \p E is a constant float32 holds exactly.
bool exactInFloat32(const Expr *E) {
  if (const Expr *I = widenedInteger(E))
    E = I;
  auto *C = dynCast<ConstantExpr>(E);
  auto *S = C ? dynCast<ScalarType>(C->Ty) : nullptr;
  if (!S)
    return false;
  if (S->isFloat())
    return double(float(C->FloatValue)) == C->FloatValue;
  int64_t V = S->isSigned() ? int64_t(C->IntBits) : int64_t(C->IntBits & INT64_MAX);
  return V >= -(int64_t(1) << 24) && V <= int64_t(1) << 24;
}

/// One +, -, * or / of float32 values (or constants float32 holds), rounded
/// straight back to float32, gives the float32 operation's result: float64
/// has more than twice float32's precision, so rounding twice changes
/// nothing, and LLVM emits the float32 instruction. The documents'
/// `an_array[pos] += 1` is one; warning about it would be noise.
bool sameAsFloat32(const BinaryExpr &B, const Expr *Wide) {
  switch (B.Op) {
  case ArithOp::Add:
  case ArithOp::Sub:
  case ArithOp::Mul:
  case ArithOp::TrueDiv:
    return exactInFloat32(Wide);
  default:
    return false;
  }
}

class Checker {
public:
  Checker(const SourceFile *File, frontend::DiagnosticEngine &Diags)
      : File(File), Diags(Diags) {}

  void function(const Function &F) {
    // pykc's own helpers (round(x, n), reductions) are written in Python
    // parsed from other buffers, and their float64 is Numba's, on purpose.
    // Host functions (@njit) run on CPUs, where float64 costs far less.
    if (F.Reduce || F.HostEntry || F.OutlinedFrom || F.FileName != File->name() || !dataIsFloat32(F))
      return;
    FirstValue.clear();
    forEachNode(F.Body, [&](const Node &N) {
      if (auto *A = dynCast<AssignStmt>(&N))
        FirstValue.emplace(A->Var, A->Value); // keeps the first
    });
    // Parents come first, so a cast is seen before the arithmetic it narrows.
    std::set<const Expr *> Narrowed;
    forEachNode(F.Body, [&](const Node &N) {
      if (auto *C = dynCast<CastExpr>(&N)) {
        if (isFloatKind(C->Ty, ScalarKind::Float32) &&
            isFloatKind(C->Operand->Ty, ScalarKind::Float64))
          Narrowed.insert(C->Operand);
        return;
      }
      auto *B = dynCast<BinaryExpr>(&N);
      if (!B || !isFloatKind(B->Ty, ScalarKind::Float64) || !B->Range.isValid())
        return;
      const Expr *Wide = isWidenedNarrowFloat(B->LHS)   ? B->RHS
                         : isWidenedNarrowFloat(B->RHS) ? B->LHS
                                                        : nullptr;
      if (Wide && !(Narrowed.count(B) && sameAsFloat32(*B, Wide)))
        cause(*B, Wide);
    });
  }

private:
  std::string text(frontend::SourceRange R) const { return std::string(File->text(R)); }

  /// The arithmetic as the user wrote it, when it is short and on one line.
  std::string arithmetic(const BinaryExpr &B) const {
    std::string T = text(B.Range);
    if (T.empty() || T.size() > 48 || T.find('\n') != std::string::npos)
      return "this arithmetic computes";
    return "'" + T + "' computes";
  }

  void report(frontend::SourceRange At, std::string What, std::string Why, std::string Fix) {
    if (!At.isValid() || !Reported.insert(At.Begin.Offset).second)
      return;
    Diags.report(File, At, DiagKind::Float64Promotion,
                 {std::move(What), std::move(Why), std::move(Fix)});
  }

  /// \p Wide is the operand that made \p B float64.
  void cause(const BinaryExpr &B, const Expr *Wide) {
    if (auto *C = dynCast<ConstantExpr>(Wide)) {
      std::string T = text(C->Range);
      return report(C->Range, arithmetic(B), "the float literal '" + T + "' is a float64",
                    "float32(" + T + ")");
    }
    if (const Expr *I = widenedInteger(Wide)) {
      std::string T = text(I->Range);
      std::string Kind = I->Ty->str();
      if (dynCast<ConstantExpr>(I))
        return report(I->Range, arithmetic(B),
                      "Numba types float32 combined with the integer '" + T + "' (" + Kind +
                          ") as float64",
                      "float32(" + T + ")");
      return report(I->Range, arithmetic(B),
                    "Numba types float32 combined with " + Kind + " '" + T + "' as float64",
                    "float32(" + T + ")");
    }
    if (auto *V = dynCast<VarRefExpr>(Wide))
      if (variable(B, *V->Var))
        return;
    std::string T = text(Wide->Range);
    report(Wide->Range, arithmetic(B), "'" + T + "' is a float64", "float32(" + T + ")");
  }

  /// Reports at the first value of \p V when a literal or an integer made
  /// it float64; false when its origin is something else.
  bool variable(const BinaryExpr &B, const Variable &V) {
    auto It = FirstValue.find(&V);
    if (It == FirstValue.end())
      return false;
    const Expr *First = It->second;
    std::string Line = std::to_string(B.Range.Begin.Line);
    std::string What = "'" + V.Name + "' and the arithmetic on it on line " + Line + " compute";
    if (auto *C = dynCast<ConstantExpr>(First)) {
      std::string T = text(C->Range);
      report(C->Range, What, "it starts as the float literal '" + T + "', a float64",
             "float32(" + T + ")");
      return true;
    }
    if (const Expr *I = widenedInteger(First)) {
      std::string T = text(I->Range);
      report(I->Range, What,
             "it starts as the integer '" + T + "' and Numba types " + I->Ty->str() +
                 " combined with float32 as float64",
             "float32(" + T + ")");
      return true;
    }
    return false;
  }

  const SourceFile *File;
  frontend::DiagnosticEngine &Diags;
  std::map<const Variable *, const Expr *> FirstValue;
  std::set<uint32_t> Reported; ///< Causes already reported, by offset.
};

} // namespace

void checkFloat64Promotion(const Module &IR, const SourceFile *File,
                           frontend::DiagnosticEngine &Diags) {
  Checker C(File, Diags);
  for (const auto &F : IR.functions())
    C.function(*F);
}

} // namespace pykc::ir
