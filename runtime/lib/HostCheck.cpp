//===- HostCheck.cpp - --check of prange loops ----------------------------===//
#include "HostCheck.h"
#include "CheckState.h"

#include "pykc/CpuABI.h"

#include <atomic>
#include <string>
#include <unordered_map>

using namespace pykc;
using namespace pykc::runtime;

namespace {

constexpr int64_t NoIteration = INT64_MIN;

struct Shadow {
  uint64_t Loop = 0;
  int64_t Write = NoIteration, Read[2] = {NoIteration, NoIteration};
  const char *WriteWhere = nullptr, *ReadWhere[2] = {nullptr, nullptr};
};

/// The checked call's state: the loop nesting, the outermost loop's number
/// and current iteration, and the records of the elements it touched.
/// (Checked loops run on the calling thread only.)
struct HostState {
  std::atomic<bool> On{false};
  unsigned Depth = 0;
  uint64_t Loop = 0;
  int64_t Iteration = NoIteration;
  std::unordered_map<uintptr_t, Shadow> Shadows;
};

HostState &state() {
  static auto *S = new HostState;
  return *S;
}

} // namespace

bool pykc::runtime::hostCheckOn() { return state().On.load(std::memory_order_relaxed); }

void pykc::runtime::setHostCheck(bool On) { state().On = On; }

void pykc::runtime::hostLoopBegin() {
  HostState &S = state();
  if (S.Depth++ == 0) {
    ++S.Loop;
    S.Iteration = NoIteration;
    S.Shadows.clear();
  }
}

void pykc::runtime::hostLoopEnd() {
  HostState &S = state();
  if (--S.Depth == 0)
    S.Iteration = NoIteration;
}

extern "C" __attribute__((visibility("default"))) void pykc_check_iteration(int64_t Index) {
  HostState &S = state();
  if (S.On && S.Depth == 1)
    S.Iteration = Index;
}

extern "C" __attribute__((visibility("default"))) void
pykc_check_host_access(const void *Ptr, uint32_t, uint32_t Flags, const char *Where,
                       const char *Array, int64_t I0, int64_t I1, int64_t I2) {
  HostState &S = state();
  if (!S.On || S.Depth == 0 || S.Iteration == NoIteration)
    return;
  Shadow &E = S.Shadows[reinterpret_cast<uintptr_t>(Ptr)];
  if (E.Loop != S.Loop)
    E = Shadow{S.Loop};
  const int64_t Idx[3] = {I0, I1, I2};
  int64_t Now = S.Iteration;
  auto Hazard = [&](const char *Name, const char *Verb, int64_t Other, const char *OtherWhere,
                    const char *OtherVerb) {
    checkError(CheckKind::Racecheck, Where, [&] {
      return std::string(Where) + ": error: " + Name + " hazard on " +
             elementText(Array, Flags, Idx) + ": " + Verb + " in prange iteration " +
             std::to_string(Now) + " [Racecheck]\n" + OtherWhere + ": note: " + OtherVerb +
             " in iteration " + std::to_string(Other) +
             ", which may run at the same time [NoteRacecheck]\n";
    });
  };
  if ((Flags & 3) == PYKC_CHECK_READ) {
    if (E.Write != NoIteration && E.Write != Now)
      Hazard("read-after-write", "read", E.Write, E.WriteWhere, "written");
    unsigned Slot = E.Read[0] == Now || E.Read[0] == NoIteration ? 0 : 1;
    E.Read[Slot] = Now;
    E.ReadWhere[Slot] = Where;
    return;
  }
  if (E.Write != NoIteration && E.Write != Now)
    Hazard("write-after-write", "write", E.Write, E.WriteWhere, "written");
  else
    for (unsigned Slot = 0; Slot < 2; ++Slot)
      if (E.Read[Slot] != NoIteration && E.Read[Slot] != Now) {
        Hazard("write-after-read", "write", E.Read[Slot], E.ReadWhere[Slot], "read");
        break;
      }
  E.Write = Now;
  E.WriteWhere = Where;
  E.Read[0] = E.Read[1] = NoIteration;
}
