//===- check/CheckOperators.cpp - Operators, comparisons, and/or, if-else -===//
//
// The types ir/build/BuildOperators.cpp gives, decided the same way: Numba's
// operator tables (OperatorTyping), `is` by the operands' types, and
// if-else arms unwrapped where a test shows a name is not None.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"
#include "ir/check/SyntaxFacts.h"

#include <algorithm>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

namespace {

Checked boolConstant(TypeContext &Types, bool V) {
  Fold F;
  F.IntBits = V;
  return Checked::constant(Types.boolean(), F);
}

} // namespace

Checked FunctionChecker::checkBinary(BinaryOp PyOp, const Checked &L,
                                     const Checked &R, SourceRange Range,
                                     const void *Site) {
  // (a, b) + (c,): the elements of both, in order (a named tuple's become
  // a plain tuple's), each keeping what is known of it.
  if (PyOp == BinaryOp::Add && dynCast<TupleType>(L.Ty) && dynCast<TupleType>(R.Ty)) {
    // Doubling a tuple twenty times would make a million elements; past a
    // few thousand, LLVM spends seconds on the aggregates.
    constexpr size_t MaxElements = 4096;
    size_t Size = dynCast<TupleType>(L.Ty)->size() + dynCast<TupleType>(R.Ty)->size();
    if (Size > MaxElements)
      return Range.isValid() ? fail(Range, DiagKind::TupleTooLarge,
                                    {std::to_string(Size), std::to_string(MaxElements)})
                             : Checked::invalid();
    std::vector<Checked> Elements;
    for (const Checked *T : {&L, &R})
      for (unsigned K = 0; K < dynCast<TupleType>(T->Ty)->size(); ++K)
        Elements.push_back(tupleElement(*T, K));
    return tupleDisplay(std::move(Elements));
  }
  std::optional<ArithOp> Op = arithOpOf(PyOp);
  std::optional<Signature> Sig;
  if (Op && dynCast<ScalarType>(L.Ty) && dynCast<ScalarType>(R.Ty))
    Sig = Ops.binary(*Op, L.Ty, R.Ty);
  if (!Sig) {
    if (!Range.isValid())
      return Checked::invalid(); // a caller that does not report yet
    fail(Range, DiagKind::UnsupportedBinary,
         {std::string(spelling(PyOp)), L.Ty->str(), R.Ty->str()});
    noteSignatureOperand(L);
    noteSignatureOperand(R);
    return Checked::invalid();
  }
  if (Site)
    chose(Site, *Sig);
  if (auto *CT = dynCast<ScalarType>(Sig->Result);
      CT && CT->isComplex() && (*Op == ArithOp::TrueDiv || *Op == ArithOp::Pow))
    return complexArith(*Op, CT);
  return Checked::value(Sig->Result);
}

Checked FunctionChecker::checkUnary(const fe::UnaryExpr &U) {
  Checked V = checkValue(*U.Operand);
  if (!V.isValue())
    return V;
  return unaryOf(U.Op, V, U.Operand->Range, U.Range, &U);
}

