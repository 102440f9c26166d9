//===- check/Hints.cpp - The final walk's errors that come with a hint ----===//
//
// The hints typing errors come with, as clang and rustc give them: '//'
// for a '/' that gives an index, the signature that gave a parameter its
// type, '.x' for a thread-index register used whole.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"

#include "ir/check/HintText.h"
#include "ir/check/SyntaxFacts.h"

#include <algorithm>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

std::string FunctionChecker::describe(const Checked &V) const {
  switch (V.K) {
  case Checked::Kind::Value:
    return V.Ty ? V.Ty->str() : "?";
  case Checked::Kind::Path:
    return displayPath(V.Path);
  case Checked::Kind::Constant:
    return V.Const.str();
  case Checked::Kind::Function:
    return V.Fn->Name;
  case Checked::Kind::Module:
    return V.Path; // the module's name
  case Checked::Kind::Foreign:
    return V.Foreign->BoundName;
  case Checked::Kind::Invalid:
    break;
  }
  return "?";
}

Checked FunctionChecker::notAValue(SourceRange At, const Checked &V) {
  if (!walking())
    return Checked::invalid();
  std::string Hint;
  // cuda.threadIdx is a Dim3 of registers, each read on its own.
  if (V.K == Checked::Kind::Path && isKnownBuiltinPath(V.Path + ".x"))
    if (auto Attrs = knownAttributes(V.Path); Attrs == std::vector<std::string>{"x", "y", "z"})
      Hint = "; did you mean '" + displayPath(V.Path) + ".x'?";
  // A string shows as Python writes it, quotes and all: not quoted again.
  std::string Shown = describe(V);
  if (V.K == Checked::Kind::Constant && V.Const.K == ConstantValue::Kind::String &&
      Shown.size() >= 2 && Shown.front() == Shown.back() &&
      (Shown.front() == '\'' || Shown.front() == '"'))
    Shown = Shown.substr(1, Shown.size() - 2);
  return fail(At, DiagKind::NotAValue, {Shown, Hint});
}

Checked FunctionChecker::unknownAttribute(const fe::AttributeExpr &A, const Checked &Base) {
  if (!walking()) // the spelling budget is the engine's
    return Checked::invalid();
  return fail(A.AttrRange, DiagKind::UnknownAttribute,
              unknownAttributeArgs(Base, describe(Base), A.Attr, *Walk.Diags));
}

Checked FunctionChecker::unsupportedFunction(SourceRange At, const std::string &Path) {
  if (!walking())
    return Checked::invalid();
  UnsupportedFunctionText Text = unsupportedFunctionText(Path, *Walk.Diags);
  fail(At, DiagKind::UnsupportedFunction, Text.Args);
  if (Text.Instead)
    report(File, At, DiagKind::NoteNumpyInstead, {Text.Instead});
  return Checked::invalid();
}

void FunctionChecker::indexTypeError(const fe::Expr &At, SourceRange Range, const Type *Ty) {
  fail(Range, DiagKind::IndexType, {Ty->str()});
  // The operands the index is computed from by arithmetic.
  const fe::BinaryExpr *Division = nullptr;
  std::vector<size_t> Params;
  std::vector<const fe::Expr *> Work{&At};
  while (!Work.empty()) {
    const fe::Expr *E = Work.back();
    Work.pop_back();
    if (!E)
      continue;
    if (auto *B = dyn_cast<fe::BinaryExpr>(E)) {
      if (B->Op == BinaryOp::Div && !Division)
        Division = B;
      Work.push_back(B->RHS);
      Work.push_back(B->LHS);
    } else if (auto *U = dyn_cast<fe::UnaryExpr>(E)) {
      Work.push_back(U->Operand);
    } else if (auto *I = dyn_cast<fe::IfExpExpr>(E)) {
      Work.push_back(I->OrElse);
      Work.push_back(I->Body);
    } else if (auto *N = dyn_cast<NameExpr>(E)) {
      const auto &Ps = Info.Def->Params;
      for (size_t K = 0; K < Ps.size(); ++K)
        if (Ps[K].Name == N->Id && std::find(Params.begin(), Params.end(), K) == Params.end())
          Params.push_back(K);
    }
  }
  if (Division)
    report(File, Division->OpRange, DiagKind::NoteFloorDivision);
  // A parameter the signature made a float or complex, which no index
  // arithmetic makes an integer again.
  const ParsedSignature *Sig = Walk.Signature;
  if (!Sig || Division)
    return;
  for (size_t K : Params) {
    if (K >= Sig->Args.size() || K >= Sig->ArgRanges.size())
      continue;
    auto *ST = dynCast<ScalarType>(Sig->Args[K]);
    if (ST && !ST->isInteger())
      report(Sig->File, Sig->ArgRanges[K], DiagKind::NoteSignatureType,
             {Info.Def->Params[K].Name, signatureSpelling(ST)});
  }
}

void FunctionChecker::noteSignatureOperand(const Checked &Operand) {
  const ParsedSignature *Sig = Walk.Signature;
  int Index = coalesced(Operand.Var);
  if (!Sig || !Operand.isValue() || Index < 0 || !Vars[Index].Param)
    return;
  const auto &Ps = Info.Def->Params;
  for (size_t K = 0; K < Ps.size() && K < Sig->ArgRanges.size(); ++K)
    if (auto *ST = dynCast<ScalarType>(Sig->Args[K]);
        ST && !ST->isInteger() && Ps[K].Name == Vars[Index].Name)
      report(Sig->File, Sig->ArgRanges[K], DiagKind::NoteSignatureType,
             {Ps[K].Name, signatureSpelling(Sig->Args[K])});
}

} // namespace pykc::ir
