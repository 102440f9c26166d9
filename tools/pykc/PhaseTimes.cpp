//===- PhaseTimes.cpp - How long each phase took, for -v ------------------===//
#include "PhaseTimes.h"

#include <algorithm>
#include <cstdio>

namespace pykc::driver {

namespace {

/// Where a phase prints: the pipeline's order, with the phases that run
/// side by side after the ones before them. Unknown names go last.
int phaseRank(const std::string &Name) {
  static const char *const Order[] = {
      "read",     "parse",      "names",  "signatures", "typing", "reductions",
      "cache-key", "cache-lookup", "ptx",  "llvm",       "sass",   "fatbinary",
      "cpu-module", "cpu-object", "cpu-llvm", "header", "cache-store", "write"};
  std::string Family = Name.substr(0, Name.find('/'));
  for (int I = 0; I < int(std::size(Order)); ++I)
    if (Family == Order[I])
      return I;
  return int(std::size(Order));
}

} // namespace

void PhaseTimes::add(const std::string &Name, double Seconds) {
  std::lock_guard<std::mutex> G(Lock);
  Entries.push_back({Name, Seconds});
}

void PhaseTimes::print(std::ostream &OS) const {
  std::vector<Entry> Sorted;
  {
    std::lock_guard<std::mutex> G(Lock);
    Sorted = Entries;
  }
  std::stable_sort(Sorted.begin(), Sorted.end(), [](const Entry &A, const Entry &B) {
    int RA = phaseRank(A.Name), RB = phaseRank(B.Name);
    return RA != RB ? RA < RB : A.Name < B.Name;
  });
  double Total = std::chrono::duration<double>(Clock::now() - Created).count();
  Sorted.push_back({"total", Total});
  for (const Entry &E : Sorted) {
    char Ms[32];
    std::snprintf(Ms, sizeof Ms, "%.3f", E.Seconds * 1000);
    OS << "pykc: time: " << E.Name << ' ' << Ms << " ms\n";
  }
}

void PhaseTimes::Scope::stop() {
  if (!Times)
    return;
  Times->add(Name, std::chrono::duration<double>(Clock::now() - Start).count());
  Times = nullptr;
}

} // namespace pykc::driver
