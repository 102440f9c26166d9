//===- KernelFaults.h - Surviving faults of CPU kernels ---------*- C++ -*-===//
//
// A CPU kernel that reads or writes past an array (into the guard after it,
// GuardedMemory.h) or overflows its stack raises SIGSEGV or SIGBUS on the
// thread running it. While a launch runs kernel code on a thread, that
// thread has a landing (runCatchingFaults): the handler records the faulting
// address and siglongjmps there, on the worker's own stack, and the launch
// fails with "kernel 'k' faulted (address 0x..., in thread (t) of block
// (b)): ...". A fault anywhere else goes to the handler the program had
// before (SIG_DFL: the process dies as it would have).
//
// The handlers are installed once, at the first CPU launch, and stay: a
// launch costs no system call. A handler the host program installs later
// replaces them (kernel faults then reach it instead); one it installed
// earlier is chained to. Each thread that runs kernel code gets an
// alternate signal stack (unless it has one), so a fault from a stack
// overflow, whose stack has no room left, is handled too. Under ASan, set
// ASAN_OPTIONS=allow_user_segv_handler=1, or ASan keeps SIGSEGV to itself.
//
// After a fault the process stays usable: the fault is taken in kernel code,
// which holds no locks, and the worker resumes in the runtime's frame. Its
// fibers and their stacks are abandoned, not unwound (FiberStacks.h takes
// the stacks back). What the kernel wrote before the fault stays written,
// so the arrays' contents are undefined, as after a GPU's illegal memory
// access. A fault inside a library function the kernel called (a stack
// overflow inside printf or malloc) may leave that library's lock held;
// then the process cannot be relied on after the fault: exit.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_KERNELFAULTS_H
#define PYKC_RUNTIME_KERNELFAULTS_H

#include <csetjmp>
#include <cstdint>
#include <string>

namespace pykc::runtime {

/// Where a thread resumes when the kernel code it runs faults.
struct FaultLanding {
  sigjmp_buf Jump;
  const void *Address = nullptr; ///< si_addr of the fault.
  int Signal = 0;
  FaultLanding *Outer = nullptr;
};

/// Whether kernel faults are caught in this process: the handlers are
/// installed (this installs them) and still the process's. False under
/// ASan without allow_user_segv_handler=1, or once the program replaced
/// them.
bool kernelFaultsCaught();

/// Makes \p L the calling thread's landing (installing the handlers and the
/// thread's alternate signal stack on first use).
void armFaults(FaultLanding &L);
/// Undoes armFaults(L).
void disarmFaults(FaultLanding &L) noexcept;
/// After a jump to \p L: disarms it and unblocks the fault signals, which
/// the handler left blocked.
void landFault(FaultLanding &L) noexcept;

/// Whether the calling thread has a landing (runs code whose faults are
/// caught).
bool faultsLand() noexcept;

/// Continues a fault taken on another thread (a prange chunk's worker) as
/// if the calling thread had taken it at \p Address: jumps to its landing,
/// which must exist (faultsLand()).
[[noreturn]] void forwardFault(const void *Address) noexcept;

/// Runs \p Body() on the calling thread; returns true when it returned, or
/// false when kernel code it ran faulted (then \p Fault holds the address).
/// Exceptions of \p Body pass through.
template <class F> bool runCatchingFaults(FaultLanding &Fault, F &&Body) {
  if (sigsetjmp(Fault.Jump, 0)) {
    landFault(Fault);
    return false;
  }
  armFaults(Fault);
  try {
    Body();
  } catch (...) {
    disarmFaults(Fault);
    throw;
  }
  disarmFaults(Fault);
  return true;
}

/// The launch's error for a fault at \p Address: "kernel 'k' faulted
/// (address 0x..., in thread (tx, ty, tz) of block (bx, by, bz)): an
/// out-of-bounds access or a stack overflow; rerun with --boundscheck to
/// find the index". \p Where is "thread (...) of block (...)".
std::string faultMessage(const char *Kernel, const void *Address, const std::string &Where);

/// The same for host code (an @njit function run by `pykc call`):
/// "function 'f' faulted (address 0x...): an out-of-bounds access or a
/// stack overflow; rerun with --boundscheck to find the index".
std::string hostFaultMessage(const char *Function, const void *Address);

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_KERNELFAULTS_H
