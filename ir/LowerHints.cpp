//===- LowerHints.cpp - Errors that say what to write instead -------------===//
//
// The typing errors that come with a hint, as clang and rustc give them: the
// nearest known spelling of a misspelt attribute or function, '//' for a
// '/' that gives an index, '.x' for a thread-index register used whole, the
// signature that gave a parameter its type, and the idiom a kernel uses in
// place of a NumPy function it cannot call.
//
//===----------------------------------------------------------------------===//
#include "ir/Lowering.h"

#include "frontend/Suggest.h"

#include <algorithm>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

namespace {

/// What a kernel writes instead of the NumPy function \p Path, or null.
const char *numpyInstead(const std::string &Path) {
#define INSTEAD(P, Text)                                                       \
  if (Path == P)                                                               \
    return Text;
#include "ir/NumpyInstead.def"
  return nullptr;
}

/// The NumPy functions NumpyInstead.def names under \p Namespace, as
/// candidates for "did you mean" (np.zeroes -> np.zeros, whose note then
/// says what to write).
std::vector<std::string> insteadNames(const std::string &Namespace) {
  std::vector<std::string> Out;
  std::string Prefix = Namespace + ".";
#define INSTEAD(P, Text)                                                       \
  if (std::string_view(P).substr(0, Prefix.size()) == Prefix)                  \
    Out.push_back(std::string(P).substr(Prefix.size()));
#include "ir/NumpyInstead.def"
  return Out;
}

/// The AST nodes an index is computed from by arithmetic (not inside
/// calls, whose results have types of their own, nor attributes' bases):
/// the operands a hint can point at. Iterative, linear in the expression.
template <class Fn> void forEachOperand(const fe::Expr &Root, Fn &&Visit) {
  std::vector<const fe::Expr *> Work{&Root};
  while (!Work.empty()) {
    const fe::Expr *E = Work.back();
    Work.pop_back();
    if (!E)
      continue;
    Visit(*E);
    if (auto *B = dyn_cast<fe::BinaryExpr>(E)) {
      Work.push_back(B->RHS);
      Work.push_back(B->LHS);
    } else if (auto *U = dyn_cast<fe::UnaryExpr>(E)) {
      Work.push_back(U->Operand);
    } else if (auto *I = dyn_cast<fe::IfExpExpr>(E)) {
      Work.push_back(I->OrElse);
      Work.push_back(I->Body);
    }
  }
}

} // namespace

void FunctionLowerer::indexTypeError(const fe::Expr &At, SourceRange Range, const Type *Ty) {
  error(Range, DiagKind::IndexType, {Ty->str()});
  const fe::BinaryExpr *Division = nullptr;
  std::vector<size_t> Params;
  forEachOperand(At, [&](const fe::Expr &E) {
    if (auto *B = dyn_cast<fe::BinaryExpr>(&E); B && B->Op == BinaryOp::Div && !Division)
      Division = B;
    if (auto *N = dyn_cast<NameExpr>(&E)) {
      const auto &Ps = Info.Def->Params;
      for (size_t K = 0; K < Ps.size(); ++K)
        if (Ps[K].Name == N->Id && std::find(Params.begin(), Params.end(), K) == Params.end())
          Params.push_back(K);
    }
  });
  if (Division)
    S.Diags.report(File, Division->OpRange, DiagKind::NoteFloorDivision);
  // A parameter the signature made a float or complex, which no index
  // arithmetic makes an integer again.
  if (!KernelSignature || Division)
    return;
  for (size_t K : Params) {
    if (K >= KernelSignature->Args.size() || K >= KernelSignature->ArgRanges.size())
      continue;
    auto *ST = dynCast<ScalarType>(KernelSignature->Args[K]);
    if (ST && !ST->isInteger())
      S.Diags.report(KernelSignature->File, KernelSignature->ArgRanges[K], DiagKind::NoteSignatureType,
                     {Info.Def->Params[K].Name, signatureSpelling(ST)});
  }
}

