//===- codegen/CxxTypeWriter.h - The IR's data types as C++ -----*- C++ -*-===//
///
/// \file
/// The one place that spells the typed IR's data types in C++, for both
/// C++ outputs: the header of a `-c` object (HeaderWriter.h, host C++ with
/// the runtime's headers) and the CUDA C++ source (CudaSourceWriter.h).
/// Scalars, complex numbers, records as structs at NumPy's offsets, tuples
/// and enums, and the names they and their members get, follow one rule;
/// where the two outputs differ, the dialect says so and the comment on
/// each case says why.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

#include <functional>
#include <map>
#include <sstream>
#include <string>

namespace pykc::codegen {

/// Which C++ the types are written for.
enum class CxxDialect {
  /// An object's header: host C++20 with pykc's runtime headers. Python's
  /// names are the API (kept as written, UTF-8 too, a C++ keyword
  /// renamed), float16 is _Float16, a complex is std::complex, a tuple
  /// std::tuple, an enum an enum class, and Numba's generator state the
  /// runtime's pykc::random::xoroshiro128p_state.
  Host,
  /// A .cu file nvcc compiles: device code with cuda_fp16.h and the
  /// writer's prelude. Every name avoids what CUDA's headers take
  /// (cudaIdentifier), float16 is __half, a complex pykc_complex, a tuple
  /// a struct of its elements, an enum member its int64 value.
  Cuda,
};

/// A Python name as the header's C++ name: a C++ keyword, or a name the
/// header itself uses (pykc, pykc_impl, compiled_module, std), gets a
/// trailing '_'.
std::string cxxName(const std::string &Py);

/// Whether \p R is Numba's xoroshiro128p_dtype (two uint64, s0 and s1).
bool isXoroshiroState(const ir::RecordType *R);

class CxxTypeWriter {
public:
  /// Reports a type the dialect cannot spell (a record whose fields
  /// overlap); it must not return. Without one, that is an internal error.
  using UnsupportedFn = std::function<void(const std::string &What)>;
  /// The C++ type of a tuple's element (not itself a tuple).
  using ElementFn = std::function<std::string(const ir::Type *)>;

  explicit CxxTypeWriter(CxxDialect D, UnsupportedFn Unsupported = nullptr)
      : D(D), Unsupported(std::move(Unsupported)) {}

  /// A Python identifier as a C++ name: cxxName (Host) or cudaIdentifier
  /// (Cuda).
  std::string identifier(const std::string &Py) const;
  /// A record field's member name; a field's name is any string ("a b",
  /// "1x"): a character C++ forbids becomes '_', a leading digit gets '_'
  /// before it, and a name the dialect takes one after it.
  std::string memberName(const std::string &Field) const;

  /// bool, the <stdint.h> integer of the width (int32_t), float, double,
  /// float16 and complex as the dialect spells them.
  std::string scalar(const ir::ScalarType *S);
  /// scalar, the integers as ::std::int32_t, which no name of the header's
  /// namespace can hide (Host's parameters and results).
  std::string qualifiedScalar(const ir::ScalarType *S);
  /// complex64 or complex128: ::std::complex<float> (Host) or
  /// pykc_complex<float> (Cuda).
  std::string complex(const ir::ScalarType *S);
  /// An array's element type: its scalar's or its record's.
  std::string element(const ir::ArrayType *A);

  /// The name of a record's struct, declaring it (after the records
  /// nested in it) on first use: the module's name for the dtype, or
  /// record_XXXXXXXX after a hash of its layout, so the same layout has the
  /// same name; the CUDA source puts pykc_record_ before it, its variables
  /// having Python's names.
  std::string record(const ir::RecordType *R);
  /// The name record() gives \p R, declaring nothing.
  std::string recordName(const ir::RecordType *R) const;

  /// A tuple's type, its elements spelled by \p Element (a nested tuple
  /// by this function): ::std::tuple<...> (Host), or a struct with members
  /// e0, e1, ... declared on first use, named pykc_tuple and a number
  /// (Cuda).
  std::string tuple(const ir::TupleType *T, const ElementFn &Element);

  /// An enum class: its C++ enum class with the members' values, declared
  /// on first use (Host), or int64_t (Cuda: a member is its value).
  std::string enumType(const ir::EnumType *E);

  /// The declarations written since the last call, in the order written
  /// (a struct after those it uses).
  std::string takeDeclarations();

  bool usesHalf() const { return UsesHalf; }
  bool usesComplex() const { return UsesComplex; }

private:
  void writeRecord(const ir::RecordType *R, const std::string &Name);
  /// A comment of the dialect's kind (/// in the header, // in CUDA).
  const char *comment() const { return D == CxxDialect::Host ? "/// " : "// "; }

  CxxDialect D;
  UnsupportedFn Unsupported;
  std::ostringstream Declarations;
  std::map<const ir::RecordType *, std::string> Records;
  std::map<const ir::TupleType *, std::string> Tuples;
  std::map<const ir::EnumType *, std::string> Enums;
  bool UsesHalf = false, UsesComplex = false;
};

} // namespace pykc::codegen
