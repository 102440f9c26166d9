//===- check/CheckWalk.cpp - The final walk over a function's statements --===//
//
// After the rounds have typed every variable, the final walk visits the
// body once more, statement by statement in the builder's order
// (ir/build/BuildStmt.cpp, ir/build/BuildLoops.cpp), and reports what is
// wrong, gated by its state (HadError, Poisoned, NotNone, LoopDepth) so
// that one mistake gives one error. It builds nothing; what it needs of
// the statements the builder would build (whether
// control falls past their end, which narrowing after an `if` and the
// missing-return error depend on) it computes as Built.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"
#include "frontend/ASTWalk.h"
#include "ir/RaisedException.h"
#include "ir/NameCheck.h"
#include "ir/check/SyntaxFacts.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

void FunctionChecker::Built::add(const Built &S) {
  if (S.Empty)
    return;
  // canFallThrough stops at the first statement that does not fall
  // through; containsBreak looks at every statement.
  Falls = Falls && S.Falls;
  Breaks = Breaks || S.Breaks;
  Empty = false;
}

FunctionChecker::Built FunctionChecker::Built::terminator(bool IsBreak) {
  Built B;
  B.Empty = false;
  B.Falls = false;
  B.Breaks = IsBreak;
  return B;
}

Checked FunctionChecker::fail(SourceRange Range, DiagKind Kind, std::vector<std::string> Args) {
  if (walking()) {
    HadError = true;
    Walk.Diags->report(File, Range, Kind, std::move(Args));
  }
  return Checked::invalid();
}

void FunctionChecker::report(const SourceFile *In, SourceRange Range, DiagKind Kind,
                             std::vector<std::string> Args) {
  if (walking())
    Walk.Diags->report(In, Range, Kind, std::move(Args));
}

int FunctionChecker::coalesced(int Index) const {
  return Index >= 0 && size_t(Index) < Coalesced.size() ? Coalesced[Index] : Index;
}

bool FunctionChecker::walk(const WalkSetting &How) {
  Walk = How;
  // The variables the lowering makes (coalesceWebs): a parameter, or the
  // first web of a name with that type, stands for every web of that type.
  Coalesced.resize(Vars.size());
  std::map<std::pair<std::string, const Type *>, int> ByType;
  for (size_t I = 0; I < Vars.size(); ++I) {
    Coalesced[I] = int(I);
    if (Vars[I].Param)
      ByType.emplace(std::make_pair(Vars[I].Name, Vars[I].Ty), int(I));
  }
  for (const auto &[Key, Index] : WebVars) {
    if (!Vars[Index].Ty)
      continue;
    auto [It, New] = ByType.emplace(std::make_pair(Key.first, Vars[Index].Ty), int(Index));
    if (!New)
      Coalesced[Index] = It->second;
  }
  Built Body = walkBlock(Info.Def->Body);
  const Type *Ret = Walk.Kernel ? Types.none() : Walk.ReturnType;
  // An optional return type gets a return of None at the end.
  if (dynCast<OptionalType>(Ret) && Body.Falls)
    Body.add(Built::terminator());
  if (!HadError && !Walk.Kernel && Ret->kind() != TypeKind::None && Body.Falls)
    fail(Info.Def->NameRange, DiagKind::MissingReturn, {Info.Name, Ret->str()});
  Walk = WalkSetting();
  return !HadError;
}

FunctionChecker::Built FunctionChecker::walkBlock(const fe::StmtList &Body) {
  Built B;
  for (const fe::Stmt *St : Body)
    B.add(walkStmt(*St));
  return B;
}

