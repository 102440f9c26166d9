//===- codegen/CxxKeywords.h - C++'s reserved words, once ------*- C++ -*-===//
///
/// \file
/// The words no C++ name pykc writes may be: the headers of `-c` objects
/// and the CUDA C++ source (CxxTypeWriter.h's cxxName and
/// CudaReservedNames.cpp's cudaIdentifier) both rename a Python name that
/// is one, each adding the names its own text takes.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <string_view>

namespace pykc::codegen {

/// Whether \p S is a C++20 keyword or alternative token (and, int, ...), or
/// one of the identifiers with special meaning (final, override), which
/// cannot name a namespace, a kernel object or a variable in every place.
bool isCxxKeyword(std::string_view S);

} // namespace pykc::codegen
