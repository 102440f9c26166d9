//===- build/BuildBuiltins.cpp - The IR of Builtins.def's rows ------------===//
#include "ir/build/FunctionBuilder.h"
#include "ir/AtomicDtypes.h"
#include "ir/Libdevice.h"
#include "ir/RoundNdigits.h"
#include "ir/check/SyntaxFacts.h"

#include <algorithm>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

void FunctionBuilder::expectArgs(const fe::CallExpr &C, size_t N) {
  if (C.Args.size() != N)
    error(C.Range, DiagKind::ArgumentCount);
}

Expr *FunctionBuilder::typeRound(IntrinsicId Id, const fe::CallExpr &C) {
  if (C.Args.size() != 2) // round(x): an int, half to even (Emit(Round))
    return typeCall(Id, C);
  // round(x, ndigits): Numba's algorithm, a device function pykc writes.
  Expr *X = lowerValue(*C.Args[0]);
  Expr *N = X ? lowerValue(*C.Args[1]) : nullptr;
  if (!N)
    return nullptr;
  auto *D = dynCast<ScalarType>(signatureOf(&C, C.Range).Result);
  if (!D || !D->isFloat())
    error(C.Range, DiagKind::InvalidArgument);
  std::vector<InstanceArg> Args = {InstanceArg{D, {}}, InstanceArg{S.Types.int64(), {}}};
  Expr *Call = callDevice(roundNdigitsHelper(S.Scope, D), Args,
                          {convert(X, D), convert(N, S.Types.int64())}, C.Range);
  return Call ? convert(Call, D) : nullptr;
}

bool FunctionBuilder::lowerArguments(const fe::CallExpr &C, ExprList &Args) {
  for (const fe::Expr *A : C.Args) {
    Expr *V = lowerValue(*A);
    if (!V)
      return false;
    Args.push_back(V);
  }
  return true;
}

Expr *FunctionBuilder::lowerLibdeviceCall(const LibdeviceFunction &Fn, const fe::CallExpr &C) {
  // One case, as Numba's ConcreteTemplate for it: arguments convert to the
  // parameters as any overload's do.
  std::vector<const Type *> Params = Fn.params(S.Types);
  expectArgs(C, Params.size());
  ExprList Args; // the checker made sure they convert
  if (!lowerArguments(C, Args))
    return nullptr;
  auto *Call = make<LibdeviceCallExpr>(C.Range, Fn.callResult(S.Types));
  Call->Fn = &Fn;
  for (size_t I = 0; I < Args.size(); ++I)
    Call->Args.push_back(convert(Args[I], Params[I]));
  return Call;
}

std::optional<Expr *> FunctionBuilder::lowerOperatorFunction(const std::string &Path,
                                                              const fe::CallExpr &C) {
  std::optional<OperatorFunction> Found = operatorFunctionOf(Path);
  if (!Found)
    return std::nullopt;
  using Shape = OperatorFunction::Shape;
  if (!C.Keywords.empty())
    error(C.Keywords.front().Range, DiagKind::UnsupportedSyntax);
  expectArgs(C, Found->K == Shape::Unary ? 1 : 2);
  // The arguments as the operator's operands are (`a + b`).
  ExprList Values;
  for (const fe::Expr *A : C.Args) {
    Values.push_back(lowerValue(*A));
    if (!Values.back())
      return nullptr;
  }
  switch (Found->K) {
  case Shape::Binary:
    return lowerBinary(BinaryOp(Found->Op), Values[0], Values[1], &C, C.Range);
  case Shape::Unary:
    return unaryValue(UnaryOp(Found->Op), Values[0], C.Args[0]->Range, C.Range, &C);
  case Shape::Compare:
    return compareValues(CompareOp(Found->Op), Values[0], Values[1], C.Range, &C);
  }
  return nullptr;
}

Expr *FunctionBuilder::typePow(const fe::CallExpr &C) {
  // Numba types pow(x, y) as x ** y (its three-argument form is not
  // supported there either).
  expectArgs(C, 2);
  Expr *X = lowerValue(*C.Args[0]);
  Expr *Y = X ? lowerValue(*C.Args[1]) : nullptr;
  if (!Y)
    return nullptr;
  return lowerBinary(fe::BinaryOp::Pow, X, Y, &C, C.Range);
}

