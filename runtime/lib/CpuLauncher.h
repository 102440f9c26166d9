//===- CpuLauncher.h - Running CPU-backend kernels --------------*- C++ -*-===//
//
// How a launch runs on the CPU device (CpuABI.h is the contract):
//   - blocks are spread over the ThreadPool, any order, in parallel;
//   - each block gets CpuSharedBytes of shared memory and, in a mapping of
//     its own, DynamicSharedBytes of dynamic shared memory (16-byte aligned,
//     not zeroed, each ending at an inaccessible page: GuardedMemory.h),
//     reused by the next block of the worker;
//   - a kernel with a blocks entry (SYM__cpu_blocks: no barriers, or only
//     cuda.syncthreads() and little per-thread memory) runs as runs of
//     consecutive blocks, a few per worker, each run one call
//     (PYKC_CPU_FIBERS=1 runs the barrier kernels among them on fibers
//     instead, to compare: the results are the same);
//   - any other kernel without barriers runs its threads one after the
//     other, x fastest, then y, then z;
//   - a kernel with barriers runs each thread as a Boost.Context fiber on a
//     pooled 256 KiB stack. pykc_cpu_barrier switches back to the block's
//     scheduler, which resumes the other threads round-robin; once every
//     thread has arrived at a barrier or returned, the next round begins.
//     Threads that returned count as arrived, so a barrier some threads
//     never reach does not deadlock (exited GPU threads behave the same),
//     and a block's barrier is one, whichever cuda.syncthreads() each
//     thread waits at (sm_70+ GPUs count bar.sync 0 per block the same).
//   - a cooperative launch (KernelImage::Cooperative: the kernel calls
//     cuda.cg.this_grid().sync(), pykc_cpu_grid_sync) runs every block at
//     once, each on a thread of its own, and a grid sync first gathers the
//     block at its barrier (every thread of the block that has not
//     returned), then waits for the other blocks. As on a GPU, the grid
//     barrier counts every block of the launch: a block that returns while
//     others wait at a grid sync, or before they reach one, would hang a
//     GPU; here it fails the launch, naming the kernel and the block;
//   - an exception thrown by a kernel thread is caught on its own fiber; the
//     other threads still run to completion (no fiber is left suspended, so
//     nothing unwinds through kernel frames), then the launch rethrows it;
//   - a fault of kernel code (SIGSEGV, SIGBUS: an access past an array or a
//     stack overflow) lands back in the worker's frame of its block
//     (KernelFaults.h) and fails the launch, naming the thread and block;
//     a run of blocks (the blocks entry keeps indices in registers) is run
//     again block by block to find them.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_CPULAUNCHER_H
#define PYKC_RUNTIME_CPULAUNCHER_H

#include "FiberStacks.h"

#include "pykc/Launch.h"

namespace pykc::runtime {

/// The largest grid a cooperative launch (a kernel with a grid sync) may
/// have on the CPU device: its blocks all run at once, each on a thread.
constexpr uint64_t CpuMaxCooperativeBlocks = 1024;

/// Runs K on the CPU with configuration C (already checked against the CPU
/// limits); returns when every block has finished.
void launchOnCpu(const KernelImage &K, const LaunchConfig &C, void **Args);

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_CPULAUNCHER_H
