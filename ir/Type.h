//===- Type.h - Numba-compatible types --------------------------*- C++ -*-===//
///
/// \file
/// The types of the kernel language, spelled as Numba spells them. Types are
/// interned in a TypeContext, so two types are equal exactly when their
/// pointers are.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace pykc::ir {

enum class ScalarKind {
#define SCALAR(K, Name, Bits, IsInt, IsSigned, IsFloat, IsComplex) K,
#include "ir/Types.def"
};
constexpr int NumScalarKinds = static_cast<int>(ScalarKind::Complex128) + 1;

enum class TypeKind {
  None,
  Scalar,
  Array,
  Tuple,
  Vector,
  GridGroup,
  Enum,
  Record,
  NestedArray,
  Optional
};

/// C: row-major contiguous, F: column-major contiguous, A: any strides.
enum class ArrayLayout { C, F, A };

/// Where an array's data lives. Global arrays come from kernel arguments;
/// shared and local ones are made by cuda.shared.array / cuda.local.array.
/// Constant: a module-level NumPy array frozen into the code, read-only
/// (constant memory on the GPU).
enum class AddressSpace { Global, Shared, Local, Constant };

/// How the elements of an array host code makes start (np.empty, np.zeros,
/// np.ones, np.full and their _like forms).
enum class HeapFill { Empty, Zeros, Ones, Full };

class Type {
public:
  TypeKind kind() const { return Kind; }
  /// Numba's spelling: "int64", "array(float32, 2d, C)", "UniTuple(int64 x 2)".
  virtual std::string str() const = 0;
  virtual ~Type() = default;

protected:
  explicit Type(TypeKind K) : Kind(K) {}

private:
  TypeKind Kind;
};

/// Numba's `none`: the type of statements and of kernels' results.
class NoneType final : public Type {
public:
  NoneType() : Type(TypeKind::None) {}
  std::string str() const override { return "none"; }
};

class ScalarType final : public Type {
public:
  explicit ScalarType(ScalarKind K) : Type(TypeKind::Scalar), SK(K) {}
  ScalarKind scalarKind() const { return SK; }
  unsigned bitWidth() const;
  bool isBoolean() const { return SK == ScalarKind::Boolean; }
  bool isInteger() const;
  bool isSigned() const;
  bool isFloat() const;
  /// complex64 or complex128: two floats, real then imaginary, in memory
  /// and in registers (isFloat() is false for them).
  bool isComplex() const;
  /// Size in bytes in memory (a boolean takes one byte, as in NumPy).
  unsigned byteSize() const { return isBoolean() ? 1 : bitWidth() / 8; }
  std::string str() const override;

private:
  ScalarKind SK;
};

class RecordType;

/// An array: its elements are scalars, or records (a NumPy structured
/// dtype). Arrays of records are indexed, sliced, passed and iterated like
/// any other; an element read is a reference to the record (RecordType).
class ArrayType final : public Type {
public:
  ArrayType(const Type *Element, unsigned NDim, ArrayLayout Layout, AddressSpace Space)
      : Type(TypeKind::Array), Element(Element), NDim(NDim), Layout(Layout), Space(Space) {}
  /// The element type: a ScalarType or a RecordType.
  const Type *element() const { return Element; }
  /// The scalar dtype. Only for arrays of scalars: code that can meet an
  /// array of records asks record() first (a record here is a broken
  /// invariant, reported as an internal compiler error).
  const ScalarType *dtype() const;
  /// The record dtype of an array of records, or null.
  const RecordType *record() const;
  /// Bytes one element takes (NumPy's itemsize).
  uint64_t itemSize() const;
  unsigned ndim() const { return NDim; }
  ArrayLayout layout() const { return Layout; }
  AddressSpace addressSpace() const { return Space; }
  std::string str() const override;

private:
  const Type *Element;
  unsigned NDim;
  ArrayLayout Layout;
  AddressSpace Space;
};