Expr *FunctionBuilder::typeSelp(const fe::CallExpr &C) {
  // A call's arguments are all evaluated, in order, before it selects:
  // settled into temporaries, the select is one instruction.
  ExprList Args;
  if (!lowerArguments(C, Args))
    return nullptr;
  const Signature &Sig = signatureOf(&C, C.Range);
  auto *Sel = make<SelectExpr>(C.Range, Sig.Result);
  Sel->Cond = materialize(Args[0]);
  Sel->Then = materialize(Args[1]);
  Sel->Else = materialize(Args[2]);
  return Sel->Cond && Sel->Then && Sel->Else ? Sel : nullptr;
}

Expr *FunctionBuilder::typeDivmod(const fe::CallExpr &C) {
  // Numba's divmod: both numbers converted to the chosen case's type, then
  // the quotient and remainder of // and % (evaluated once each, in order).
  expectArgs(C, 2);
  ExprList Args;
  if (!lowerArguments(C, Args))
    return nullptr;
  const Signature &Sig = signatureOf(&C, C.Range);
  const Type *T = Sig.Args[0];
  Expr *X = materialize(convert(Args[0], T));
  Expr *Y = materialize(convert(Args[1], T));
  if (!X || !Y)
    return nullptr;
  auto Part = [&](ArithOp Op) {
    auto *B = make<ir::BinaryExpr>(C.Range, T);
    B->Op = Op;
    B->LHS = X;
    B->RHS = Y;
    return B;
  };
  auto *Pair = make<TupleMakeExpr>(C.Range, Sig.Result);
  auto *Quotient = Part(ArithOp::FloorDiv);
  Quotient->OfDivmod = true;
  Pair->Elements = {Quotient, Part(ArithOp::Mod)};
  return Pair;
}

Expr *FunctionBuilder::typeGrid(IntrinsicId Id, const fe::CallExpr &C) {
  expectArgs(C, 1);
  auto N = evaluate(*C.Args[0]);
  if (!N || N->K != ConstantValue::Kind::Int || N->Int < 1 || N->Int > 3)
    error(C.Args[0]->Range, DiagKind::InvalidArgument);
  const Type *Ty = N->Int == 1 ? static_cast<const Type *>(S.Types.intp())
                               : S.Types.uniTuple(S.Types.intp(), unsigned(N->Int));
  auto *I = make<IntrinsicExpr>(C.Range, Ty);
  I->Id = Id;
  I->Count = unsigned(N->Int);
  return I;
}

Expr *FunctionBuilder::typeNoArgs(IntrinsicId Id, const fe::CallExpr &C) {
  expectArgs(C, 0);
  auto *I = make<IntrinsicExpr>(C.Range, S.Types.none());
  I->Id = Id;
  // A grid barrier needs every block resident: a cooperative launch.
  if (Id == IntrinsicId::GridSync)
    F.UsesGridSync = true;
  return I;
}

Expr *FunctionBuilder::lowerArrayView(const fe::AttributeExpr &A, const fe::CallExpr &C) {
  Value Base = lower(*A.Value);
  if (!Base.isValid())
    return nullptr;
  const ArrayType *AT = Base.K == Value::Kind::Expr ? dynCast<ArrayType>(Base.E->Ty) : nullptr;
  if (!AT)
    error(A.AttrRange, DiagKind::UnknownAttribute);
  if (!C.Keywords.empty())
    error(C.Keywords.front().NameRange, DiagKind::UnknownKeyword);
  expectArgs(C, 1);
  Value D = lower(*C.Args[0]);
  if (!D.isValid())
    return nullptr;
  if (D.K != Value::Kind::Constant || D.Const.K != ConstantValue::Kind::Dtype || !D.Const.Dtype ||
      AT->record())
    error(C.Args[0]->Range, DiagKind::InvalidArgument);
  auto *V = make<ArrayReinterpretExpr>(
      C.Range, S.Types.array(D.Const.Dtype, AT->ndim(), AT->layout(), AT->addressSpace()));
  V->Array = Base.E;
  return V;
}

Expr *FunctionBuilder::typeThisGrid(const fe::CallExpr &C) {
  expectArgs(C, 0);
  auto *I = make<IntrinsicExpr>(C.Range, S.Types.gridGroup());
  I->Id = IntrinsicId::ThisGrid;
  return I;
}

Expr *FunctionBuilder::typeAtomic(AtomicOp Op, const fe::CallExpr &C,
                                  bool FirstElement) {
  // cas(array, index, old, value); compare_and_swap(array, old, value).
  size_t Args = 3 + (Op == AtomicOp::Cas) - FirstElement;
  expectArgs(C, Args);
  return lowerAtomic(C, Op, FirstElement);
}

