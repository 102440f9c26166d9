//===- TypeRules.cpp ------------------------------------------------------===//
#include "ir/TypeRules.h"

#include <algorithm>
#include <tuple>

namespace pykc::ir {


namespace {
// conversionKind for every pair of scalars, rows "from", columns "to", in
// Types.def order, as Numba's typing context reports can_convert (0 none,
// 1 exact, 2 promote, 3 safe, 4 unsafe). A complex converts to no real type.
constexpr unsigned char ConversionTable[NumScalarKinds][NumScalarKinds] = {
    // bool i8 i16 i32 i64 u8 u16 u32 u64 f16 f32 f64 c64 c128
    {1, 3, 3, 3, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3}, // bool
    {4, 1, 2, 2, 2, 4, 4, 4, 4, 4, 3, 3, 3, 3}, // int8
    {4, 4, 1, 2, 2, 4, 4, 4, 4, 4, 3, 3, 3, 3}, // int16
    {4, 4, 4, 1, 2, 4, 4, 4, 4, 4, 4, 3, 4, 3}, // int32
    {4, 4, 4, 4, 1, 4, 4, 4, 4, 4, 4, 3, 4, 3}, // int64
    {4, 4, 3, 3, 3, 1, 2, 2, 2, 4, 3, 3, 3, 3}, // uint8
    {4, 4, 4, 3, 3, 4, 1, 2, 2, 4, 4, 3, 4, 3}, // uint16
    {4, 4, 4, 4, 3, 4, 4, 1, 2, 4, 4, 3, 4, 3}, // uint32
    {4, 4, 4, 4, 4, 4, 4, 4, 1, 4, 4, 3, 4, 3}, // uint64
    {4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 2, 2, 3, 3}, // float16
    {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 2, 3, 3}, // float32
    {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 4, 3}, // float64
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2}, // complex64
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 1}, // complex128
};

const ScalarType *asScalar(const Type *T) { return dynCast<ScalarType>(T); }
} // namespace

Conversion conversionKind(const ScalarType *From, const ScalarType *To) {
  return static_cast<Conversion>(
      ConversionTable[static_cast<int>(From->scalarKind())][static_cast<int>(To->scalarKind())]);
}

std::optional<size_t> bestOverload(const std::vector<Signature> &Cases,
                                   const std::vector<const Type *> &Args, bool AllowUnsafe) {
  using Rating = std::tuple<unsigned, unsigned, unsigned>; // unsafe, safe, promote
  std::optional<Rating> Best;
  std::optional<size_t> BestCase;
  for (size_t C = 0; C < Cases.size(); ++C) {
    const Signature &Case = Cases[C];
    if (Case.Args.size() != Args.size())
      continue;
    Rating R{0, 0, 0};
    bool Viable = true;
    for (size_t I = 0; I < Args.size() && Viable; ++I) {
      const ScalarType *From = asScalar(Args[I]);
      const ScalarType *To = asScalar(Case.Args[I]);
      if (!From || !To) {
        // Arrays and tuples match exactly, or an array an any-layout array
        // of the same data (a conversion that changes nothing).
        auto *FA = dynCast<ArrayType>(Args[I]), *TA = dynCast<ArrayType>(Case.Args[I]);
        Viable = Args[I] == Case.Args[I] ||
                 (FA && TA && FA->element() == TA->element() && FA->ndim() == TA->ndim() &&
                  FA->addressSpace() == TA->addressSpace() && TA->layout() == ArrayLayout::A);
        continue;
      }
      switch (conversionKind(From, To)) {
      case Conversion::None:
        Viable = false;
        break;
      case Conversion::Exact:
        break;
      case Conversion::Promote:
        ++std::get<2>(R);
        break;
      case Conversion::Safe:
        ++std::get<1>(R);
        break;
      case Conversion::Unsafe:
        if (!AllowUnsafe)
          Viable = false;
        ++std::get<0>(R);
        break;
      }
    }
    // Strictly better only: among equal ratings the first case wins, as
    // Numba's stable sort makes it.
    if (Viable && (!Best || R < *Best)) {
      Best = R;
      BestCase = C;
    }
  }
  return BestCase;
}

std::optional<Signature> resolveOverload(const std::vector<Signature> &Cases,
                                         const std::vector<const Type *> &Args,
                                         bool AllowUnsafe) {
  if (auto I = bestOverload(Cases, Args, AllowUnsafe))
    return Cases[*I];
  return std::nullopt;
}

