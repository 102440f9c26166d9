//===- check/CheckLoops.cpp - What a for loop binds its targets to --------===//
//
// The types ir/build/BuildLoops.cpp's plan gives a loop's targets: range() and
// prange() count in the type Numba's range typing gives; a loop over an
// array binds its elements (or rows), over a tuple of one type its
// elements; enumerate() adds an intp count and zip() walks several at once,
// nested as the target is.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"
#include "frontend/ASTWalk.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

bool FunctionChecker::roundRangeFor(const fe::ForStmt &Fo,
                                    const fe::CallExpr &Range) {
  // Every argument is typed, even after one that fails.
  std::vector<const Type *> ArgTypes;
  for (const fe::Expr *Arg : Range.Args)
    if (Checked V = checkValue(*Arg); V.isValue())
      ArgTypes.push_back(V.Ty);
  if (ArgTypes.size() != Range.Args.size())
    return false;
  auto Sig = Ops.range(ArgTypes);
  return Sig && assignType(Fo.Target, Sig->Result);
}

std::optional<Signature>
FunctionChecker::checkRangeArguments(const fe::CallExpr &R) {
  std::vector<const Type *> Parts;
  for (const fe::Expr *Arg : R.Args) {
    Checked V = checkValue(*Arg);
    if (!V.isValue())
      return std::nullopt;
    Parts.push_back(V.Ty);
  }
  auto Sig = Ops.range(Parts);
  if (!Sig) {
    fail(R.Range, DiagKind::InvalidArgument,
         {"range", "its arguments must be integers"});
    return std::nullopt;
  }
  chose(&R, *Sig);
  return Sig;
}

bool FunctionChecker::roundForOver(const fe::ForStmt &Fo) {
  IterationShape Shape;
  if (!checkIterable(Fo.Iter, Fo.Target, Shape))
    return false;
  bool Changed = false;
  for (size_t I = 0; I < Shape.Targets.size(); ++I)
    if (const fe::Expr *T = Shape.Targets[I].first)
      if (const Type *Ty = iterationType(Shape, I))
        Changed |= assignType(T, Ty);
  return Changed;
}

const fe::ExprList *FunctionChecker::loopTargets(const fe::Expr *T, size_t N) {
  auto *Tu = dyn_cast<TupleExpr>(T);
  if (Tu && Tu->Elts.size() == N)
    return &Tu->Elts;
  fail(T->Range, DiagKind::UnsupportedSyntax,
       {"this loop target (" + std::to_string(N) + " names are needed)"});
  return nullptr;
}

bool FunctionChecker::noLoopKeywords(const fe::CallExpr &C, const char *Name) {
  if (!C.Keywords.empty())
    fail(C.Keywords.front().NameRange, DiagKind::UnknownKeyword,
         {Name, C.Keywords.front().Name});
  return C.Keywords.empty();
}

/// The target that takes what zip() or enumerate() gives whole.
static std::pair<const NameExpr *, int> wholeTarget(const fe::Expr *Target,
                                                    const IterationShape &Shape) {
  return {dyn_cast<NameExpr>(Target), IterationShape::TupleTarget - int(Shape.Tuples.size())};
}

