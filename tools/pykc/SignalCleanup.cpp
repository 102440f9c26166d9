//===- SignalCleanup.cpp --------------------------------------------------===//
#include "SignalCleanup.h"

#include <atomic>
#include <climits>
#include <csignal>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace pykc::driver {

namespace {

/// A slot is Free, being Filled by one thread, or Armed (the handler
/// removes it). The states are lock-free atomics, safe in a handler.
enum SlotState : int { Free, Filling, Armed };

struct Slot {
  std::atomic<int> State{Free};
  bool IsDirectory = false;
  char Path[PATH_MAX];
};

constexpr int SlotCount = 64;
Slot Slots[SlotCount];

constexpr int Signals[] = {SIGINT, SIGTERM, SIGHUP};

/// The running tools' process ids (0: a free slot).
std::atomic<int> Children[SlotCount];

/// Passes \p Signal on to every registered tool and reaps them: each has
/// two seconds to end (ptxas and ld end at once), then it is killed.
/// kill, waitpid and nanosleep are async-signal-safe.
void endChildren(int Signal) {
  for (std::atomic<int> &Child : Children)
    if (int Pid = Child.load(); Pid > 0)
      ::kill(Pid, Signal);
  const struct timespec Tick = {0, 10 * 1000 * 1000};
  for (int Ticks = 0;; ++Ticks) {
    bool Running = false;
    for (std::atomic<int> &Child : Children) {
      int Pid = Child.load();
      if (Pid <= 0)
        continue;
      // The child is gone (reaped here, or by the thread that waits for
      // it) unless waitpid says it is still running.
      if (::waitpid(Pid, nullptr, WNOHANG) == 0) {
        if (Ticks < 200) {
          Running = true;
          continue;
        }
        ::kill(Pid, SIGKILL);
        ::waitpid(Pid, nullptr, 0);
      }
      Child.store(0);
    }
    if (!Running)
      return;
    ::nanosleep(&Tick, nullptr);
  }
}

/// Removes the files of folder \p Path (pykc's temporary folders hold no
/// subfolders): getdents64 and unlinkat are system calls, unlike readdir().
void removeFiles(const char *Path) {
  int FD = ::open(Path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (FD >= 0) {
    alignas(8) char Buffer[4096];
    for (;;) {
      long N = ::syscall(SYS_getdents64, FD, Buffer, sizeof Buffer);
      if (N <= 0)
        break;
      for (long Offset = 0; Offset < N;) {
        // struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name.
        unsigned short Length;
        std::memcpy(&Length, Buffer + Offset + 16, sizeof Length);
        const char *Name = Buffer + Offset + 19;
        if (std::strcmp(Name, ".") != 0 && std::strcmp(Name, "..") != 0)
          ::unlinkat(FD, Name, 0);
        Offset += Length;
      }
    }
    ::close(FD);
  }
}

/// Removes folder \p Path and its files. The registered tools have ended by
/// now, but one past the table's size may still be writing there: a file it
/// makes after the files went keeps the folder, so they are removed again,
/// a few times, until the folder goes.
void removeFolder(const char *Path) {
  for (int Pass = 0; Pass < 16; ++Pass) {
    removeFiles(Path);
    if (::rmdir(Path) == 0 || errno != ENOTEMPTY)
      return;
  }
}

extern "C" void removeTemporariesAndExit(int Signal) {
  endChildren(Signal);
  for (Slot &S : Slots) {
    if (S.State.load() != Armed)
      continue;
    if (S.IsDirectory)
      removeFolder(S.Path);
    else
      ::unlink(S.Path);
  }
  // The signal is blocked while its handler runs: raised again with the
  // default disposition, it ends pykc as soon as the handler returns.
  struct sigaction Default = {};
  Default.sa_handler = SIG_DFL;
  sigemptyset(&Default.sa_mask);
  ::sigaction(Signal, &Default, nullptr);
  ::raise(Signal);
}

} // namespace

void installSignalCleanup() {
  static std::atomic<bool> Installed{false};
  if (Installed.exchange(true))
    return;
  for (int Signal : Signals) {
    struct sigaction Old;
    if (::sigaction(Signal, nullptr, &Old) == 0 && Old.sa_handler == SIG_IGN)
      continue;
    struct sigaction Handler = {};
    Handler.sa_handler = removeTemporariesAndExit;
    sigemptyset(&Handler.sa_mask);
    for (int Other : Signals)
      sigaddset(&Handler.sa_mask, Other); // one cleanup at a time
    ::sigaction(Signal, &Handler, nullptr);
  }
}

CleanupRegistration &
CleanupRegistration::operator=(CleanupRegistration &&Other) noexcept {
  if (this != &Other) {
    reset();
    Slot = Other.Slot;
    Other.Slot = -1;
  }
  return *this;
}

void CleanupRegistration::set(const char *Path, bool IsDirectory) {
  reset();
  if (!Path || std::strlen(Path) >= PATH_MAX)
    return;
  for (int I = 0; I < SlotCount; ++I) {
    int Expected = Free;
    if (!Slots[I].State.compare_exchange_strong(Expected, Filling))
      continue;
    std::strcpy(Slots[I].Path, Path);
    Slots[I].IsDirectory = IsDirectory;
    Slots[I].State.store(Armed);
    Slot = I;
    return;
  }
}

void CleanupRegistration::reset() {
  if (Slot >= 0)
    Slots[Slot].State.store(Free);
  Slot = -1;
}

ChildRegistration::ChildRegistration(int Pid) {
  if (Pid <= 0)
    return;
  for (int I = 0; I < SlotCount; ++I) {
    int Expected = 0;
    if (Children[I].compare_exchange_strong(Expected, Pid)) {
      Slot = I;
      return;
    }
  }
}

ChildRegistration::~ChildRegistration() {
  if (Slot >= 0)
    Children[Slot].store(0);
}

} // namespace pykc::driver
