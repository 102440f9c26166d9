//===- codegen/HeaderWriter.h - The typed C++ header of an object -*- C++ -*-===//
//
// `pykc -c --header FILE.h`: one namespace per Python module holding one
// kernel object per kernel (runtime/include/pykc/Kernel.h shows the shape),
// whose call operators take exactly the C++ types of the kernel's
// signatures, so a wrong array type or argument count does not compile.
// The types are CxxTypeWriter's, in its Host dialect.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

#include <string>

namespace pykc::codegen {

struct HeaderInfo {
  std::string Namespace;   ///< "kernels" or "a::b"
  std::string SourcePath;  ///< the Python file as given
  std::string ObjectPath;  ///< the object it goes with, for the comment
  std::string CommandLine; ///< how it was made, for the comment
  std::string HeaderPath;  ///< this header's name, for the comment
  std::string Version;     ///< pykc's version, for the comment
  /// The object's stamp (HostObjectOptions::StampSymbol), which the header
  /// references; empty: none.
  std::string StampSymbol;
};

/// The header text for the kernels of \p IR (in the object's table order).
std::string writeHeader(const ir::Module &IR, const HeaderInfo &Info);

/// The default namespace for a Python file: its stem with every character
/// that cannot appear in a C++ identifier replaced by '_' (and '_' added
/// before a leading digit or after a C++ keyword).
std::string defaultNamespace(const std::string &SourcePath);

} // namespace pykc::codegen
