//===- RecordDtype.cpp - NumPy structured dtypes at module level ----------===//
#include "ir/RecordDtype.h"

#include "ir/Type.h"

#include <algorithm>
#include <cctype>

namespace pykc::ir {

namespace fe = frontend;
using CV = ConstantValue;

namespace {

/// Parses the digits of \p S from \p Pos; false when there are none or the
/// number exceeds \p Max.
bool parseCount(const std::string &S, size_t &Pos, int64_t Max, int64_t &Out) {
  size_t Start = Pos;
  Out = 0;
  while (Pos < S.size() && std::isdigit(static_cast<unsigned char>(S[Pos]))) {
    Out = Out * 10 + (S[Pos++] - '0');
    if (Out > Max)
      return false;
  }
  return Pos > Start;
}

/// One field's type while the layout is worked out.
struct FieldSpec {
  std::string Name;
  const Type *Ty = nullptr;
  int64_t Offset = -1; ///< Given by a dict spec's 'offsets', else placed.
};

class DtypeEvaluator {
public:
  DtypeEvaluator(const PathResolver &Resolve, const ConstantLookup &Lookup, TypeContext &Types)
      : Resolve(Resolve), Lookup(Lookup), Types(Types) {}

  /// np.dtype(...) / from_dtype(...); Matched tells whether E was one.
  const RecordType *evaluate(const fe::Expr &E, bool &Matched) {
    auto *Call = fe::dyn_cast<fe::CallExpr>(&E);
    std::optional<std::string> Path = Call ? Resolve(*Call->Func) : std::nullopt;
    Matched = Path && (*Path == "numpy.dtype" || isFromDtype(*Path));
    if (!Matched)
      return nullptr;
    if (isFromDtype(*Path)) {
      if (Call->Args.size() != 1 || !Call->Keywords.empty())
        return fail("from_dtype() takes one dtype");
      const Type *T = formatType(*Call->Args[0]);
      auto *R = dynCast<RecordType>(T);
      if (!R && T)
        return fail("from_dtype() of a scalar dtype is that scalar type; only structured dtypes "
                    "are records");
      return R;
    }
    bool Align = false;
    const fe::Expr *SpecArg = Call->Args.size() == 1 ? Call->Args[0] : nullptr;
    for (const fe::Keyword &K : Call->Keywords) {
      if (K.Name == "dtype" && Call->Args.empty() && !SpecArg) { // np.dtype(dtype=[...])
        SpecArg = K.Value;
        continue;
      }
      std::optional<CV> V = K.Name == "align" ? constant(*K.Value) : std::nullopt;
      if (!V || (V->K != CV::Kind::Bool && V->K != CV::Kind::Int))
        return fail(K.Name == "align" ? "align must be True or False"
                                      : "np.dtype() keyword '" + K.Name + "' is not supported");
      Align = V->K == CV::Kind::Bool ? V->Bool : V->Int != 0;
    }
    if (!SpecArg || Call->Args.size() > 1)
      return fail("np.dtype() takes one spec");
    const fe::Expr &Spec = *SpecArg;
    if (auto *L = fe::dyn_cast<fe::ListExpr>(&Spec))
      return fromList(L->Elts, Align);
    if (auto *D = fe::dyn_cast<fe::DictExpr>(&Spec))
      return fromDict(*D, Align);
    // np.dtype(other_record) is that record.
    if (const Type *T = formatType(Spec)) {
      if (auto *R = dynCast<RecordType>(T))
        return R;
      Problem.clear(); // a scalar dtype: not a record, nothing to say
      Matched = false;
    }
    return nullptr;
  }

  std::string Problem;

