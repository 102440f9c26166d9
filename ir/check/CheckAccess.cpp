//===- check/CheckAccess.cpp - Attributes ---------------------------------===//
//
// The types ir/build/BuildAccess.cpp gives attributes (special registers and
// module constants on paths, another file's names, enum members, the
// attributes of values) and subscripts (array elements and views, tuple
// elements, enum members by name).
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"
#include "ir/check/HintText.h"
#include "ir/check/SyntaxFacts.h"
#include "support/InternalError.h"

#include <algorithm>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

namespace {

bool isSpecialRegister(const std::string &Path) {
#define SPECIAL_REG(Id, P, Register, D)                                        \
  if (Path == P)                                                               \
    return true;
#include "ir/Builtins.def"
  return false;
}

} // namespace

Checked FunctionChecker::checkAttribute(const AttributeExpr &A) {
  Checked Base = check(*A.Value);
  if (!Base.isValid())
    return Base;
  // Mode.MUL.value of an IntEnum: the member, which kernels hold as its int.
  if (auto *Member = dyn_cast<AttributeExpr>(A.Value); Member && A.Attr == "value") {
    Checked Class = check(*Member->Value);
    if (Class.K == Checked::Kind::Constant && Class.Const.K == ConstantValue::Kind::EnumClass &&
        Class.Const.Enum->isIntEnum() && enumMember(*Class.Const.Enum, Member->Attr))
      return Base;
  }
  if (Base.K == Checked::Kind::Path)
    return checkPathAttribute(A, Base);
  if (Base.K == Checked::Kind::Module) {
    // helpers.scale: what helpers.py binds.
    const Symbol *Sym = Base.Mod->lookup(A.Attr);
    if (!Sym || Sym->K == Symbol::Kind::Host)
      return unknownAttribute(A, Base);
    if (Sym->K == Symbol::Kind::Path) { // what that module imported
      Checked V;
      V.K = Checked::Kind::Path;
      V.Path = Sym->Path;
      return V;
    }
    return checkSymbol(*Sym, A);
  }
  if (Base.K == Checked::Kind::Constant &&
      Base.Const.K == ConstantValue::Kind::EnumClass)
    if (std::optional<ConstantValue> Member =
            enumMember(*Base.Const.Enum, A.Attr))
      return checkConstantValue(*Member);
  if (Base.isValue())
    return checkValueAttribute(A, Base);
  return unknownAttribute(A, Base);
}

Checked FunctionChecker::checkPathAttribute(const AttributeExpr &A,
                                            const Checked &Base) {
  std::string Path = Base.Path + "." + A.Attr;
  if (isSpecialRegister(Path))
    return Checked::value(Types.int32());
  if (auto C = Scope.constantOf(A))
    return checkConstantValue(*C);
  bool VectorCtor = Base.Path == "numba.cuda" && Types.vectorByName(A.Attr);
  bool FromBuffer = Path == "cffi.FFI().from_buffer";
  if (isKnownBuiltinPath(Path) || VectorCtor || FromBuffer) {
    Checked V;
    V.K = Checked::Kind::Path;
    V.Path = Path;
    return V;
  }
  // threadIdx, blockIdx, blockDim and gridDim have x, y and z only: any
  // other attribute is a mistake, not a feature pykc lacks.
  if (isSpecialRegister(Base.Path + ".x"))
    return unknownAttribute(A, Base);
  if (std::string Top = Path.substr(0, Path.find('.')); !isKnownLibrary(Top) && Top[0] != '.')
    return fail(A.Range, DiagKind::ModuleNotFound, {Top});
  return unsupportedFunction(A.Range, Path);
}