namespace {
/// NumPy's promote_types for two numeric scalars.
const ScalarType *promoteNumbers(TypeContext &Ctx, const ScalarType *A,
                                 const ScalarType *B) {
  auto Int = [&](unsigned Bits, bool Signed) {
    switch (Bits) {
    case 8:
      return Ctx.scalar(Signed ? ScalarKind::Int8 : ScalarKind::UInt8);
    case 16:
      return Ctx.scalar(Signed ? ScalarKind::Int16 : ScalarKind::UInt16);
    case 32:
      return Ctx.scalar(Signed ? ScalarKind::Int32 : ScalarKind::UInt32);
    default:
      return Ctx.scalar(Signed ? ScalarKind::Int64 : ScalarKind::UInt64);
    }
  };
  if (A->isComplex() || B->isComplex()) {
    // The halves are the promotion of the complex's float with the other
    // number (or its halves): complex64 + int32 is complex128.
    const ScalarType *FA = A->isComplex() ? Ctx.complexPart(A) : A;
    const ScalarType *FB = B->isComplex() ? Ctx.complexPart(B) : B;
    return Ctx.complexOf(promoteNumbers(Ctx, FA, FB));
  }
  if (A->isFloat() && B->isFloat())
    return A->bitWidth() >= B->bitWidth() ? A : B;
  if (A->isFloat() || B->isFloat()) {
    const ScalarType *F = A->isFloat() ? A : B;
    const ScalarType *I = A->isFloat() ? B : A;
    if (F->bitWidth() == 32 && I->bitWidth() <= 16)
      return F;
    return Ctx.float64();
  }
  if (A->isSigned() == B->isSigned())
    return A->bitWidth() >= B->bitWidth() ? A : B;
  const ScalarType *S = A->isSigned() ? A : B;
  const ScalarType *U = A->isSigned() ? B : A;
  if (S->bitWidth() > U->bitWidth())
    return S;
  if (U->bitWidth() < 64)
    return Int(U->bitWidth() * 2, true);
  return Ctx.float64();
}
} // namespace

const Type *unifyTypes(TypeContext &Ctx, const Type *A, const Type *B) {
  if (A == B)
    return A;
  if (!A || !B)
    return nullptr;
  // None and T make OptionalType(T), as Numba's unify_pairs; an optional
  // unifies with its base's unification. Grid groups are no value.
  if (A->kind() == TypeKind::GridGroup || B->kind() == TypeKind::GridGroup)
    return nullptr;
  auto *OA = dynCast<OptionalType>(A), *OB = dynCast<OptionalType>(B);
  if (OA || OB || A->kind() == TypeKind::None || B->kind() == TypeKind::None) {
    auto Base = [](const Type *T) -> const Type * {
      if (auto *O = dynCast<OptionalType>(T))
        return O->base();
      return T->kind() == TypeKind::None ? nullptr : T;
    };
    const Type *BA = Base(A), *BB = Base(B);
    const Type *U = !BA ? BB : !BB ? BA : unifyTypes(Ctx, BA, BB);
    return U ? Ctx.optional(U) : nullptr;
  }
  const ScalarType *SA = asScalar(A), *SB = asScalar(B);
  if (SA && SB) {
    if (!SA->isBoolean() && !SB->isBoolean())
      return promoteNumbers(Ctx, SA, SB);
    // Booleans are not Numba Numbers: they unify by safe conversion.
    auto SafeTo = [](const ScalarType *From, const ScalarType *To) {
      Conversion K = conversionKind(From, To);
      return K != Conversion::None && K <= Conversion::Safe;
    };
    if (SafeTo(SA, SB))
      return SB;
    if (SafeTo(SB, SA))
      return SA;
    return nullptr;
  }
  auto *TA = dynCast<TupleType>(A), *TB = dynCast<TupleType>(B);
  // Tuples unify element by element; named ones only with their own class.
  if (TA && TB && TA->size() == TB->size() && TA->name() == TB->name() &&
      TA->fields() == TB->fields()) {
    std::vector<const Type *> Elements;
    for (size_t I = 0; I < TA->size(); ++I) {
      const Type *E = unifyTypes(Ctx, TA->elements()[I], TB->elements()[I]);
      if (!E)
        return nullptr;
      Elements.push_back(E);
    }
    return TA->isNamed() ? Ctx.namedTuple(TA->name(), TA->fields(), Elements)
                         : Ctx.tuple(Elements);
  }
  auto *AA = dynCast<ArrayType>(A), *AB = dynCast<ArrayType>(B);
  if (AA && AB && AA->element() == AB->element() && AA->ndim() == AB->ndim() &&
      AA->addressSpace() == AB->addressSpace())
    return Ctx.array(AA->element(), AA->ndim(), ArrayLayout::A, AA->addressSpace());
  // A record read from a frozen constant and a writable one of the same
  // layout: the read-only one (neither may then be stored into).
  auto *RA = dynCast<RecordType>(A), *RB = dynCast<RecordType>(B);
  if (RA && RB && RA->writable() == RB->writable())
    return RA->readOnly() ? A : B;
  return nullptr;
}

