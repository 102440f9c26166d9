//===- Builtins.h - What ir/Builtins.def's columns say of a builtin -*- C++ -*-===//
//
// The columns of ir/Builtins.def that checks and backends ask of an
// intrinsic, one lookup each, so that none of them lists builtins of its
// own: how it meets other threads, whether its value varies by thread,
// whether host code may call it, and the CPU runtime function it calls.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_IR_BUILTINS_H
#define PYKC_IR_BUILTINS_H

#include "ir/IR.h"

#include <iterator>
#include <string_view>

namespace pykc::ir {

/// How an intrinsic meets the other threads (the Sync column).
enum class SyncKind {
  None,  ///< it does not wait for other threads
  Block, ///< a barrier of the thread block (syncthreads and its reductions)
  Warp,  ///< a collective of the lanes of a mask (shuffles, votes, syncwarp)
  Grid,  ///< a barrier of the whole grid (GridGroup.sync)
};

/// One row's columns, as the checks and the backends read them.
struct BuiltinTraits {
  SyncKind Sync = SyncKind::None;
  /// The value differs between the threads of a block, whatever the
  /// arguments (the Thread column is Varies).
  bool VariesByThread = false;
  /// An @njit function may call it on the host.
  bool Host = true;
  /// The CPU runtime function that implements it; null when the CPU
  /// backend emits it inline.
  const char *CpuRuntime = nullptr;
  /// A call may pass keywords: the allocators' (shape, dtype, ...), whose
  /// typing rules are AllocArray and HeapArray.
  bool Keywords = false;
};

/// Whether the typing rule spelt \p Typing takes keywords.
constexpr bool typingTakesKeywords(std::string_view Typing) {
  return Typing.substr(0, 10) == "AllocArray" ||
         Typing.substr(0, 9) == "HeapArray";
}

#define PYKC_BUILTIN_THREAD_Uniform false
#define PYKC_BUILTIN_THREAD_Varies true
#define PYKC_BUILTIN_HOST_Host true
#define PYKC_BUILTIN_HOST_Device false
#define PYKC_BUILTIN_CPU_Runtime(Symbol) #Symbol
#define PYKC_BUILTIN_CPU_Inline nullptr

constexpr BuiltinTraits builtinTraits(IntrinsicId Id) {
  switch (Id) {
#define BUILTIN(Id, Path, Typing, Lowering, Sync, Thread, Host, Cuda, Cpu)     \
  case IntrinsicId::Id:                                                        \
    return {SyncKind::Sync, PYKC_BUILTIN_THREAD_##Thread,                      \
            PYKC_BUILTIN_HOST_##Host, PYKC_BUILTIN_CPU_##Cpu,                  \
            typingTakesKeywords(#Typing)};
#define MATH(Id, Path, Cases, Lowering, Name)                                  \
  case IntrinsicId::Id:                                                        \
    return {};
#include "ir/Builtins.def"
  }
  return {};
}

#undef PYKC_BUILTIN_THREAD_Uniform
#undef PYKC_BUILTIN_THREAD_Varies
#undef PYKC_BUILTIN_HOST_Host
#undef PYKC_BUILTIN_HOST_Device
#undef PYKC_BUILTIN_CPU_Runtime
#undef PYKC_BUILTIN_CPU_Inline

/// Every intrinsic, in the order of ir/Builtins.def.
inline constexpr IntrinsicId AllIntrinsics[] = {
#define BUILTIN(Id, ...) IntrinsicId::Id,
#define MATH(Id, ...) IntrinsicId::Id,
#include "ir/Builtins.def"
};

/// A barrier that every thread of a block (of the grid) must reach: what
/// ir/BarrierCheck.cpp checks. Warp collectives name their lanes by mask.
constexpr bool isBarrier(IntrinsicId Id) {
  SyncKind S = builtinTraits(Id).Sync;
  return S == SyncKind::Block || S == SyncKind::Grid;
}

} // namespace pykc::ir

#endif