/// A fixed-shape array inside a record (Numba's NestedArray, NumPy's
/// subarray field such as ('h', np.float32, (3, 2))): C order, elements
/// scalars or records. Only a field has this type; reading the field gives
/// an ArrayType view of the record's bytes.
class NestedArrayType final : public Type {
public:
  NestedArrayType(const Type *Element, std::vector<int64_t> Shape)
      : Type(TypeKind::NestedArray), Element(Element), Shape(std::move(Shape)) {}
  const Type *element() const { return Element; }
  const std::vector<int64_t> &shape() const { return Shape; }
  uint64_t count() const;
  uint64_t byteSize() const;
  /// Numba's spelling: "nestedarray(float32, (3, 2))".
  std::string str() const override;

private:
  const Type *Element;
  std::vector<int64_t> Shape;
};

/// A NumPy structured dtype (Numba's Record): named fields at byte offsets
/// in a block of Size bytes. As in Numba a value of this type is a
/// reference to a record's bytes (in an array, a kernel argument, shared or
/// local memory): reading a field loads it, assigning one stores into the
/// record, and assigning a whole record copies its bytes.
///
/// Types are interned by layout (field names, types, offsets, size); a
/// read-only twin (records of a module-level array frozen as a constant)
/// refuses stores. aligned() is computed from the layout, where Numba keeps
/// the flag NumPy's dtype was made with: the two agree for dtypes made with
/// align=True and for every layout whose fields sit at multiples of their
/// alignment.
class RecordType final : public Type {
public:
  struct Field {
    std::string Name;
    const Type *Ty; ///< A ScalarType, a RecordType or a NestedArrayType.
    uint64_t Offset;
  };
  RecordType(std::vector<Field> Fields, uint64_t Size, bool ReadOnly)
      : Type(TypeKind::Record), Fields(std::move(Fields)), Size(Size), ReadOnly(ReadOnly) {}
  const std::vector<Field> &fields() const { return Fields; }
  /// The field called \p Name, or null.
  const Field *field(const std::string &Name) const;
  uint64_t size() const { return Size; }
  /// The alignment its fields need: the largest of theirs.
  unsigned alignment() const;
  /// Every field sits at a multiple of its alignment and the size is a
  /// multiple of the record's: what np.dtype(..., align=True) makes, and
  /// what Numba-CUDA needs to access a field (else "not aligned").
  bool aligned() const;
  bool readOnly() const { return ReadOnly; }
  /// The writable twin of a read-only record (itself when writable).
  const RecordType *writable() const { return Writable ? Writable : this; }
  /// The module's name for this layout (`recordtype = np.dtype(...)`; the
  /// first name given), or "": what headers and CUDA source call it.
  const std::string &name() const { return writable()->Name; }
  /// Numba's spelling: "Record(a[type=float64;offset=0],b[type=int32;offset=8];16;True)".
  std::string str() const override;

private:
  friend class TypeContext;
  std::vector<Field> Fields;
  uint64_t Size;
  bool ReadOnly;
  const RecordType *Writable = nullptr;
  std::string Name; ///< Set by TypeContext::nameRecord.
};

/// The bytes a value of \p Ty takes in memory, and its natural alignment:
/// a scalar's (bool one byte), a record's size, a nested array's.
uint64_t storageSize(const Type *Ty);
unsigned storageAlignment(const Type *Ty);

/// A tuple; "UniTuple" when all elements have one type, as in Numba.
class TupleType final : public Type {
public:
  explicit TupleType(std::vector<const Type *> Elements, std::string Name = "",
                     std::vector<std::string> Fields = {})
      : Type(TypeKind::Tuple), Elements(std::move(Elements)), Name(std::move(Name)),
        Fields(std::move(Fields)) {}
  const std::vector<const Type *> &elements() const { return Elements; }
  size_t size() const { return Elements.size(); }
  bool isUniform() const;
  std::string str() const override;
  /// A collections.namedtuple's (Numba's NamedTuple and NamedUniTuple):
  /// its class name and field names; empty for a plain tuple. It indexes,
  /// iterates and unpacks as a tuple does, and reads fields by name.
  const std::string &name() const { return Name; }
  const std::vector<std::string> &fields() const { return Fields; }
  bool isNamed() const { return !Name.empty(); }
  /// The index of field \p Field, or -1.
  int fieldIndex(const std::string &Field) const;

private:
  std::vector<const Type *> Elements;
  std::string Name;
  std::vector<std::string> Fields;
};