Checked FunctionChecker::checkValueAttribute(const AttributeExpr &A,
                                             const Checked &Base) {
  // g.sync(): the method of a GridGroup, which holds nothing.
  if (Base.Ty->kind() == TypeKind::GridGroup && A.Attr == "sync") {
    Checked V;
    V.K = Checked::Kind::Path;
    V.Path = "numba.cuda.cg.GridGroup.sync";
    return V;
  }
  // Numba's NumberAttribute: .real and .imag of any number, a real one's
  // imaginary part being a zero of its own type.
  if (auto *ST = dynCast<ScalarType>(Base.Ty);
      ST && !ST->isBoolean() && (A.Attr == "real" || A.Attr == "imag")) {
    if (ST->isComplex())
      return Checked::value(Types.complexPart(ST));
    if (A.Attr == "real")
      return Base;
    return Checked::constant(ST, Fold());
  }
  if (auto *E = dynCast<EnumType>(Base.Ty); E && A.Attr == "value") {
    if (E->isCoded()) // its members are ordinals at run time
      return fail(A.AttrRange, DiagKind::UnsupportedSyntax,
                  {"'.value' of a member of " + E->name() +
                   ", whose values are not ints (its members compare with ==, != and is),"});
    Checked Value = Checked::value(Types.int64()); // the member itself, at it
    Value.Range = Base.Range;
    return Value;
  }
  if (auto *TT = dynCast<TupleType>(Base.Ty); TT && TT->isNamed())
    if (int K = TT->fieldIndex(A.Attr); K >= 0) // p.x: a named tuple's field
      return tupleElement(Base, unsigned(K));
  if (auto *R = dynCast<RecordType>(Base.Ty)) {
    std::optional<unsigned> Field = recordField(R, A, A.AttrRange);
    return Checked::value(Field ? fieldType(R, *Field) : nullptr);
  }
  if (auto *VT = dynCast<VectorType>(Base.Ty)) {
    static const std::string Names = "xyzw";
    size_t K = A.Attr.size() == 1 ? Names.find(A.Attr[0]) : std::string::npos;
    if (K != std::string::npos && K < VT->count())
      return Checked::value(VT->base());
  }
  auto *AT = dynCast<ArrayType>(Base.Ty);
  if (!AT)
    return unknownAttribute(A, Base);
  if (A.Attr == "shape") {
    std::vector<Checked> Dims(AT->ndim(), Checked::value(Types.intp()));
    return tupleDisplay(std::move(Dims));
  }
  if (A.Attr == "strides") {
    std::vector<Checked> Strides(AT->ndim(), Checked::value(Types.intp()));
    return tupleDisplay(std::move(Strides));
  }
  if (A.Attr == "size")
    return Checked::value(Types.intp());
  if (A.Attr == "ndim") {
    Fold F;
    F.IntBits = AT->ndim();
    return Checked::constant(Types.int64(), F);
  }
  if (A.Attr == "T")
    return Checked::value(transposition(AT, {}).Ty);
  if (A.Attr == "itemsize") { // the element's bytes, a constant intp
    Fold F;
    F.IntBits = storageSize(AT->element());
    return Checked::constant(Types.intp(), F);
  }
  // A complex array's parts, as float arrays sharing its memory.
  if ((A.Attr == "real" || A.Attr == "imag") && !AT->record() &&
      AT->dtype()->isComplex())
    return Checked::value(Types.array(Types.complexPart(AT->dtype()),
                                      AT->ndim(), ArrayLayout::A,
                                      AT->addressSpace()));
  return unknownAttribute(A, Base);
}

} // namespace pykc::ir

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

FunctionChecker::Transposition
FunctionChecker::transposition(const ArrayType *AT,
                               const std::vector<const fe::Expr *> &Axes) const {
  Transposition T;
  auto Typed = [&](ArrayLayout L) {
    return Types.array(AT->element(), AT->ndim(), L, AT->addressSpace());
  };
  if (Axes.empty() || (Axes.size() == 1 && isNoneLiteral(*Axes[0]))) {
    for (unsigned D = AT->ndim(); D-- > 0;)
      T.Order.push_back(D);
    ArrayLayout L = AT->layout();
    if (AT->ndim() > 1) // resolve_T: C becomes F and F becomes C
      L = L == ArrayLayout::C ? ArrayLayout::F : L == ArrayLayout::F ? ArrayLayout::C : L;
    T.Ty = Typed(L);
    return T;
  }
  std::vector<int64_t> Given;
  bool OneInteger = false; // a.transpose(0)
  for (const fe::Expr *A : Axes) {
    std::optional<ConstantValue> K = evaluate(*A);
    if (!K || (K->K != ConstantValue::Kind::Int && K->K != ConstantValue::Kind::Tuple))
      return T;
    OneInteger = Axes.size() == 1 && K->K == ConstantValue::Kind::Int;
    if (K->K == ConstantValue::Kind::Int)
      Given.push_back(K->Int);
    for (const ConstantValue &E : K->Elements)
      Given.push_back(E.Int);
  }
  // NumPy's checks; negative axes count from the end.
  unsigned NDim = AT->ndim();
  if (Given.size() != NDim) {
    T.Why = "axes don't match array";
    return T;
  }
  std::vector<bool> Seen(NDim);
  for (int64_t A : Given) {
    int64_t K = A < 0 ? A + int64_t(NDim) : A;
    if (K < 0 || K >= int64_t(NDim)) {
      T.Why = "axis " + std::to_string(A) + " is out of bounds for array of dimension " +
              std::to_string(NDim);
      return T;
    }
    if (Seen[K]) {
      T.Why = "repeated axis in transpose";
      return T;
    }
    Seen[K] = true;
    T.Order.push_back(unsigned(K));
  }
  T.Ty = OneInteger && NDim == 1 ? AT : Typed(ArrayLayout::A);
  return T;
}

