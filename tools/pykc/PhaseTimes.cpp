//===- PhaseTimes.cpp - How long each phase took, for -v ------------------===//
#include "PhaseTimes.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace pykc::driver {

namespace {

/// Where a phase prints: the pipeline's order, with the phases that run
/// side by side after the ones before them. Unknown names go last.
int phaseRank(const std::string &Name) {
  static const char *const Order[] = {
      "read", "parse", "names", "signatures", "typing", "checks", "operators", "reductions",
      "cache-key", "cache-lookup", "gpu-cache", "ptx",  "llvm",       "sass",   "fatbinary",
      "cpu-module", "cpu-code", "cpu-join", "cpu-object", "cpu-llvm", "header", "cache-store", "write"};
  std::string Family = Name.substr(0, Name.find('/'));
  for (int I = 0; I < int(std::size(Order)); ++I)
    if (Family == Order[I])
      return I;
  return int(std::size(Order));
}

/// The steps of one target's code, in the order they run: compilePTX's
/// (ptx/sm_75/emit, ...), printed in that order under their target.
int stepRank(const std::string &Name) {
  static const char *const Steps[] = {"emit", "libdevice", "optimize", "codegen"};
  size_t Slash = Name.rfind('/');
  std::string Step = Slash == std::string::npos ? "" : Name.substr(Slash + 1);
  for (int I = 0; I < int(std::size(Steps)); ++I)
    if (Step == Steps[I])
      return I;
  return -1;
}

/// Whether \p A sorts before \p B with runs of digits compared as numbers
/// (ptx/sm_75 before ptx/sm_100).
bool naturalLess(const std::string &A, const std::string &B) {
  size_t I = 0, J = 0;
  while (I < A.size() && J < B.size()) {
    if (std::isdigit((unsigned char)A[I]) && std::isdigit((unsigned char)B[J])) {
      size_t EI = I, EJ = J;
      while (EI < A.size() && std::isdigit((unsigned char)A[EI]))
        ++EI;
      while (EJ < B.size() && std::isdigit((unsigned char)B[EJ]))
        ++EJ;
      if (EI - I != EJ - J) // no leading zeros in architecture numbers
        return EI - I < EJ - J;
      if (int C = A.compare(I, EI - I, B, J, EJ - J))
        return C < 0;
      I = EI, J = EJ;
      continue;
    }
    if (A[I] != B[J])
      return A[I] < B[J];
    ++I, ++J;
  }
  return A.size() - I < B.size() - J;
}

} // namespace

void PhaseTimes::add(const std::string &Name, double Seconds) {
  std::lock_guard<std::mutex> G(Lock);
  Entries.push_back({Name, Seconds});
}

void PhaseTimes::addSummed(const PhaseTimes &Parts) {
  std::vector<Entry> Summed;
  {
    std::lock_guard<std::mutex> G(Parts.Lock);
    for (const Entry &E : Parts.Entries) {
      auto Same = std::find_if(Summed.begin(), Summed.end(),
                               [&](const Entry &S) { return S.Name == E.Name; });
      if (Same == Summed.end())
        Summed.push_back(E);
      else
        Same->Seconds += E.Seconds;
    }
  }
  for (const Entry &E : Summed)
    add(E.Name, E.Seconds);
}

void PhaseTimes::print(std::ostream &OS) const {
  std::vector<Entry> Sorted;
  {
    std::lock_guard<std::mutex> G(Lock);
    Sorted = Entries;
  }
  std::sort(Sorted.begin(), Sorted.end(), [](const Entry &A, const Entry &B) {
    int RA = phaseRank(A.Name), RB = phaseRank(B.Name);
    if (RA != RB)
      return RA < RB;
    int SA = stepRank(A.Name), SB = stepRank(B.Name);
    if (SA >= 0 && SB >= 0 && A.Name.substr(0, A.Name.rfind('/')) == B.Name.substr(0, B.Name.rfind('/')))
      return SA < SB;
    return naturalLess(A.Name, B.Name);
  });
  double Total = std::chrono::duration<double>(Clock::now() - Created).count();
  Sorted.push_back({"total", Total});
  for (const Entry &E : Sorted) {
    char Ms[32];
    std::snprintf(Ms, sizeof Ms, "%.3f", E.Seconds * 1000);
    OS << "pykc: time: " << E.Name << ' ' << Ms << " ms\n";
  }
}

void PhaseTimes::addSlowest(const std::string &Family,
                            const std::map<std::string, double> &Parts, size_t Most) {
  std::vector<std::pair<std::string, double>> Slowest(Parts.begin(), Parts.end());
  std::stable_sort(Slowest.begin(), Slowest.end(),
                   [](const auto &A, const auto &B) { return A.second > B.second; });
  if (Slowest.size() > Most)
    Slowest.resize(Most);
  for (auto &[Name, Seconds] : Slowest) {
    std::erase(Name, ' ');
    add(Family + "/" + Name, Seconds);
  }
}

void PhaseTimes::Scope::stop() {
  if (!Times)
    return;
  Times->add(Name, std::chrono::duration<double>(Clock::now() - Start).count());
  Times = nullptr;
}

} // namespace pykc::driver
