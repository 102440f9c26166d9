//===- SignalCleanup.h - Temporaries removed on SIGINT/SIGTERM --*- C++ -*-===//
///
/// \file
/// Every temporary pykc creates (the folder ptxas works in, the temporary
/// an output is written to before it is renamed over its target) is
/// registered here while it exists. Ctrl-C (SIGINT), SIGTERM and SIGHUP
/// remove the registered files and folders with async-signal-safe calls
/// only, then end pykc by the same signal with its default disposition, so
/// the exit status is the signal's (130 in a shell for Ctrl-C).
///
/// The tools pykc runs (ptxas, `ld -r`, clang++, cc) are registered too: a
/// signal sent to pykc alone (`kill PID`, a build system's timeout) is
/// passed on to them, and they are waited for (two seconds at most, then
/// SIGKILL) before the temporaries they write in go, so no file a tool makes
/// afterwards outlives pykc.
///
/// A signal that was ignored when pykc started (`nohup`, a background job
/// of a non-interactive shell) stays ignored.
///
//===----------------------------------------------------------------------===//
#pragma once

namespace pykc::driver {

/// Installs the handlers (once; later calls do nothing).
void installSignalCleanup();

/// A registered temporary: registered by the constructor when \p Path is
/// not null, unregistered by reset() or the destructor. Registration never
/// fails the caller: past the table's size (64 at once) a temporary is
/// simply not removed on a signal.
class CleanupRegistration {
public:
  CleanupRegistration() = default;
  CleanupRegistration(const char *Path, bool IsDirectory) {
    set(Path, IsDirectory);
  }
  CleanupRegistration(const CleanupRegistration &) = delete;
  CleanupRegistration &operator=(const CleanupRegistration &) = delete;
  CleanupRegistration(CleanupRegistration &&Other) noexcept : Slot(Other.Slot) {
    Other.Slot = -1;
  }
  CleanupRegistration &operator=(CleanupRegistration &&Other) noexcept;
  ~CleanupRegistration() { reset(); }

  /// Registers \p Path (a file, or a folder whose files are removed with
  /// it), replacing what this registered before.
  void set(const char *Path, bool IsDirectory);
  /// Unregisters it: the caller removed or renamed it.
  void reset();

private:
  int Slot = -1;
};

/// A registered child process: the signal handler passes the signal on to
/// it and waits for it. Registered for as long as the caller waits for it.
class ChildRegistration {
public:
  explicit ChildRegistration(int Pid);
  ChildRegistration(const ChildRegistration &) = delete;
  ChildRegistration &operator=(const ChildRegistration &) = delete;
  ~ChildRegistration();

private:
  int Slot = -1;
};

} // namespace pykc::driver
