//===- Type.cpp -----------------------------------------------------------===//
#include "ir/Type.h"

#include "frontend/Diagnostic.h"
#include "support/InternalError.h"

#include <algorithm>

namespace pykc::ir {

namespace {
struct ScalarInfo {
  const char *Name;
  unsigned Bits;
  bool IsInt, IsSigned, IsFloat, IsComplex;
};
constexpr ScalarInfo ScalarInfos[] = {
#define SCALAR(K, Name, Bits, IsInt, IsSigned, IsFloat, IsComplex)                \
  {Name, Bits, IsInt, IsSigned, IsFloat, IsComplex},
#include "ir/Types.def"
};
const ScalarInfo &info(ScalarKind K) { return ScalarInfos[static_cast<int>(K)]; }
} // namespace

unsigned ScalarType::bitWidth() const { return info(SK).Bits; }
bool ScalarType::isInteger() const { return info(SK).IsInt; }
bool ScalarType::isSigned() const { return info(SK).IsSigned; }
bool ScalarType::isFloat() const { return info(SK).IsFloat; }
bool ScalarType::isComplex() const { return info(SK).IsComplex; }
std::string ScalarType::str() const { return info(SK).Name; }

const ScalarType *ArrayType::dtype() const {
  if (auto *S = dynCast<ScalarType>(Element))
    return S;
  PYKC_ICE("the scalar dtype of an array of records was asked for: " + str());
}

const RecordType *ArrayType::record() const { return dynCast<RecordType>(Element); }

uint64_t ArrayType::itemSize() const { return storageSize(Element); }

std::string ArrayType::str() const {
  std::string S = "array(" + Element->str() + ", " + std::to_string(NDim) + "d, ";
  S += Layout == ArrayLayout::C ? "C" : Layout == ArrayLayout::F ? "F" : "A";
  if (Space == AddressSpace::Shared)
    S += ", shared";
  else if (Space == AddressSpace::Local)
    S += ", local";
  else if (Space == AddressSpace::Constant)
    S += ", const";
  return S + ")";
}

uint64_t NestedArrayType::count() const {
  uint64_t N = 1;
  for (int64_t D : Shape)
    N *= uint64_t(D); // bounded when the type was made (RecordDtype.cpp)
  return N;
}

uint64_t NestedArrayType::byteSize() const { return count() * storageSize(Element); }

std::string NestedArrayType::str() const {
  std::string S = "nestedarray(" + Element->str() + ", (";
  for (size_t I = 0; I < Shape.size(); ++I)
    S += (I ? ", " : "") + std::to_string(Shape[I]);
  return S + (Shape.size() == 1 ? ",))" : "))");
}

const RecordType::Field *RecordType::field(const std::string &Name) const {
  for (const Field &F : Fields)
    if (F.Name == Name)
      return &F;
  return nullptr;
}

unsigned RecordType::alignment() const {
  unsigned A = 1;
  for (const Field &F : Fields)
    A = std::max(A, storageAlignment(F.Ty));
  return A;
}

bool RecordType::aligned() const {
  for (const Field &F : Fields) {
    if (F.Offset % storageAlignment(F.Ty) != 0)
      return false;
    if (auto *R = dynCast<RecordType>(F.Ty); R && !R->aligned())
      return false;
  }
  return Size % alignment() == 0;
}

std::string RecordType::str() const {
  std::string S = "Record(";
  for (size_t I = 0; I < Fields.size(); ++I)
    S += (I ? "," : "") + Fields[I].Name + "[type=" + Fields[I].Ty->str() +
         ";offset=" + std::to_string(Fields[I].Offset) + "]";
  return S + ";" + std::to_string(Size) + ";" + (aligned() ? "True" : "False") + ")";
}

uint64_t storageSize(const Type *Ty) {
  if (auto *S = dynCast<ScalarType>(Ty))
    return S->byteSize();
  if (auto *R = dynCast<RecordType>(Ty))
    return R->size();
  if (auto *N = dynCast<NestedArrayType>(Ty))
    return N->byteSize();
  PYKC_ICE("no storage size for " + Ty->str());
}

unsigned storageAlignment(const Type *Ty) {
  if (auto *S = dynCast<ScalarType>(Ty)) // a complex: its parts'
    return S->isComplex() ? S->byteSize() / 2 : S->byteSize();
  if (auto *R = dynCast<RecordType>(Ty))
    return R->alignment();
  if (auto *N = dynCast<NestedArrayType>(Ty))
    return storageAlignment(N->element());
  PYKC_ICE("no storage alignment for " + Ty->str());
}

unsigned scalarCount(const Type *Ty) {
  if (auto *O = dynCast<OptionalType>(Ty)) // whether it holds one, then the value
    return 1 + scalarCount(O->base());
  if (auto *T = dynCast<TupleType>(Ty)) {
    unsigned N = 0;
    for (const Type *E : T->elements())
      N += scalarCount(E);
    return N;
  }
  if (auto *S = dynCast<ScalarType>(Ty))
    return S->isComplex() ? 2 : 1; // a complex: its real, then imaginary part
  return 0;
}

unsigned kernelSlots(const Type *Ty) {
  if (auto *A = dynCast<ArrayType>(Ty))
    return 1 + 2 * A->ndim();
  if (auto *S = dynCast<ScalarType>(Ty); S && S->isComplex())
    return 2;
  if (auto *T = dynCast<TupleType>(Ty)) { // its elements', in order
    unsigned N = 0;
    for (const Type *E : T->elements())
      N += kernelSlots(E);
    return N;
  }
  return 1;
}

bool TupleType::isUniform() const {
  for (const Type *E : Elements)
    if (E != Elements.front())
      return false;
  return !Elements.empty();
}

int TupleType::fieldIndex(const std::string &Field) const {
  for (size_t I = 0; I < Fields.size(); ++I)
    if (Fields[I] == Field)
      return int(I);
  return -1;
}

std::string TupleType::str() const {
  // As Numba prints them: UniTuple(int64 x 2), Tuple(int64, float64), and a
  // named tuple with its class's name in place of UniTuple or Tuple.
  std::string Head = isNamed() ? Name : isUniform() ? "UniTuple" : "Tuple";
  if (isUniform())
    return Head + "(" + Elements.front()->str() + " x " + std::to_string(Elements.size()) + ")";
  std::string S = Head + "(";
  for (size_t I = 0; I < Elements.size(); ++I)
    S += (I ? ", " : "") + Elements[I]->str();
  return S + ")";
}

TypeContext::TypeContext() : None(std::make_unique<NoneType>()) {
  for (int I = 0; I < NumScalarKinds; ++I)
    Scalars[I] = std::make_unique<ScalarType>(static_cast<ScalarKind>(I));
}

const ArrayType *TypeContext::array(const Type *Dtype, unsigned NDim,
                                    ArrayLayout Layout, AddressSpace Space) {
  // Numba treats a contiguous 1-d array as C whichever order was asked.
  if (NDim == 1 && Layout == ArrayLayout::F)
    Layout = ArrayLayout::C;
  auto Key = std::make_tuple(Dtype, NDim, Layout, Space);
  auto &Slot = Arrays[Key];
  if (!Slot)
    Slot = std::make_unique<ArrayType>(Dtype, NDim, Layout, Space);
  return Slot.get();
}

const RecordType *TypeContext::record(std::vector<RecordType::Field> Fields, uint64_t Size) {
  std::vector<std::tuple<std::string, const Type *, uint64_t>> Layout;
  for (const RecordType::Field &F : Fields)
    Layout.emplace_back(F.Name, F.Ty, F.Offset);
  auto &Slot = Records[{std::move(Layout), Size}];
  if (!Slot)
    Slot = std::make_unique<RecordType>(std::move(Fields), Size, /*ReadOnly=*/false);
  return Slot.get();
}

const RecordType *TypeContext::readOnly(const RecordType *R) {
  if (R->readOnly())
    return R;
  auto &Slot = ReadOnlyRecords[R];
  if (!Slot) {
    Slot = std::make_unique<RecordType>(R->fields(), R->size(), /*ReadOnly=*/true);
    Slot->Writable = R;
  }
  return Slot.get();
}

const NestedArrayType *TypeContext::nestedArray(const Type *Element, std::vector<int64_t> Shape) {
  auto &Slot = NestedArrays[{Element, Shape}];
  if (!Slot)
    Slot = std::make_unique<NestedArrayType>(Element, std::move(Shape));
  return Slot.get();
}

void TypeContext::nameRecord(const std::string &Name, const RecordType *R) {
  RecordNames[Name] = R->writable();
  auto *W = const_cast<RecordType *>(R->writable()); // owned by this context
  if (W->Name.empty())
    W->Name = Name;
}

const OptionalType *TypeContext::optional(const Type *Base) {
  auto &Slot = Optionals[Base];
  if (!Slot)
    Slot = std::make_unique<OptionalType>(Base);
  return Slot.get();
}

const TupleType *TypeContext::tuple(std::vector<const Type *> Elements) {
  auto &Slot = Tuples[Elements];
  if (!Slot)
    Slot = std::make_unique<TupleType>(Elements);
  return Slot.get();
}

const TupleType *TypeContext::namedTuple(const std::string &Name,
                                         const std::vector<std::string> &Fields,
                                         std::vector<const Type *> Elements) {
  auto &Slot = NamedTuples[{Name, Fields, Elements}];
  if (!Slot)
    Slot = std::make_unique<TupleType>(std::move(Elements), Name, Fields);
  return Slot.get();
}

const TupleType *TypeContext::uniTuple(const Type *Element, unsigned Count) {
  return tuple(std::vector<const Type *>(Count, Element));
}

const VectorType *TypeContext::vector(const ScalarType *Base, unsigned Count) {
  auto &Slot = Vectors[{Base, Count}];
  if (!Slot)
    Slot = std::make_unique<VectorType>(Base, Count);
  return Slot.get();
}

const EnumType *TypeContext::enumType(const std::string &Name, bool IsInt,
                                      std::vector<std::pair<std::string, int64_t>> Members,
                                      bool Coded) {
  auto &Slot = Enums[Name];
  if (!Slot)
    Slot = std::make_unique<EnumType>(Name, IsInt, std::move(Members), Coded);
  return Slot.get();
}

const VectorType *TypeContext::vectorByName(const std::string &Name) {
  // Numba's stubs: int8..uint64, float32, float64 with 1 to 4 elements, and
  // the C names of those base types on Linux x86-64 (long is 64 bits).
  static const std::map<std::string, ScalarKind> Bases = {
      {"int8x", ScalarKind::Int8},       {"int16x", ScalarKind::Int16},
      {"int32x", ScalarKind::Int32},     {"int64x", ScalarKind::Int64},
      {"uint8x", ScalarKind::UInt8},     {"uint16x", ScalarKind::UInt16},
      {"uint32x", ScalarKind::UInt32},   {"uint64x", ScalarKind::UInt64},
      {"float32x", ScalarKind::Float32}, {"float64x", ScalarKind::Float64},
      {"char", ScalarKind::Int8},        {"short", ScalarKind::Int16},
      {"int", ScalarKind::Int32},        {"long", ScalarKind::Int64},
      {"longlong", ScalarKind::Int64},   {"uchar", ScalarKind::UInt8},
      {"ushort", ScalarKind::UInt16},    {"uint", ScalarKind::UInt32},
      {"ulong", ScalarKind::UInt64},     {"ulonglong", ScalarKind::UInt64},
      {"float", ScalarKind::Float32},    {"double", ScalarKind::Float64}};
  if (Name.size() < 2 || Name.back() < '1' || Name.back() > '4')
    return nullptr;
  auto It = Bases.find(Name.substr(0, Name.size() - 1));
  if (It == Bases.end())
    return nullptr;
  return vector(scalar(It->second), unsigned(Name.back() - '0'));
}

const ScalarType *TypeContext::scalarByName(const std::string &Name) const {
  static const std::map<std::string, ScalarKind> Names = {
      {"boolean", ScalarKind::Boolean}, {"bool_", ScalarKind::Boolean},
      {"b1", ScalarKind::Boolean},      {"bool", ScalarKind::Boolean},
      {"int8", ScalarKind::Int8},       {"i1", ScalarKind::Int8},
      {"byte", ScalarKind::Int8},       {"int16", ScalarKind::Int16},
      {"i2", ScalarKind::Int16},        {"int32", ScalarKind::Int32},
      {"i4", ScalarKind::Int32},        {"intc", ScalarKind::Int32},
      {"int64", ScalarKind::Int64},     {"i8", ScalarKind::Int64},
      {"intp", ScalarKind::Int64},      {"int_", ScalarKind::Int64},
      {"long_", ScalarKind::Int64},     {"uint8", ScalarKind::UInt8},
      {"u1", ScalarKind::UInt8},        {"uchar", ScalarKind::UInt8},
      {"uint16", ScalarKind::UInt16},   {"u2", ScalarKind::UInt16},
      {"uint32", ScalarKind::UInt32},   {"u4", ScalarKind::UInt32},
      {"uintc", ScalarKind::UInt32},    {"uint64", ScalarKind::UInt64},
      {"u8", ScalarKind::UInt64},       {"uintp", ScalarKind::UInt64},
      {"uint", ScalarKind::UInt64},     {"float32", ScalarKind::Float32},
      {"f4", ScalarKind::Float32},      {"single", ScalarKind::Float32},
      {"float16", ScalarKind::Float16}, {"f2", ScalarKind::Float16},
      {"half", ScalarKind::Float16},
      {"float64", ScalarKind::Float64}, {"f8", ScalarKind::Float64},
      {"double", ScalarKind::Float64},  {"float_", ScalarKind::Float64},
      {"complex64", ScalarKind::Complex64}, {"c8", ScalarKind::Complex64},
      {"csingle", ScalarKind::Complex64},
      {"complex128", ScalarKind::Complex128}, {"c16", ScalarKind::Complex128},
      {"cdouble", ScalarKind::Complex128}, {"complex_", ScalarKind::Complex128},
      {"cfloat", ScalarKind::Complex128},
  };
  auto It = Names.find(Name);
  return It == Names.end() ? nullptr : scalar(It->second);
}

bool holdsArray(const Type *Ty) {
  if (auto *O = dynCast<OptionalType>(Ty))
    return holdsArray(O->base());
  if (auto *T = dynCast<TupleType>(Ty))
    return std::any_of(T->elements().begin(), T->elements().end(), holdsArray);
  return dynCast<ArrayType>(Ty) != nullptr;
}

} // namespace pykc::ir
