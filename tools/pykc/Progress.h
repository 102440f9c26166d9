//===- Progress.h - One overwritten line while -c works ---------*- C++ -*-===//
///
/// \file
/// While `pykc -c` builds the GPU images and the CPU backend's code, a line
/// on stderr says what is done, rewritten in place:
///
///   pykc: kernels.py: 150 kernels: PTX 3/7, SASS 2/7, CPU code: optimizing
///
/// only when stderr is a terminal, only once the work has taken a second
/// (quick compiles print nothing), and erased before pykc prints anything
/// else. Never when stderr is a file or a pipe (tests, CI, build logs);
/// PYKC_PROGRESS=0 turns it off on a terminal too, PYKC_PROGRESS=now shows
/// it from the start (on a terminal only).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace pykc::driver {

class Progress {
public:
  /// \p Sass: whether SASS is built for the \p Archs architectures.
  Progress(std::string File, unsigned Kernels, unsigned Archs, bool Sass);
  /// Stops and erases the line.
  ~Progress();
  Progress(const Progress &) = delete;
  Progress &operator=(const Progress &) = delete;

  /// The GPU code is built in \p Groups groups (codegen/GpuGroups.h): the
  /// counts go to architectures times groups ("PTX 30/70").
  void gpuGroups(unsigned Groups) { GpuUnits = Archs * Groups; }
  /// Each is called once per architecture and group, from any thread.
  void ptxDone() { ++Ptx; }
  void sassDone() { ++Sass; }
  /// What the CPU backend does now ("optimizing", "machine code"); a
  /// string literal.
  void cpuStage(const char *Stage) { Cpu = Stage; }
  /// -c in parts (HostParts.h): \p Parts to build; each done, from any
  /// thread, counts one ("CPU code 37/151").
  void cpuParts(unsigned Parts) { CpuParts = Parts; }
  void cpuPartDone() { ++CpuDone; }
  /// Whether this run shows anything (stderr is a terminal).
  bool shown() const { return Worker.joinable(); }

private:
  void run();
  std::string line() const;

  std::string File;
  unsigned Kernels, Archs;
  bool WithSass;
  bool Immediate = false;
  std::atomic<unsigned> Ptx{0}, Sass{0}, CpuParts{0}, CpuDone{0}, GpuUnits;
  std::atomic<const char *> Cpu{"optimizing"};
  std::mutex Lock;
  std::condition_variable Wake;
  bool Stop = false;
  bool Printed = false;
  std::thread Worker;
};

} // namespace pykc::driver
