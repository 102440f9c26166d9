//===- ConstantArray.cpp - Module-level NumPy arrays -----------------------===//
#include "ir/ConstantArray.h"

#include "ir/RecordDtype.h"

#include <cstdio>
#include <cstring>

#include "ir/Type.h"

#include <cmath>
#include <cstring>

namespace pykc::ir {

namespace fe = frontend;
using CV = ConstantValue;

CV castConstant(const CV &V, const ScalarType *D) {
  auto AsDouble = [](const CV &X) {
    return X.K == CV::Kind::Float || X.K == CV::Kind::Complex ? X.Float
           : X.K == CV::Kind::Bool                             ? double(X.Bool)
                                                               : double(X.Int);
  };
  if (D->isComplex()) {
    double Im = V.K == CV::Kind::Complex ? V.Imag : 0;
    return D->bitWidth() == 64 ? CV::makeComplex(float(AsDouble(V)), float(Im))
                               : CV::makeComplex(AsDouble(V), Im);
  }
  // NumPy drops the imaginary part (with a ComplexWarning).
  if (D->isBoolean())
    return CV::makeBool(AsDouble(V) != 0);
  if (D->isFloat()) {
    double X = AsDouble(V);
    return CV::makeFloat(D->bitWidth() == 32 ? double(float(X)) : X);
  }
  int64_t I = V.K == CV::Kind::Bool ? int64_t(V.Bool) : V.Int;
  if (V.K == CV::Kind::Float || V.K == CV::Kind::Complex) {
    // Truncated toward zero; beyond int64 (or NaN) NumPy's result is
    // undefined, and this one is at least defined.
    double T = std::trunc(V.Float);
    I = !(T == T) ? 0 : T >= 0x1p63 ? INT64_MAX : T < -0x1p63 ? INT64_MIN : int64_t(T);
  }
  unsigned W = D->bitWidth();
  if (W < 64) {
    uint64_t Bits = uint64_t(I) & ((uint64_t(1) << W) - 1);
    if (D->isSigned() && (Bits >> (W - 1)) & 1)
      Bits |= ~((uint64_t(1) << W) - 1);
    I = int64_t(Bits);
  }
  return CV::makeInt(I);
}

CV castArray(CV A, const ScalarType *D) {
  A.Dtype = D;
  for (CV &V : A.Elements)
    V = castConstant(V, D);
  return A;
}

std::optional<CV> evaluateNumpyScalar(const fe::Expr &E, const ConstantLookup &Lookup) {
  auto *Call = fe::dyn_cast<fe::CallExpr>(&E);
  if (!Call || Call->Args.size() != 1 || !Call->Keywords.empty())
    return std::nullopt;
  std::optional<CV> Type = Lookup(*Call->Func);
  if (!Type || Type->K != CV::Kind::Dtype || !Type->Dtype)
    return std::nullopt;
  std::optional<CV> V = evaluateConstant(*Call->Args[0], Lookup);
  if (!V || (V->K != CV::Kind::Int && V->K != CV::Kind::Float && V->K != CV::Kind::Bool &&
             V->K != CV::Kind::Complex))
    return std::nullopt;
  if (V->K == CV::Kind::Complex && !Type->Dtype->isComplex())
    return std::nullopt; // NumPy refuses complex to real
  CV Out = castConstant(*V, Type->Dtype);
  Out.Typed = Type->Dtype;
  return Out;
}

namespace {

class ArrayEvaluator {
public:
  ArrayEvaluator(const PathResolver &Resolve, const ConstantLookup &Lookup, TypeContext &Types)
      : Resolve(Resolve), Lookup(Lookup), Types(Types) {}

  /// Why the last evaluation gave nothing, when it was the size.
  std::string TooLarge;

