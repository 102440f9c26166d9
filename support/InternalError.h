//===- support/InternalError.h - Broken invariants inside pykc --*- C++ -*-===//
///
/// \file
/// Every layer of the compiler (frontend, ir, codegen, tools) reports a
/// broken invariant of its own the same way: "internal compiler error",
/// where, and an abort. It is never used for bad user input, which gets a
/// diagnostic with a source location and a kind (frontend/Diagnostic.h).
/// This library depends on nothing, so any layer may use it.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <string_view>

namespace pykc {

/// Prints "pykc: internal compiler error: MESSAGE (at FILE:LINE)" and a
/// request to report it, then aborts.
[[noreturn]] void internalError(std::string_view Message, const char *File, int Line);

} // namespace pykc

#define PYKC_ICE(Message) ::pykc::internalError(Message, __FILE__, __LINE__)