Expr *FunctionBuilder::typeForOnly(const fe::CallExpr &C) {
  error(C.Range, DiagKind::UnsupportedSyntax);
}

Expr *FunctionBuilder::lowerVectorConstructor(const VectorType *VT, const fe::CallExpr &C) {
  // Numba's overloads: each argument a number (converted to the base type)
  // or a vector of the same base type, their elements adding up to the
  // vector's (float32x4(f2, 1.0, x) is one).
  if (!C.Keywords.empty())
    error(C.Keywords.front().NameRange, DiagKind::UnknownKeyword);
  ExprList Elements;
  for (const fe::Expr *A : C.Args) {
    Expr *V = lowerValue(*A);
    if (!V)
      return nullptr;
    if (auto *AV = dynCast<VectorType>(V->Ty); AV && AV->base() == VT->base()) {
      Expr *Whole = materialize(V);
      for (unsigned K = 0; K < AV->count(); ++K) {
        auto *Get = make<TupleGetExpr>(A->Range, VT->base());
        Get->Tuple = Whole;
        Get->Index = K;
        Elements.push_back(Get);
      }
      continue;
    }
    Expr *Converted = dynCast<ScalarType>(V->Ty) ? convert(V, VT->base()) : nullptr;
    if (!Converted)
      error(A->Range, DiagKind::InvalidArgument);
    Elements.push_back(materialize(Converted));
  }
  if (Elements.size() != VT->count())
    error(C.Range, DiagKind::InvalidArgument);
  auto *Make = make<TupleMakeExpr>(C.Range, VT);
  Make->Elements = std::move(Elements);
  return Make;
}

Expr *FunctionBuilder::typeConstArrayLike(const fe::CallExpr &C) {
  // Numba copies the array into constant memory; pykc already froze every
  // module-level array there, so the call is the array itself.
  expectArgs(C, 1);
  Expr *Arg = lowerValue(*C.Args[0]);
  if (!Arg)
    return nullptr;
  if (Arg->Kind != NodeKind::ConstArray)
    error(C.Args[0]->Range, DiagKind::InvalidArgument);
  return Arg;
}

Expr *FunctionBuilder::typePrint(const fe::CallExpr &C) {
  // Numba-CUDA's print: one printf of the items separated by spaces and a
  // newline; integers as %lld (%llu unsigned), floats as %f of a float64,
  // string literals as they are. Other values (bools, arrays) it refuses.
  auto *I = make<IntrinsicExpr>(C.Range, S.Types.none());
  I->Id = IntrinsicId::Print;
  for (const fe::Expr *A : C.Args) {
    I->Text += I->Text.empty() ? "" : " ";
    Value V = lower(*A);
    if (V.K == Value::Kind::Constant && V.Const.K == ConstantValue::Kind::String) {
      for (char Ch : V.Const.String)
        I->Text += Ch == '%' ? std::string("%%") : std::string(1, Ch);
      continue;
    }
    Expr *E = V.K == Value::Kind::Expr ? V.E : nullptr;
    auto *ST = E ? dynCast<ScalarType>(E->Ty) : nullptr;
    if (!ST || ST->isBoolean() || ST->isComplex()) {
      if (V.isValid())
        error(A->Range, DiagKind::InvalidArgument);
      return nullptr;
    }
    if (ST->isFloat()) {
      I->Text += "%f";
      I->Args.push_back(convert(E, S.Types.float64()));
    } else {
      I->Text += ST->isSigned() ? "%lld" : "%llu";
      I->Args.push_back(convert(E, ST->isSigned() ? S.Types.int64() : S.Types.uint64()));
    }
  }
  I->Text += "\n";
  return I;
}

Expr *FunctionBuilder::typeLen(const fe::CallExpr &C) {
  expectArgs(C, 1);
  if (auto *R = dyn_cast<fe::CallExpr>(C.Args[0]);
      R && Scope.resolvePath(*R->Func) == "builtins.range") {
    // Counted as a loop over it would be (planRange), step check included.
    IterationPlan Plan;
    if (!planRange(*R, Plan))
      return nullptr;
    return convert(Plan.Ranges.front().Length, Plan.Ranges.front().Ty);
  }
  Expr *Arg = lowerValue(*C.Args[0]);
  if (!Arg)
    return nullptr;
  if (dynCast<ArrayType>(Arg->Ty)) {
    auto *D = make<ArrayDimExpr>(C.Range, S.Types.intp());
    D->Array = Arg;
    return D;
  }
  if (auto *TT = dynCast<TupleType>(Arg->Ty))
    return constantInt(int64_t(TT->size()), S.Types.intp(), C.Range);
  error(C.Args[0]->Range, DiagKind::InvalidArgument);
}