  std::optional<CV> evaluate(const fe::Expr &E) {
    auto *C = fe::dyn_cast<fe::CallExpr>(&E);
    if (!C)
      return std::nullopt;
    // ARRAY.reshape(shape) and ARRAY.astype(dtype).
    if (auto *A = fe::dyn_cast<fe::AttributeExpr>(C->Func)) {
      if (A->Attr == "reshape" || A->Attr == "astype") {
        if (auto Base = evaluate(*A->Value))
          return A->Attr == "reshape" ? reshape(std::move(*Base), *C) : astype(std::move(*Base), *C);
        if (!Resolve(*C->Func))
          return std::nullopt;
      }
    }
    std::optional<std::string> Path = Resolve(*C->Func);
    if (!Path || Path->rfind("numpy.", 0) != 0)
      return std::nullopt;
    std::string Fn = Path->substr(6);
    if (Fn == "array" || Fn == "asarray")
      return array(*C);
    if (Fn == "arange")
      return arange(*C);
    if (Fn == "zeros" || Fn == "ones" || Fn == "full")
      return filled(*C, Fn);
    if (Fn == "linspace")
      return linspace(*C);
    return std::nullopt;
  }

private:
  const PathResolver &Resolve;
  const ConstantLookup &Lookup;
  TypeContext &Types;

  static bool isNumber(const CV &V) {
    return V.K == CV::Kind::Int || V.K == CV::Kind::Float || V.K == CV::Kind::Bool ||
           V.K == CV::Kind::Complex;
  }
  static double asDouble(const CV &V) {
    if (V.K == CV::Kind::Float || V.K == CV::Kind::Complex)
      return V.Float; // a complex's real part
    return V.K == CV::Kind::Bool ? double(V.Bool) : double(V.Int);
  }

  /// A keyword's value, or nullptr.
  static const fe::Expr *keyword(const fe::CallExpr &C, const std::string &Name) {
    for (const fe::Keyword &K : C.Keywords)
      if (K.Name == Name)
        return K.Value;
    return nullptr;
  }
  /// Only keywords in \p Allowed (others may change the result).
  static bool onlyKeywords(const fe::CallExpr &C, std::initializer_list<const char *> Allowed) {
    for (const fe::Keyword &K : C.Keywords) {
      bool Ok = false;
      for (const char *A : Allowed)
        Ok |= K.Name == A;
      if (!Ok)
        return false;
    }
    return true;
  }

  /// A dtype argument: np.float32, numba.int32, 'f4', float, int, bool.
  /// Null when absent; std::nullopt when not a dtype.
  std::optional<const ScalarType *> dtype(const fe::Expr *E) {
    if (!E)
      return static_cast<const ScalarType *>(nullptr);
    if (auto *N = fe::dyn_cast<fe::NameExpr>(E)) {
      if (N->Id == "float")
        return Types.float64();
      if (N->Id == "int")
        return Types.int64();
      if (N->Id == "bool")
        return Types.boolean();
    }
    std::optional<CV> V = Lookup(*E);
    if (!V)
      V = constant(*E);
    if (V && V->K == CV::Kind::Dtype)
      return V->Dtype;
    if (V && V->K == CV::Kind::String)
      if (const ScalarType *S = Types.scalarByName(V->String))
        return S;
    return std::nullopt;
  }

  std::optional<CV> constant(const fe::Expr &E) { return evaluateConstant(E, Lookup); }

  /// A record dtype argument: a name bound to one, np.dtype(...) or a list
  /// spec written in place; null otherwise.
  const RecordType *recordDtype(const fe::Expr *E) {
    if (!E)
      return nullptr;
    if (std::optional<CV> V = Lookup(*E); V && V->K == CV::Kind::Dtype && V->Record)
      return V->Record;
    if (auto *L = fe::dyn_cast<fe::ListExpr>(E)) {
      // dtype=[('x', float), ...]: as np.dtype([...]) would make it.
      return recordFromListSpec(*L);
    }
    RecordDtypeResult R = evaluateRecordDtype(*E, Resolve, Lookup, Types);
    return R.Record;
  }

