//===- check/CheckStmt.cpp - The statements a typing round visits --------===//
//
// A round visits what can change a variable's or the return's type: the
// values of assignments and returns, `if` tests (a constant one prunes the
// branch not taken, as Numba prunes before typing), the iteration of
// `for` loops, and the bodies of loops and branches. Expression statements,
// `while` tests and store targets cannot, and wait for the final walk.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

bool FunctionChecker::roundBlock(const fe::StmtList &Body) {
  bool Changed = false;
  for (const fe::Stmt *St : Body) {
    if (auto *A = dyn_cast<fe::AssignStmt>(St)) {
      Checked V = checkOptional(*A->Value);
      for (const fe::Expr *T : A->Targets)
        Changed |= V.isValue() && assignType(T, V.Ty);
    } else if (auto *A = dyn_cast<AnnAssignStmt>(St)) {
      if (!A->Value)
        continue;
      if (Checked V = checkOptional(*A->Value); V.isValue())
        Changed |= assignType(A->Target, V.Ty);
    } else if (auto *A = dyn_cast<AugAssignStmt>(St)) {
      Changed |= roundAugAssign(*A);
    } else if (auto *Fo = dyn_cast<ForStmt>(St)) {
      auto *Call = dyn_cast<fe::CallExpr>(Fo->Iter);
      auto Path = Call ? Scope.resolvePath(*Call->Func) : std::nullopt;
      if (Path == "builtins.range" || Path == "numba.prange")
        Changed |= roundRangeFor(*Fo, *Call);
      else
        Changed |= roundForOver(*Fo);
      Changed |= roundBlock(Fo->Body);
      Changed |= roundBlock(Fo->OrElse);
    } else if (auto *W = dyn_cast<fe::WhileStmt>(St)) {
      Changed |= roundBlock(W->Body);
      Changed |= roundBlock(W->OrElse);
    } else if (auto *I = dyn_cast<fe::IfStmt>(St)) {
      std::optional<bool> Taken = knownTruth(checkCondition(*I->Test));
      if (Taken) {
        Changed |= roundBlock(*Taken ? I->Body : I->OrElse);
      } else {
        Changed |= roundBlock(I->Body);
        Changed |= roundBlock(I->OrElse);
      }
    } else if (auto *R = dyn_cast<fe::ReturnStmt>(St)) {
      Changed |= roundReturn(*R);
    }
  }
  return Changed;
}

bool FunctionChecker::roundAugAssign(const fe::AugAssignStmt &A) {
  // Only a name's type can change; its value is typed before the operand.
  auto *N = dyn_cast<NameExpr>(A.Target);
  if (!N)
    return false;
  Checked L = checkValue(*N);
  Checked R = L.isValue() ? checkValue(*A.Value) : Checked::invalid();
  Checked B = R.isValue() ? checkBinary(A.Op, L, R) : Checked::invalid();
  return B.isValue() && assignType(N, B.Ty);
}

bool FunctionChecker::roundReturn(const fe::ReturnStmt &R) {
  const Type *Ty = Types.none();
  if (R.Value) {
    Checked V = checkOptional(*R.Value);
    Returns->ReturnsValue = true;
    if (!V.isValue())
      return false;
    Ty = V.Ty;
  }
  // A change matters to this round only if a recursive call read the
  // provisional type (ReturnTyping::Read).
  if (!Returns->Known) {
    Returns->Ty = Ty;
    Returns->Known = true;
    StaleRead |= Returns->Read;
    return true;
  }
  if (const Type *U = unifyTypes(Types, Returns->Ty, Ty);
      U && U != Returns->Ty) {
    Returns->Ty = U;
    StaleRead |= Returns->Read;
    return true;
  }
  return false;
}

} // namespace pykc::ir