bool FunctionChecker::checkEnumerate(const fe::CallExpr &E, const fe::Expr *Target,
                                     IterationShape &Shape) {
  // enumerate(X[, start]): the count, then what X gives.
  if (!noLoopKeywords(E, "enumerate"))
    return false;
  if (E.Args.empty() || E.Args.size() > 2) {
    fail(E.Range, DiagKind::ArgumentCount,
         {"enumerate", "1 or 2 positional arguments", std::to_string(E.Args.size())});
    return false;
  }
  bool Whole = !Target || isa<NameExpr>(Target);
  const fe::ExprList *Pair = Whole ? nullptr : loopTargets(Target, 2);
  if (!Whole && !Pair)
    return false;
  auto *Count = Pair ? dyn_cast<NameExpr>((*Pair)[0]) : nullptr;
  if (Pair && !Count) {
    fail((*Pair)[0]->Range, DiagKind::UnsupportedSyntax, {"this loop target"});
    return false;
  }
  size_t CountId = Shape.Counts++;
  Shape.Targets.push_back({Count, -1 - int(CountId)});
  if (Whole) {
    size_t CountTarget = Shape.Targets.size() - 1;
    if (!checkIterable(E.Args[0], nullptr, Shape))
      return false;
    Shape.Targets.push_back(wholeTarget(Target, Shape));
    Shape.Tuples.push_back({CountTarget, Shape.Targets.size() - 2});
  } else if (!checkIterable(E.Args[0], (*Pair)[1], Shape)) {
    return false;
  }
  if (E.Args.size() < 2)
    return true;
  // The start, evaluated after the iterable, is an integer.
  Checked Start = checkValue(*E.Args[1]);
  auto *StartTy = Start.isValue() ? dynCast<ScalarType>(Start.Ty) : nullptr;
  if (Start.isValue() && (!StartTy || !StartTy->isInteger()))
    fail(E.Args[1]->Range, DiagKind::InvalidArgument,
         {"enumerate", "the start must be an integer, not '" + Start.Ty->str() + "'"});
  Shape.Steps.push_back({IterationShape::Step::Kind::CountStart, E.Args[1], CountId});
  return StartTy && StartTy->isInteger();
}

bool FunctionChecker::checkZip(const fe::CallExpr &Z, const fe::Expr *Target,
                               IterationShape &Shape) {
  // zip(X, Y, ...): one target per iterable.
  if (!noLoopKeywords(Z, "zip"))
    return false;
  if (Z.Args.empty()) {
    fail(Z.Range, DiagKind::ArgumentCount, {"zip", "1 or more arrays", "0"});
    return false;
  }
  if (!Target || isa<NameExpr>(Target)) {
    std::vector<size_t> Parts;
    for (const fe::Expr *P : Z.Args) {
      if (!checkIterable(P, nullptr, Shape))
        return false;
      Parts.push_back(Shape.Targets.size() - 1);
    }
    Shape.Targets.push_back(wholeTarget(Target, Shape));
    Shape.Tuples.push_back(std::move(Parts));
    return true;
  }
  const fe::ExprList *Names = loopTargets(Target, Z.Args.size());
  if (!Names)
    return false;
  for (size_t I = 0; I < Names->size(); ++I)
    if (!checkIterable(Z.Args[I], (*Names)[I], Shape))
      return false;
  return true;
}

bool FunctionChecker::checkIterable(const fe::Expr *Iter,
                                    const fe::Expr *Target,
                                    IterationShape &Shape) {
  auto CallOf = [&](const fe::Expr *E,
                    const char *Path) -> const fe::CallExpr * {
    auto *C = dyn_cast<fe::CallExpr>(E);
    return C && Scope.resolvePath(*C->Func) == Path ? C : nullptr;
  };
  if (auto *E = CallOf(Iter, "builtins.enumerate"))
    return checkEnumerate(*E, Target, Shape);
  if (auto *Z = CallOf(Iter, "builtins.zip"))
    return checkZip(*Z, Target, Shape);
  auto *N = dyn_cast<NameExpr>(Target);
  // A tuple of targets unpacks an element that is a tuple; a range's
  // integers cannot be (their assignment says so).
  bool Unpacks = Target && !N && unpackTargets(*Target);
  if (Target && !N && !Unpacks) {
    fail(Target->Range, DiagKind::UnsupportedSyntax, {"this loop target"});
    return false;
  }
  // range(...) inside zip() or enumerate(): counted out like elements.
  const fe::CallExpr *R = CallOf(Iter, "builtins.range");
  if (!R)
    R = CallOf(Iter, "numba.prange");
  if (R && R->Keywords.empty() && !R->Args.empty() && R->Args.size() <= 3) {
    if (Unpacks) {
      fail(Target->Range, DiagKind::UnsupportedSyntax, {"unpacking a range's integer"});
      return false;
    }
    std::optional<Signature> Sig = checkRangeArguments(*R);
    if (!Sig)
      return false;
    Shape.Steps.push_back({IterationShape::Step::Kind::Range, R});
    Shape.Targets.push_back(
        {N, IterationShape::RangeTarget - int(Shape.Ranges.size())});
    Shape.Ranges.push_back(Sig->Result);
    return true;
  }
  Checked A = checkValue(*Iter);
  if (!A.isValue())
    return false;
  auto *TT = dynCast<TupleType>(A.Ty);
  if (!dynCast<ArrayType>(A.Ty) &&
      !(TT && (TT->isUniform() || TT->size() == 0))) {
    fail(Iter->Range, DiagKind::UnsupportedSyntax,
         {"a for loop over '" + A.Ty->str() +
          "' (range(), arrays, tuples of one type, enumerate() and zip() of them are "
          "supported)"});
    return false;
  }
  Shape.Steps.push_back({IterationShape::Step::Kind::Source, Iter});
  Shape.Targets.push_back({Unpacks ? Target : N, int(Shape.Sources.size())});
  Shape.Sources.push_back(A.Ty);
  return true;
}