Checked FunctionChecker::unaryOf(UnaryOp UOp, const Checked &V, SourceRange OperandRange,
                                 SourceRange Range, const void *Site) {
  if (UOp == UnaryOp::Not) {
    if (!dynCast<ScalarType>(V.Ty))
      return OperandRange.isValid()
                 ? fail(OperandRange, DiagKind::InvalidCondition, {V.Ty->str()})
                 : Checked::invalid();
    return Checked::value(Types.boolean());
  }
  // `+x` types as `-x` does (Numba's tables share the cases).
  UnaryArithOp Op =
      UOp == UnaryOp::Invert ? UnaryArithOp::Invert : UnaryArithOp::Neg;
  std::optional<Signature> Sig;
  if (dynCast<ScalarType>(V.Ty))
    Sig = Ops.unary(Op, V.Ty);
  if (!Sig) {
    if (Range.isValid()) {
      fail(Range, DiagKind::UnsupportedUnary, {std::string(spelling(UOp)), V.Ty->str()});
      noteSignatureOperand(V);
    }
    return Checked::invalid();
  }
  if (!converts(V.Ty, Sig->Args[0]))
    return Checked::invalid();
  if (Site)
    chose(Site, *Sig);
  // The operand converted to the signature's type is itself (a constant,
  // a variable) only when no conversion was needed.
  Checked Operand = V.Ty == Sig->Args[0] ? V : convertScalar(V, Sig->Args[0]);
  if (UOp == UnaryOp::UAdd) // the operand converted, at the operand
    return Operand.Ty == Sig->Result ? Operand : convertScalar(Operand, Sig->Result);
  // Negative literals fold, so `t[-1]` and `range(n, 0, -1)` see constants.
  if (Operand.Folded && UOp == UnaryOp::USub && Sig->Result == Sig->Args[0]) {
    Fold Neg;
    auto *ST = dynCast<ScalarType>(Operand.Ty);
    if (ST->isFloat() || ST->isComplex()) {
      Neg.FloatValue = -Operand.Folded->FloatValue;
      Neg.ImagValue = -Operand.Folded->ImagValue;
    } else {
      Neg.IntBits = uint64_t(0) - Operand.Folded->IntBits;
    }
    return Checked::constant(Operand.Ty, Neg);
  }
  return Checked::value(Sig->Result);
}

const EnumType *FunctionChecker::intEnumOf(const fe::Expr &E,
                                           const Checked &V) const {
  return ir::intEnumOf(E, V.Var >= 0 ? Vars[V.Var].ArgType : nullptr, Scope);
}

Checked FunctionChecker::checkIdentity(const fe::CompareExpr &C) {
  // Values of one scalar or enum type compare with ==; values of different
  // types are never the same object: a constant.
  bool Not = C.Ops[0] == CmpOp::IsNot;
  const fe::Expr &L = *C.Left, &R = *C.Comparators[0];
  const Type *None = Types.none();
  // None written, or a name for it (`LIMIT = None` at module level, a
  // factory's default, a device function's None argument), which Numba
  // prunes the same way; else checkOptional's value.
  auto Operand = [&](const fe::Expr &E, bool &IsNone) {
    IsNone = isNoneLiteral(E);
    if (IsNone)
      return Checked::invalid();
    Checked V = check(E);
    if (V.K == Checked::Kind::Constant && V.Const.K == ConstantValue::Kind::None) {
      IsNone = true;
      return Checked::invalid();
    }
    if (V.isValue())
      return V;
    if (V.isValid())
      notAValue(E.Range, V);
    return Checked::invalid();
  };
  bool LeftNone = false, RightNone = false;
  Checked Left = Operand(L, LeftNone);
  if (!LeftNone && !Left.isValue())
    return Checked::invalid();
  Checked Right = Operand(R, RightNone);
  if (!RightNone && !Right.isValue())
    return Checked::invalid();
  const Type *LT = Left.isValue() ? Left.Ty : None,
             *RT = Right.isValue() ? Right.Ty : None;
  // An optional against None tests whether it holds a value.
  if ((dynCast<OptionalType>(LT) && RT == None) ||
      (dynCast<OptionalType>(RT) && LT == None))
    return Checked::value(Types.boolean());
  if (Left.isValue())
    Left = unwrapped(Left, L);
  if (Right.isValue())
    Right = unwrapped(Right, R);
  LT = Left.isValue() ? Left.Ty : None, RT = Right.isValue() ? Right.Ty : None;
  // IntEnum members compute as int64s but are not ints to `is`.
  const EnumType *LE = Left.isValue() ? intEnumOf(L, Left) : nullptr;
  const EnumType *RE = Right.isValue() ? intEnumOf(R, Right) : nullptr;
  if (LE != RE)
    return boolConstant(Types, Not);
  if (LT == RT && (dynCast<ScalarType>(LT) || dynCast<EnumType>(LT)))
    return Checked::value(Types.boolean());
  if (LT == RT && LT != None)
    return fail(C.OpRanges[0], DiagKind::UnsupportedBinary,
                {std::string(spelling(C.Ops[0])), LT->str(), RT->str()});
  return boolConstant(Types, (LT == RT) != Not);
}

