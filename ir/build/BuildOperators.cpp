//===- build/BuildOperators.cpp - Operators, comparisons, and/or, if-else -===//
#include "ir/build/FunctionBuilder.h"
#include "ir/check/SyntaxFacts.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

Expr *FunctionBuilder::lowerBinary(BinaryOp PyOp, Expr *L, Expr *R, const void *Site,
                                   SourceRange Range) {
  if (PyOp == BinaryOp::Add && dynCast<TupleType>(L->Ty) && dynCast<TupleType>(R->Ty)) {
    // (a, b) + (c,): each operand once, left first, then their elements.
    Expr *Left = materialize(L), *Right = materialize(R);
    ExprList Elements;
    for (Expr *T : {Left, Right})
      for (unsigned K = 0; K < dynCast<TupleType>(T->Ty)->size(); ++K)
        Elements.push_back(tupleElement(T, K, Range));
    return tupleOf(std::move(Elements), Range);
  }
  std::optional<ArithOp> Op = arithOpOf(PyOp);
  std::optional<Signature> Sig;
  if (Site)
    Sig = signatureOf(Site, Range);
  else if (Op)
    Sig = S.Ops.binary(*Op, L->Ty, R->Ty);
  if (!Op || !Sig)
    error(Range, DiagKind::UnsupportedBinary);
  if (auto *CT = dynCast<ScalarType>(Sig->Result);
      CT && CT->isComplex() && (*Op == ArithOp::TrueDiv || *Op == ArithOp::Pow))
    return complexArith(*Op, L, R, CT, Range);
  auto *B = make<ir::BinaryExpr>(Range, Sig->Result);
  B->Op = *Op;
  B->LHS = convert(L, Sig->Args[0]);
  B->RHS = convert(R, Sig->Args[1]);
  return B;
}

Expr *FunctionBuilder::lowerUnary(const fe::UnaryExpr &U) {
  Expr *V = lowerValue(*U.Operand);
  if (!V)
    return nullptr;
  return unaryValue(U.Op, V, U.Operand->Range, U.Range, &U);
}

Expr *FunctionBuilder::unaryValue(UnaryOp UOp, Expr *V, SourceRange OperandRange,
                                  SourceRange Range, const void *Site) {
  if (UOp == UnaryOp::Not) {
    Expr *T = truth(V, OperandRange);
    if (!T)
      return nullptr;
    auto *N = make<ir::UnaryExpr>(Range, S.Types.boolean());
    N->Op = UnaryArithOp::Not;
    N->Operand = T;
    return N;
  }
  // `+x` types as `-x` does (Numba's tables share the cases) and lowers to
  // its converted operand.
  UnaryArithOp Op = UOp == UnaryOp::Invert ? UnaryArithOp::Invert : UnaryArithOp::Neg;
  const Signature *Sig = &signatureOf(Site, Range);
  Expr *Operand = convert(V, Sig->Args[0]);
  if (UOp == UnaryOp::UAdd)
    return convert(Operand, Sig->Result);
  // Fold negative literals so `t[-1]` and `range(n, 0, -1)` see constants.
  if (auto *C = dynCast<ir::ConstantExpr>(Operand); C && UOp == UnaryOp::USub &&
                                                   Sig->Result == Sig->Args[0]) {
    auto *ST = dynCast<ScalarType>(C->Ty);
    auto *Neg = make<ir::ConstantExpr>(Range, C->Ty);
    if (ST->isFloat() || ST->isComplex()) {
      Neg->FloatValue = -C->FloatValue;
      Neg->ImagValue = -C->ImagValue;
    } else
      Neg->IntBits = uint64_t(0) - C->IntBits;
    return Neg;
  }
  // An integer is negated or inverted in its own type and then widened, as
  // Numba's int_negate_impl and int_invert_impl do: -uint8(1) is 255, and
  // ~uint16(1) 65534, not 2**64 - 2. A bool is converted first (-True is -1).
  auto *Arg = dynCast<ScalarType>(Sig->Args[0]);
  bool OwnType = Arg && Arg->isInteger() && !Arg->isBoolean();
  auto *N = make<ir::UnaryExpr>(Range, OwnType ? Sig->Args[0] : Sig->Result);
  N->Op = Op;
  N->Operand = OwnType ? Operand : convert(Operand, Sig->Result);
  return OwnType ? convert(N, Sig->Result) : N;
}

const EnumType *FunctionBuilder::intEnumOf(const fe::Expr &E, const Expr *Lowered) {
  auto *Ref = dynCast<VarRefExpr>(Lowered);
  return ir::intEnumOf(E, Ref ? Ref->Var->ArgType : nullptr, Scope);
}

