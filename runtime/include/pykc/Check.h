//===- pykc/Check.h - What `--check` found ----------------------*- C++ -*-===//
///
/// \file
/// Kernels compiled with `--check` (KernelImage::CpuChecked) report to the
/// CPU runtime's checker as they run: out-of-range indices (memcheck), two
/// threads touching one shared element between barriers, at least one
/// writing (racecheck), reads of shared or local memory nothing wrote
/// (initcheck), and barriers or warp masks the threads of a block do not
/// agree on (synccheck). The first error of each kind and place is kept
/// with its text; every error is counted.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>

namespace pykc {

enum class CheckKind : unsigned { Memcheck, Racecheck, Initcheck, Synccheck };
constexpr unsigned CheckKinds = 4;

struct CheckFindings {
  uint64_t Count[CheckKinds] = {}; ///< Every error, by kind.
  /// The first error of each kind and place, in the order found, each
  /// "file.py:12:9: error: ... [Racecheck]" and its notes, one a line.
  std::string Reports;
  uint64_t total() const;
  /// "pykc: --check found 3 errors in kernel 'k': racecheck 2, initcheck 1
  /// (the first of each kind and place is shown)", or "pykc: --check found
  /// no errors in kernel 'k'".
  /// (\p What: "function" for pykc call's.)
  std::string summary(const std::string &Kernel, const char *What = "kernel") const;
};

/// What the checked launches found since the last call, and forgets it.
CheckFindings take_check_findings();

/// Whether the runtime follows which bytes of the device arrays allocated
/// from now on nothing has written (copies and checked kernels write them;
/// an unchecked launch counts as writing everything), so that checked
/// kernels report reads of them (initcheck of global memory, e.g. of a
/// device_array never filled). Off unless PYKC_CHECK=1 is set or this
/// turns it on (pykc run --check does); allocations cost nothing more then.
void track_array_initialization(bool On);

} // namespace pykc