ArrayLayout basicIndexLayout(const ArrayType *AT,
                             const std::vector<IndexShape> &Entries) {
  // Numba's arraydecl.py: the indices written before an ellipsis are the
  // left ones, those after it the right ones (with every dimension
  // indexed, where the ellipsis stands does not matter). A C array stays C
  // when no index is on the right and the left ones, from the outermost
  // dimension inward, are integers but for the innermost, which may be a
  // slice without a step; an F array the same, mirrored.
  if (AT->layout() == ArrayLayout::A)
    return ArrayLayout::A;
  std::vector<const IndexShape *> Left, Right;
  bool Met = false;
  unsigned Indices = 0;
  for (const IndexShape &I : Entries) {
    if (I.FromEllipsis) {
      Met = true;
      continue;
    }
    ++Indices;
    (Met ? Right : Left).push_back(&I);
  }
  bool F = AT->layout() == ArrayLayout::F;
  if (Indices == AT->ndim()) {
    std::vector<const IndexShape *> All = Left;
    All.insert(All.end(), Right.begin(), Right.end());
    Left = F ? std::vector<const IndexShape *>{} : All;
    Right = F ? All : std::vector<const IndexShape *>{};
  }
  if (!(F ? Left : Right).empty())
    return ArrayLayout::A;
  std::vector<const IndexShape *> Outer = F ? Right : Left;
  if (F)
    std::reverse(Outer.begin(), Outer.end());
  for (size_t K = 0; K < Outer.size(); ++K) {
    bool Innermost = K + 1 == Outer.size();
    if (Outer[K]->Slice && (!Innermost || Outer[K]->Step))
      return ArrayLayout::A;
  }
  return AT->layout();
}

namespace {

bool isIntegerType(const Type *Ty) {
  auto *ST = dynCast<ScalarType>(Ty);
  return ST && ST->isInteger();
}

} // namespace

