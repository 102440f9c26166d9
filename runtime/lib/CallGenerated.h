//===- CallGenerated.h - Calls into code pykc generated ---------*- C++ -*-===//
//
// Kernels and @njit entries are LLVM-generated code, reached through
// function pointers. UBSan's function check (-fsanitize=function, part of
// -fsanitize=undefined) reads a type signature in the bytes before a
// callee; generated code has none, and a JIT-compiled entry at the start of
// a page has an unmapped page there, so the check itself faults. Calls into
// generated code go through these, which leave that check out.
//
//===----------------------------------------------------------------------===//
#pragma once

#if defined(__clang__)
#define PYKC_NO_FUNCTION_SANITIZER __attribute__((no_sanitize("function")))
#else
#define PYKC_NO_FUNCTION_SANITIZER
#endif

namespace pykc::runtime_detail {

template <class Fn, class... Args>
PYKC_NO_FUNCTION_SANITIZER inline auto callGenerated(Fn *F, Args... A) {
  return F(A...);
}

} // namespace pykc::runtime_detail
