//===- BoundsRecord.cpp - A GPU kernel's out-of-range index, reported -----===//
#include "BoundsRecord.h"

#include <cstring>

namespace pykc::runtime {

std::string boundsRecordMessage(const pykc_bounds_record &R) {
  // The device wrote it; trust nothing past its own bytes.
  const char *End = static_cast<const char *>(std::memchr(R.where, 0, sizeof R.where));
  std::string Where(R.where, End ? size_t(End - R.where) : sizeof R.where);
  auto Three = [](const uint32_t *V) {
    return "(" + std::to_string(V[0]) + ", " + std::to_string(V[1]) + ", " +
           std::to_string(V[2]) + ")";
  };
  return "a kernel stopped at " + Where + ": " + outOfBounds(R.index, R.axis, R.extent) +
         " in thread " + Three(R.thread) + " of block " + Three(R.block) + " (--boundscheck)";
}

std::string outOfBounds(int64_t Index, uint32_t Axis, int64_t Extent) {
  return "index " + std::to_string(Index) + " is out of bounds for axis " + std::to_string(Axis) +
         " with size " + std::to_string(Extent);
}

} // namespace pykc::runtime
