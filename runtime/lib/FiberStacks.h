//===- FiberStacks.h - Stacks for CPU kernel threads run as fibers -*- C++ -*-===//
//
// Each kernel thread of a block with barriers runs on a fiber whose stack
// is a mapping of its own with an inaccessible region below it, so a stack
// overflow faults (and the launch reports it, KernelFaults.h) instead of
// running into another thread's stack. The region is as large as one frame
// can be (CUDA's 512 KiB of local arrays and more), so no frame steps over
// it. A worker keeps its stacks for the next blocks and launches; after a
// fault it abandons its fibers without unwinding them and takes every stack
// back at once.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_FIBERSTACKS_H
#define PYKC_RUNTIME_FIBERSTACKS_H

#include <boost/context/fiber.hpp>
#include <boost/context/stack_context.hpp>

#include <vector>

namespace pykc::runtime {

/// The stack size of each kernel thread run as a fiber: CUDA's 512 KiB of
/// local memory a thread (pykc refuses kernels whose cuda.local.arrays need
/// more) and room for frames. Mapped without reserving memory: a thread
/// only costs the pages it touches.
constexpr size_t CpuFiberStackBytes = 1024 * 1024;

/// The inaccessible region below each fiber stack: larger than any frame.
constexpr size_t CpuFiberGuardBytes = 1024 * 1024;

/// The fiber stacks of one worker.
class StackPool {
public:
  StackPool() = default;
  StackPool(const StackPool &) = delete;
  StackPool &operator=(const StackPool &) = delete;
  /// Unmaps every stack; no fiber may still use one.
  ~StackPool();

  /// A free stack, or a new one; throws Error(OutOfMemory).
  boost::context::stack_context take();
  void give(boost::context::stack_context S) noexcept { Free.push_back(S); }
  /// Every stack is free again: the fibers on them were abandoned.
  void reclaimAll() { Free = All; }

private:
  std::vector<boost::context::stack_context> Free, All;
};

/// The stack allocator Boost.Context uses for kernel fibers.
struct PooledStackAllocator {
  StackPool *Pool;
  boost::context::stack_context allocate() { return Pool->take(); }
  void deallocate(boost::context::stack_context &S) noexcept { Pool->give(S); }
};

/// Drops a fiber handle without resuming it to unwind (as its destructor
/// would): after a fault its frames must never run again.
void abandonFiber(boost::context::fiber &&F) noexcept;

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_FIBERSTACKS_H