  /// The type a NumPy type string names (also the subarray forms).
  const Type *stringType(const std::string &Text) {
    std::string S = Text;
    std::vector<int64_t> Shape;
    size_t Pos = 0;
    // '(3,2)f4' and '3f4': a subarray.
    if (!S.empty() && (S[0] == '(' || std::isdigit(static_cast<unsigned char>(S[0])))) {
      bool Paren = S[0] == '(';
      Pos = Paren ? 1 : 0;
      for (;;) {
        while (Pos < S.size() && S[Pos] == ' ')
          ++Pos;
        if (Paren && Pos < S.size() && S[Pos] == ')')
          break;
        int64_t D;
        if (!parseCount(S, Pos, MaxRecordBytes, D))
          return fail("'" + Text + "' has an invalid subarray shape"), nullptr;
        Shape.push_back(D);
        while (Pos < S.size() && S[Pos] == ' ')
          ++Pos;
        if (!Paren)
          break;
        if (Pos < S.size() && S[Pos] == ',') {
          ++Pos;
          continue;
        }
        if (Pos < S.size() && S[Pos] == ')')
          break;
        return fail("'" + Text + "' has an invalid subarray shape"), nullptr;
      }
      if (Paren)
        ++Pos;
      S = S.substr(Pos);
    }
    if (!S.empty() && (S[0] == '<' || S[0] == '|' || S[0] == '=' || S[0] == '>')) {
      if (S[0] == '>' && S.size() > 2 && S.substr(1) != "i1" && S.substr(1) != "u1" &&
          S.substr(1) != "b1")
        return fail("big-endian fields ('" + Text + "') are not supported"), nullptr;
      S = S.substr(1);
    }
    const Type *Base = S == "?" ? Types.boolean() : Types.scalarByName(S);
    if (!Base)
      return fail("'" + Text + "' is not a dtype a kernel can hold (bool, int8..uint64, "
                  "float16..float64, complex64, complex128 or a record)"),
             nullptr;
    return Shape.empty() ? Base : subarray(Base, Shape);
  }

private:
  const PathResolver &Resolve;
  const ConstantLookup &Lookup;
  TypeContext &Types;
  unsigned Depth = 0;

  static bool isFromDtype(const std::string &Path) {
    return Path == "numba.from_dtype" || Path == "numba.np.numpy_support.from_dtype" ||
           Path == "numba.numpy_support.from_dtype";
  }

  std::nullptr_t fail(const std::string &Why) {
    if (Problem.empty())
      Problem = Why;
    return nullptr;
  }

  std::optional<CV> constant(const fe::Expr &E) {
    if (std::optional<CV> V = Lookup(E))
      return V;
    return evaluateConstant(E, Lookup);
  }

  const Type *subarray(const Type *Base, const std::vector<int64_t> &Shape) {
    uint64_t Bytes = storageSize(Base);
    for (int64_t D : Shape) {
      if (D < 0)
        return fail("a subarray dimension is negative");
      if (D && Bytes > MaxRecordBytes / uint64_t(D))
        return fail("a subarray of more than " + std::to_string(MaxRecordBytes) + " bytes");
      Bytes *= uint64_t(D);
    }
    if (Shape.empty()) // ('x', 'f4', ()) is the scalar itself
      return Base;
    if (auto *Inner = dynCast<NestedArrayType>(Base)) { // ('x', '(2,)f4', 3): (3, 2)
      std::vector<int64_t> All = Shape;
      All.insert(All.end(), Inner->shape().begin(), Inner->shape().end());
      return Types.nestedArray(Inner->element(), All);
    }
    return Types.nestedArray(Base, Shape);
  }

  /// A shape: an int or a tuple of ints.
  std::optional<std::vector<int64_t>> shapeOf(const fe::Expr &E) {
    std::optional<CV> V = constant(E);
    std::vector<int64_t> Shape;
    if (V && V->K == CV::Kind::Int) {
      Shape.push_back(V->Int);
    } else if (V && V->K == CV::Kind::Tuple) {
      for (const CV &D : V->Elements) {
        if (D.K != CV::Kind::Int)
          return fail("a subarray shape must be integers"), std::nullopt;
        Shape.push_back(D.Int);
      }
    } else {
      return fail("a subarray shape must be an int or a tuple of ints"), std::nullopt;
    }
    return Shape;
  }

  /// A field's format: a dtype, a record, a type string, (fmt, shape), or
  /// a nested list spec (another record, packed).
  const Type *formatType(const fe::Expr &E) {
    if (++Depth > 16) {
      --Depth;
      return fail("records nested more than 16 deep");
    }
    const Type *T = formatTypeInner(E);
    --Depth;
    return T;
  }