/// A CUDA vector type (cuda.float32x4, cuda.short2, ...): 1 to 4 elements
/// of one scalar type, read as .x, .y, .z, .w (numba/cuda/vector_types.py).
class VectorType final : public Type {
public:
  VectorType(const ScalarType *Base, unsigned Count)
      : Type(TypeKind::Vector), Base(Base), Count(Count) {}
  const ScalarType *base() const { return Base; }
  unsigned count() const { return Count; }
  std::string str() const override { return Base->str() + "x" + std::to_string(Count); }

private:
  const ScalarType *Base;
  unsigned Count;
};

/// What cuda.cg.this_grid() returns (Numba's GridGroup): a handle whose
/// only use is .sync(), a barrier across the whole grid. It holds nothing
/// at run time.
class GridGroupType final : public Type {
public:
  GridGroupType() : Type(TypeKind::GridGroup) {}
  std::string str() const override { return "GridGroup"; }
};

/// The members of an `enum.Enum` class defined at module level, Numba's
/// Enum<int64>(Name): values of one class compare with == and `is`; .value
/// is the int64. At run time a member is its value. (An enum.IntEnum's
/// members are int64s to pykc, as Numba computes with them; only a kernel
/// parameter passed one has the class as its ArgType, for `is`.) A class
/// whose values are not all ints (tuples, floats, strings) is coded: at run
/// time a member is its ordinal among the class's distinct members, which
/// compares as the values do (equal values are one member in Python).
class EnumType final : public Type {
public:
  EnumType(std::string Name, bool IsInt, std::vector<std::pair<std::string, int64_t>> Members,
           bool Coded = false)
      : Type(TypeKind::Enum), Name(std::move(Name)), IsInt(IsInt), Members(std::move(Members)),
        Coded(Coded) {}
  const std::string &name() const { return Name; }
  /// An enum.IntEnum: its members are int64 values (see above).
  bool isIntEnum() const { return IsInt; }
  /// The members' int64s are ordinals, not their values (see above).
  bool isCoded() const { return Coded; }
  const std::vector<std::pair<std::string, int64_t>> &members() const { return Members; }
  /// The member called \p Member, or null.
  const std::pair<std::string, int64_t> *member(const std::string &Member) const {
    for (const auto &M : Members)
      if (M.first == Member)
        return &M;
    return nullptr;
  }
  std::string str() const override {
    return (Coded ? "Enum(" : IsInt ? "IntEnum<int64>(" : "Enum<int64>(") + Name + ")";
  }

private:
  std::string Name;
  bool IsInt;
  std::vector<std::pair<std::string, int64_t>> Members;
  bool Coded;
};

/// Numba's OptionalType(T): a T or None. Assigning None and a T to one
/// variable, or returning both, gives it (Numba's unification); `x is None`
/// tests it, and using it where a T is needed unwraps it, stopping the
/// thread (raising TypeError on the host) when it holds None. In registers
/// and memory it is the T and a flag saying it holds one.
class OptionalType final : public Type {
public:
  explicit OptionalType(const Type *Base) : Type(TypeKind::Optional), Base(Base) {}
  const Type *base() const { return Base; }
  std::string str() const override { return "OptionalType(" + Base->str() + ")"; }

private:
  const Type *Base;
};

template <class T> const T *dynCast(const Type *Ty);

/// How many scalars a value of \p Ty holds: 1 for a scalar (2 for a
/// complex: its parts), the sum of its elements' for a tuple, 1 more than
/// its base's for an optional (the flag first), 0 otherwise. A host entry returns its result as
/// that many 64-bit slots (codegen/CPUBackend.cpp).
unsigned scalarCount(const Type *Ty);

