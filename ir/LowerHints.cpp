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

#include "ir/check/HintText.h"

#include <algorithm>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

namespace {

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
    S.LowerDiags.report(File, Division->OpRange, DiagKind::NoteFloorDivision);
  // A parameter the signature made a float or complex, which no index
  // arithmetic makes an integer again.
  if (!KernelSignature || Division)
    return;
  for (size_t K : Params) {
    if (K >= KernelSignature->Args.size() || K >= KernelSignature->ArgRanges.size())
      continue;
    auto *ST = dynCast<ScalarType>(KernelSignature->Args[K]);
    if (ST && !ST->isInteger())
      S.LowerDiags.report(KernelSignature->File, KernelSignature->ArgRanges[K], DiagKind::NoteSignatureType,
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
      S.LowerDiags.report(KernelSignature->File, KernelSignature->ArgRanges[K],
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
  Checked Described = Base.K == Value::Kind::Expr ? Checked::value(Base.E->Ty)
                      : Base.isValid()            ? checkedOf(Base)
                                                  : Checked::invalid();
  error(A.AttrRange, DiagKind::UnknownAttribute,
        unknownAttributeArgs(Described, describe(Base), A.Attr, S.LowerDiags));
}

void FunctionLowerer::unsupportedFunctionError(SourceRange At, const std::string &Path) {
  UnsupportedFunctionText Text = unsupportedFunctionText(Path, S.LowerDiags);
  error(At, DiagKind::UnsupportedFunction, Text.Args);
  if (Text.Instead)
    S.LowerDiags.report(File, At, DiagKind::NoteNumpyInstead, {Text.Instead});
}

} // namespace pykc::ir
