//===- Header.h - The typed C++ header of an object -------------*- C++ -*-===//
//
// `pykc -c --header FILE.h`: one namespace per Python module holding one
// kernel object per kernel (runtime/include/pykc/Kernel.h shows the shape),
// whose call operators take exactly the C++ types of the kernel's
// signatures, so a wrong array type or argument count does not compile.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

#include <string>

namespace pykc::driver {

struct HeaderInfo {
  std::string Namespace;   ///< "kernels" or "a::b"
  std::string SourcePath;  ///< the Python file as given
  std::string ObjectPath;  ///< the object it goes with, for the comment
  std::string CommandLine; ///< how it was made, for the comment
  std::string HeaderPath;  ///< this header's name, for the comment
  /// The object's stamp (HostObjectOptions::StampSymbol), which the header
  /// references; empty: none.
  std::string StampSymbol;
};

/// The header text for the kernels of \p IR (in the object's table order).
std::string writeHeader(const ir::Module &IR, const HeaderInfo &Info);

/// A Python name as a C++ identifier (a keyword gets a trailing '_').
std::string cxxName(const std::string &Py);

/// bool, _Float16, float, double, or the <cstdint> integer of a dtype.
std::string scalarCxxType(const ir::ScalarType *S);

/// The C++ type of a record dtype: the struct the header declares (the
/// module's name for the dtype, or record_XXXXXXXX after a hash of its
/// layout), or pykc::random::xoroshiro128p_state for Numba's generator
/// states.
std::string recordCxxType(const ir::RecordType *R);

/// An array's element type in C++: its scalar's or its record's.
std::string elementCxxType(const ir::ArrayType *A);

/// The default namespace for a Python file: its stem with every character
/// that cannot appear in a C++ identifier replaced by '_' (and '_' added
/// before a leading digit or after a C++ keyword).
std::string defaultNamespace(const std::string &SourcePath);

} // namespace pykc::driver