Checked FunctionChecker::checkSubscript(const SubscriptExpr &Sub) {
  Checked Base = check(*Sub.Value);
  if (!Base.isValid())
    return Base;
  // Color['red']: an enum's member by name.
  if (Base.K == Checked::Kind::Constant &&
      Base.Const.K == ConstantValue::Kind::EnumClass) {
    std::optional<ConstantValue> Name = evaluate(*Sub.Index);
    std::optional<ConstantValue> Member;
    if (Name && Name->K == ConstantValue::Kind::String)
      Member = enumMember(*Base.Const.Enum, Name->String);
    if (!Member)
      return fail(Sub.Index->Range, DiagKind::InvalidArgument,
                  {Base.Const.str() + "[...]", "expected the name of one of its members"});
    return checkConstantValue(*Member);
  }
  if (!Base.isValue()) {
    // kernel[blocks, threads](...): a launch from device code (dynamic
    // parallelism), not an index.
    if (Base.K == Checked::Kind::Function && Base.Fn->Role == FunctionRole::Kernel)
      return fail(Sub.Range, DiagKind::KernelCall, {Base.Fn->Name});
    return fail(Sub.Value->Range, DiagKind::NotIndexable, {describe(Base)});
  }
  if (auto *R = dynCast<RecordType>(Base.Ty)) { // r['x'], r[0]
    std::optional<unsigned> Field = recordField(R, *Sub.Index, Sub.Range);
    return Checked::value(Field ? fieldType(R, *Field) : nullptr);
  }
  if (auto *AT = dynCast<ArrayType>(Base.Ty))
    return checkIndexing(AT, Sub);
  auto *TT = dynCast<TupleType>(Base.Ty);
  if (!TT)
    return fail(Sub.Value->Range, DiagKind::NotIndexable, {describe(Base)});
  if (auto *Sl = dyn_cast<SliceExpr>(Sub.Index)) {
    TupleSlice Slice = tupleSlice(*Sl, TT->size());
    if (Slice.Bad && Slice.Why.empty())
      return fail(Slice.Bad->Range, DiagKind::NotConstant, {"the bounds of a tuple's slice"});
    if (Slice.Bad)
      return fail(Slice.Bad->Range, DiagKind::InvalidArgument, {"a tuple's slice", Slice.Why});
    std::vector<Checked> Elements;
    for (unsigned K : Slice.Picked)
      Elements.push_back(tupleElement(Base, K));
    return tupleDisplay(std::move(Elements));
  }
  Checked Index = checkValue(*Sub.Index);
  if (!Index.isValue())
    return Checked::invalid();
  if (!isIntegerType(Index.Ty)) {
    indexTypeError(*Sub.Index, Sub.Index->Range, Index.Ty);
    return Checked::invalid();
  }
  if (Index.Folded) {
    int64_t K = int64_t(Index.Folded->IntBits);
    if (K < 0)
      K += int64_t(TT->size());
    if (K < 0 || K >= int64_t(TT->size()))
      return fail(Sub.Index->Range, DiagKind::TupleIndex,
                  {std::to_string(int64_t(Index.Folded->IntBits)), TT->str()});
    return tupleElement(Base, unsigned(K));
  }
  if (!TT->isUniform())
    return fail(Sub.Index->Range, DiagKind::NotConstant,
                {"an index into a tuple of mixed types"});
  return Checked::value(TT->elements().front());
}

FunctionChecker::TupleSlice FunctionChecker::tupleSlice(const SliceExpr &Sl, size_t N) const {
  TupleSlice Out;
  const fe::Expr *Parts[3] = {Sl.Lower, Sl.Upper, Sl.Step};
  std::optional<int64_t> Given[3];
  for (int P = 0; P < 3; ++P) {
    if (!Parts[P] || isNoneLiteral(*Parts[P]))
      continue;
    std::optional<ConstantValue> K = evaluate(*Parts[P]);
    Out.Bad = Parts[P];
    if (!K)
      return Out;
    if (K->K == ConstantValue::Kind::Bool)
      Given[P] = K->Bool;
    else if (K->K == ConstantValue::Kind::Int)
      Given[P] = K->Int;
    else {
      Out.Why = "slice indices must be integers or None";
      return Out;
    }
    Out.Bad = nullptr;
  }
  int64_t Step = Given[2].value_or(1);
  if (Step == 0) {
    Out.Bad = Parts[2];
    Out.Why = "slice step cannot be zero";
    return Out;
  }
  // Python's slice.indices(N).
  int64_t Size = int64_t(N), Lower = Step < 0 ? -1 : 0, Upper = Step < 0 ? Size - 1 : Size;
  auto Clamp = [&](std::optional<int64_t> V, int64_t Default) {
    if (!V)
      return Default;
    int64_t X = *V < 0 ? *V + Size : *V;
    return X < Lower ? Lower : X > Upper ? Upper : X;
  };
  int64_t Start = Clamp(Given[0], Step < 0 ? Upper : Lower);
  int64_t Stop = Clamp(Given[1], Step < 0 ? Lower : Upper);
  for (int64_t I = Start; Step > 0 ? I < Stop : I > Stop; I += Step)
    Out.Picked.push_back(unsigned(I));
  return Out;
}