OperatorTyping::OperatorTyping(TypeContext &C) : Ctx(C) {
  const Type *I64 = Ctx.int64(), *U64 = Ctx.uint64(), *F32 = Ctx.float32(),
             *F64 = Ctx.float64(), *Bool = Ctx.boolean(), *I32 = Ctx.int32();
  const std::vector<const Type *> Signed = {Ctx.scalar(ScalarKind::Int8),
                                            Ctx.scalar(ScalarKind::Int16), I32, I64};
  const std::vector<const Type *> Unsigned = {
      Ctx.scalar(ScalarKind::UInt8), Ctx.scalar(ScalarKind::UInt16),
      Ctx.scalar(ScalarKind::UInt32), U64};
  const std::vector<const Type *> Real = {F32, F64};
  const Type *C64 = Ctx.complex64(), *C128 = Ctx.complex128();
  const std::vector<const Type *> Complex = {C64, C128};
  auto Sig = [](const Type *R, std::vector<const Type *> A) { return Signature{R, std::move(A)}; };
  // choose_result_int: at least 64 bits, signed if the operand is.
  auto Widened = [&](const Type *T) { return asScalar(T)->isSigned() ? I64 : U64; };

  std::vector<Signature> IntegerBinop = {Sig(I64, {I64, I64}), Sig(I64, {I64, U64}),
                                         Sig(I64, {U64, I64}), Sig(U64, {U64, U64})};
  Arith = IntegerBinop;
  for (const Type *T : Real)
    Arith.push_back(Sig(T, {T, T}));
  Mod = Arith;
  for (const Type *T : Complex)
    Arith.push_back(Sig(T, {T, T}));
  TrueDiv = {Sig(F64, {I64, I64}), Sig(F64, {I64, U64}), Sig(F64, {U64, I64}),
             Sig(F64, {U64, U64})};
  for (const auto *Domain : {&Real, &Complex})
    for (const Type *T : *Domain)
      TrueDiv.push_back(Sig(T, {T, T}));
  Pow = IntegerBinop;
  for (const Type *Base : Real)
    for (const Type *E : {I32, I64, U64})
      Pow.push_back(Sig(Base, {Base, E}));
  for (const auto *Domain : {&Real, &Complex})
    for (const Type *T : *Domain)
      Pow.push_back(Sig(T, {T, T}));
  for (const Type *T : Signed)
    for (const Type *Amount : {U64, I64})
      Shift.push_back(Sig(I64, {T, Amount}));
  for (const Type *T : Unsigned)
    for (const Type *Amount : {U64, I64})
      Shift.push_back(Sig(U64, {T, Amount}));
  BitLogic = {Sig(Bool, {Bool, Bool})};
  BitLogic.insert(BitLogic.end(), IntegerBinop.begin(), IntegerBinop.end());

  for (const Type *T : Unsigned)
    Neg.push_back(Sig(Widened(T), {T}));
  for (const Type *T : Signed)
    Neg.push_back(Sig(Widened(T), {T}));
  for (const auto *Domain : {&Real, &Complex})
    for (const Type *T : *Domain)
      Neg.push_back(Sig(T, {T}));
  Neg.push_back(Sig(I64, {Bool}));
  Invert = {Sig(Bool, {Bool})};
  for (const Type *T : Unsigned)
    Invert.push_back(Sig(Widened(T), {T}));
  for (const Type *T : Signed)
    Invert.push_back(Sig(Widened(T), {T}));

  Ordered = {Sig(Bool, {Bool, Bool})};
  for (const auto *Domain : {&Signed, &Unsigned, &Real})
    for (const Type *T : *Domain)
      Ordered.push_back(Sig(Bool, {T, T}));
  Unordered = Ordered;
  for (const Type *T : Complex)
    Unordered.push_back(Sig(Bool, {T, T}));

  for (const Type *T : {I32, I64, U64})
    for (unsigned N = 1; N <= 3; ++N)
      Range.push_back(Sig(T, std::vector<const Type *>(N, T)));

  for (const auto *Domain : {&Signed, &Unsigned, &Real})
    for (const Type *T : *Domain)
      Abs.push_back(Sig(T, {T}));
  Abs.push_back(Sig(F32, {C64}));
  Abs.push_back(Sig(F64, {C128}));

  MathUnary = {Sig(F64, {I64}), Sig(F64, {U64}), Sig(F32, {F32}), Sig(F64, {F64})};
  MathBinaryInt = {Sig(F64, {I64, I64}), Sig(F64, {U64, U64}), Sig(F32, {F32, F32}),
                   Sig(F64, {F64, F64})};
  MathBinaryFloat = {Sig(F32, {F32, F32}), Sig(F64, {F64, F64})};
  MathPredicate = {Sig(Bool, {I64}), Sig(Bool, {U64}), Sig(Bool, {F32}), Sig(Bool, {F64})};
  MathFrexp = {Sig(Ctx.tuple({F32, I32}), {F32}), Sig(Ctx.tuple({F64, I32}), {F64})};
  MathLdexp = {Sig(F32, {F32, I32}), Sig(F64, {F64, I32})};
  MathModf = {Sig(Ctx.uniTuple(F64, 2), {F64}), Sig(Ctx.uniTuple(F32, 2), {F32})};

  for (const Type *T : Complex) {
    CmathUnary.push_back(Sig(T, {T}));
    CmathPredicate.push_back(Sig(Bool, {T}));
  }
  CmathLog = CmathUnary;
  for (const Type *T : Complex)
    CmathLog.push_back(Sig(T, {T, T}));
  CmathPhase = {Sig(F64, {C128}), Sig(F32, {C64})};
  CmathPolar = {Sig(Ctx.uniTuple(F32, 2), {C64}), Sig(Ctx.uniTuple(F64, 2), {C128})};
  CmathRect = {Sig(C128, {F64, F64}), Sig(C64, {F32, F32})};

  const Type *None = Ctx.none(), *U32 = Ctx.scalar(ScalarKind::UInt32);
  SyncWarp = {Sig(None, {}), Sig(None, {I32})};
  Shuffle = {Sig(I32, {I32, I32, I32}), Sig(I64, {I32, I64, I32}), Sig(F32, {I32, F32, I32}),
             Sig(F64, {I32, F64, I32})};
  Vote = {Sig(Bool, {I32, Bool})};
  Ballot = {Sig(I32, {I32, Bool})};
  const Type *Matched = Ctx.tuple({I32, Bool});
  for (const Type *T : {I32, I64, F32, F64}) {
    MatchAny.push_back(Sig(I32, {I32, T}));
    MatchAll.push_back(Sig(Matched, {I32, T}));
  }
  MaskQuery = {Sig(U32, {})};
  BarrierPredicate = {Sig(I32, {I32})};
  NoArgs = {Sig(None, {})};
  for (const auto *Domain : {&Signed, &Unsigned})
    for (const Type *T : *Domain) {
      Popc.push_back(Sig(T, {T}));
      Clz.push_back(Sig(T, {T}));
      Ffs.push_back(Sig(U32, {T}));
    }
  Brev = {Sig(U32, {U32}), Sig(U64, {U64})};
  Cbrt = {Sig(F32, {F32}), Sig(F64, {F64})};
  Fma = {Sig(F32, {F32, F32, F32}), Sig(F64, {F64, F64, F64})};
  const Type *F16 = Ctx.scalar(ScalarKind::Float16);
  Fp16Unary = {Sig(F16, {F16})};
  Fp16Binary = {Sig(F16, {F16, F16})};
  Fp16Ternary = {Sig(F16, {F16, F16, F16})};
  Fp16Compare = {Sig(Bool, {F16, F16})};
  Round = {Sig(I64, {F32}), Sig(I64, {F64}), Sig(F32, {F32, I64}), Sig(F64, {F64, I64})};
  for (const Type *T : {I64, U64, F32, F64})
    Divmod.push_back(Sig(Ctx.uniTuple(T, 2), {T, T}));
}