  const RecordType *recordFromListSpec(const fe::ListExpr &L);

  static CV recordArrayOf(const RecordType *R, std::vector<int64_t> Shape) {
    CV A;
    A.K = CV::Kind::Array;
    A.Record = R;
    A.Shape = std::move(Shape);
    return A;
  }

  /// np.array(LIST, dtype=record): a list (of lists) of tuples, one value
  /// per field, laid out as NumPy lays them out.
  std::optional<CV> recordArray(const fe::Expr &Values, const RecordType *R) {
    std::vector<int64_t> Shape;
    std::vector<const fe::Expr *> Records;
    if (!recordLeaves(Values, 0, Shape, Records) || Shape.empty() || Shape.size() > 3 ||
        Records.size() > MaxConstantArrayBytes / R->size())
      return std::nullopt;
    CV A = recordArrayOf(R, Shape);
    A.Bytes.assign(Records.size() * R->size(), '\0');
    for (size_t I = 0; I < Records.size(); ++I)
      if (!writeRecord(*Records[I], R, &A.Bytes[I * R->size()]))
        return std::nullopt;
    return A;
  }

  /// The records of a (nested) list display: tuples are records, lists
  /// dimensions of one length each.
  bool recordLeaves(const fe::Expr &E, size_t Depth, std::vector<int64_t> &Shape,
                    std::vector<const fe::Expr *> &Out) {
    auto *L = fe::dyn_cast<fe::ListExpr>(&E);
    if (!L) {
      if (!fe::isa<fe::TupleExpr>(&E) || Depth != Shape.size() || Depth == 0)
        return false;
      Out.push_back(&E);
      return true;
    }
    if (Depth == Shape.size())
      Shape.push_back(int64_t(L->Elts.size()));
    else if (Depth > Shape.size() || Shape[Depth] != int64_t(L->Elts.size()))
      return false;
    for (const fe::Expr *Item : L->Elts)
      if (!recordLeaves(*Item, Depth + 1, Shape, Out))
        return false;
    return Depth + 1 == Shape.size() || !L->Elts.empty();
  }

  /// One field's value into its bytes: a number cast as NumPy casts it, a
  /// nested record's tuple, a subarray's nested lists or tuples (or one
  /// number for all of it).
  bool writeValue(const fe::Expr &E, const Type *Ty, char *Out) {
    if (auto *R = dynCast<RecordType>(Ty))
      return writeRecord(E, R, Out);
    if (auto *N = dynCast<NestedArrayType>(Ty)) {
      std::optional<CV> V = nested(E);
      if (!V)
        return false;
      std::vector<CV> Flat;
      std::vector<int64_t> Shape;
      int LeafDepth = -1;
      if (V->K != CV::Kind::Tuple) // one number fills the subarray
        Flat.assign(size_t(N->count()), *V);
      else if (!flatten(*V, 0, LeafDepth, Shape, Flat) || Shape != N->shape())
        return false;
      auto *S = dynCast<ScalarType>(N->element());
      if (!S)
        return false;
      for (size_t K = 0; K < Flat.size(); ++K)
        if (!writeScalar(Flat[K], S, Out + K * S->byteSize()))
          return false;
      return true;
    }
    std::optional<CV> V = constant(E);
    return V && writeScalar(*V, dynCast<ScalarType>(Ty), Out);
  }

  bool writeRecord(const fe::Expr &E, const RecordType *R, char *Out) {
    auto *T = fe::dyn_cast<fe::TupleExpr>(&E);
    if (!T || T->Elts.size() != R->fields().size())
      return false;
    for (size_t I = 0; I < T->Elts.size(); ++I)
      if (!writeValue(*T->Elts[I], R->fields()[I].Ty, Out + R->fields()[I].Offset))
        return false;
    return true;
  }