bool FunctionChecker::singleEllipsis(const fe::Expr &Index) {
  auto *T = dyn_cast<TupleExpr>(&Index);
  bool Met = false;
  for (const fe::Expr *P : T ? T->Elts : fe::ExprList{}) {
    if (!isEllipsis(*P))
      continue;
    if (Met) {
      fail(P->Range, DiagKind::InvalidArgument,
           {"an array index", "an index can only have a single ellipsis ('...')"});
      return false;
    }
    Met = true;
  }
  return true;
}

Checked FunctionChecker::checkIndexing(const ArrayType *AT, const SubscriptExpr &Sub) {
  if (!singleEllipsis(*Sub.Index))
    return Checked::invalid();
  std::vector<const fe::Expr *> Parts = subscriptParts(*Sub.Index, AT->ndim());
  if (std::any_of(Parts.begin(), Parts.end(),
                  [](const fe::Expr *E) { return sliceBoundsOf(*E).has_value(); }))
    return checkSliceView(AT, Parts, Sub.Range);
  std::optional<unsigned> Count = checkArrayIndices(AT, *Sub.Index, Sub.Range, /*AllowView=*/true);
  if (!Count)
    return Checked::invalid();
  return arrayAccess(AT, *Count);
}

std::optional<unsigned> FunctionChecker::recordField(const RecordType *R,
                                                     const fe::Expr &Key,
                                                     SourceRange Range) {
  // An attribute's name, a constant string or a constant index (Numba's
  // static_getitem on a record).
  std::optional<unsigned> Index;
  std::string Name;
  if (auto *A = dyn_cast<AttributeExpr>(&Key)) {
    Name = A->Attr;
  } else if (std::optional<ConstantValue> C = evaluate(Key)) {
    if (C->K == ConstantValue::Kind::String) {
      Name = C->String;
    } else if (C->K == ConstantValue::Kind::Int) {
      int64_t K = C->Int < 0 ? C->Int + int64_t(R->fields().size()) : C->Int;
      if (K < 0 || K >= int64_t(R->fields().size())) {
        fail(Key.Range, DiagKind::InvalidArgument,
             {"a record index", "field " + std::to_string(C->Int) + " of a record with " +
                                    plural(R->fields().size(), "field")});
        return std::nullopt;
      }
      Index = unsigned(K);
    }
  }
  if (!Index) {
    if (Name.empty()) {
      fail(Key.Range, DiagKind::NotConstant, {"a record field's name"});
      return std::nullopt;
    }
    for (unsigned I = 0; I < R->fields().size(); ++I)
      if (R->fields()[I].Name == Name)
        Index = I;
    if (!Index) {
      fail(Range, DiagKind::UnknownField, {recordName(R), Name, fieldList(*R)});
      return std::nullopt;
    }
  }
  // Numba-CUDA refuses a field that is not at a multiple of its alignment.
  const RecordType::Field &F = R->fields()[*Index];
  unsigned Align = fieldAlignment(F.Ty);
  if (F.Offset % Align) {
    auto *N = dynCast<NestedArrayType>(F.Ty);
    fail(Range, DiagKind::MisalignedField,
         {recordName(R), F.Name, N ? N->element()->str() : F.Ty->str(),
          std::to_string(F.Offset), std::to_string(Align)});
    return std::nullopt;
  }
  if (walking())
    Fields[&Key] = *Index;
  return Index;
}

std::string FunctionChecker::recordName(const RecordType *R) const {
  std::string Name = Types.nameOf(R);
  return Name.empty() ? R->str() : Name;
}

const Type *FunctionChecker::fieldType(const RecordType *R, unsigned Field) {
  // A nested record is a reference into this one, a nested array a C view
  // of its bytes; both read-only when the record is.
  const Type *FieldTy = R->fields()[Field].Ty;
  if (auto *Inner = dynCast<RecordType>(FieldTy))
    return R->readOnly() ? Types.readOnly(Inner) : Inner;
  if (auto *N = dynCast<NestedArrayType>(FieldTy)) {
    const Type *Element = N->element();
    if (auto *InnerR = dynCast<RecordType>(Element); InnerR && R->readOnly())
      Element = Types.readOnly(InnerR);
    return Types.array(Element, unsigned(N->shape().size()), ArrayLayout::C,
                       R->readOnly() ? AddressSpace::Constant
                                     : AddressSpace::Global);
  }
  return FieldTy;
}

