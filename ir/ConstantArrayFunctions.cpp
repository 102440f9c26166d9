//===- ConstantArrayFunctions.cpp - NumPy's functions of module arrays ---===//
//
// The ufuncs (np.sqrt, np.exp, np.abs, np.maximum, np.add, ...), the
// reductions with NumPy's result types and summation order (np.sum,
// np.mean, np.cumsum, ...), and the methods and attributes module code
// uses on the arrays ConstantArrayMath.cpp computes.
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
using namespace arraymath;

namespace {

/// NumPy's pairwise summation of float elements, in F (its
/// FLOAT/DOUBLE_pairwise_sum).
template <typename F> F pairwiseSum(const F *A, int64_t N) {
  if (N < 8) {
    F Sum = F(-0.0);
    for (int64_t I = 0; I < N; ++I)
      Sum += A[I];
    return Sum;
  }
  if (N <= 128) {
    F R[8];
    for (int J = 0; J < 8; ++J)
      R[J] = A[J];
    int64_t I = 8;
    for (; I < N - (N % 8); I += 8)
      for (int J = 0; J < 8; ++J)
        R[J] += A[I + J];
    F Sum = ((R[0] + R[1]) + (R[2] + R[3])) + ((R[4] + R[5]) + (R[6] + R[7]));
    for (; I < N; ++I)
      Sum += A[I];
    return Sum;
  }
  int64_t Half = N / 2;
  Half -= Half % 8;
  return pairwiseSum(A, Half) + pairwiseSum(A + Half, N - Half);
}

/// NumPy's buffer size (np.getbufsize()): its reductions hand the loop
/// this many elements at a time, so a long sum is pairwise in pieces of it
/// (checked against NumPy 1.24 up to 300,001 elements).
constexpr size_t NumpyBufferSize = 8192;

/// np.add.reduce of floats in F, as NumPy runs it: the identity, plus
/// the pairwise sum of each piece of \p Piece elements its iterator hands
/// the loop at a time.
template <typename F> F floatSum(const std::vector<CV> &Elements, size_t Piece) {
  std::vector<F> Values;
  Values.reserve(Elements.size());
  for (const CV &E : Elements)
    Values.push_back(F(doubleValue(E)));
  F Sum = F(0);
  for (size_t At = 0; At < Values.size(); At += Piece)
    Sum += pairwiseSum(Values.data() + At, int64_t(std::min(Piece, Values.size() - At)));
  return Sum;
}

CV typedScalar(CV V, const ScalarType *T) {
  V.Typed = T;
  return V;
}

/// The dtype np.sum and np.prod give: the platform's int for bools and
/// smaller ints, else the array's.
const ScalarType *sumType(const ScalarType *T, TypeContext &Types) {
  if (T->isBoolean() || (T->isInteger() && T->isSigned()))
    return Types.int64();
  if (T->isInteger())
    return Types.uint64();
  return T;
}

std::optional<CV> reduce(const std::string &Name, const CV &A, TypeContext &Types) {
  const ScalarType *T = A.Dtype;
  const std::vector<CV> &E = A.Elements;
  if (Name == "sum" || Name == "prod" || Name == "cumsum") {
    const ScalarType *R = sumType(T, Types);
    if (!computable(R))
      return std::nullopt;
    if (Name == "cumsum") {
      std::vector<CV> Out;
      CV Running = R->isFloat() ? CV::makeFloat(0) : CV::makeInt(0);
      for (size_t I = 0; I < E.size(); ++I) {
        CV X = castConstant(E[I], R);
        auto Next = I ? elementOperator(BinaryOp::Add, Running, X, R) : std::optional(X);
        if (!Next)
          return std::nullopt;
        Running = castConstant(*Next, R);
        Out.push_back(Running);
      }
      return makeArray(std::move(Out), {int64_t(E.size())}, R);
    }
    if (Name == "sum" && R->isFloat())
      return typedScalar(CV::makeFloat(R->bitWidth() == 32
                                           ? double(floatSum<float>(E, NumpyBufferSize))
                                           : floatSum<double>(E, NumpyBufferSize)),
                         R);
    BinaryOp Op = Name == "sum" ? BinaryOp::Add : BinaryOp::Mult;
    CV Acc = R->isFloat() ? CV::makeFloat(Name == "sum" ? 0 : 1) : CV::makeInt(Name == "sum" ? 0 : 1);
    for (const CV &X : E) {
      auto Next = elementOperator(Op, Acc, castConstant(X, R), R);
      if (!Next)
        return std::nullopt;
      Acc = castConstant(*Next, R);
    }
    return typedScalar(Acc, R);
  }
  if (Name == "mean") {
    if (E.empty())
      return std::nullopt; // NaN, with a RuntimeWarning
    if (T->bitWidth() == 32 && T->isFloat())
      return typedScalar(CV::makeFloat(double(floatSum<float>(E, NumpyBufferSize) / float(E.size()))),
                         T);
    return typedScalar(CV::makeFloat(floatSum<double>(E, NumpyBufferSize) / double(E.size())),
                       Types.float64());
  }
  if (Name == "max" || Name == "min" || Name == "amax" || Name == "amin") {
    if (E.empty())
      return std::nullopt; // NumPy's ValueError
    bool Max = Name == "max" || Name == "amax";
    CV Best = E[0];
    for (const CV &X : E) {
      if (T->isFloat()) {
        if (std::isnan(Best.Float))
          break; // NaN propagates
        if (std::isnan(X.Float) || (Max ? X.Float > Best.Float : X.Float < Best.Float))
          Best = X;
      } else if (T->isBoolean() ? (Max ? X.Bool && !Best.Bool : !X.Bool && Best.Bool)
                                : (Max ? X.Int > Best.Int : X.Int < Best.Int)) {
        Best = X;
      }
    }
    return typedScalar(Best, T);
  }
  return std::nullopt;
}

/// The float type NumPy's float ufuncs give an input of \p T (float16
/// for bools and 8-bit integers, which pykc leaves to the run).
const ScalarType *floatResult(const ScalarType *T, TypeContext &Types) {
  if (T->isFloat())
    return T;
  if (T->isBoolean() || T->bitWidth() == 8)
    return nullptr;
  return T->bitWidth() == 16 ? Types.float32() : Types.float64();
}

using UnaryFn = double (*)(double);

UnaryFn libmFunction(const std::string &Name) {
  static const std::pair<const char *, UnaryFn> Table[] = {
      {"exp", [](double X) { return std::exp(X); }},
      {"exp2", [](double X) { return std::exp2(X); }},
      {"expm1", [](double X) { return std::expm1(X); }},
      {"log", [](double X) { return std::log(X); }},
      {"log2", [](double X) { return std::log2(X); }},
      {"log10", [](double X) { return std::log10(X); }},
      {"log1p", [](double X) { return std::log1p(X); }},
      {"sin", [](double X) { return std::sin(X); }},
      {"cos", [](double X) { return std::cos(X); }},
      {"tan", [](double X) { return std::tan(X); }},
      {"arcsin", [](double X) { return std::asin(X); }},
      {"arccos", [](double X) { return std::acos(X); }},
      {"arctan", [](double X) { return std::atan(X); }},
      {"sinh", [](double X) { return std::sinh(X); }},
      {"cosh", [](double X) { return std::cosh(X); }},
      {"tanh", [](double X) { return std::tanh(X); }},
      {"arcsinh", [](double X) { return std::asinh(X); }},
      {"arccosh", [](double X) { return std::acosh(X); }},
      {"arctanh", [](double X) { return std::atanh(X); }},
      {"cbrt", [](double X) { return std::cbrt(X); }},
  };
  for (const auto &[N, Fn] : Table)
    if (Name == N)
      return Fn;
  return nullptr;
}

/// Elementwise ufuncs of one array.
std::optional<CV> unaryUfunc(const std::string &Name, const CV &A, TypeContext &Types) {
  const ScalarType *T = A.Dtype;
  auto Map = [&](const ScalarType *R, const std::function<std::optional<CV>(const CV &)> &Fn)
      -> std::optional<CV> {
    std::vector<CV> Out;
    Out.reserve(A.Elements.size());
    for (const CV &X : A.Elements) {
      auto V = Fn(X);
      if (!V)
        return std::nullopt;
      Out.push_back(castConstant(*V, R));
    }
    return makeArray(std::move(Out), A.Shape, R);
  };
  if (Name == "negative")
    return arrayUnary(UnaryOp::USub, A);
  if (Name == "positive")
    return arrayUnary(UnaryOp::UAdd, A);
  if (Name == "square" && T->isBoolean()) // no bool loop: int8's
    return Map(integer(Types, 8, true),
               [](const CV &X) -> std::optional<CV> { return CV::makeInt(X.Bool); });
  if (Name == "square")
    return arrayBinary(BinaryOp::Mult, A, A, Types);
  if (Name == "abs" || Name == "absolute") {
    return Map(T, [&](const CV &X) -> std::optional<CV> {
      if (T->isFloat())
        return CV::makeFloat(std::fabs(X.Float));
      if (T->isBoolean())
        return X;
      return CV::makeInt(X.Int < 0 ? int64_t(0 - uint64_t(X.Int)) : X.Int); // wraps at the minimum
    });
  }
  if (Name == "floor" || Name == "ceil" || Name == "trunc" || Name == "rint") {
    const ScalarType *R = floatResult(T, Types); // their loops are float ones
    if (!R)
      return std::nullopt;
    return Map(R, [&](const CV &X) -> std::optional<CV> {
      double V = doubleValue(X);
      return CV::makeFloat(Name == "floor" ? std::floor(V)
                           : Name == "ceil" ? std::ceil(V)
                           : Name == "trunc" ? std::trunc(V)
                                             : std::nearbyint(V));
    });
  }
  const ScalarType *R = floatResult(T, Types);
  if (!R)
    return std::nullopt;
  if (Name == "sqrt") // correctly rounded in either width
    return Map(R, [&](const CV &X) -> std::optional<CV> {
      double V = doubleValue(X);
      return CV::makeFloat(R->bitWidth() == 32 ? double(std::sqrt(float(V))) : std::sqrt(V));
    });
  UnaryFn Fn = libmFunction(Name);
  // float32's loops are NumPy's own SIMD code, not correctly rounded:
  // their last bits are not known here.
  if (!Fn || R->bitWidth() != 64)
    return std::nullopt;
  return Map(R, [&](const CV &X) -> std::optional<CV> {
    return CV::makeFloat(Fn(doubleValue(X)));
  });
}

/// np.maximum / np.minimum (NaN propagates), np.fmax / np.fmin (NaN
/// ignored).
std::optional<CV> extremum(const std::string &Name, const CV &L, const CV &R,
                           TypeContext &Types) {
  auto A = operandOf(L, Types), B = operandOf(R, Types);
  if (!A || !B)
    return std::nullopt;
  const ScalarType *T = resultType(Types, *A, *B);
  if (!computable(T))
    return std::nullopt;
  bool Max = Name == "maximum" || Name == "fmax";
  bool IgnoreNaN = Name == "fmax" || Name == "fmin";
  return elementwise(L, R, T, T, [&](const CV &X, const CV &Y) -> std::optional<CV> {
    if (T->isFloat()) {
      bool XNaN = std::isnan(X.Float), YNaN = std::isnan(Y.Float);
      if (XNaN || YNaN)
        return IgnoreNaN ? (XNaN ? Y : X) : (XNaN ? X : Y);
      return (Max ? X.Float >= Y.Float : X.Float <= Y.Float) ? X : Y;
    }
    int64_t XI = intValue(X), YI = intValue(Y);
    return (Max ? XI >= YI : XI <= YI) ? X : Y;
  });
}

std::optional<BinaryOp> ufuncOperator(const std::string &Name) {
  static const std::pair<const char *, BinaryOp> Table[] = {
      {"add", BinaryOp::Add},          {"subtract", BinaryOp::Sub},
      {"multiply", BinaryOp::Mult},    {"divide", BinaryOp::Div},
      {"true_divide", BinaryOp::Div},  {"floor_divide", BinaryOp::FloorDiv},
      {"power", BinaryOp::Pow},        {"remainder", BinaryOp::Mod},
      {"mod", BinaryOp::Mod},          {"left_shift", BinaryOp::LShift},
      {"right_shift", BinaryOp::RShift}, {"bitwise_and", BinaryOp::BitAnd},
      {"bitwise_or", BinaryOp::BitOr}, {"bitwise_xor", BinaryOp::BitXor},
  };
  for (const auto &[N, Op] : Table)
    if (Name == N)
      return Op;
  return std::nullopt;
}

} // namespace

