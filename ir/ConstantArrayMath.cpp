//===- ConstantArrayMath.cpp - NumPy arithmetic on module arrays ---------===//
//
// NumPy 1.x's promotion (value-based for scalars, the ufunc loop search of
// //, %, ** and the bitwise operators), broadcasting, and each operator's
// element arithmetic in the result's dtype. The functions of arrays
// (ufuncs, reductions, methods) are ConstantArrayFunctions.cpp's.
//
//===----------------------------------------------------------------------===//
#include "ir/ConstantArrayMath.h"

#include "ir/ConstantArray.h"
#include "ir/ConstantArrayElements.h"
#include "ir/Type.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace pykc::ir {

using CV = ConstantValue;
using frontend::BinaryOp;
using frontend::UnaryOp;

namespace arraymath {

/// NumPy's kinds in the order promotion ranks them.
enum class Category { Bool, Integer, Float, Complex };

Category categoryOf(const ScalarType *T) {
  if (T->isBoolean())
    return Category::Bool;
  if (T->isInteger())
    return Category::Integer;
  return T->isFloat() ? Category::Float : Category::Complex;
}

bool isPythonNumber(const CV &V) {
  return V.K == CV::Kind::Int || V.K == CV::Kind::Float || V.K == CV::Kind::Bool;
}

/// The dtypes computed here: bool, the integers but uint64 (whose values
/// past int64 the elements cannot hold as NumPy does), float32, float64.
bool computable(const ScalarType *T) {
  if (!T || T->isComplex())
    return false;
  if (T->isFloat())
    return T->bitWidth() >= 32;
  return !(T->isInteger() && !T->isSigned() && T->bitWidth() == 64);
}

const ScalarType *integer(TypeContext &Types, unsigned Bits, bool Signed) {
  return Types.scalarByName((Signed ? "int" : "uint") + std::to_string(Bits));
}

/// np.promote_types.
const ScalarType *promote(TypeContext &Types, const ScalarType *A, const ScalarType *B) {
  if (A == B)
    return A;
  if (A->isBoolean())
    return B;
  if (B->isBoolean())
    return A;
  if (A->isFloat() && B->isFloat())
    return A->bitWidth() >= B->bitWidth() ? A : B;
  if (A->isFloat() || B->isFloat()) {
    const ScalarType *F = A->isFloat() ? A : B, *I = A->isFloat() ? B : A;
    // A float holds exactly the integers of fewer bits than its mantissa.
    unsigned Mantissa = F->bitWidth() == 16 ? 11 : F->bitWidth() == 32 ? 24 : 53;
    if (I->bitWidth() < Mantissa)
      return F;
    return F->bitWidth() == 16 && I->bitWidth() <= 16 ? Types.float32() : Types.float64();
  }
  if (A->isSigned() == B->isSigned())
    return A->bitWidth() >= B->bitWidth() ? A : B;
  const ScalarType *S = A->isSigned() ? A : B, *U = A->isSigned() ? B : A;
  if (S->bitWidth() > U->bitWidth())
    return S;
  return U->bitWidth() == 64 ? Types.float64() : integer(Types, 2 * U->bitWidth(), true);
}


std::optional<Operand> operandOf(const CV &V, TypeContext &Types) {
  Operand O;
  O.Value = &V;
  if (V.K == CV::Kind::Array) {
    if (!isMathArray(V))
      return std::nullopt;
    O.IsArray = true;
    O.Dtype = V.Dtype;
    return O;
  }
  if (!isPythonNumber(V))
    return std::nullopt;
  O.Dtype = V.Typed                     ? V.Typed
            : V.K == CV::Kind::Bool     ? Types.boolean()
            : V.K == CV::Kind::Int      ? Types.int64()
                                        : Types.float64();
  if (!computable(O.Dtype))
    return std::nullopt;
  return O;
}

/// np.min_scalar_type of a scalar's value, and whether a non-negative
/// integer also fits the signed type of its width (NumPy then uses that
/// one beside signed types: int8 with 300 is int16, not int32).
const ScalarType *minScalarType(const CV &V, TypeContext &Types, bool &SmallUnsigned) {
  SmallUnsigned = false;
  if (V.K == CV::Kind::Bool)
    return Types.boolean();
  if (V.K == CV::Kind::Int) {
    int64_t I = V.Int;
    for (unsigned Bits = 8; Bits < 64; Bits *= 2) {
      int64_t Half = int64_t(1) << (Bits - 1);
      if (I < 0 && I >= -Half)
        return integer(Types, Bits, true);
      if (I >= 0 && I < 2 * Half) {
        SmallUnsigned = I < Half;
        return integer(Types, Bits, false);
      }
    }
    SmallUnsigned = I >= 0;
    return I >= 0 ? Types.uint64() : Types.int64();
  }
  double D = V.Float;
  if (D > -65000 && D < 65000)
    return Types.scalarByName("float16");
  if (D > -3.4e38 && D < 3.4e38)
    return Types.float32();
  return Types.float64();
}

/// np.result_type of an array's dtype and a scalar (NumPy 1.x's value-based
/// casting).
const ScalarType *promoteWithScalar(TypeContext &Types, const ScalarType *ArrayDtype,
                                    const Operand &Scalar) {
  if (categoryOf(Scalar.Dtype) > categoryOf(ArrayDtype))
    return promote(Types, ArrayDtype, Scalar.Dtype);
  bool SmallUnsigned = false;
  const ScalarType *Min = minScalarType(*Scalar.Value, Types, SmallUnsigned);
  if (SmallUnsigned && !ArrayDtype->isBoolean() &&
      !(ArrayDtype->isInteger() && !ArrayDtype->isSigned()))
    Min = integer(Types, Min->bitWidth(), true);
  return promote(Types, ArrayDtype, Min);
}

/// np.can_cast(From, To, 'safe') of dtypes.
bool castsSafely(const ScalarType *From, const ScalarType *To) {
  if (From == To || From->isBoolean())
    return true;
  if (To->isBoolean())
    return false;
  if (From->isFloat())
    return To->isFloat() && To->bitWidth() >= From->bitWidth();
  if (To->isFloat()) // the integers a float's mantissa holds; 64-bit ones to float64
    return To->bitWidth() == 64 || From->bitWidth() < (To->bitWidth() == 32 ? 24u : 11u);
  if (From->isSigned())
    return To->isSigned() && To->bitWidth() >= From->bitWidth();
  return To->isSigned() ? To->bitWidth() > From->bitWidth() : To->bitWidth() >= From->bitWidth();
}

/// NumPy 1.x's can_cast of a scalar to \p To: by its type, or else by its
/// value's smallest type.
bool castsSafely(const Operand &Scalar, const ScalarType *To, TypeContext &Types) {
  if (castsSafely(Scalar.Dtype, To))
    return true;
  bool SmallUnsigned = false;
  const ScalarType *Min = minScalarType(*Scalar.Value, Types, SmallUnsigned);
  if (SmallUnsigned && !(To->isInteger() && !To->isSigned()))
    Min = integer(Types, Min->bitWidth(), true);
  return Min && castsSafely(Min, To);
}

/// The type of the loop NumPy's default type resolver picks for \p Op:
/// the first of the ufunc's loops that every operand casts to safely
/// (`uint8_array // 300` runs int16's loop, where `+` would promote to
/// uint16). Null where no loop takes them (`float_array & 1`); nothing for
/// the operators that promote instead.
std::optional<const ScalarType *> searchedLoop(BinaryOp Op, const Operand &L, const Operand &R,
                                               TypeContext &Types) {
  bool Bitwise = Op == BinaryOp::BitAnd || Op == BinaryOp::BitOr || Op == BinaryOp::BitXor;
  bool Shift = Op == BinaryOp::LShift || Op == BinaryOp::RShift;
  if (!Bitwise && !Shift && Op != BinaryOp::FloorDiv && Op != BinaryOp::Mod &&
      Op != BinaryOp::Pow)
    return std::nullopt;
  std::vector<const ScalarType *> Loops;
  if (Bitwise)
    Loops.push_back(Types.boolean());
  for (unsigned Bits = 8; Bits <= 64; Bits *= 2) {
    Loops.push_back(integer(Types, Bits, true));
    Loops.push_back(integer(Types, Bits, false));
  }
  if (!Bitwise && !Shift)
    Loops.insert(Loops.end(),
                 {Types.scalarByName("float16"), Types.float32(), Types.float64()});
  // By value only as promotion does it: a scalar of no higher kind.
  const Operand &Array = L.IsArray ? L : R, &Scalar = L.IsArray ? R : L;
  bool ByValue = !Scalar.IsArray && categoryOf(Scalar.Dtype) <= categoryOf(Array.Dtype);
  auto Casts = [&](const Operand &O, const ScalarType *T) {
    return O.IsArray || !ByValue ? castsSafely(O.Dtype, T) : castsSafely(O, T, Types);
  };
  for (const ScalarType *T : Loops)
    if (Casts(L, T) && Casts(R, T))
      return T;
  return static_cast<const ScalarType *>(nullptr);
}

const ScalarType *resultType(TypeContext &Types, const Operand &L, const Operand &R) {
  if (L.IsArray && R.IsArray)
    return promote(Types, L.Dtype, R.Dtype);
  return L.IsArray ? promoteWithScalar(Types, L.Dtype, R) : promoteWithScalar(Types, R.Dtype, L);
}

/// NumPy's broadcast shape of \p A and \p B (a scalar's is empty).
std::optional<std::vector<int64_t>> broadcast(const std::vector<int64_t> &A,
                                              const std::vector<int64_t> &B) {
  std::vector<int64_t> Out(std::max(A.size(), B.size()));
  for (size_t I = 0; I < Out.size(); ++I) {
    int64_t X = I < A.size() ? A[A.size() - 1 - I] : 1;
    int64_t Y = I < B.size() ? B[B.size() - 1 - I] : 1;
    if (X != Y && X != 1 && Y != 1)
      return std::nullopt;
    Out[Out.size() - 1 - I] = X == 1 ? Y : X;
  }
  return Out;
}

/// For each element of an array of \p Shape, in C order, the element of
/// \p From (an array broadcast to it, or a scalar) it reads.
std::vector<const CV *> broadcastElements(const CV &From, const std::vector<int64_t> &Shape) {
  int64_t Count = 1;
  for (int64_t D : Shape)
    Count *= D;
  std::vector<const CV *> Out(size_t(Count), &From);
  if (From.K != CV::Kind::Array)
    return Out;
  // The strides of From's elements along Shape's axes (0 where it repeats).
  std::vector<int64_t> Strides(Shape.size(), 0);
  int64_t Stride = 1;
  for (size_t I = 0; I < From.Shape.size(); ++I) {
    size_t Axis = From.Shape.size() - 1 - I;
    size_t Into = Shape.size() - 1 - I;
    Strides[Into] = From.Shape[Axis] == 1 ? 0 : Stride;
    Stride *= From.Shape[Axis];
  }
  std::vector<int64_t> Index(Shape.size(), 0);
  int64_t At = 0;
  for (int64_t N = 0; N < Count; ++N) {
    Out[size_t(N)] = &From.Elements[size_t(At)];
    for (size_t Axis = Shape.size(); Axis-- > 0;) {
      At += Strides[Axis];
      if (++Index[Axis] < Shape[Axis])
        break;
      At -= Strides[Axis] * Shape[Axis];
      Index[Axis] = 0;
    }
  }
  return Out;
}

CV makeArray(std::vector<CV> Elements, std::vector<int64_t> Shape, const ScalarType *Dtype) {
  CV A;
  A.K = CV::Kind::Array;
  A.Dtype = Dtype;
  A.Shape = std::move(Shape);
  A.Elements = std::move(Elements);
  return A;
}

int64_t intValue(const CV &V) { return V.K == CV::Kind::Bool ? int64_t(V.Bool) : V.Int; }

double doubleValue(const CV &V) { return V.K == CV::Kind::Float ? V.Float : double(intValue(V)); }

/// NumPy's npy_divmod: the floor quotient, and the remainder in \p Mod,
/// computed in F as NumPy's loops for F compute them.
template <typename F> F numpyDivmod(F A, F B, F &Mod) {
  Mod = std::fmod(A, B);
  if (!B)
    return A / B;
  F Div = (A - Mod) / B;
  if (Mod) {
    if ((B < 0) != (Mod < 0)) {
      Mod += B;
      Div -= F(1);
    }
  } else {
    Mod = std::copysign(F(0), B);
  }
  if (!Div)
    return std::copysign(F(0), A / B);
  F Floor = std::floor(Div);
  if (Div - Floor > F(0.5))
    Floor += F(1);
  return Floor;
}

template <typename F> std::optional<F> floatOperator(BinaryOp Op, F A, F B) {
  F Mod;
  switch (Op) {
  case BinaryOp::Add:
    return A + B;
  case BinaryOp::Sub:
    return A - B;
  case BinaryOp::Mult:
    return A * B;
  case BinaryOp::Div:
    return A / B;
  case BinaryOp::FloorDiv:
    return B ? numpyDivmod(A, B, Mod) : A / B;
  case BinaryOp::Mod:
    if (!B)
      return std::fmod(A, B);
    numpyDivmod(A, B, Mod);
    return Mod;
  case BinaryOp::Pow:
    return std::pow(A, B);
  default:
    return std::nullopt; // bitwise operators: NumPy's TypeError
  }
}

/// \p Op on integers of \p T (operands already in T's range); the result
/// before it wraps into T, or nothing where NumPy raises or warns of
/// overflow.
std::optional<int64_t> integerOperator(BinaryOp Op, int64_t A, int64_t B, const ScalarType *T) {
  auto Wrap = [](uint64_t X) { return int64_t(X); };
  unsigned Bits = T->bitWidth();
  // T's least value: -2^(Bits-1), computed without overflow for int64.
  int64_t Min = T->isSigned() ? int64_t(~uint64_t(0) << (Bits - 1)) : 0;
  switch (Op) {
  case BinaryOp::Add:
    return Wrap(uint64_t(A) + uint64_t(B));
  case BinaryOp::Sub:
    return Wrap(uint64_t(A) - uint64_t(B));
  case BinaryOp::Mult:
    return Wrap(uint64_t(A) * uint64_t(B));
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod: {
    if (B == 0)
      return 0; // NumPy's result, with a RuntimeWarning
    if (B == -1 && A == Min && T->isSigned())
      return std::nullopt;
    int64_t Q = A / B, R = A % B;
    if (R != 0 && ((R < 0) != (B < 0))) {
      Q -= 1;
      R += B;
    }
    return Op == BinaryOp::FloorDiv ? Q : R;
  }
  case BinaryOp::Pow: {
    if (B < 0)
      return std::nullopt; // "Integers to negative integer powers are not allowed"
    uint64_t Result = 1, Base = uint64_t(A);
    for (uint64_t E = uint64_t(B); E; E >>= 1) {
      if (E & 1)
        Result *= Base;
      Base *= Base;
    }
    return Wrap(Result);
  }
  case BinaryOp::LShift:
  case BinaryOp::RShift:
    // NumPy defines the shifts C leaves undefined: out of range (a
    // negative count included) gives 0, or -1 for a negative `>>`.
    if (B < 0 || B >= int64_t(Bits))
      return Op == BinaryOp::RShift && A < 0 ? -1 : 0;
    return Op == BinaryOp::LShift ? Wrap(uint64_t(A) << B) : A >> B;
  case BinaryOp::BitAnd:
    return A & B;
  case BinaryOp::BitOr:
    return A | B;
  case BinaryOp::BitXor:
    return A ^ B;
  default:
    return std::nullopt;
  }
}

std::optional<bool> boolOperator(BinaryOp Op, bool A, bool B) {
  switch (Op) {
  case BinaryOp::Add: // np.add of bools is logical or, np.multiply and
  case BinaryOp::BitOr:
    return A || B;
  case BinaryOp::Mult:
  case BinaryOp::BitAnd:
    return A && B;
  case BinaryOp::BitXor:
    return A != B;
  default:
    return std::nullopt; // `-` of bools is a TypeError; the rest rare
  }
}

/// One element of `A op B`, both already of type \p T.
std::optional<CV> elementOperator(BinaryOp Op, const CV &A, const CV &B, const ScalarType *T) {
  if (T->isBoolean()) {
    auto R = boolOperator(Op, A.Bool, B.Bool);
    return R ? std::optional(CV::makeBool(*R)) : std::nullopt;
  }
  if (T->isFloat()) {
    if (T->bitWidth() == 32) {
      auto R = floatOperator<float>(Op, float(A.Float), float(B.Float));
      return R ? std::optional(CV::makeFloat(double(*R))) : std::nullopt;
    }
    auto R = floatOperator<double>(Op, A.Float, B.Float);
    return R ? std::optional(CV::makeFloat(*R)) : std::nullopt;
  }
  auto R = integerOperator(Op, A.Int, B.Int, T);
  return R ? std::optional(castConstant(CV::makeInt(*R), T)) : std::nullopt;
}

/// `A op B` elementwise in type \p T (the operands' values cast to
/// \p Operands first), broadcast.
std::optional<CV> elementwise(const CV &L, const CV &R, const ScalarType *Operands,
                              const ScalarType *T,
                              const std::function<std::optional<CV>(const CV &, const CV &)> &Fn) {
  std::vector<int64_t> LShape = L.K == CV::Kind::Array ? L.Shape : std::vector<int64_t>();
  std::vector<int64_t> RShape = R.K == CV::Kind::Array ? R.Shape : std::vector<int64_t>();
  auto Shape = broadcast(LShape, RShape);
  if (!Shape || Shape->empty())
    return std::nullopt;
  std::vector<const CV *> Ls = broadcastElements(L, *Shape), Rs = broadcastElements(R, *Shape);
  if (int64_t(Ls.size()) > MaxConstantArrayElements)
    return std::nullopt;
  std::vector<CV> Out;
  Out.reserve(Ls.size());
  for (size_t I = 0; I < Ls.size(); ++I) {
    auto V = Fn(castConstant(*Ls[I], Operands), castConstant(*Rs[I], Operands));
    if (!V)
      return std::nullopt;
    Out.push_back(castConstant(*V, T));
  }
  return makeArray(std::move(Out), std::move(*Shape), T);
}

} // namespace arraymath