  static bool writeScalar(const CV &V, const ScalarType *S, char *Out) {
    if (!S || !isNumber(V))
      return false;
    CV C = castConstant(V, S);
    auto Put = [&](auto X, size_t At) { std::memcpy(Out + At, &X, sizeof X); };
    if (S->isBoolean())
      Put(uint8_t(C.Bool), 0);
    else if (S->isComplex() && S->bitWidth() == 64)
      Put(float(C.Float), 0), Put(float(C.Imag), 4);
    else if (S->isComplex())
      Put(C.Float, 0), Put(C.Imag, 8);
    else if (S->isFloat() && S->bitWidth() == 16)
      Put(_Float16(C.Float), 0);
    else if (S->isFloat() && S->bitWidth() == 32)
      Put(float(C.Float), 0);
    else if (S->isFloat())
      Put(C.Float, 0);
    else // little-endian, as NumPy's files and every host pykc runs on
      std::memcpy(Out, &C.Int, S->byteSize());
    return true;
  }

  /// NumPy's dtype for Python numbers: bool, else int64, else float64, else
  /// complex128.
  const ScalarType *inferred(const std::vector<CV> &Elements) {
    bool AnyFloat = false, AllBool = true, AnyComplex = false;
    for (const CV &V : Elements) {
      AnyFloat |= V.K == CV::Kind::Float;
      AnyComplex |= V.K == CV::Kind::Complex;
      AllBool &= V.K == CV::Kind::Bool;
    }
    if (AnyComplex)
      return Types.complex128();
    return AnyFloat ? Types.float64() : AllBool && !Elements.empty() ? Types.boolean() : Types.int64();
  }

  /// Records that an array of \p Count elements (a double: it may be past
  /// int64) is too large to freeze, for the diagnostic.
  void tooLarge(double Count) {
    char Text[160];
    // Past 2**53 a double no longer counts exactly: say so.
    std::snprintf(Text, sizeof Text,
                  Count > 9007199254740992.0 ? "about %.3g elements, more than the %lld pykc freezes"
                                             : "%.0f elements, more than the %lld pykc freezes",
                  Count, (long long)MaxConstantArrayElements);
    TooLarge = Text;
  }

  std::optional<CV> make(std::vector<CV> Elements, std::vector<int64_t> Shape, const ScalarType *D) {
    if (int64_t(Elements.size()) > MaxConstantArrayElements) {
      tooLarge(double(Elements.size()));
      return std::nullopt;
    }
    if (Shape.empty() || Shape.size() > 3)
      return std::nullopt;
    CV A;
    A.K = CV::Kind::Array;
    A.Dtype = D ? D : inferred(Elements);
    A.Shape = std::move(Shape);
    for (CV &V : Elements)
      V = castConstant(V, A.Dtype);
    A.Elements = std::move(Elements);
    return A;
  }

  /// A nested list or tuple display as a tuple value (names of constants
  /// inside it included); a number as itself; another expression as its
  /// value (a list module code built, a comprehension's).
  std::optional<CV> nested(const fe::Expr &E) {
    const fe::ExprList *Items = nullptr;
    if (auto *L = fe::dyn_cast<fe::ListExpr>(&E))
      Items = &L->Elts;
    else if (auto *T = fe::dyn_cast<fe::TupleExpr>(&E))
      Items = &T->Elts;
    if (!Items)
      return constant(E);
    CV Tuple;
    Tuple.K = CV::Kind::Tuple;
    for (const fe::Expr *Item : *Items) {
      std::optional<CV> V = nested(*Item);
      if (!V)
        return std::nullopt;
      Tuple.Elements.push_back(std::move(*V));
    }
    return Tuple;
  }

