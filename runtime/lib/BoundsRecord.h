//===- BoundsRecord.h - A GPU kernel's out-of-range index, reported -*- C++ -*-===//
//
// What the CUDA backend says when a kernel compiled with --boundscheck
// traps: the record the first failing thread left in mapped host memory
// (KernelABI.h's pykc_bounds_record), as the CPU backend words it.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_BOUNDSRECORD_H
#define PYKC_RUNTIME_BOUNDSRECORD_H

#include "pykc/KernelABI.h"

#include <string>

namespace pykc::runtime {

/// "a kernel stopped at f.py:12:9: index 10 is out of bounds for axis 0
/// with size 10 in thread (2, 0, 0) of block (1, 0, 0) (--boundscheck)";
/// its where is read no further than its bytes, NUL or not.
std::string boundsRecordMessage(const pykc_bounds_record &R);

/// "index 10 is out of bounds for axis 0 with size 10": Numba's IndexError
/// text, which every backend's bounds report words the same way.
std::string outOfBounds(int64_t Index, uint32_t Axis, int64_t Extent);

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_BOUNDSRECORD_H