  const Type *formatTypeInner(const fe::Expr &E) {
    if (auto *N = fe::dyn_cast<fe::NameExpr>(&E)) {
      if (N->Id == "float")
        return Types.float64();
      if (N->Id == "int")
        return Types.int64();
      if (N->Id == "bool")
        return Types.boolean();
      if (N->Id == "complex")
        return Types.complex128();
    }
    if (auto *T = fe::dyn_cast<fe::TupleExpr>(&E); T && T->Elts.size() == 2) {
      const Type *Base = formatType(*T->Elts[0]);
      auto Shape = Base ? shapeOf(*T->Elts[1]) : std::nullopt;
      return Shape ? subarray(Base, *Shape) : nullptr;
    }
    if (auto *L = fe::dyn_cast<fe::ListExpr>(&E))
      return fromList(L->Elts, false);
    bool Matched = false;
    if (const RecordType *R = evaluate(E, Matched))
      return R;
    if (Matched)
      return nullptr;
    std::optional<CV> V = constant(E);
    if (V && V->K == CV::Kind::Dtype)
      return V->dtypeType();
    if (V && V->K == CV::Kind::String)
      return stringType(V->String);
    return fail("a field's format must be a dtype such as np.float32 or 'f4'");
  }

  const RecordType *fromList(const fe::ExprList &Items, bool Align) {
    std::vector<FieldSpec> Fields;
    for (const fe::Expr *Item : Items) {
      auto *T = fe::dyn_cast<fe::TupleExpr>(Item);
      if (!T || T->Elts.size() < 2 || T->Elts.size() > 3)
        return fail("each field is a tuple (name, format) or (name, format, shape)");
      std::optional<CV> Name = constant(*T->Elts[0]);
      if (Name && Name->K == CV::Kind::Tuple && Name->Elements.size() == 2 &&
          Name->Elements[1].K == CV::Kind::String)
        Name = Name->Elements[1]; // (title, name)
      if (!Name || Name->K != CV::Kind::String)
        return fail("a field's name must be a string");
      const Type *Ty = formatType(*T->Elts[1]);
      if (Ty && T->Elts.size() == 3) {
        auto Shape = shapeOf(*T->Elts[2]);
        Ty = Shape ? subarray(Ty, *Shape) : nullptr;
      }
      if (!Ty)
        return nullptr;
      Fields.push_back({Name->String, Ty, -1});
    }
    return layOut(std::move(Fields), Align, -1);
  }

  const RecordType *fromDict(const fe::DictExpr &D, bool Align) {
    const fe::ExprList *Names = nullptr, *Formats = nullptr, *Offsets = nullptr;
    int64_t ItemSize = -1;
    for (size_t I = 0; I < D.Keys.size(); ++I) {
      std::optional<CV> Key = D.Keys[I] ? constant(*D.Keys[I]) : std::nullopt;
      if (!Key || Key->K != CV::Kind::String)
        return fail("a dtype dict's keys must be strings");
      const fe::Expr &V = *D.Values[I];
      auto List = [&](const fe::ExprList *&Out) -> bool {
        if (auto *L = fe::dyn_cast<fe::ListExpr>(&V))
          return Out = &L->Elts, true;
        if (auto *T = fe::dyn_cast<fe::TupleExpr>(&V))
          return Out = &T->Elts, true;
        return false;
      };
      if (Key->String == "names" ? !List(Names)
          : Key->String == "formats" ? !List(Formats)
          : Key->String == "offsets" ? !List(Offsets)
                                     : false)
        return fail("'" + Key->String + "' must be a list");
      if (Key->String == "itemsize" || Key->String == "aligned") {
        std::optional<CV> C = constant(V);
        if (!C || (C->K != CV::Kind::Int && C->K != CV::Kind::Bool))
          return fail("'" + Key->String + "' must be a constant");
        if (Key->String == "itemsize")
          ItemSize = C->Int;
        else
          Align = C->K == CV::Kind::Bool ? C->Bool : C->Int != 0;
      } else if (Key->String != "names" && Key->String != "formats" &&
                 Key->String != "offsets") {
        return fail("a dtype dict key '" + Key->String + "' is not supported");
      }
    }
    if (!Names || !Formats || Names->size() != Formats->size() ||
        (Offsets && Offsets->size() != Names->size()))
      return fail("a dtype dict needs 'names' and 'formats' of one length (and 'offsets' too)");
    std::vector<FieldSpec> Fields;
    for (size_t I = 0; I < Names->size(); ++I) {
      std::optional<CV> Name = constant(*(*Names)[I]);
      if (!Name || Name->K != CV::Kind::String)
        return fail("a field's name must be a string");
      const Type *Ty = formatType(*(*Formats)[I]);
      if (!Ty)
        return nullptr;
      int64_t Offset = -1;
      if (Offsets) {
        std::optional<CV> O = constant(*(*Offsets)[I]);
        if (!O || O->K != CV::Kind::Int || O->Int < 0 || uint64_t(O->Int) > MaxRecordBytes)
          return fail("an offset must be a non-negative int");
        Offset = O->Int;
      }
      Fields.push_back({Name->String, Ty, Offset});
    }
    return layOut(std::move(Fields), Align, ItemSize);
  }