std::optional<CV> arrayFunction(const std::string &Name, const std::vector<CV> &Args,
                                const std::vector<std::pair<std::string, CV>> &Keywords,
                                TypeContext &Types) {
  // axis=None is the only axis computed; other keywords change the result.
  for (const auto &[K, V] : Keywords)
    if (K != "axis" || V.K != CV::Kind::None)
      return std::nullopt;
  if (Args.size() == 1 && isMathArray(Args[0])) {
    if (auto V = reduce(Name, Args[0], Types))
      return V;
    if (!Keywords.empty())
      return std::nullopt;
    return unaryUfunc(Name, Args[0], Types);
  }
  if (Args.size() != 2 || !Keywords.empty() || !(isMathArray(Args[0]) || isMathArray(Args[1])))
    return std::nullopt;
  if (auto Op = ufuncOperator(Name))
    return arrayBinary(*Op, Args[0], Args[1], Types);
  if (Name == "maximum" || Name == "minimum" || Name == "fmax" || Name == "fmin")
    return extremum(Name, Args[0], Args[1], Types);
  return std::nullopt;
}

std::optional<CV> arrayMethod(const CV &A, const std::string &Method,
                              const std::vector<CV> &Args, TypeContext &Types) {
  if (!isMathArray(A))
    return std::nullopt;
  if (Args.empty()) {
    if (auto V = reduce(Method, A, Types))
      return V;
    if (Method == "copy")
      return A;
    if (Method == "flatten" || Method == "ravel")
      return reshapedArray(A, {int64_t(A.Elements.size())});
    if (Method == "tolist" && A.Shape.size() == 1) {
      CV L;
      L.K = CV::Kind::List;
      for (const CV &X : A.Elements) {
        CV Plain = X;
        Plain.Typed = nullptr;
        L.Elements.push_back(Plain);
      }
      return L;
    }
    return std::nullopt;
  }
  if (Method == "astype" && Args.size() == 1 && Args[0].K == CV::Kind::Dtype && Args[0].Dtype)
    return castArray(A, Args[0].Dtype);
  if (Method == "reshape") {
    std::vector<int64_t> Shape;
    const std::vector<CV> &Dims =
        Args.size() == 1 && Args[0].K == CV::Kind::Tuple ? Args[0].Elements : Args;
    for (const CV &D : Dims) {
      if (D.K != CV::Kind::Int)
        return std::nullopt;
      Shape.push_back(D.Int);
    }
    return reshapedArray(A, std::move(Shape));
  }
  return std::nullopt;
}

std::optional<CV> arrayAttribute(const CV &A, const std::string &Attr) {
  if (A.K != CV::Kind::Array || A.Shape.empty())
    return std::nullopt;
  int64_t Size = 1;
  for (int64_t D : A.Shape)
    Size *= D;
  if (Attr == "shape") {
    CV T;
    T.K = CV::Kind::Tuple;
    for (int64_t D : A.Shape)
      T.Elements.push_back(CV::makeInt(D));
    return T;
  }
  if (Attr == "size")
    return CV::makeInt(Size);
  if (Attr == "ndim")
    return CV::makeInt(int64_t(A.Shape.size()));
  const Type *Element = A.Record ? static_cast<const Type *>(A.Record) : A.Dtype;
  if (Attr == "dtype" && Element)
    return CV::makeDtype(Element);
  if (A.Record || !A.Dtype)
    return std::nullopt;
  if (Attr == "itemsize")
    return CV::makeInt(int64_t(A.Dtype->byteSize()));
  if (Attr == "nbytes")
    return CV::makeInt(Size * int64_t(A.Dtype->byteSize()));
  return std::nullopt;
}

} // namespace pykc::ir