/// How many parameters a kernel parameter of type \p Ty is flattened to
/// (runtime/include/pykc/KernelABI.h): an n-d array 1 + 2n (data, extents,
/// strides), a complex 2 (real, imaginary), a tuple its elements' in
/// order, anything else 1 (a record: a pointer to its bytes).
unsigned kernelSlots(const Type *Ty);
template <> inline const ScalarType *dynCast<ScalarType>(const Type *Ty) {
  return Ty && Ty->kind() == TypeKind::Scalar ? static_cast<const ScalarType *>(Ty) : nullptr;
}
template <> inline const ArrayType *dynCast<ArrayType>(const Type *Ty) {
  return Ty && Ty->kind() == TypeKind::Array ? static_cast<const ArrayType *>(Ty) : nullptr;
}
template <> inline const TupleType *dynCast<TupleType>(const Type *Ty) {
  return Ty && Ty->kind() == TypeKind::Tuple ? static_cast<const TupleType *>(Ty) : nullptr;
}
template <> inline const EnumType *dynCast<EnumType>(const Type *Ty) {
  return Ty && Ty->kind() == TypeKind::Enum ? static_cast<const EnumType *>(Ty) : nullptr;
}
template <> inline const VectorType *dynCast<VectorType>(const Type *Ty) {
  return Ty && Ty->kind() == TypeKind::Vector ? static_cast<const VectorType *>(Ty) : nullptr;
}
template <> inline const RecordType *dynCast<RecordType>(const Type *Ty) {
  return Ty && Ty->kind() == TypeKind::Record ? static_cast<const RecordType *>(Ty) : nullptr;
}
template <> inline const OptionalType *dynCast<OptionalType>(const Type *Ty) {
  return Ty && Ty->kind() == TypeKind::Optional ? static_cast<const OptionalType *>(Ty) : nullptr;
}
template <> inline const NestedArrayType *dynCast<NestedArrayType>(const Type *Ty) {
  return Ty && Ty->kind() == TypeKind::NestedArray ? static_cast<const NestedArrayType *>(Ty)
                                                    : nullptr;
}
/// \p Ty as a complex scalar type; null for any other type.
inline const ScalarType *asComplex(const Type *Ty) {
  auto *S = dynCast<ScalarType>(Ty);
  return S && S->isComplex() ? S : nullptr;
}