bool FunctionChecker::compares(CompareOp Op, const Checked &L,
                               const Checked &R, const void *Site, unsigned Part) {
  if (dynCast<ScalarType>(L.Ty) && dynCast<ScalarType>(R.Ty))
    if (auto Sig = Ops.compare(Op, L.Ty, R.Ty)) {
      chose(Site, *Sig, Part);
      return true;
    }
  // Tuples are equal when their elements are, pair by pair (Numba's
  // tuple_eq); tuples of different lengths never are.
  auto *LT = dynCast<TupleType>(L.Ty), *RT = dynCast<TupleType>(R.Ty);
  if (LT && RT && (Op == CompareOp::Eq || Op == CompareOp::Ne)) {
    if (LT->size() != RT->size())
      return true;
    for (unsigned K = 0; K < LT->size(); ++K) {
      Checked LE = tupleElement(L, K), RE = tupleElement(R, K);
      if (dynCast<TupleType>(LE.Ty) ||
          !compares(CompareOp::Eq, LE, RE, Site, tupleElementPart(Part, K)))
        return false;
    }
    return true;
  }
  // Members of one enum class: equal when their values are.
  return dynCast<EnumType>(L.Ty) && L.Ty == R.Ty &&
         (Op == CompareOp::Eq || Op == CompareOp::Ne);
}

Checked FunctionChecker::checkContains(const fe::CompareExpr &C) {
  // `x in (1, 3, 5)`: Numba's contains on a homogeneous tuple, each element
  // compared with == (so NaN is in no tuple); `not in` is its negation.
  Checked Left = checkValue(*C.Left);
  if (!Left.isValue())
    return Checked::invalid();
  Checked Right = checkValue(*C.Comparators[0]);
  if (!Right.isValue())
    return Checked::invalid();
  auto *T = dynCast<TupleType>(Right.Ty);
  bool Uniform = T && std::all_of(T->elements().begin(), T->elements().end(),
                                  [&](const Type *E) { return E == T->elements()[0]; });
  bool Ok = Uniform;
  for (unsigned K = 0; Ok && K < T->size(); ++K)
    Ok = !dynCast<TupleType>(T->elements()[K]) &&
         compares(CompareOp::Eq, tupleElement(Right, K), Left, &C, tupleElementPart(0, K));
  if (!Ok)
    return fail(C.OpRanges[0], DiagKind::UnsupportedBinary,
                {std::string(spelling(C.Ops[0])), Left.Ty->str(), Right.Ty->str()});
  return Checked::value(Types.boolean());
}

Checked FunctionChecker::checkCompare(const fe::CompareExpr &C) {
  if (C.Ops.size() == 1 && (C.Ops[0] == CmpOp::Is || C.Ops[0] == CmpOp::IsNot))
    return checkIdentity(C);
  if (C.Ops.size() == 1 && (C.Ops[0] == CmpOp::In || C.Ops[0] == CmpOp::NotIn))
    return checkContains(C);
  // Each later link runs only when the ones before are true, and stops at
  // the first that does not type.
  Checked Left = checkValue(*C.Left);
  if (!Left.isValue())
    return Checked::invalid();
  for (size_t I = 0; I < C.Ops.size(); ++I) {
    std::optional<CompareOp> Op = compareOpOf(C.Ops[I]);
    if (!Op) // `in`, or `is` in a chain
      return fail(C.OpRanges[I], DiagKind::UnsupportedSyntax,
                  {"'" + std::string(spelling(C.Ops[I])) + "'"});
    Checked Right = checkValue(*C.Comparators[I]);
    if (!Right.isValue())
      return Checked::invalid();
    if (!compares(*Op, Left, Right, &C, unsigned(I)))
      return fail(SourceRange::cover(Left.Range, Right.Range),
                  DiagKind::UnsupportedBinary,
                  {std::string(spelling(*Op)), Left.Ty->str(), Right.Ty->str()});
    Left = Right;
  }
  return Checked::value(Types.boolean());
}