const std::vector<Signature> &OperatorTyping::mathTable(MathCases Cases) const {
  switch (Cases) {
  case MathCases::Unary:
    return MathUnary;
  case MathCases::BinaryInt:
    return MathBinaryInt;
  case MathCases::BinaryFloat:
    return MathBinaryFloat;
  case MathCases::Predicate:
    return MathPredicate;
  case MathCases::Frexp:
    return MathFrexp;
  case MathCases::Ldexp:
    return MathLdexp;
  case MathCases::Modf:
    return MathModf;
  }
  return MathUnary;
}

const std::vector<Signature> &OperatorTyping::cmathTable(CmathCases Cases) const {
  switch (Cases) {
  case CmathCases::Unary:
    return CmathUnary;
  case CmathCases::Log:
    return CmathLog;
  case CmathCases::Predicate:
    return CmathPredicate;
  case CmathCases::Phase:
    return CmathPhase;
  case CmathCases::Polar:
    return CmathPolar;
  case CmathCases::Rect:
    return CmathRect;
  }
  return CmathUnary;
}

std::optional<Signature> OperatorTyping::math(MathCases Cases,
                                              const std::vector<const Type *> &Args) const {
  return resolveOverload(mathTable(Cases), Args);
}

std::optional<Signature> OperatorTyping::binary(ArithOp Op, const Type *L,
                                                const Type *R) const {
  std::vector<const Type *> Args = {L, R};
  switch (Op) {
  case ArithOp::Add:
  case ArithOp::Sub:
  case ArithOp::Mul:
    return resolveOverload(Arith, Args);
  case ArithOp::Mod:
  case ArithOp::FloorDiv:
    return resolveOverload(Mod, Args);
  case ArithOp::TrueDiv:
    return resolveOverload(TrueDiv, Args);
  case ArithOp::Pow:
    return resolveOverload(Pow, Args);
  case ArithOp::Shl:
  case ArithOp::Shr:
    return resolveOverload(Shift, Args, /*AllowUnsafe=*/false);
  case ArithOp::BitAnd:
  case ArithOp::BitOr:
  case ArithOp::BitXor:
    return resolveOverload(BitLogic, Args, /*AllowUnsafe=*/false);
  case ArithOp::DivTrunc:
  case ArithOp::RemTrunc:
  case ArithOp::ShlBits:
  case ArithOp::ShrBits:
    return std::nullopt; // primitives no Python program writes
  }
  return std::nullopt;
}