  /// NumPy's layout: given offsets, or packed, or each field at a multiple
  /// of its alignment (align=True), then the size.
  const RecordType *layOut(std::vector<FieldSpec> Fields, bool Align, int64_t ItemSize) {
    uint64_t End = 0, MaxAlign = 1;
    std::vector<RecordType::Field> Out;
    for (FieldSpec &F : Fields) {
      for (const RecordType::Field &Prior : Out)
        if (Prior.Name == F.Name)
          return fail("the field name '" + F.Name + "' is given twice");
      // A packed record nests at alignment 1, as NumPy gives it.
      unsigned A = storageAlignment(F.Ty);
      if (auto *R = dynCast<RecordType>(F.Ty); R && !R->aligned())
        A = 1;
      uint64_t Offset = F.Offset >= 0 ? uint64_t(F.Offset) : End;
      if (F.Offset < 0 && Align)
        Offset = (Offset + A - 1) / A * A;
      uint64_t Size = storageSize(F.Ty);
      if (Offset > MaxRecordBytes || Size > MaxRecordBytes - Offset)
        return fail("a record of more than " + std::to_string(MaxRecordBytes) + " bytes");
      if (Align)
        MaxAlign = std::max<uint64_t>(MaxAlign, A);
      End = std::max(End, Offset + Size);
      Out.push_back({F.Name, F.Ty, Offset});
    }
    uint64_t Size = Align ? (End + MaxAlign - 1) / MaxAlign * MaxAlign : End;
    if (ItemSize >= 0) {
      if (uint64_t(ItemSize) < End || uint64_t(ItemSize) > MaxRecordBytes)
        return fail("itemsize " + std::to_string(ItemSize) + " is smaller than the fields");
      Size = uint64_t(ItemSize);
    }
    if (Out.empty())
      return fail("a record needs at least one field");
    return Types.record(std::move(Out), Size);
  }
};

} // namespace

RecordDtypeResult evaluateRecordDtype(const fe::Expr &E, const PathResolver &Resolve,
                                      const ConstantLookup &Lookup, TypeContext &Types) {
  DtypeEvaluator Eval(Resolve, Lookup, Types);
  bool Matched = false;
  RecordDtypeResult R;
  R.Record = Eval.evaluate(E, Matched);
  if (Matched && !R.Record)
    R.Problem = Eval.Problem.empty() ? "not a structured dtype" : Eval.Problem;
  return R;
}

const Type *typeOfDtypeString(const std::string &Text, TypeContext &Types, std::string &Problem) {
  PathResolver NoPaths = [](const fe::Expr &) { return std::nullopt; };
  ConstantLookup NoNames = [](const fe::Expr &) { return std::nullopt; };
  DtypeEvaluator Eval(NoPaths, NoNames, Types);
  const Type *T = Eval.stringType(Text);
  Problem = Eval.Problem;
  return T;
}

} // namespace pykc::ir
