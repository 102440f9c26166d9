//===- BuiltinTableTest.cpp - ir/Builtins.def's columns agree -------------===//
//
// Adding an intrinsic is one row of ir/Builtins.def; these tests walk the
// rows and check that each row's columns fit together, so that a row
// missing something a check or a backend needs fails here, not in a kernel.
//
//===----------------------------------------------------------------------===//
#include "codegen/CPUTarget.h"
#include "ir/Builtins.h"

#include <pykc/CpuABI.h>

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace {

using pykc::ir::IntrinsicId;
using pykc::ir::SyncKind;

enum class CudaForm { Format, WarpFormat, Emitter, Node };

/// One BUILTIN row as written: the columns the checks below compare.
struct Row {
  IntrinsicId Id;
  const char *Path;
  bool LoweredAsNode; ///< the Lowering column is Node(K)
  CudaForm Cuda;
  const char *Format; ///< a Format or WarpFormat row's text
  void *CpuAddress;   ///< a Runtime(Symbol) row's function in the runtime
};

#define PYKC_TEST_LOWERING_Node(K) true
#define PYKC_TEST_LOWERING_Emit(F, ...) false
#define PYKC_TEST_CUDA_Format(Text) CudaForm::Format, Text
#define PYKC_TEST_CUDA_WarpFormat(Text) CudaForm::WarpFormat, Text
#define PYKC_TEST_CUDA_Emitter(F, ...) CudaForm::Emitter, nullptr
#define PYKC_TEST_CUDA_Node CudaForm::Node, nullptr
// The address of the runtime's function: a symbol CpuABI.h does not
// declare does not build.
#define PYKC_TEST_CPU_Runtime(Symbol) reinterpret_cast<void *>(&Symbol)
#define PYKC_TEST_CPU_Inline nullptr

const std::vector<Row> &rows() {
  static const std::vector<Row> Rows = {
#define BUILTIN(Id, Path, Typing, Lowering, Sync, Thread, Host, Cuda, Cpu)     \
  {IntrinsicId::Id, Path, PYKC_TEST_LOWERING_##Lowering, PYKC_TEST_CUDA_##Cuda,   \
   PYKC_TEST_CPU_##Cpu},
#include "ir/Builtins.def"
  };
  return Rows;
}

// Checked while compiling: the barriers BarrierCheck knows, and a MATH row.
static_assert(pykc::ir::isBarrier(IntrinsicId::SyncThreads));
static_assert(pykc::ir::isBarrier(IntrinsicId::SyncThreadsCount));
static_assert(pykc::ir::isBarrier(IntrinsicId::GridSync));
static_assert(!pykc::ir::isBarrier(IntrinsicId::SyncWarp));
static_assert(pykc::ir::builtinTraits(IntrinsicId::MathSqrt).Sync == SyncKind::None);
static_assert(pykc::ir::builtinTraits(IntrinsicId::MathSqrt).Host);

TEST(BuiltinTable, EveryEmittedRowHasACudaSpelling) {
  // The LLVM and the CUDA emitters see the same rows: a row typing makes
  // into another node has no spelling, every other row has one.
  for (const Row &R : rows()) {
    SCOPED_TRACE(R.Path);
    EXPECT_EQ(R.LoweredAsNode, R.Cuda == CudaForm::Node);
  }
}

TEST(BuiltinTable, FormatsUseOnlyTheirDirectives) {
  for (const Row &R : rows()) {
    if (!R.Format)
      continue;
    SCOPED_TRACE(R.Path);
    for (const char *C = R.Format; *C; ++C) {
      if (*C != '%')
        continue;
      char D = *++C;
      if (D == 'c')
        D = *++C;
      bool Known = D == 'T' || D == 'G' || (D >= '0' && D <= '9') ||
                   (D == 'm' && R.Cuda == CudaForm::WarpFormat);
      EXPECT_TRUE(Known) << "unknown directive %" << D << " in " << R.Format;
    }
  }
}

TEST(BuiltinTable, MeetingPointsHaveARuntimeFunction) {
  // A row that meets other threads is a meeting point on the CPU (a kernel
  // calling it runs on fibers), which needs its runtime function; it is a
  // device-only operation.
  for (const Row &R : rows()) {
    SCOPED_TRACE(R.Path);
    pykc::ir::BuiltinTraits T = pykc::ir::builtinTraits(R.Id);
    EXPECT_EQ(T.CpuRuntime != nullptr, R.CpuAddress != nullptr);
    if (T.Sync == SyncKind::None)
      continue;
    ASSERT_NE(T.CpuRuntime, nullptr);
    EXPECT_TRUE(pykc::codegen::CPUTarget::isMeetingPoint(T.CpuRuntime));
    EXPECT_FALSE(T.Host);
    EXPECT_FALSE(R.LoweredAsNode);
  }
}

TEST(BuiltinTable, MeetingPointsAreExactlyTheSyncRows) {
  using pykc::codegen::CPUTarget;
  EXPECT_TRUE(CPUTarget::isMeetingPoint("pykc_cpu_barrier"));
  EXPECT_TRUE(CPUTarget::isMeetingPoint("pykc_cpu_barrier_reduce"));
  EXPECT_TRUE(CPUTarget::isMeetingPoint("pykc_cpu_grid_sync"));
  EXPECT_TRUE(CPUTarget::isMeetingPoint("pykc_cpu_warp_sync"));
  EXPECT_TRUE(CPUTarget::isMeetingPoint("pykc_cpu_warp_shuffle"));
  EXPECT_TRUE(CPUTarget::isMeetingPoint("pykc_cpu_warp_ballot"));
  EXPECT_TRUE(CPUTarget::isMeetingPoint("pykc_cpu_warp_match"));
  // activemask reads the warp's lanes without waiting for them.
  EXPECT_FALSE(CPUTarget::isMeetingPoint("pykc_cpu_warp_active"));
  EXPECT_FALSE(CPUTarget::isMeetingPoint("pykc_cpu_parallel_for"));
  EXPECT_TRUE(CPUTarget::isBlockBarrier("pykc_cpu_barrier"));
  EXPECT_FALSE(CPUTarget::isBlockBarrier("pykc_cpu_barrier_reduce"));
}

TEST(BuiltinTable, EveryIntrinsicIsListedOnce) {
  // AllIntrinsics follows the enumeration: one entry per row, in order.
  size_t I = 0;
  for (IntrinsicId Id : pykc::ir::AllIntrinsics)
    EXPECT_EQ(static_cast<size_t>(Id), I++);
  EXPECT_GT(I, rows().size()); // the BUILTIN rows and the MATH rows
}

} // namespace