FunctionChecker::Built FunctionChecker::walkStmt(const fe::Stmt &St) {
  Built One;
  One.Empty = false;
  switch (St.Kind) {
  case fe::NodeKind::ExprStmtStmt: {
    auto &E = cast<ExprStmtStmt>(St);
    if (isa<fe::ConstantExpr>(E.Value))
      return Built(); // docstrings and bare literals build nothing
    return checkValue(*E.Value).isValue() ? One : Built();
  }
  case fe::NodeKind::AssignStmt: {
    auto &A = cast<fe::AssignStmt>(St);
    Checked V = checkOptional(*A.Value);
    if (!V.isValue())
      return Built();
    Built B;
    for (const fe::Expr *T : A.Targets)
      B.add(walkAssign(T, V, *A.Value, A.Value->Range));
    return B;
  }
  case fe::NodeKind::AnnAssignStmt: {
    auto &A = cast<AnnAssignStmt>(St);
    if (!A.Value)
      return Built();
    Checked V = checkOptional(*A.Value);
    return V.isValue() ? walkAssign(A.Target, V, *A.Value, A.Value->Range) : Built();
  }
  case fe::NodeKind::AugAssignStmt:
    return walkAugAssign(cast<AugAssignStmt>(St));
  case fe::NodeKind::IfStmt:
    return walkIf(cast<fe::IfStmt>(St));
  case fe::NodeKind::ForStmt:
    forgetAssignedIn(cast<ForStmt>(St).Body);
    return walkFor(cast<ForStmt>(St));
  case fe::NodeKind::WhileStmt: {
    auto &W = cast<fe::WhileStmt>(St);
    forgetAssignedIn(W.Body);
    std::vector<std::string> Names = namesMentioned({W.Test}, {&W.Body});
    std::set<std::string> Saved = notNoneAmong(Names);
    Narrowing N = narrowingOf(*W.Test);
    NotNone.insert(N.WhenTrue.begin(), N.WhenTrue.end());
    Built Body;
    Built B = walkWhile(W, Body);
    restoreNotNone(Names, Saved);
    // The else block runs once the test is false, outside the narrowing.
    return B.Empty ? B : withElse(B, Body, W.OrElse);
  }
  case fe::NodeKind::ReturnStmt:
    return walkReturn(cast<fe::ReturnStmt>(St));
  case fe::NodeKind::PassStmt:
    return Built();
  case fe::NodeKind::BreakStmt:
  case fe::NodeKind::ContinueStmt: {
    bool IsBreak = St.Kind == fe::NodeKind::BreakStmt;
    if (LoopDepth == 0) {
      fail(St.Range, DiagKind::LoopControlOutsideLoop, {IsBreak ? "break" : "continue"});
      return Built();
    }
    return Built::terminator(IsBreak);
  }
  case fe::NodeKind::FunctionDefStmt: {
    // One frontend/NestedFunctions.h did not lift, which says why.
    auto &Def = cast<FunctionDefStmt>(St);
    std::string Why = Def.NotLiftedBecause.empty() ? "" : " " + Def.NotLiftedBecause;
    fail(Def.NameRange, DiagKind::UnsupportedSyntax, {"a nested function" + Why});
    return Built();
  }
  case fe::NodeKind::ClassDefStmt:
    fail(cast<ClassDefStmt>(St).NameRange, DiagKind::UnsupportedSyntax, {"a class"});
    return Built();
  case fe::NodeKind::RaiseStmt:
    return walkRaise(St);
  case fe::NodeKind::AssertStmt:
    return walkAssert(cast<AssertStmt>(St));
  default:
    unsupportedStatement(St);
    return Built();
  }
}

FunctionChecker::Built FunctionChecker::walkIf(const fe::IfStmt &I) {
  Checked Cond = checkCondition(*I.Test);
  if (std::optional<bool> Taken = knownTruth(Cond))
    return walkBlock(*Taken ? I.Body : I.OrElse); // built in place of the if
  Narrowing N = narrowingOf(*I.Test);
  // Only the names the if mentions can change in it (notNoneAmong).
  std::vector<std::string> Names = namesMentioned({I.Test}, {&I.Body, &I.OrElse});
  std::set<std::string> Before = notNoneAmong(Names);
  NotNone.insert(N.WhenTrue.begin(), N.WhenTrue.end());
  Built Then = walkBlock(I.Body);
  std::set<std::string> AfterThen = notNoneAmong(Names);
  restoreNotNone(Names, Before);
  NotNone.insert(N.WhenFalse.begin(), N.WhenFalse.end());
  Built Else = walkBlock(I.OrElse);
  if (Then.Falls && Else.Falls)
    intersectNotNone(Names, AfterThen);
  else if (Then.Falls)
    restoreNotNone(Names, AfterThen);
  else if (!Else.Falls)
    restoreNotNone(Names, Before);
  if (!Cond.isValue())
    return Built();
  Built B;
  B.Empty = false;
  B.Falls = Then.Falls || Else.Empty || Else.Falls;
  B.Breaks = Then.Breaks || Else.Breaks;
  return B;
}