using namespace arraymath;

namespace {

/// ndarray.__pow__'s shortcuts for a scalar exponent: `A ** 2` is
/// np.square(A) (keeping A's dtype, bools' int8), and for float arrays
/// `** 0.5` is np.sqrt, `** -1` the reciprocal, `** 1` a copy, `** 0` ones.
/// Nothing where NumPy takes np.power.
std::optional<CV> fastPower(const CV &A, const CV &Exponent, TypeContext &Types) {
  if (!isPythonNumber(Exponent))
    return std::nullopt;
  double E = Exponent.K == CV::Kind::Float  ? Exponent.Float
             : Exponent.K == CV::Kind::Bool ? double(Exponent.Bool)
                                            : double(Exponent.Int);
  const ScalarType *T = A.Dtype;
  if (!T->isFloat()) {
    if (E != 2)
      return std::nullopt;
    if (Exponent.K == CV::Kind::Float && T->isInteger()) { // A cast to float64, squared
      CV Floats = castArray(A, Types.float64());
      return arrayBinary(BinaryOp::Mult, Floats, Floats, Types);
    }
    return arrayFunction("square", {A}, {}, Types);
  }
  if (E == 2)
    return arrayBinary(BinaryOp::Mult, A, A, Types);
  if (E == 0.5)
    return arrayFunction("sqrt", {A}, {}, Types);
  if (E == 1)
    return A;
  if (E == -1 || E == 0) {
    CV Out = A;
    for (CV &X : Out.Elements)
      X = castConstant(CV::makeFloat(E == 0 ? 1.0 : T->bitWidth() == 32 ? double(1.0f / float(X.Float))
                                                                         : 1.0 / X.Float),
                       T);
    return Out;
  }
  return std::nullopt;
}

} // namespace