FunctionChecker::Built FunctionChecker::walkFor(const fe::ForStmt &Fo) {
  Built Loop;
  Loop.Empty = false;
  auto *Call = dyn_cast<fe::CallExpr>(Fo.Iter);
  auto Path = Call ? Scope.resolvePath(*Call->Func) : std::nullopt;
  if (Path == "numba.prange" && !Fo.OrElse.empty()) {
    fail(Fo.OrElse.front()->Range, DiagKind::UnsupportedSyntax, {"'else' on a 'prange' loop"});
    return Built();
  }
  if (Path != "builtins.range" && Path != "numba.prange") {
    // Over arrays, tuples, enumerate() and zip() (build/BuildLoops.cpp's
    // lowerForOver): the plan, the targets' assignments, the body.
    IterationShape Shape;
    if (!checkIterable(Fo.Iter, Fo.Target, Shape))
      return Built();
    for (size_t I = 0; I < Shape.Targets.size(); ++I)
      if (const fe::Expr *T = Shape.Targets[I].first)
        if (const Type *Ty = iterationType(Shape, I))
          walkAssign(T, Checked::value(Ty), *Fo.Iter, Fo.Iter->Range);
    if (walking())
      Iterations[&Fo] = Shape;
    ++LoopDepth;
    Built Body = walkBlock(Fo.Body);
    --LoopDepth;
    return withElse(Loop, Body, Fo.OrElse);
  }
  const char *Name = Path == "numba.prange" ? "prange" : "range";
  auto *Target = dyn_cast<NameExpr>(Fo.Target);
  if (!Target) {
    fail(Fo.Target->Range, DiagKind::UnsupportedSyntax, {"this loop target"});
    return Built();
  }
  if (Call->Args.empty() || Call->Args.size() > 3 || !Call->Keywords.empty()) {
    fail(Call->Range, DiagKind::ArgumentCount,
         {Name, "1 to 3 positional arguments", std::to_string(Call->Args.size())});
    return Built();
  }
  std::vector<Checked> Args;
  std::vector<const Type *> ArgTypes;
  for (const fe::Expr *A : Call->Args) {
    Checked V = checkValue(*A);
    if (!V.isValue())
      return Built();
    Args.push_back(V);
    ArgTypes.push_back(V.Ty);
  }
  auto Sig = Ops.range(ArgTypes);
  if (!Sig) {
    std::string Names;
    for (const Type *T : ArgTypes)
      Names += (Names.empty() ? "" : ", ") + T->str();
    fail(Call->Range, DiagKind::InvalidArgument,
         {Name, "arguments must be integers, not (" + Names + ")"});
    return Built();
  }
  chose(Call, *Sig);
  const Type *IndexTy = Sig->Result;
  int Var = coalesced(storeVariable(*Target));
  if (Var < 0 || !Vars[Var].Ty)
    return Built();
  // The step, a constant when it is one of the index's type (a conversion
  // of one is not).
  std::optional<uint64_t> Step = 1;
  if (Args.size() == 3)
    Step = Args[2].Folded && Args[2].Ty == IndexTy ? std::optional(Args[2].Folded->IntBits)
                                                   : std::nullopt;
  if (std::string_view(Name) == "prange" && Step != 1u) {
    fail(Call->Args[2]->Range, DiagKind::InvalidArgument,
         {Name, "the step must be the constant 1, as in Numba"});
    return Built();
  }
  if (Step == 0u) {
    fail(Call->Args[2]->Range, DiagKind::InvalidArgument, {Name, "the step must not be zero"});
    return Built();
  }
  if (Vars[Var].Ty != IndexTy && !converts(IndexTy, Vars[Var].Ty))
    return Built();
  ++LoopDepth;
  Built Body = walkBlock(Fo.Body);
  --LoopDepth;
  return withElse(Loop, Body, Fo.OrElse);
}