FunctionChecker::Built FunctionChecker::walkRaise(const fe::Stmt &St) {
  // Numba-CUDA without debug=True: the raising thread returns from the
  // kernel (build/BuildStmt.cpp's lowerRaise).
  SourceRange Keyword{St.Range.Begin, File->locationOf(St.Range.Begin.Offset + 5)};
  if (HostCode) {
    // Numba's CPU target raises it to the caller (RaisedException.h).
    std::string Why;
    auto Text = raisedException(cast<fe::RaiseStmt>(St).Exc, Scope,
                                [this](const fe::Expr &E) { return evaluate(E); }, Why);
    if (Text)
      RaisedTexts[&St] = *Text;
    else
      fail(Keyword, DiagKind::UnsupportedRaise, {Why});
    return Built::terminator();
  }
  if (!Walk.Kernel) {
    fail(Keyword, DiagKind::UnsupportedSyntax, {"'raise' in a device function"});
    return Built();
  }
  report(File, Keyword, DiagKind::RaiseEndsThread, {});
  return Built::terminator();
}

FunctionChecker::Built FunctionChecker::walkAssert(const AssertStmt &A) {
  // Python's `if not test: raise AssertionError(msg)`: the message is
  // evaluated only when the test fails, and then dropped with the raise
  // (walkRaise), so only the test is typed.
  SourceRange Keyword{A.Range.Begin, File->locationOf(A.Range.Begin.Offset + 6)};
  if (HostCode) {
    std::string Why;
    auto Text = failedAssertion(A.Msg, [this](const fe::Expr &E) { return evaluate(E); }, Why);
    if (!Text) {
      fail(Keyword, DiagKind::UnsupportedRaise, {Why});
      return Built();
    }
    RaisedTexts[&A] = *Text;
  }
  if (!Walk.Kernel && !HostCode) {
    fail(Keyword, DiagKind::UnsupportedSyntax, {"'assert' in a device function"});
    return Built();
  }
  Checked Cond = checkCondition(*A.Test);
  if (!Cond.isValue())
    return Built();
  std::optional<bool> Holds = knownTruth(Cond);
  if (Holds == true)
    return Built();
  if (!HostCode) // host code raises AssertionError to its caller
    report(File, Keyword, DiagKind::AssertEndsThread, {});
  if (Holds == false)
    return Built::terminator();
  // Past it, what the test shows holds: `assert x is not None`.
  Narrowing N = narrowingOf(*A.Test);
  NotNone.insert(N.WhenTrue.begin(), N.WhenTrue.end());
  Built B;
  B.Empty = false;
  return B;
}

void FunctionChecker::unsupportedStatement(const fe::Stmt &St) {
  // The keyword, not the whole (possibly long) statement.
  SourceRange R = St.Range;
  if (R.End.Line != R.Begin.Line)
    R.End = File->locationOf(R.Begin.Offset + 1);
  fail(R, DiagKind::UnsupportedSyntax, {unsupportedStatementName(St)});
}

FunctionChecker::Built FunctionChecker::walkReturn(const fe::ReturnStmt &R) {
  bool ReturnsNone = !R.Value || isNoneLiteral(*R.Value);
  if (Walk.Kernel) {
    if (!ReturnsNone) {
      Checked V = checkValue(*R.Value);
      fail(R.Value->Range, DiagKind::KernelReturnType,
           {Info.Name, V.isValue() ? "'" + V.Ty->str() + "'" : "a value"});
      report(File, R.Value->Range, DiagKind::NoteKernelOutput);
      return Built();
    }
    return Built::terminator();
  }
  const Type *Ret = Walk.ReturnType;
  auto Expected = [&] {
    std::string Ty = "'" + Ret->str() + "'";
    return Info.Signatures.empty() ? Ty + " elsewhere" : "its signature returns " + Ty;
  };
  if (!ReturnsNone) {
    Checked V = checkOptional(*R.Value);
    if (!V.isValue())
      return Built();
    if (!convertsValue(V, Ret, *R.Value)) {
      fail(R.Value->Range, DiagKind::ReturnValueMismatch, {Info.Name, V.Ty->str(), Expected()});
      return Built();
    }
  } else if (!dynCast<OptionalType>(Ret) && Ret != Types.none()) {
    fail(R.Value ? R.Value->Range : R.Range, DiagKind::ReturnValueMismatch,
         {Info.Name, "none", Expected()});
    return Built();
  }
  return Built::terminator();
}

} // namespace pykc::ir