bool isMathArray(const CV &V) {
  return V.K == CV::Kind::Array && !V.Record && computable(V.Dtype) && !V.Shape.empty();
}

std::optional<CV> arrayBinary(BinaryOp Op, const CV &L, const CV &R, TypeContext &Types) {
  auto A = operandOf(L, Types), B = operandOf(R, Types);
  if (!A || !B || !(A->IsArray || B->IsArray))
    return std::nullopt;
  if (Op == BinaryOp::Pow && A->IsArray && !B->IsArray)
    if (auto V = fastPower(L, R, Types))
      return V;
  std::optional<const ScalarType *> Searched = searchedLoop(Op, *A, *B, Types);
  const ScalarType *T = Searched ? *Searched : resultType(Types, *A, *B);
  if (Op == BinaryOp::Div && T && !T->isFloat()) // true division of integers (uint64's too)
    T = Types.float64();
  if (!T || !computable(T))
    return std::nullopt;
  // Float powers are NumPy's SIMD loops (SVML) on AVX-512 machines: float32's
  // are not correctly rounded, and float64's match libm's within an ulp.
  if (Op == BinaryOp::Pow && T->isFloat() && T->bitWidth() != 64)
    return std::nullopt;
  return elementwise(L, R, T, T, [&](const CV &X, const CV &Y) {
    return elementOperator(Op, X, Y, T);
  });
}

