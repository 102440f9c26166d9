//===- KernelFaults.cpp - Surviving faults of CPU kernels ----------------===//
#include "KernelFaults.h"
#include "Allocations.h"

#include <csignal>
#include <mutex>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

using namespace pykc::runtime;

namespace {

/// The landing of the calling thread's innermost running launch, or null.
/// initial-exec: the handler reads it without __tls_get_addr, which is not
/// async-signal-safe.
__attribute__((tls_model("initial-exec"))) thread_local FaultLanding *Current = nullptr;

constexpr int FaultSignals[] = {SIGSEGV, SIGBUS};
struct sigaction Previous[2]; ///< The program's handlers, by FaultSignals index.

int indexOf(int Signal) { return Signal == SIGBUS ? 1 : 0; }

/// Hands a fault outside any launch to the handler the program had.
void chain(int Signal, siginfo_t *Info, void *Context) {
  const struct sigaction &P = Previous[indexOf(Signal)];
  if (P.sa_flags & SA_SIGINFO) {
    P.sa_sigaction(Signal, Info, Context);
    return;
  }
  if (P.sa_handler != SIG_DFL && P.sa_handler != SIG_IGN) {
    P.sa_handler(Signal);
    return;
  }
  bool Sent = Info->si_code <= 0; // kill() or raise(), not a fault
  if (P.sa_handler == SIG_IGN && Sent)
    return;
  // The default action: for a fault, returning re-runs the faulting
  // instruction, which now ends the process (with a core) as it would have
  // without pykc; a sent signal is delivered again once the handler returns.
  struct sigaction Default = {};
  Default.sa_handler = SIG_DFL;
  sigemptyset(&Default.sa_mask);
  sigaction(Signal, &Default, nullptr);
  if (Sent)
    raise(Signal);
}

extern "C" void onFault(int Signal, siginfo_t *Info, void *Context) {
  FaultLanding *L = Current;
  if (!L || Info->si_code <= 0)
    return chain(Signal, Info, Context);
  L->Address = Info->si_addr;
  L->Signal = Signal;
  Current = L->Outer;
  siglongjmp(L->Jump, 1);
}

void installHandlers() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    struct sigaction A = {};
    A.sa_sigaction = onFault;
    A.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&A.sa_mask);
    for (int I = 0; I < 2; ++I)
      sigaction(FaultSignals[I], &A, &Previous[I]);
  });
}

/// The calling thread's alternate signal stack, mapped when the thread first
/// runs kernel code if it had none, and removed when the thread exits.
class AltStack {
public:
  void ensure() {
    if (Checked)
      return;
    Checked = true;
    stack_t Old;
    if (sigaltstack(nullptr, &Old) == 0 && !(Old.ss_flags & SS_DISABLE))
      return; // the thread's own (the program's, LLVM's or ASan's) serves
    size_t Page = size_t(sysconf(_SC_PAGESIZE));
    void *Base = mmap(nullptr, Bytes + Page, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (Base == MAP_FAILED)
      return; // faults from stack overflows then end the process
    mprotect(Base, Page, PROT_NONE); // an overflowing handler faults too
    stack_t S = {};
    S.ss_sp = static_cast<char *>(Base) + Page;
    S.ss_size = Bytes;
    if (sigaltstack(&S, nullptr) != 0) {
      munmap(Base, Bytes + Page);
      return;
    }
    Mapping = Base;
  }
  ~AltStack() {
    if (!Mapping)
      return;
    size_t Page = size_t(sysconf(_SC_PAGESIZE));
    stack_t Now;
    // Only ours is removed: the program may have set another since.
    if (sigaltstack(nullptr, &Now) == 0 && Now.ss_sp == static_cast<char *>(Mapping) + Page) {
      stack_t Off = {};
      Off.ss_flags = SS_DISABLE;
      sigaltstack(&Off, nullptr);
    }
    munmap(Mapping, Bytes + Page);
  }

private:
  /// Room for chained handlers too (ASan's report, LLVM's stack trace).
  static constexpr size_t Bytes = 256 * 1024;
  bool Checked = false;
  void *Mapping = nullptr;
};

thread_local AltStack ThreadAltStack;

} // namespace

bool pykc::runtime::kernelFaultsCaught() {
  installHandlers();
  for (int Signal : FaultSignals) {
    struct sigaction Now = {};
    if (sigaction(Signal, nullptr, &Now) != 0 || !(Now.sa_flags & SA_SIGINFO) ||
        Now.sa_sigaction != onFault)
      return false;
  }
  return true;
}

void pykc::runtime::armFaults(FaultLanding &L) {
  installHandlers();
  ThreadAltStack.ensure();
  L.Outer = Current;
  Current = &L;
}

void pykc::runtime::disarmFaults(FaultLanding &L) noexcept { Current = L.Outer; }

void pykc::runtime::landFault(FaultLanding &L) noexcept {
  Current = L.Outer;
  sigset_t Signals;
  sigemptyset(&Signals);
  for (int S : FaultSignals)
    sigaddset(&Signals, S);
  pthread_sigmask(SIG_UNBLOCK, &Signals, nullptr);
}

bool pykc::runtime::faultsLand() noexcept { return Current != nullptr; }

void pykc::runtime::forwardFault(const void *Address) noexcept {
  FaultLanding *L = Current;
  L->Address = Address;
  L->Signal = SIGSEGV;
  Current = L->Outer;
  siglongjmp(L->Jump, 1);
}

std::string pykc::runtime::faultMessage(const char *Kernel, const void *Address,
                                        const std::string &Where) {
  return std::string("kernel '") + (Kernel ? Kernel : "?") + "' faulted (address " +
         addressString(reinterpret_cast<uintptr_t>(Address)) + ", in " + Where +
         "): an out-of-bounds access or a stack overflow; rerun with --boundscheck to find "
         "the index";
}

std::string pykc::runtime::hostFaultMessage(const char *Function, const void *Address) {
  return std::string("function '") + (Function ? Function : "?") + "' faulted (address " +
         addressString(reinterpret_cast<uintptr_t>(Address)) +
         "): an out-of-bounds access or a stack overflow; rerun with --boundscheck to find "
         "the index";
}