  /// Flattens nested tuples of numbers in C order, finding the shape and
  /// checking that it is not ragged: every number sits at one depth
  /// (\p LeafDepth, -1 until the first) and every tuple at a depth has
  /// that depth's length.
  static bool flatten(const CV &V, size_t Depth, int &LeafDepth, std::vector<int64_t> &Shape,
                      std::vector<CV> &Out) {
    if (V.K != CV::Kind::Tuple && V.K != CV::Kind::List) {
      if (LeafDepth < 0)
        LeafDepth = int(Depth);
      if (!isNumber(V) || size_t(LeafDepth) != Depth || Depth != Shape.size())
        return false;
      Out.push_back(V);
      return int64_t(Out.size()) <= MaxConstantArrayElements;
    }
    if (LeafDepth >= 0 && Depth >= size_t(LeafDepth))
      return false;
    if (Depth == Shape.size())
      Shape.push_back(int64_t(V.Elements.size()));
    else if (Depth > Shape.size() || Shape[Depth] != int64_t(V.Elements.size()))
      return false;
    for (const CV &E : V.Elements)
      if (!flatten(E, Depth + 1, LeafDepth, Shape, Out))
        return false;
    return true;
  }

  std::optional<CV> array(const fe::CallExpr &C) {
    if (C.Args.size() != 1 || !onlyKeywords(C, {"dtype"}))
      return std::nullopt;
    if (const RecordType *R = recordDtype(keyword(C, "dtype")))
      return recordArray(*C.Args[0], R);
    auto D = dtype(keyword(C, "dtype"));
    std::optional<CV> Values = nested(*C.Args[0]);
    // np.array(W) of another frozen array: a copy, cast to dtype.
    if (D && Values && Values->K == CV::Kind::Array && !Values->Record && Values->Dtype)
      return make(Values->Elements, Values->Shape, *D ? *D : Values->Dtype);
    std::vector<int64_t> Shape;
    std::vector<CV> Elements;
    int LeafDepth = -1;
    if (!D || !Values || !flatten(*Values, 0, LeafDepth, Shape, Elements))
      return std::nullopt;
    return make(std::move(Elements), std::move(Shape), *D);
  }

  /// Appends the dimensions \p V gives: an int, or (with \p AllowTuple) a
  /// tuple of ints.
  static bool appendDims(const CV &V, bool AllowTuple, std::vector<int64_t> &Shape) {
    if (V.K == CV::Kind::Int) {
      Shape.push_back(V.Int);
      return true;
    }
    if (V.K != CV::Kind::Tuple || !AllowTuple)
      return false;
    for (const CV &X : V.Elements) {
      if (X.K != CV::Kind::Int)
        return false;
      Shape.push_back(X.Int);
    }
    return true;
  }

  /// A shape: an int or a tuple of ints, each at least 0.
  std::optional<std::vector<int64_t>> shape(const fe::Expr &E) {
    std::optional<CV> V = constant(E);
    if (!V)
      return std::nullopt;
    std::vector<int64_t> Shape;
    if (!appendDims(*V, /*AllowTuple=*/true, Shape))
      return std::nullopt;
    int64_t Count = 1;
    for (int64_t N : Shape)
      if (N < 0)
        return std::nullopt;
    for (int64_t N : Shape)
      if (__builtin_mul_overflow(Count, N, &Count) || Count > MaxConstantArrayElements) {
        double All = 1; // the whole count, for the message (past int64 too)
        for (int64_t M : Shape)
          All *= double(M);
        tooLarge(All);
        return std::nullopt;
      }
    return Shape;
  }

  static int64_t count(const std::vector<int64_t> &Shape) {
    int64_t N = 1;
    for (int64_t D : Shape)
      N *= D;
    return N;
  }

