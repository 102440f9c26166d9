//===- EventTiming.h - Timing GPU work with pykc's events -------*- C++ -*-===//
//
// What the GPU benchmarks share: the median of samples, and the time per
// launch of back-to-back launches between two events on the default stream.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_BENCH_EVENTTIMING_H
#define PYKC_BENCH_EVENTTIMING_H

#include <pykc/Runtime.h>

#include <algorithm>
#include <functional>
#include <vector>

namespace bench {

inline double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

/// Milliseconds per launch of \p Reps launches of \p F between two events.
inline double timeLaunches(const std::function<void()> &F, int Reps) {
  pykc::Event Start, End;
  Start.record();
  for (int R = 0; R < Reps; ++R)
    F();
  End.record();
  End.synchronize();
  return double(Start.elapsed_time(End)) / Reps;
}

} // namespace bench

#endif // PYKC_BENCH_EVENTTIMING_H
