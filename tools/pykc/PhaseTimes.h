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
//===----------------------------------------------------------------------===//
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

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

  /// Times one phase from construction to destruction (or stop()). A null
  /// PhaseTimes times nothing, so callers need not ask whether -v is on.
  class Scope {
  public:
    Scope(PhaseTimes *Times, std::string Name)
        : Times(Times), Name(std::move(Name)), Start(Clock::now()) {}
    ~Scope() { stop(); }
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;
    void stop();

  private:
    PhaseTimes *Times;
    std::string Name;
    Clock::time_point Start;
  };

private:
  struct Entry {
    std::string Name;
    double Seconds;
  };
  mutable std::mutex Lock;
  std::vector<Entry> Entries;
  Clock::time_point Created = Clock::now();
};

} // namespace pykc::driver