FunctionChecker::Built FunctionChecker::withElse(Built Loop, const Built &Body,
                                                 const fe::StmtList &OrElse) {
  // Loop.Falls says whether the loop can end by itself (a while True
  // cannot). The block runs when it does; its breaks are the enclosing
  // loop's. What the block narrows holds only on the way out of it.
  if (OrElse.empty()) {
    Loop.Falls = Loop.Falls || Body.Breaks;
    return Loop;
  }
  std::vector<std::string> Names = namesMentioned({}, {&OrElse});
  std::set<std::string> Before = notNoneAmong(Names);
  forgetAssignedIn(OrElse);
  Built Else = walkBlock(OrElse);
  intersectNotNone(Names, Before);
  // Past the loop: by a break, or through the block (when the loop ends).
  Loop.Falls = Body.Breaks || (Loop.Falls && (Else.Empty || Else.Falls));
  Loop.Breaks = Else.Breaks;
  return Loop;
}

FunctionChecker::Built FunctionChecker::walkWhile(const fe::WhileStmt &W, Built &Body) {
  Checked Cond = checkCondition(*W.Test);
  ++LoopDepth;
  Body = walkBlock(W.Body);
  --LoopDepth;
  if (!Cond.isValue())
    return Built();
  // Ends by itself unless its test is the constant True (withElse adds
  // the breaks that leave it).
  Built Loop;
  Loop.Empty = false;
  auto *ST = dynCast<ScalarType>(Cond.Ty);
  bool True = Cond.Folded && ST && ST->isBoolean() && Cond.Folded->IntBits != 0;
  Loop.Falls = !True;
  return Loop;
}

const Type *FunctionChecker::iterationType(const IterationShape &Shape,
                                           size_t I) {
  int Source = Shape.Targets[I].second;
  if (Source <= IterationShape::TupleTarget) {
    std::vector<const Type *> Parts;
    for (size_t Part :
         Shape.Tuples[size_t(IterationShape::TupleTarget - Source)]) {
      const Type *T = iterationType(Shape, Part);
      if (!T)
        return nullptr;
      Parts.push_back(T);
    }
    return Types.tuple(std::move(Parts));
  }
  if (Source <= IterationShape::RangeTarget)
    return Shape.Ranges[size_t(IterationShape::RangeTarget - Source)];
  if (Source < 0) // a count
    return Types.intp();
  const Type *A = Shape.Sources[size_t(Source)];
  if (auto *TT = dynCast<TupleType>(A))
    return TT->size() ? TT->elements().front()
                      : nullptr; // an empty loop types nothing
  return arrayAccess(dynCast<ArrayType>(A), 1).Ty;
}

} // namespace pykc::ir