  std::optional<CV> filled(const fe::CallExpr &C, const std::string &Fn) {
    bool Full = Fn == "full";
    if (C.Args.empty() || C.Args.size() > (Full ? 3u : 2u) || !onlyKeywords(C, {"dtype"}))
      return std::nullopt;
    auto Shape = shape(*C.Args[0]);
    const fe::Expr *DtypeArg = keyword(C, "dtype");
    if (C.Args.size() == (Full ? 3u : 2u))
      DtypeArg = C.Args.back();
    if (const RecordType *R = recordDtype(DtypeArg)) {
      // np.zeros(n, dtype=rec): records of zero bytes.
      if (Fn != "zeros" || !Shape || Shape->empty() || Shape->size() > 3 ||
          uint64_t(count(*Shape)) > MaxConstantArrayBytes / R->size())
        return std::nullopt;
      CV A = recordArrayOf(R, *Shape);
      A.Bytes.assign(size_t(count(*Shape)) * R->size(), '\0');
      return A;
    }
    auto D = dtype(DtypeArg);
    if (!Shape || !D)
      return std::nullopt;
    CV Fill = CV::makeFloat(Fn == "ones" ? 1.0 : 0.0);
    if (Full) {
      if (C.Args.size() < 2)
        return std::nullopt;
      std::optional<CV> V = constant(*C.Args[1]);
      if (!V || !isNumber(*V))
        return std::nullopt;
      Fill = *V;
    }
    const ScalarType *Dtype = *D ? *D : Full ? inferred({Fill}) : Types.float64();
    return make(std::vector<CV>(size_t(count(*Shape)), Fill), *Shape, Dtype);
  }

  std::optional<CV> arange(const fe::CallExpr &C) {
    if (C.Args.empty() || C.Args.size() > 3 || !onlyKeywords(C, {"dtype"}))
      return std::nullopt;
    std::vector<CV> Args;
    for (const fe::Expr *A : C.Args) {
      std::optional<CV> V = constant(*A);
      if (!V || !isNumber(*V))
        return std::nullopt;
      Args.push_back(*V);
    }
    auto D = dtype(keyword(C, "dtype"));
    if (!D)
      return std::nullopt;
    CV Start = Args.size() > 1 ? Args[0] : CV::makeInt(0);
    CV Stop = Args.size() > 1 ? Args[1] : Args[0];
    CV Step = Args.size() > 2 ? Args[2] : CV::makeInt(1);
    double Span = std::ceil((asDouble(Stop) - asDouble(Start)) / asDouble(Step));
    // Span is compared before the conversion: a double past int64's range
    // (np.arange(2**63 - 1)) does not convert.
    if (asDouble(Step) == 0 || !std::isfinite(Span))
      return std::nullopt;
    if (Span > double(MaxConstantArrayElements)) {
      tooLarge(Span);
      return std::nullopt;
    }
    int64_t N = Span > 0 ? int64_t(Span) : 0;
    bool Floats = Start.K == CV::Kind::Float || Stop.K == CV::Kind::Float || Step.K == CV::Kind::Float;
    std::vector<CV> Elements;
    for (int64_t K = 0; K < N; ++K)
      Elements.push_back(Floats ? CV::makeFloat(asDouble(Start) + double(K) * asDouble(Step))
                                : CV::makeInt(Start.Int + K * Step.Int));
    const ScalarType *Dtype = *D ? *D : Floats ? Types.float64() : Types.int64();
    return make(std::move(Elements), {N}, Dtype);
  }

  std::optional<CV> linspace(const fe::CallExpr &C) {
    if (C.Args.size() < 2 || C.Args.size() > 3 || !onlyKeywords(C, {"num", "endpoint", "dtype"}))
      return std::nullopt;
    std::optional<CV> Start = constant(*C.Args[0]), Stop = constant(*C.Args[1]);
    std::optional<CV> Num = C.Args.size() > 2 ? constant(*C.Args[2]) : CV::makeInt(50);
    if (const fe::Expr *K = keyword(C, "num"))
      Num = constant(*K);
    std::optional<CV> Endpoint = CV::makeBool(true);
    if (const fe::Expr *K = keyword(C, "endpoint"))
      Endpoint = constant(*K);
    auto D = dtype(keyword(C, "dtype"));
    if (!Start || !Stop || !Num || !Endpoint || !D || !isNumber(*Start) || !isNumber(*Stop) ||
        Num->K != CV::Kind::Int || Num->Int < 0 || Endpoint->K != CV::Kind::Bool)
      return std::nullopt;
    if (Num->Int > MaxConstantArrayElements) {
      tooLarge(double(Num->Int));
      return std::nullopt;
    }
    int64_t N = Num->Int;
    double A = asDouble(*Start), B = asDouble(*Stop);
    int64_t Div = Endpoint->Bool ? N - 1 : N;
    double Step = Div > 0 ? (B - A) / double(Div) : 0;
    std::vector<CV> Elements;
    for (int64_t K = 0; K < N; ++K)
      Elements.push_back(CV::makeFloat(double(K) * Step + A));
    if (Endpoint->Bool && N > 1)
      Elements.back() = CV::makeFloat(B);
    return make(std::move(Elements), {N}, *D ? *D : Types.float64());
  }