Expr *FunctionBuilder::typeScalar(IntrinsicId Id, ScalarResult Result, const fe::CallExpr &C) {
  expectArgs(C, 1);
  Expr *Arg = lowerValue(*C.Args[0]);
  if (!Arg)
    return nullptr;
  const Signature *Sig = &signatureOf(&C, C.Range);
  Expr *Converted = convert(Arg, Sig->Args[0]);
  if (Id == IntrinsicId::Abs && dynCast<ScalarType>(Arg->Ty)->isComplex())
    return callComplexHelper("cabs", dynCast<ScalarType>(Arg->Ty), {Converted}, Sig->Result,
                             C.Range);
  switch (Result) {
  case ScalarResult::Intrinsic: {
    auto *I = make<IntrinsicExpr>(C.Range, Sig->Result);
    I->Id = Id;
    I->Args = {Converted};
    return I;
  }
  case ScalarResult::Cast:
    return convert(Converted, Sig->Result);
  case ScalarResult::Truth:
    return truth(Converted, C.Range);
  }
  return nullptr;
}

Expr *FunctionBuilder::lowerAllocArray(const fe::CallExpr &C, AddressSpace Space) {
  // The shape and dtype, as the checker evaluated and accepted them.
  const AllocationFact *Fact = Checker.allocation(C);
  if (!Fact)
    error(C.Range, DiagKind::InvalidArgument);
  auto *A = make<AllocArrayExpr>(
      C.Range, S.Types.array(Fact->Dtype, unsigned(Fact->Shape.size()), ArrayLayout::C, Space));
  A->Shape = Fact->Shape;
  A->Dynamic = Fact->Dynamic;
  A->Id = AllocCount++;
  if (Fact->Dynamic) // dynamic shared memory is the launch's to size
    return A;
  int64_t Elements = 1; // the checker made sure it fits
  for (int64_t D : Fact->Shape)
    Elements *= D;
  uint64_t Bytes; // saturated: the limit checks then refuse it
  if (__builtin_mul_overflow(uint64_t(Elements), storageSize(Fact->Dtype), &Bytes))
    Bytes = UINT64_MAX;
  (Space == AddressSpace::Shared ? F.SharedArrays : F.LocalArrays).push_back({Bytes, C.Range});
  return A;
}

Expr *FunctionBuilder::lowerMath(IntrinsicId Id, const fe::CallExpr &C) {
  Expr *E = typeCall(Id, C);
  bool Rounds = Id == IntrinsicId::MathFloor || Id == IntrinsicId::MathCeil ||
                Id == IntrinsicId::MathTrunc;
  auto *I = dynCast<IntrinsicExpr>(E);
  if (!F.HostCode || !Rounds || !I)
    return E;
  // Numba's CPU target (numba/core/typing/mathdecl.py, Math_converter):
  // an integer comes back as itself, a float rounded to an int64.
  Expr *Arg = I->Args[0];
  if (auto *Cast = dynCast<CastExpr>(Arg)) // an integer widened for the float case
    if (auto *From = dynCast<ScalarType>(Cast->Operand->Ty); From && !From->isFloat())
      Arg = Cast->Operand;
  auto *ArgTy = dynCast<ScalarType>(Arg->Ty);
  if (ArgTy && !ArgTy->isFloat())
    return convert(Arg, ArgTy->isSigned() || ArgTy->isBoolean() ? S.Types.int64() : S.Types.uint64());
  return convert(E, S.Types.int64());
}

Expr *FunctionBuilder::typeCall(IntrinsicId Id, const fe::CallExpr &C) {
  ExprList Args;
  if (!lowerArguments(C, Args))
    return nullptr;
  const Signature &Sig = signatureOf(&C, C.Range);
  auto *I = make<IntrinsicExpr>(C.Range, Sig.Result);
  I->Id = Id;
  for (size_t K = 0; K < Args.size(); ++K)
    I->Args.push_back(convert(Args[K], Sig.Args[K]));
  return I;
}

