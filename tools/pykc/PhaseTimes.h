//===- PhaseTimes.h - How long each phase took, for -v ----------*- C++ -*-===//
///
/// \file
/// `pykc -v` prints one line per phase to stderr once the command is done:
///
///   pykc: time: parse 1.204 ms
///   pykc: time: ptx/sm_80 96.310 ms
///   pykc: time: ptx/sm_80/optimize 41.650 ms
///   pykc: time: cpu-module/pass/InstCombinePass 41.077 ms
///
/// always `pykc: time: NAME MS ms`, NAME without spaces, so scripts grep
/// for a phase and tests check the format. Phases that ran side by side
/// (the architectures, the CPU backend) are timed each on its own clock and
/// printed in a fixed order: the pipeline's (PhaseTimes.cpp's phaseRank),
/// then by name, numbers as numbers (sm_75 before sm_100), a target's
/// steps (emit, libdevice, optimize, codegen) in the order they ran.
///
/// `-ftime-trace` also keeps when each timed step began and ended, on which
/// thread, and writes them as a Chrome trace (chrome://tracing, Perfetto),
/// as clang's -ftime-trace does: each GPU group's PTX and SASS per
/// architecture and each CPU-backend part as a box of its own, so a trace
/// shows how the cores were used (issue 29's compile on many cores).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace pykc::driver {

/// How many of the CPU backend's LLVM passes -v names: the slowest.
inline constexpr size_t SlowestPassesShown = 8;

class PhaseTimes {
public:
  using Clock = std::chrono::steady_clock;

  /// Records that phase \p Name took \p Seconds; safe from any thread.
  void add(const std::string &Name, double Seconds);
  /// Records the \p Most slowest of \p Parts (a phase's parts by name:
  /// the CPU backend's LLVM passes) as phases \p Family/NAME, spaces
  /// taken out of the names.
  void addSlowest(const std::string &Family, const std::map<std::string, double> &Parts,
                  size_t Most);
  /// Records each phase of \p Parts once, with the sum of its times there:
  /// work done in many pieces (a file's GPU groups) as one line a phase, in
  /// the order the phases first appear in \p Parts.
  void addSummed(const PhaseTimes &Parts);
  /// Prints every phase recorded, then `total`, the time since this object
  /// was made.
  void print(std::ostream &OS) const;

  /// -ftime-trace: from now on, keep every timed step's start and end too.
  void enableTrace() { Tracing = true; }
  /// Sends the steps timed here to \p Root's trace (a file's GPU groups,
  /// summed here for -v, each a box of its own there).
  void traceInto(PhaseTimes *Root) { TraceRoot = Root; }
  /// The trace as Chrome's JSON trace events (every box a complete event,
  /// in microseconds from this object's making; threads numbered from 0 in
  /// the order they first appear, the first the main one).
  void writeTrace(llvm::raw_ostream &OS) const;

  /// Times one phase from construction to destruction (or stop()). A null
  /// PhaseTimes times nothing, so callers need not ask whether -v is on.
  class Scope {
  public:
    /// \p TraceOnly: a box in the trace, not a -v line (one CPU-backend
    /// part of 150).
    Scope(PhaseTimes *Times, std::string Name, bool TraceOnly = false)
        : Times(Times), Name(std::move(Name)), Start(Clock::now()), TraceOnly(TraceOnly) {}
    ~Scope() { stop(); }
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;
    void stop();

  private:
    PhaseTimes *Times;
    std::string Name;
    Clock::time_point Start;
    bool TraceOnly;
  };

private:
  struct Entry {
    std::string Name;
    double Seconds;
  };
  struct Box {
    std::string Name;
    Clock::time_point Start, End;
    std::thread::id Thread;
  };
  void trace(const std::string &Name, Clock::time_point Start, Clock::time_point End);

  mutable std::mutex Lock;
  std::vector<Entry> Entries;
  Clock::time_point Created = Clock::now();
  bool Tracing = false;
  PhaseTimes *TraceRoot = nullptr;
  std::vector<Box> Boxes;
};

} // namespace pykc::driver