Checked FunctionChecker::checkOperatorFunction(const OperatorFunction &Fn,
                                               const fe::CallExpr &C) {
  // The arguments as the operator's operands are (`a + b`).
  using Shape = OperatorFunction::Shape;
  if (!C.Keywords.empty())
    return fail(C.Keywords.front().Range, DiagKind::UnsupportedSyntax,
                {"keyword arguments to " + callName()});
  if (!expectArgs(C, Fn.K == Shape::Unary ? 1u : 2u))
    return Checked::invalid();
  std::vector<Checked> Values;
  for (const fe::Expr *A : C.Args) {
    Values.push_back(checkValue(*A));
    if (!Values.back().isValue())
      return Checked::invalid();
  }
  switch (Fn.K) {
  case Shape::Binary:
    return checkBinary(BinaryOp(Fn.Op), Values[0], Values[1], C.Range, &C);
  case Shape::Unary:
    return unaryOf(UnaryOp(Fn.Op), Values[0], C.Args[0]->Range, C.Range, &C);
  case Shape::Compare:
    if (!compares(CompareOp(Fn.Op), Values[0], Values[1], &C))
      return fail(SourceRange::cover(Values[0].Range, Values[1].Range),
                  DiagKind::UnsupportedBinary,
                  {std::string(spelling(CompareOp(Fn.Op))), Values[0].Ty->str(),
                   Values[1].Ty->str()});
    return Checked::value(Types.boolean());
  }
  return Checked::invalid();
}

Checked FunctionChecker::checkBoolOp(const BoolOpExpr &B) {
  const Type *Ty = nullptr;
  std::set<std::string> Shown; // names the operands before show not None
  bool First = true;
  for (const fe::Expr *E : B.Values) {
    Checked V = First ? checkOptional(*E)
                      : withNotNone(Shown, [&] { return checkOptional(*E); });
    First = false;
    if (!V.isValue())
      return Checked::invalid();
    Narrowing N = narrowingOf(*E);
    auto &From = B.Op == BoolOpKind::And ? N.WhenTrue : N.WhenFalse;
    Shown.insert(From.begin(), From.end());
    if (dynCast<OptionalType>(V.Ty))
      return fail(E->Range, DiagKind::OptionalCondition,
                  {std::string(File->text(E->Range)), V.Ty->str()});
    if (!dynCast<ScalarType>(V.Ty))
      return fail(E->Range, DiagKind::InvalidCondition, {V.Ty->str()});
    Ty = Ty ? unifyTypes(Types, Ty, V.Ty) : V.Ty;
  }
  chose(&B, Signature{Ty, {}});
  return Checked::value(Ty);
}

Checked FunctionChecker::checkIfExp(const IfExpExpr &I) {
  // The test is typed first; both arms are typed even when it fails.
  Checked Cond = checkCondition(*I.Test);
  Narrowing N = narrowingOf(*I.Test);
  // An arm that a test shows to hold a value gives that value: `x if x is
  // not None else 0` is an int64.
  auto Arm = [&](const fe::Expr &E) {
    Checked V = checkOptional(E);
    if (!V.isValue() || V.Var < 0 || !NotNone.count(Vars[V.Var].Name))
      return V;
    if (walking())
      UnwrappedArms.insert(&E);
    return unwrapped(V, E);
  };
  Checked Then = withNotNone(N.WhenTrue, [&] { return Arm(*I.Body); });
  Checked Else = withNotNone(N.WhenFalse, [&] { return Arm(*I.OrElse); });
  if (!Cond.isValue() || !Then.isValue() || !Else.isValue())
    return Checked::invalid();
  const Type *Ty = unifyTypes(Types, Then.Ty, Else.Ty);
  if (!Ty)
    return fail(I.Range, DiagKind::UnsupportedBinary,
                {"if-else", Then.Ty->str(), Else.Ty->str()});
  chose(&I, Signature{Ty, {}});
  return Checked::value(Ty);
}

} // namespace pykc::ir