Expr *FunctionBuilder::lowerIdentity(const fe::CompareExpr &C) {
  // Numba's generic `is`: values of one immutable type are compared with
  // ==; values of different types (a number and None) are never the same
  // object, a constant that prunes the branch it decides. Both operands are
  // still evaluated.
  bool Not = C.Ops[0] == CmpOp::IsNot;
  const fe::Expr &L = *C.Left, &R = *C.Comparators[0];
  const Type *None = S.Types.none();
  // None written, or a name for it (as the checker decides); else
  // lowerOptional's value.
  auto Operand = [&](const fe::Expr &E, bool &IsNone) -> Expr * {
    IsNone = isNoneLiteral(E);
    if (IsNone)
      return nullptr;
    Value V = lower(E);
    if (V.K == Value::Kind::Constant && V.Const.K == ConstantValue::Kind::None) {
      IsNone = true;
      return nullptr;
    }
    if (V.K == Value::Kind::Expr)
      return V.E;
    if (V.isValid())
      error(E.Range, DiagKind::NotAValue);
    return nullptr;
  };
  bool LeftNone = false, RightNone = false;
  Expr *Left = Operand(L, LeftNone);
  if (!LeftNone && !Left)
    return nullptr;
  Expr *Right = Operand(R, RightNone);
  if (!RightNone && !Right)
    return nullptr;
  const Type *LT = Left ? Left->Ty : None, *RT = Right ? Right->Ty : None;
  // An optional against None tests whether it holds a value.
  if (dynCast<OptionalType>(LT) && RT == None)
    return optionalIsNone(Left, Not, C.Range);
  if (dynCast<OptionalType>(RT) && LT == None)
    return optionalIsNone(Right, Not, C.Range);
  if (Left)
    Left = unwrapOptional(Left);
  if (Right)
    Right = unwrapOptional(Right);
  LT = Left ? Left->Ty : None, RT = Right ? Right->Ty : None;
  // IntEnum members compute as int64s but are not ints to `is`: a member is
  // its class (Shape.circle is not IntEnumWithNegatives.two, nor 1).
  const EnumType *LE = Left ? intEnumOf(L, Left) : nullptr;
  const EnumType *RE = Right ? intEnumOf(R, Right) : nullptr;
  if (LE != RE) {
    if (Left)
      materialize(Left);
    if (Right)
      materialize(Right);
    return constantInt(Not, S.Types.boolean(), C.Range);
  }
  if (LT == RT && (dynCast<ScalarType>(LT) || dynCast<EnumType>(LT))) {
    auto *Cmp = make<ir::CompareExpr>(C.Range, S.Types.boolean());
    Cmp->Op = Not ? CompareOp::Ne : CompareOp::Eq;
    Cmp->LHS = dynCast<EnumType>(LT) ? enumValue(Left) : Left;
    Cmp->RHS = dynCast<EnumType>(LT) ? enumValue(Right) : Right;
    return Cmp;
  }
  if (LT == RT && LT != None)
    error(C.OpRanges[0], DiagKind::UnsupportedBinary);
  if (Left)
    materialize(Left);
  if (Right)
    materialize(Right);
  return constantInt((LT == RT) != Not, S.Types.boolean(), C.Range);
}

Expr *FunctionBuilder::lowerContains(const fe::CompareExpr &C) {
  // As the checker's checkContains: x and the tuple evaluated once, in
  // that order, then each element == x.
  Expr *Left = lowerValue(*C.Left);
  if (!Left)
    return nullptr;
  Left = materialize(Left);
  Expr *Right = lowerValue(*C.Comparators[0]);
  if (!Right)
    return nullptr;
  Right = materialize(Right);
  auto *T = dynCast<TupleType>(Right->Ty);
  Expr *Found = constantInt(0, S.Types.boolean(), C.Range);
  for (unsigned K = 0; T && K < T->size(); ++K) {
    Expr *Equal = compareValues(CompareOp::Eq, tupleElement(Right, K, C.Range), Left, C.Range,
                                &C, FunctionChecker::tupleElementPart(0, K));
    if (K == 0) {
      Found = Equal;
      continue;
    }
    auto *Either = make<LogicalExpr>(C.Range, S.Types.boolean());
    Either->IsAnd = false;
    Either->LHS = Found;
    Either->RHS = Equal;
    Found = Either;
  }
  if (C.Ops[0] == CmpOp::In)
    return Found;
  auto *Not = make<ir::UnaryExpr>(C.Range, S.Types.boolean());
  Not->Op = UnaryArithOp::Not;
  Not->Operand = Found;
  return Not;
}

Expr *FunctionBuilder::lowerCompare(const fe::CompareExpr &C) {
  // `a < b < c` is `a < b and b < c` with b evaluated once, and c only when
  // a < b: each later link is lowered conditionally, and the links nest to
  // the right so that each one's temporaries run after the previous test.
  if (C.Ops.size() == 1 && (C.Ops[0] == CmpOp::Is || C.Ops[0] == CmpOp::IsNot))
    return lowerIdentity(C);
  if (C.Ops.size() == 1 && (C.Ops[0] == CmpOp::In || C.Ops[0] == CmpOp::NotIn))
    return lowerContains(C);
  Expr *Left = lowerValue(*C.Left);
  if (!Left)
    return nullptr;
  ExprList Links;
  for (size_t I = 0; I < C.Ops.size(); ++I) {
    std::optional<CompareOp> Op = compareOpOf(C.Ops[I]);
    if (!Op)
      error(C.OpRanges[I], DiagKind::UnsupportedSyntax);
    auto Link = [&]() -> Expr * {
      Expr *Right = lowerValue(*C.Comparators[I]);
      if (!Right)
        return nullptr;
      if (I + 1 < C.Ops.size())
        Right = materialize(Right);
      Expr *Cmp = compareValues(*Op, Left, Right, C.Range, &C, unsigned(I));
      Left = Right;
      return Cmp;
    };
    Expr *Cmp = I == 0 ? Link() : lowerConditionally(Link);
    if (!Cmp)
      return nullptr;
    Links.push_back(Cmp);
  }
  Expr *Result = Links.back();
  for (size_t I = Links.size() - 1; I-- > 0;) {
    auto *And = make<LogicalExpr>(C.Range, S.Types.boolean());
    And->IsAnd = true;
    And->LHS = Links[I];
    And->RHS = Result;
    Result = And;
  }
  return Result;
}