Checked FunctionChecker::arrayAccess(const ArrayType *AT, unsigned Indices) {
  if (Indices == AT->ndim()) {
    // An element of an array of records is a reference to it; a frozen
    // constant's cannot be stored through.
    if (auto *R = AT->record();
        R && AT->addressSpace() == AddressSpace::Constant)
      return Checked::value(Types.readOnly(R));
    return Checked::value(AT->element());
  }
  // Fixing leading indices of a C array leaves a C array.
  ArrayLayout Layout =
      AT->layout() == ArrayLayout::C ? ArrayLayout::C : ArrayLayout::A;
  return Checked::value(Types.array(AT->element(), AT->ndim() - Indices, Layout,
                                    AT->addressSpace()));
}

std::optional<unsigned>
FunctionChecker::checkArrayIndices(const ArrayType *AT, const fe::Expr &Index,
                                   SourceRange Range, bool AllowView) {
  // Every part is typed before any is tested; a tuple spreads into indices.
  std::vector<const Type *> Indices;
  std::vector<const fe::Expr *> From; // the source of each index
  std::vector<SourceRange> At;        // where each index is built
  for (const fe::Expr *P : subscriptParts(Index, AT->ndim())) {
    if (sliceBoundsOf(*P))
      PYKC_ICE("a slice among the indices of an element (checkSliceView's)");
    Checked V = checkValue(*P);
    if (!V.isValue())
      return std::nullopt;
    if (auto *TT = dynCast<TupleType>(V.Ty)) {
      Indices.insert(Indices.end(), TT->elements().begin(), TT->elements().end());
      At.resize(Indices.size(), P->Range); // `idx = (i, j); a[idx]`: its parts
    } else {
      Indices.push_back(V.Ty);
      At.push_back(V.Range);
    }
    From.resize(Indices.size(), P);
  }
  for (size_t K = 0; K < Indices.size(); ++K)
    if (!isIntegerType(Indices[K])) {
      indexTypeError(*From[K], At[K].isValid() ? At[K] : Index.Range, Indices[K]);
      return std::nullopt;
    }
  if (Indices.size() > AT->ndim()) {
    fail(Range, DiagKind::IndexCount,
         {std::to_string(AT->ndim()), std::to_string(Indices.size())});
    return std::nullopt;
  }
  if (Indices.size() < AT->ndim() && !AllowView) {
    fail(Range, DiagKind::UnsupportedSyntax,
         {"updating a row of an array in place (index every dimension)"});
    return std::nullopt;
  }
  return unsigned(Indices.size());
}

Checked
FunctionChecker::checkSliceView(const ArrayType *AT,
                                const std::vector<const fe::Expr *> &Parts,
                                SourceRange Range) {
  if (Parts.size() > AT->ndim())
    return fail(Range, DiagKind::IndexCount,
                {std::to_string(AT->ndim()), std::to_string(Parts.size())});
  // Each index or slice bound is an integer, as Numba requires.
  auto Integer = [&](const fe::Expr *P) {
    Checked V = checkValue(*P);
    if (V.isValue() && !isIntegerType(V.Ty))
      indexTypeError(*P, P->Range, V.Ty);
    return V.isValue() && isIntegerType(V.Ty);
  };
  std::vector<IndexShape> Entries;
  unsigned Kept = 0;
  for (const fe::Expr *P : Parts) {
    IndexShape I;
    if (std::optional<SliceBounds> Sl = sliceBoundsOf(*P)) {
      // Each bound is typed even after one that fails.
      bool Lower = !Sl->Lower || Integer(Sl->Lower);
      bool Upper = !Sl->Upper || Integer(Sl->Upper);
      bool Step = !Sl->Step || Integer(Sl->Step);
      if (!Lower || !Upper || !Step)
        return Checked::invalid();
      I.Slice = true;
      I.Step = Sl->Step != nullptr;
      I.FromEllipsis = isEllipsis(*P);
      ++Kept;
    } else if (!Integer(P)) {
      return Checked::invalid();
    }
    Entries.push_back(I);
  }
  Kept += AT->ndim() - unsigned(Entries.size());
  return Checked::value(Types.array(
      AT->element(), Kept, basicIndexLayout(AT, Entries), AT->addressSpace()));
}

} // namespace pykc::ir
