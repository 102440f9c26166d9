//===- ForeignFunction.h - cuda.declare_device and link files ---*- C++ -*-===//
///
/// \file
/// Numba-CUDA's foreign function interface: `f = cuda.declare_device('f',
/// 'float32(float32, int32)')` declares a device function written in CUDA
/// C++ (or PTX, LTO-IR, an object), and `@cuda.jit(link=['f.cu'])` (or
/// `declare_device(..., link=...)`, or `pykc --link f.cu`) names the file
/// that defines it. Two ABIs, as numba-cuda's `abi=` argument:
///
///   Numba (default): extern "C" __device__ int f(T *ret, args...); returns 0
///   C (abi='c'):     extern "C" __device__ T f(args...)
///
/// A parameter is a scalar, `CPointer(dtype)` or `voidptr`; a kernel passes
/// an array (or `ffi.from_buffer(array)`) to a pointer parameter, which
/// receives the array's data pointer. Pointers exist only as such
/// arguments: kernels cannot hold or index one.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/Type.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pykc::ir {

/// A file the kernels are linked with, by its extension.
enum class LinkFileKind { Cuda, Ptx, LtoIr, Object, Archive, Fatbin, Cubin };

/// The kind of \p Path by its extension (.cu, .ptx, .ltoir, .o, .a,
/// .fatbin, .cubin); nothing for any other.
std::optional<LinkFileKind> linkFileKind(std::string_view Path);

struct LinkFile {
  std::string Path;     ///< Absolute (resolved against the .py's folder).
  std::string Spelling; ///< As the source or command line wrote it.
  LinkFileKind Kind = LinkFileKind::Cuda;
  /// Where the source names it; null for `--link` on the command line.
  const frontend::SourceFile *File = nullptr;
  frontend::SourceRange Range;
};

struct ForeignParam {
  enum class Kind { Scalar, Pointer, VoidPointer };
  Kind K = Kind::Scalar;
  /// The scalar, or what a CPointer points to; null for voidptr.
  const ScalarType *Ty = nullptr;
  /// As Numba spells it: "float32", "CPointer(float32)", "voidptr".
  std::string str() const;
};

struct ForeignFunction {
  enum class Abi { Numba, C };
  std::string Symbol;    ///< declare_device's name: the C symbol.
  std::string BoundName; ///< The Python name it is bound to.
  Abi Convention = Abi::Numba;
  /// A scalar, or NoneType for `void`.
  const Type *Return = nullptr;
  std::vector<ForeignParam> Params;
  std::vector<LinkFile> Links; ///< declare_device(..., link=...)
  const frontend::SourceFile *File = nullptr;
  frontend::SourceRange Range; ///< The declare_device call.
  /// `float32(CPointer(float32), int32)`.
  std::string signatureText() const;
};

/// Parses a foreign signature (`float32(float32, int32)`, `void(voidptr)`,
/// `int32(CPointer(float64), int64)`); \p Text starts at byte \p BaseOffset
/// of \p File. Reports a BadForeignSignature error and returns false when
/// it is not one.
bool parseForeignSignature(std::string_view Text, const frontend::SourceFile &File,
                           uint32_t BaseOffset, TypeContext &Types,
                           frontend::DiagnosticEngine &Diags, ForeignFunction &Out);

} // namespace pykc::ir