void FunctionLowerer::noteSignatureOperand(const Expr *Operand) {
  auto *Ref = dynCast<VarRefExpr>(Operand);
  if (!KernelSignature || !Ref ||
      std::find(F.Params.begin(), F.Params.end(), Ref->Var) == F.Params.end())
    return;
  const auto &Ps = Info.Def->Params;
  for (size_t K = 0; K < Ps.size() && K < KernelSignature->ArgRanges.size(); ++K)
    if (auto *ST = dynCast<ScalarType>(KernelSignature->Args[K]);
        ST && !ST->isInteger() && Ps[K].Name == Ref->Var->Name)
      S.Diags.report(KernelSignature->File, KernelSignature->ArgRanges[K],
                     DiagKind::NoteSignatureType,
                     {Ps[K].Name, signatureSpelling(KernelSignature->Args[K])});
}

void FunctionLowerer::notAValueError(SourceRange At, const Value &V) {
  std::string Hint;
  // cuda.threadIdx is a Dim3 of registers, each read on its own.
  if (V.K == Value::Kind::Path && isKnownBuiltinPath(V.Path + ".x"))
    if (auto Attrs = knownAttributes(V.Path); Attrs == std::vector<std::string>{"x", "y", "z"})
      Hint = "; did you mean '" + displayPath(V.Path) + ".x'?";
  error(At, DiagKind::NotAValue, {describe(V), Hint});
}

void FunctionLowerer::unknownAttributeError(const fe::AttributeExpr &A, const Value &Base) {
  bool Look = S.Diags.allowSpellingCheck();
  std::vector<std::string> Candidates;
  switch (Look ? Base.K : Value::Kind::Invalid) {
  case Value::Kind::Path:
    Candidates = knownAttributes(Base.Path);
    break;
  case Value::Kind::Module:
    Candidates = Base.Mod->symbolNames();
    break;
  case Value::Kind::Expr: {
    const Type *Ty = Base.E->Ty;
    if (auto *AT = dynCast<ArrayType>(Ty)) {
      Candidates = {"shape", "size", "ndim"};
      if (!AT->record() && AT->dtype()->isComplex())
        Candidates.insert(Candidates.end(), {"real", "imag"});
    } else if (auto *TT = dynCast<TupleType>(Ty); TT && TT->isNamed()) {
      Candidates = TT->fields();
    } else if (auto *VT = dynCast<VectorType>(Ty)) {
      for (unsigned K = 0; K < VT->count() && K < 4; ++K)
        Candidates.push_back(std::string(1, "xyzw"[K]));
    } else if (auto *ST = dynCast<ScalarType>(Ty); ST && !ST->isBoolean()) {
      Candidates = {"real", "imag", "conjugate"};
    }
    break;
  }
  default:
    break;
  }
  std::string Hint = didYouMean(A.Attr, Candidates);
  // cuda.threadIdx.w: one letter is near no other, but these have three.
  if (Hint.empty() && Candidates == std::vector<std::string>{"x", "y", "z"})
    Hint = "; did you mean 'x', 'y' or 'z'?";
  error(A.AttrRange, DiagKind::UnknownAttribute, {describe(Base), A.Attr, Hint});
}

void FunctionLowerer::unsupportedFunctionError(SourceRange At, const std::string &Path) {
  size_t Dot = Path.rfind('.');
  std::string Near;
  if (Dot != std::string::npos && !numpyInstead(Path) && S.Diags.allowSpellingCheck()) {
    std::string Namespace = Path.substr(0, Dot);
    std::vector<std::string> Candidates = knownAttributes(Namespace);
    std::vector<std::string> Instead = insteadNames(Namespace);
    Candidates.insert(Candidates.end(), Instead.begin(), Instead.end());
    Near = nearestSpelling(Path.substr(Dot + 1), Candidates);
    if (!Near.empty())
      Near = Namespace + "." + Near;
  }
  error(At, DiagKind::UnsupportedFunction,
        {displayPath(Path), Near.empty() ? "" : "; did you mean '" + displayPath(Near) + "'?"});
  if (const char *Text = numpyInstead(Near.empty() ? Path : Near))
    S.Diags.report(File, At, DiagKind::NoteNumpyInstead, {Text});
}

} // namespace pykc::ir
