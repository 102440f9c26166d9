//===- NpyFuzzer.cpp - libFuzzer entry for the .npy reader ----------------===//
//
// Decodes arbitrary bytes as a .npy file, and parses them as a header dict.
// Any crash, sanitizer report or unbounded allocation is a bug, and so is a
// decoded array that breaks what Npy.h promises: the header and data are
// exactly the input, the data is ItemSize times the element count, and the
// byte strides `pykc run` computes cannot overflow.
//
// Run: pykc-npy-fuzzer -timeout=5 -rss_limit_mb=2048 test/fuzz/corpus-npy
//
//===----------------------------------------------------------------------===//
#include "Npy.h"
#include "NpyHeader.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

using namespace pykc::driver;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Bytes(reinterpret_cast<const char *>(Data), Size);
  std::string Error;
  if (auto A = decodeNpy(Bytes, Error)) {
    if (!Error.empty() || A->Header.size() + A->Data.size() != Size ||
        std::memcmp(A->Header.data(), Data, A->Header.size()) != 0 ||
        (!A->Data.empty() &&
         std::memcmp(A->Data.data(), Data + A->Header.size(), A->Data.size()) != 0))
      __builtin_trap();
    // The element count and every stride, as Run.cpp computes them.
    int64_t Count = 1, Stride = A->ItemSize;
    bool Empty = false;
    for (int64_t D : A->Shape) {
      if (D < 0)
        __builtin_trap();
      Empty = Empty || D == 0;
      if (D != 0 && __builtin_mul_overflow(Stride, D, &Stride))
        __builtin_trap();
      Count *= D;
    }
    if (Count != A->elementCount() ||
        A->Data.size() != (Empty ? 0 : uint64_t(Count) * A->ItemSize))
      __builtin_trap();
  } else if (Error.empty()) {
    __builtin_trap();
  }

  Error.clear();
  if (!parseNpyHeaderDict(Bytes, Error) && Error.empty())
    __builtin_trap();
  return 0;
}