std::optional<Signature> OperatorTyping::unary(UnaryArithOp Op, const Type *Operand) const {
  switch (Op) {
  case UnaryArithOp::Neg:
    return resolveOverload(Neg, {Operand});
  case UnaryArithOp::Invert:
    return resolveOverload(Invert, {Operand}, /*AllowUnsafe=*/false);
  case UnaryArithOp::Not:
    if (asScalar(Operand))
      return Signature{Ctx.boolean(), {Operand}};
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<Signature> OperatorTyping::compare(CompareOp Op, const Type *L,
                                                 const Type *R) const {
  bool Equality = Op == CompareOp::Eq || Op == CompareOp::Ne;
  return resolveOverload(Equality ? Unordered : Ordered, {L, R});
}

std::optional<Signature> OperatorTyping::range(const std::vector<const Type *> &Args) const {
  return resolveOverload(Range, Args);
}

std::optional<Signature> OperatorTyping::abs(const Type *Operand) const {
  return resolveOverload(Abs, {Operand});
}

std::optional<Signature> OperatorTyping::toInt(const Type *Operand) const {
  const ScalarType *S = asScalar(Operand);
  if (!S || S->isComplex()) // Numba: int() of a complex is a typing error
    return std::nullopt;
  return Signature{S->isInteger() ? S : Ctx.intp(), {Operand}};
}

std::optional<Signature> OperatorTyping::toFloat(const Type *Operand) const {
  const ScalarType *S = asScalar(Operand);
  if (!S || S->isComplex()) // "float() does not support complex"
    return std::nullopt;
  return Signature{S->isFloat() ? S : Ctx.float64(), {Operand}};
}

std::optional<Signature> OperatorTyping::toBool(const Type *Operand) const {
  if (!asScalar(Operand))
    return std::nullopt;
  return Signature{Ctx.boolean(), {Operand}};
}

} // namespace pykc::ir