/// Owns and interns every type.
class TypeContext {
public:
  TypeContext();
  const NoneType *none() const { return None.get(); }
  const GridGroupType *gridGroup() const { return &GridGroup; }
  const ScalarType *scalar(ScalarKind K) const { return Scalars[static_cast<int>(K)].get(); }
  const ScalarType *boolean() const { return scalar(ScalarKind::Boolean); }
  const ScalarType *int32() const { return scalar(ScalarKind::Int32); }
  const ScalarType *int64() const { return scalar(ScalarKind::Int64); }
  const ScalarType *uint64() const { return scalar(ScalarKind::UInt64); }
  const ScalarType *float32() const { return scalar(ScalarKind::Float32); }
  const ScalarType *float64() const { return scalar(ScalarKind::Float64); }
  const ScalarType *complex64() const { return scalar(ScalarKind::Complex64); }
  const ScalarType *complex128() const { return scalar(ScalarKind::Complex128); }
  /// The float each half of complex \p C is (Numba's underlying_float).
  const ScalarType *complexPart(const ScalarType *C) const {
    return C->scalarKind() == ScalarKind::Complex64 ? float32() : float64();
  }
  /// The complex whose halves are float \p F: complex64 for float32 (and
  /// float16), complex128 for float64.
  const ScalarType *complexOf(const ScalarType *F) const {
    return F->bitWidth() <= 32 ? complex64() : complex128();
  }
  /// Numba's intp on every target pykc supports.
  const ScalarType *intp() const { return int64(); }
  const ArrayType *array(const Type *Element, unsigned NDim, ArrayLayout Layout,
                         AddressSpace Space = AddressSpace::Global);
  /// The record of \p Fields in \p Size bytes (writable; readOnly() of it
  /// gives its read-only twin).
  const RecordType *record(std::vector<RecordType::Field> Fields, uint64_t Size);
  const RecordType *readOnly(const RecordType *R);
  const NestedArrayType *nestedArray(const Type *Element, std::vector<int64_t> Shape);
  /// Names a record dtype of the module (`recordtype = np.dtype([...])`),
  /// so that signatures can spell `recordtype[:]`, and headers name its
  /// struct. The first name given to a layout is its name.
  void nameRecord(const std::string &Name, const RecordType *R);
  /// The record the module named \p Name, or null.
  const RecordType *recordByName(const std::string &Name) const {
    auto It = RecordNames.find(Name);
    return It == RecordNames.end() ? nullptr : It->second;
  }
  /// The module's name for \p R's layout, or "".
  std::string nameOf(const RecordType *R) const { return R->name(); }
  const TupleType *tuple(std::vector<const Type *> Elements);
  const TupleType *uniTuple(const Type *Element, unsigned Count);
  /// The named tuple class \p Name with \p Fields holding \p Elements.
  const TupleType *namedTuple(const std::string &Name, const std::vector<std::string> &Fields,
                              std::vector<const Type *> Elements);
  /// Names a named tuple class of the module (`Point = namedtuple(...)`),
  /// so that signatures can spell `Point(int64, float64)`.
  void nameTupleClass(const std::string &Name, std::vector<std::string> Fields) {
    TupleClasses[Name] = std::move(Fields);
  }
  /// The fields of the module's named tuple class \p Name, or null.
  const std::vector<std::string> *tupleClassFields(const std::string &Name) const {
    auto It = TupleClasses.find(Name);
    return It == TupleClasses.end() ? nullptr : &It->second;
  }
  const VectorType *vector(const ScalarType *Base, unsigned Count);
  /// OptionalType(\p Base); \p Base is neither None nor an optional.
  const OptionalType *optional(const Type *Base);
  /// A module's enum class \p Name (one per name).
  const EnumType *enumType(const std::string &Name, bool IsInt,
                           std::vector<std::pair<std::string, int64_t>> Members,
                           bool Coded = false);
  /// The module's enum class \p Name, or null.
  const EnumType *enumByName(const std::string &Name) const {
    auto It = Enums.find(Name);
    return It == Enums.end() ? nullptr : It->second.get();
  }
  /// The vector type a `cuda.NAME` names: "float32x4", or one of its C
  /// aliases ("float4", "short2", "ulonglong3", ...); null otherwise.
  const VectorType *vectorByName(const std::string &Name);
  /// The scalar named \p Name in Numba's spelling ("float32", "f4", "intp",
  /// "bool_", ...), or null.
  const ScalarType *scalarByName(const std::string &Name) const;

private:
  std::unique_ptr<NoneType> None;
  GridGroupType GridGroup;
  std::unique_ptr<ScalarType> Scalars[NumScalarKinds];
  std::map<std::tuple<const Type *, unsigned, ArrayLayout, AddressSpace>,
           std::unique_ptr<ArrayType>>
      Arrays;
  /// Records by layout: field names, types and offsets, and the size.
  std::map<std::pair<std::vector<std::tuple<std::string, const Type *, uint64_t>>, uint64_t>,
           std::unique_ptr<RecordType>>
      Records;
  std::map<const RecordType *, std::unique_ptr<RecordType>> ReadOnlyRecords;
  std::map<std::pair<const Type *, std::vector<int64_t>>, std::unique_ptr<NestedArrayType>>
      NestedArrays;
  std::map<std::string, const RecordType *> RecordNames;
  std::map<std::vector<const Type *>, std::unique_ptr<TupleType>> Tuples;
  std::map<std::tuple<std::string, std::vector<std::string>, std::vector<const Type *>>,
           std::unique_ptr<TupleType>>
      NamedTuples;
  std::map<std::string, std::vector<std::string>> TupleClasses;
  std::map<std::pair<const ScalarType *, unsigned>, std::unique_ptr<VectorType>> Vectors;
  std::map<const Type *, std::unique_ptr<OptionalType>> Optionals;
  std::map<std::string, std::unique_ptr<EnumType>> Enums;
};

/// Whether \p Ty is or holds an array (in a tuple or an Optional).
bool holdsArray(const Type *Ty);

} // namespace pykc::ir