std::optional<CV> arrayInPlace(BinaryOp Op, const CV &W, const CV &R, TypeContext &Types) {
  if (!isMathArray(W))
    return std::nullopt;
  auto V = arrayBinary(Op, W, R, Types);
  // NumPy casts into W within a kind ('same_kind'): never to a lower kind,
  // and W's shape stays (a broadcast that grows it is an error).
  if (!V || categoryOf(V->Dtype) > categoryOf(W.Dtype) || V->Shape != W.Shape)
    return std::nullopt;
  return castArray(std::move(*V), W.Dtype);
}

std::optional<CV> arrayUnary(UnaryOp Op, const CV &A) {
  if (!isMathArray(A) || Op == UnaryOp::Not)
    return std::nullopt; // `not A`: NumPy's ambiguous truth value
  const ScalarType *T = A.Dtype;
  if (T->isBoolean() && Op == UnaryOp::USub)
    return std::nullopt; // NumPy's TypeError
  if (T->isFloat() && Op == UnaryOp::Invert)
    return std::nullopt;
  std::vector<CV> Out;
  Out.reserve(A.Elements.size());
  for (const CV &X : A.Elements) {
    if (Op == UnaryOp::UAdd)
      Out.push_back(X);
    else if (T->isBoolean())
      Out.push_back(CV::makeBool(!X.Bool));
    else if (T->isFloat())
      Out.push_back(CV::makeFloat(-X.Float));
    else
      Out.push_back(castConstant(
          CV::makeInt(Op == UnaryOp::Invert ? ~X.Int : int64_t(0 - uint64_t(X.Int))), T));
  }
  return makeArray(std::move(Out), A.Shape, T);
}

} // namespace pykc::ir