Expr *FunctionBuilder::compareValues(CompareOp Op, Expr *Left, Expr *Right, SourceRange Range,
                                     const void *Site, unsigned Part) {
  // Members of one enum class: equal when their values are.
  if (dynCast<EnumType>(Left->Ty) && Left->Ty == Right->Ty &&
      (Op == CompareOp::Eq || Op == CompareOp::Ne)) {
    auto *Cmp = make<ir::CompareExpr>(Range, S.Types.boolean());
    Cmp->Op = Op;
    Cmp->LHS = enumValue(Left);
    Cmp->RHS = enumValue(Right);
    return Cmp;
  }
  auto *LT = dynCast<TupleType>(Left->Ty), *RT = dynCast<TupleType>(Right->Ty);
  if (LT && RT) {
    // t == u: every pair of elements equal (the checker's compares), the
    // tuples evaluated once; != is its negation.
    Expr *Equal = constantInt(LT->size() == RT->size(), S.Types.boolean(), Range);
    if (LT->size() == RT->size() && LT->size()) {
      Expr *L = materialize(Left), *R = materialize(Right);
      Equal = nullptr;
      for (unsigned K = 0; K < LT->size(); ++K) {
        Expr *Pair = compareValues(CompareOp::Eq, tupleElement(L, K, Range),
                                   tupleElement(R, K, Range), Range, Site,
                                   FunctionChecker::tupleElementPart(Part, K));
        if (!Equal) {
          Equal = Pair;
          continue;
        }
        auto *Both = make<LogicalExpr>(Range, S.Types.boolean());
        Both->IsAnd = true;
        Both->LHS = Equal;
        Both->RHS = Pair;
        Equal = Both;
      }
    }
    if (Op == CompareOp::Eq)
      return Equal;
    auto *Not = make<ir::UnaryExpr>(Range, S.Types.boolean());
    Not->Op = UnaryArithOp::Not;
    Not->Operand = Equal;
    return Not;
  }
  const Signature &Sig =
      signatureOf(Site, SourceRange::cover(Left->Range, Right->Range), Part);
  auto *Cmp = make<ir::CompareExpr>(Range, S.Types.boolean());
  Cmp->Op = Op;
  Cmp->LHS = convert(Left, Sig.Args[0]);
  Cmp->RHS = convert(Right, Sig.Args[1]);
  return Cmp;
}

Expr *FunctionBuilder::lowerBoolOp(const BoolOpExpr &B) {
  ExprList Values;
  for (const fe::Expr *E : B.Values) {
    // Operands after the first run only when the ones before do not decide.
    Expr *V = Values.empty() ? lowerOptional(*E)
                             : lowerConditionally([&] { return lowerOptional(*E); });
    if (!V)
      return nullptr;
    Values.push_back(V);
  }
  const Type *Ty = signatureOf(&B, B.Range).Result; // what the operands unify to
  Expr *Acc = convert(Values[0], Ty);
  for (size_t I = 1; I < Values.size(); ++I) {
    auto *L = make<LogicalExpr>(B.Range, Ty);
    L->IsAnd = B.Op == BoolOpKind::And;
    L->LHS = Acc;
    L->RHS = convert(Values[I], Ty);
    Acc = L;
  }
  return Acc;
}

Expr *FunctionBuilder::lowerIfExp(const IfExpExpr &I) {
  Expr *Cond = lowerCondition(*I.Test);
  // An arm that a test shows to hold a value gives that value: `x if x is
  // not None else 0` is an int64 (the checker says which arms).
  auto Arm = [&](const fe::Expr &E) {
    Expr *V = lowerOptional(E);
    return V && Checker.unwrapsArm(E) ? unwrapOptional(V) : V;
  };
  Expr *Then = lowerConditionally([&] { return Arm(*I.Body); });
  Expr *Else = lowerConditionally([&] { return Arm(*I.OrElse); });
  if (!Cond || !Then || !Else)
    return nullptr;
  const Type *Ty = signatureOf(&I, I.Range).Result; // what the arms unify to
  auto *Sel = make<SelectExpr>(I.Range, Ty);
  Sel->Cond = Cond;
  Sel->Then = convert(Then, Ty);
  Sel->Else = convert(Else, Ty);
  return Sel;
}

} // namespace pykc::ir
