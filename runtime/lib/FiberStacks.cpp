//===- FiberStacks.cpp - Stacks for CPU kernel threads run as fibers -----===//
#include "FiberStacks.h"

#include "pykc/Error.h"

#include <new>
#include <string>
#include <sys/mman.h>

using namespace pykc;
using namespace pykc::runtime;
namespace ctx = boost::context;

StackPool::~StackPool() {
  for (const ctx::stack_context &S : All)
    munmap(static_cast<char *>(S.sp) - CpuFiberStackBytes - CpuFiberGuardBytes,
           CpuFiberStackBytes + CpuFiberGuardBytes);
}

ctx::stack_context StackPool::take() {
  if (!Free.empty()) {
    ctx::stack_context S = Free.back();
    Free.pop_back();
    return S;
  }
  size_t Total = CpuFiberStackBytes + CpuFiberGuardBytes;
  All.reserve(All.size() + 1); // so that recording it cannot fail below
  void *Base = mmap(nullptr, Total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Base == MAP_FAILED ||
      mprotect(static_cast<char *>(Base) + CpuFiberGuardBytes, CpuFiberStackBytes,
               PROT_READ | PROT_WRITE) != 0) {
    if (Base != MAP_FAILED)
      munmap(Base, Total);
    throw Error(ErrorCode::OutOfMemory,
                "cannot map a " + std::to_string(CpuFiberStackBytes) +
                    "-byte stack for a CPU kernel thread; use smaller blocks");
  }
  ctx::stack_context S;
  S.size = CpuFiberStackBytes;
  S.sp = static_cast<char *>(Base) + Total;
  All.push_back(S);
  return S;
}

void pykc::runtime::abandonFiber(ctx::fiber &&F) noexcept {
  union Forgotten {
    ctx::fiber Fiber;
    Forgotten() {}
    ~Forgotten() {} // never destroys Fiber
  } Slot;
  new (&Slot.Fiber) ctx::fiber(std::move(F));
}