Expr *FunctionBuilder::lowerMinMax(const fe::CallExpr &C, CompareOp Replace) {
  if (C.Args.empty())
    error(C.Range, DiagKind::InvalidArgument);
  ExprList Values;
  for (const fe::Expr *A : C.Args) {
    Expr *V = lowerValue(*A);
    if (!V)
      return nullptr;
    Values.push_back(V);
  }
  if (auto *TT = dynCast<TupleType>(Values[0]->Ty); TT && Values.size() == 1) {
    // max(t): its elements, the tuple evaluated once.
    Expr *Tuple = materialize(Values[0]);
    Values.clear();
    for (unsigned K = 0; K < TT->size(); ++K)
      Values.push_back(tupleElement(Tuple, K, C.Range));
  }
  const Type *Ty = signatureOf(&C, C.Range).Result; // what the numbers unify to
  // Python keeps the first of equal values: replace only when strictly
  // smaller (larger).
  Expr *Acc = materialize(convert(Values[0], Ty));
  for (size_t I = 1; I < Values.size(); ++I) {
    Expr *Next = materialize(convert(Values[I], Ty));
    auto *Cmp = make<ir::CompareExpr>(C.Range, S.Types.boolean());
    Cmp->Op = Replace;
    Cmp->LHS = Next;
    Cmp->RHS = Acc;
    auto *Sel = make<SelectExpr>(C.Range, Ty);
    Sel->Cond = Cmp;
    Sel->Then = Next;
    Sel->Else = Acc;
    Acc = I + 1 < Values.size() ? materialize(Sel) : Sel;
  }
  return Acc;
}

namespace {

/// The dtypes cuda.atomic.<Op> takes (ir/AtomicOps.def), and their names.
bool atomicDtypeAllowed(AtomicOp Op, const ScalarType *D, const char *&Allowed) {
  switch (Op) {
#define ATOMIC(O, Name, Dtypes)                                                \
  case AtomicOp::O:                                                            \
    return atomicDtypeAllowed(atomicDtypesOf(#O), D, Allowed);
#include "ir/AtomicOps.def"
  }
  return false;
}

} // namespace

Expr *FunctionBuilder::lowerAtomic(const fe::CallExpr &C, AtomicOp Op,
                                   bool FirstElement) {
  Expr *Array = lowerValue(*C.Args[0]);
  if (!Array)
    return nullptr;
  auto *AT = dynCast<ArrayType>(Array->Ty);
  if (!AT)
    error(C.Args[0]->Range, DiagKind::InvalidArgument);
  if (AT->addressSpace() == AddressSpace::Constant)
    error(C.Args[0]->Range, DiagKind::InvalidArgument);
  // Numba's cudadecl.py: the dtypes each operation takes.
  const char *Allowed = "";
  if (AT->record() || !atomicDtypeAllowed(Op, AT->dtype(), Allowed))
    error(C.Args[0]->Range, DiagKind::AtomicDtype);
  ExprList Indices;
  size_t Next = 1; // the argument after the index
  if (FirstElement) {
    // compare_and_swap works on the first element of a 1-d array.
    if (AT->ndim() != 1)
      error(C.Args[0]->Range, DiagKind::InvalidArgument);
    Indices.push_back(constantInt(0, S.Types.intp(), C.Range));
  } else {
    if (!lowerArrayIndices(AT, *C.Args[1], C.Args[1]->Range, Indices, /*AllowView=*/true))
      return nullptr;
    Next = 2;
  }
  if (Indices.size() < AT->ndim())
    error(C.Args[1]->Range, DiagKind::AtomicIndexCount);
  // Numba's signature casts the values to the dtype, as an assignment would
  // (Python's order: the old value, then the new one).
  auto Operand = [&](const fe::Expr &Arg) -> Expr * {
    Expr *V = lowerValue(Arg);
    if (!V)
      return nullptr;
    Expr *Converted = dynCast<ScalarType>(V->Ty) ? convert(V, AT->dtype()) : nullptr;
    if (!Converted)
      error(Arg.Range, DiagKind::InvalidArgument);
    return Converted;
  };
  Expr *Compare = nullptr;
  if (Op == AtomicOp::Cas && !(Compare = Operand(*C.Args[Next++])))
    return nullptr;
  Expr *Converted = Operand(*C.Args[Next]);
  if (!Converted)
    return nullptr;
  auto *A = make<AtomicRMWExpr>(C.Range, AT->dtype());
  A->Op = Op;
  A->Array = Array;
  A->Indices = std::move(Indices);
  A->Compare = Compare;
  A->Value = Converted;
  return A;
}

} // namespace pykc::ir