  std::optional<CV> reshape(CV A, const fe::CallExpr &C) {
    if (C.Args.empty() || !C.Keywords.empty())
      return std::nullopt;
    std::vector<int64_t> Shape;
    for (const fe::Expr *Arg : C.Args) {
      std::optional<CV> V = constant(*Arg);
      if (!V || !appendDims(*V, /*AllowTuple=*/C.Args.size() == 1, Shape))
        return std::nullopt;
    }
    return reshapedArray(std::move(A), std::move(Shape));
  }

  std::optional<CV> astype(CV A, const fe::CallExpr &C) {
    if (C.Args.size() != 1 || !C.Keywords.empty())
      return std::nullopt;
    auto D = dtype(C.Args[0]);
    if (!D || !*D)
      return std::nullopt;
    return castArray(std::move(A), *D);
  }
};

const RecordType *ArrayEvaluator::recordFromListSpec(const fe::ListExpr &L) {
  // Evaluated as np.dtype(L) would be: through a call the record
  // evaluator knows, built around the same list.
  fe::NameExpr Np;
  Np.Id = "__pykc_np_dtype";
  fe::CallExpr Call;
  Call.Func = &Np;
  Call.Args.push_back(const_cast<fe::ListExpr *>(&L));
  PathResolver WithDtype = [this](const fe::Expr &E) -> std::optional<std::string> {
    if (auto *N = fe::dyn_cast<fe::NameExpr>(&E); N && N->Id == "__pykc_np_dtype")
      return std::string("numpy.dtype");
    return Resolve(E);
  };
  return evaluateRecordDtype(Call, WithDtype, Lookup, Types).Record;
}

} // namespace

std::optional<ConstantValue> reshapedArray(ConstantValue A, std::vector<int64_t> Shape) {
  // One -1 takes what the others leave.
  int64_t Known = 1, Unknown = -1;
  for (size_t I = 0; I < Shape.size(); ++I) {
    if (Shape[I] == -1 && Unknown < 0)
      Unknown = int64_t(I);
    else if (Shape[I] < 0 || __builtin_mul_overflow(Known, Shape[I], &Known))
      return std::nullopt;
  }
  int64_t Total = int64_t(A.Elements.size());
  if (Unknown >= 0) {
    if (Known == 0 || Total % Known)
      return std::nullopt;
    Shape[size_t(Unknown)] = Total / Known;
    Known = Total;
  }
  if (Known != Total || Shape.empty() || Shape.size() > 3)
    return std::nullopt;
  A.Shape = std::move(Shape);
  return A;
}

std::optional<ConstantValue> evaluateConstantArray(const fe::Expr &E, const PathResolver &Resolve,
                                                   const ConstantLookup &Lookup,
                                                   TypeContext &Types, std::string *TooLarge) {
  ArrayEvaluator Evaluator(Resolve, Lookup, Types);
  std::optional<ConstantValue> V = Evaluator.evaluate(E);
  if (!V && TooLarge)
    *TooLarge = Evaluator.TooLarge;
  return V;
}

} // namespace pykc::ir
