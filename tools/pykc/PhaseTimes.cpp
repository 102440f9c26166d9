//===- PhaseTimes.cpp - How long each phase took, for -v ------------------===//
#include "PhaseTimes.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>

#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

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
  Clock::time_point End = Clock::now();
  if (!TraceOnly)
    Times->add(Name, std::chrono::duration<double>(End - Start).count());
  Times->trace(Name, Start, End);
  Times = nullptr;
}

void PhaseTimes::trace(const std::string &Name, Clock::time_point Start, Clock::time_point End) {
  if (TraceRoot)
    return TraceRoot->trace(Name, Start, End);
  if (!Tracing)
    return;
  std::lock_guard<std::mutex> G(Lock);
  Boxes.push_back({Name, Start, End, std::this_thread::get_id()});
}

void PhaseTimes::writeTrace(llvm::raw_ostream &OS) const {
  std::vector<Box> Sorted;
  {
    std::lock_guard<std::mutex> G(Lock);
    Sorted = Boxes;
  }
  // Oldest first, and an enclosing box before what it encloses.
  std::stable_sort(Sorted.begin(), Sorted.end(), [](const Box &A, const Box &B) {
    return A.Start != B.Start ? A.Start < B.Start : A.End > B.End;
  });
  auto Micros = [&](Clock::time_point T) {
    return int64_t(std::chrono::duration_cast<std::chrono::microseconds>(T - Created).count());
  };
  std::vector<std::thread::id> Threads = {std::this_thread::get_id()};
  llvm::json::OStream J(OS);
  auto Event = [&](const std::string &Name, size_t Tid, int64_t Start, int64_t Duration) {
    J.object([&] {
      J.attribute("name", Name);
      J.attribute("ph", "X");
      J.attribute("pid", 1);
      J.attribute("tid", int64_t(Tid));
      J.attribute("ts", Start);
      J.attribute("dur", Duration);
    });
  };
  J.object([&] {
    J.attributeArray("traceEvents", [&] {
      Event("total", 0, 0, Micros(Clock::now()));
      for (const Box &B : Sorted) {
        auto It = std::find(Threads.begin(), Threads.end(), B.Thread);
        size_t Tid = size_t(It - Threads.begin());
        if (It == Threads.end())
          Threads.push_back(B.Thread);
        Event(B.Name, Tid, Micros(B.Start), Micros(B.End) - Micros(B.Start));
      }
      for (size_t T = 0; T < Threads.size(); ++T)
        J.object([&] {
          J.attribute("name", "thread_name");
          J.attribute("ph", "M");
          J.attribute("pid", 1);
          J.attribute("tid", int64_t(T));
          J.attributeObject("args", [&] {
            J.attribute("name", T == 0 ? std::string("pykc") : "pykc worker " + std::to_string(T));
          });
        });
    });
    J.attribute("displayTimeUnit", "ms");
  });
  OS << "\n";
}

} // namespace pykc::driver
