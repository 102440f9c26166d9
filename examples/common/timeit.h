//===- examples/common/timeit.h - IPython's %timeit for launches ----------===//
//
// timeit(Fn, Repeat, Number) does what `%timeit -r Repeat -n Number stmt`
// does: Repeat runs, each timing Number calls of Fn; the per-loop times give
// the mean and (population) standard deviation. Kernel launches are
// asynchronous on a GPU, so every run ends with pykc::synchronize() inside
// the timed region: a run measures finished work, not just queued launches.
//
// TimeitResult::str() is IPython's text, "1.54 ms ± 3.1 ms per loop (mean ±
// std. dev. of 7 runs, 10 loops each)", repr() the `-o` object's display
// "<TimeitResult : ...>", and slowestRunWarning() the note IPython prints
// before the result when the slowest run took over 4 times the fastest.
// Times use IPython's units (s, ms, µs, ns) with 3 significant digits.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_EXAMPLES_TIMEIT_H
#define PYKC_EXAMPLES_TIMEIT_H

#include "pykc/Device.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace examples {

/// IPython's _format_time: "%.3g" in s, ms, µs or ns; minutes and more as
/// "1min 5s".
inline std::string format_time(double Seconds, int Precision = 3) {
  char Buf[64];
  if (Seconds >= 60.0) {
    static const struct {
      const char *Suffix;
      double Length;
    } Parts[] = {{"d", 86400}, {"h", 3600}, {"min", 60}, {"s", 1}};
    std::string Out;
    double Left = Seconds;
    for (const auto &P : Parts) {
      long long Value = (long long)(Left / P.Length);
      if (Value > 0) {
        Left = std::fmod(Left, P.Length);
        Out += (Out.empty() ? "" : " ") + std::to_string(Value) + P.Suffix;
      }
      if (Left < 1)
        break;
    }
    return Out;
  }
  static const char *Units[] = {"s", "ms", "\u00b5s", "ns"}; // IPython's µ
  static const double Scale[] = {1, 1e3, 1e6, 1e9};
  int Order = 3;
  if (Seconds > 0.0) {
    // -int(floor(log10(t)) // 3), with Python's floor division.
    double Exponent = std::floor(std::log10(Seconds));
    Order = std::min(-int(std::floor(Exponent / 3)), 3);
    Order = std::max(Order, 0);
  }
  std::snprintf(Buf, sizeof Buf, "%.*g %s", Precision,
                Seconds * Scale[Order], Units[Order]);
  return Buf;
}

struct TimeitResult {
  int Loops = 0, Repeat = 0;
  std::vector<double> AllRuns; ///< Seconds per run (Loops calls each).

  double best() const {
    return *std::min_element(AllRuns.begin(), AllRuns.end()) / Loops;
  }
  double worst() const {
    return *std::max_element(AllRuns.begin(), AllRuns.end()) / Loops;
  }
  double average() const {
    double Sum = 0;
    for (double T : AllRuns)
      Sum += T / Loops;
    return Sum / AllRuns.size();
  }
  double stdev() const {
    double Mean = average(), Sum = 0;
    for (double T : AllRuns)
      Sum += (T / Loops - Mean) * (T / Loops - Mean);
    return std::sqrt(Sum / AllRuns.size());
  }

  std::string str() const {
    std::string LoopsText = std::to_string(Loops); // "{loops:,}"
    for (int I = int(LoopsText.size()) - 3; I > 0; I -= 3)
      LoopsText.insert(size_t(I), ",");
    return format_time(average()) + " \u00b1 " + format_time(stdev()) +
           " per loop (mean \u00b1 std. dev. of " + std::to_string(Repeat) +
           (Repeat == 1 ? " run, " : " runs, ") + LoopsText +
           (Loops == 1 ? " loop each)" : " loops each)");
  }
  std::string repr() const { return "<TimeitResult : " + str() + ">"; }

  /// IPython's note when the slowest run took over 4 times the fastest; ""
  /// otherwise.
  std::string slowestRunWarning() const {
    double W = worst(), B = best();
    if (!(W > 4 * B && B > 0 && W > 1e-6))
      return "";
    char Buf[160];
    std::snprintf(Buf, sizeof Buf,
                  "The slowest run took %0.2f times longer than the fastest. "
                  "This could mean that an intermediate result is being "
                  "cached.",
                  W / B);
    return Buf;
  }
};

/// Runs Fn Number times per run, Repeat runs, synchronizing the current
/// device at the end of each run.
template <typename Fn>
TimeitResult timeit(Fn &&F, int Repeat, int Number) {
  TimeitResult R;
  R.Loops = Number;
  R.Repeat = Repeat;
  for (int Run = 0; Run < Repeat; ++Run) {
    auto Start = std::chrono::steady_clock::now();
    for (int I = 0; I < Number; ++I)
      F();
    pykc::synchronize();
    auto End = std::chrono::steady_clock::now();
    R.AllRuns.push_back(std::chrono::duration<double>(End - Start).count());
  }
  return R;
}

/// What `%timeit` without -q prints: the note (if any), then the result.
inline void print_timeit(const TimeitResult &R) {
  if (std::string W = R.slowestRunWarning(); !W.empty())
    std::printf("%s\n", W.c_str());
  std::printf("%s\n", R.str().c_str());
}

} // namespace examples

#endif // PYKC_EXAMPLES_TIMEIT_H
