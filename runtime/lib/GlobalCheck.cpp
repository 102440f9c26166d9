//===- GlobalCheck.cpp - --check of global memory -------------------------===//
#include "GlobalCheck.h"
#include "Allocations.h"
#include "pykc/Check.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

using namespace pykc::runtime;

namespace {

void joinEntry(Knowledge &J, uint64_t Block, KnownInterval I) {
  KnownInterval &Mine = J[Block];
  if (I.Epoch > Mine.Epoch)
    Mine = I;
  else if (I.Epoch == Mine.Epoch && I.Thread != Mine.Thread)
    // Two threads' interval Epoch: counted whole (an accepted imprecision,
    // which can hide a race but never reports a false one).
    Mine = {I.Epoch + 1, ~0u};
}

} // namespace

void pykc::runtime::joinInto(KnowledgeRef &A, const KnowledgeRef &B) {
  if (!B || B == A || B->empty())
    return;
  if (!A || A->empty()) {
    A = B;
    return;
  }
  // Changed in place when nothing else holds it, else copied.
  std::shared_ptr<Knowledge> J = A.use_count() == 1
                                     ? std::const_pointer_cast<Knowledge>(A)
                                     : std::make_shared<Knowledge>(*A);
  for (const auto &[Block, I] : *B)
    joinEntry(*J, Block, I);
  A = std::move(J);
}

void pykc::runtime::addKnown(KnowledgeRef &A, uint64_t Block, KnownInterval I) {
  std::shared_ptr<Knowledge> J = !A ? std::make_shared<Knowledge>()
                                 : A.use_count() == 1 ? std::const_pointer_cast<Knowledge>(A)
                                                      : std::make_shared<Knowledge>(*A);
  joinEntry(*J, Block, I);
  A = std::move(J);
}

//===----------------------------------------------------------------------===//
// Initialization of device arrays
//===----------------------------------------------------------------------===//

namespace {

struct Tracked {
  size_t Bytes = 0, Unwritten = 0;
  std::vector<uint8_t> Written;
};

struct Tracker {
  std::mutex M;
  std::map<uintptr_t, Tracked> ByStart;
  std::atomic<bool> On{false};
  /// ByStart's size: reads need no lock while nothing is unwritten (an
  /// allocation leaves once every byte is written).
  std::atomic<size_t> Count{0};

  /// The tracked allocation holding \p P, or null.
  std::pair<uintptr_t, Tracked *> find(uintptr_t P) {
    auto It = ByStart.upper_bound(P);
    if (It == ByStart.begin())
      return {0, nullptr};
    --It;
    if (P - It->first >= It->second.Bytes)
      return {0, nullptr};
    return {It->first, &It->second};
  }
};

Tracker &tracker() {
  static auto *T = [] {
    auto *T = new Tracker;
    const char *V = std::getenv("PYKC_CHECK");
    T->On = V && std::strcmp(V, "1") == 0;
    return T;
  }();
  return *T;
}

} // namespace

bool pykc::runtime::initTrackingOn() { return tracker().On.load(std::memory_order_relaxed); }

void pykc::track_array_initialization(bool On) {
  Tracker &T = tracker();
  std::lock_guard<std::mutex> Lock(T.M);
  T.On = On;
  if (!On) {
    T.ByStart.clear();
    T.Count = 0;
  }
}

void pykc::runtime::trackAllocation(const void *Ptr, size_t Bytes) {
  Tracker &T = tracker();
  if (!T.On || !Ptr || !Bytes)
    return;
  std::lock_guard<std::mutex> Lock(T.M);
  T.ByStart[reinterpret_cast<uintptr_t>(Ptr)] =
      Tracked{Bytes, Bytes, std::vector<uint8_t>(Bytes, 0)};
  T.Count = T.ByStart.size();
}

void pykc::runtime::untrackAllocation(const void *Ptr) {
  Tracker &T = tracker();
  if (!T.On)
    return;
  std::lock_guard<std::mutex> Lock(T.M);
  T.ByStart.erase(reinterpret_cast<uintptr_t>(Ptr));
  T.Count = T.ByStart.size();
}

void pykc::runtime::markWritten(const void *Ptr, size_t Bytes) {
  Tracker &T = tracker();
  if (!T.On || !T.Count.load(std::memory_order_relaxed))
    return;
  std::lock_guard<std::mutex> Lock(T.M);
  uintptr_t P = reinterpret_cast<uintptr_t>(Ptr);
  auto [Start, A] = T.find(P);
  if (!A)
    return;
  size_t From = P - Start, To = std::min(A->Bytes, From + Bytes);
  for (size_t K = From; K < To; ++K)
    if (!A->Written[K]) {
      A->Written[K] = 1;
      --A->Unwritten;
    }
  if (!A->Unwritten) {
    T.ByStart.erase(Start);
    T.Count = T.ByStart.size();
  }
}

void pykc::runtime::markAllWritten() {
  Tracker &T = tracker();
  if (!T.On)
    return;
  std::lock_guard<std::mutex> Lock(T.M);
  T.ByStart.clear();
  T.Count = 0;
}

bool pykc::runtime::readsUnwritten(const void *Ptr, size_t Bytes) {
  Tracker &T = tracker();
  if (!T.On || !T.Count.load(std::memory_order_relaxed))
    return false;
  std::lock_guard<std::mutex> Lock(T.M);
  uintptr_t P = reinterpret_cast<uintptr_t>(Ptr);
  auto [Start, A] = T.find(P);
  if (!A)
    return false;
  size_t From = P - Start, To = std::min(A->Bytes, From + Bytes);
  return std::find(A->Written.begin() + From, A->Written.begin() + To, 0) !=
         A->Written.begin() + To;
}

//===----------------------------------------------------------------------===//
// The grid's records
//===----------------------------------------------------------------------===//

void GridCheck::begin(bool Concurrent_) {
  Concurrent = Concurrent_;
  ++Gen; // every record of earlier launches is ordered before this one
  Shadows.clear();
  std::fill(std::begin(Recent), std::end(Recent), nullptr);
  // The records of allocations freed since go.
  for (auto It = Regions.begin(); It != Regions.end();) {
    std::optional<Allocation> A = findAllocation(reinterpret_cast<const void *>(It->first));
    if (A && A->Start == It->second.Start && A->Start + A->Bytes == It->second.End)
      ++It;
    else
      It = Regions.erase(It);
  }
}

GridCheck::Region *GridCheck::region(uintptr_t P, uint32_t Bytes) {
  for (Region *R : Recent)
    if (R && P - R->Start < R->End - R->Start)
      return R;
  std::optional<Allocation> A = findAllocation(reinterpret_cast<const void *>(P));
  if (!A || !A->Bytes)
    return nullptr;
  Region &R = Regions[A->Start];
  if (R.Start != A->Start || R.End != A->Start + A->Bytes) {
    R.Start = A->Start;
    R.End = A->Start + A->Bytes;
    R.Granule = Bytes;
    R.Shift = Bytes && !(Bytes & (Bytes - 1)) ? uint32_t(__builtin_ctz(Bytes)) : ~0u;
    R.Records.assign(A->Bytes / Bytes + 1, GlobalShadow{});
  }
  Recent[NextRecent++ % 4] = &R;
  return &R;
}

GlobalShadow &GridCheck::shadow(const void *Ptr, uint32_t Bytes) {
  uintptr_t P = reinterpret_cast<uintptr_t>(Ptr);
  if (Region *R = region(P, Bytes))
    if (Bytes == R->Granule) {
      uintptr_t Off = P - R->Start;
      if (R->Shift != ~0u) { // (no division for the usual element sizes)
        if (!(Off & (Bytes - 1)))
          return fresh(R->Records[Off >> R->Shift]);
      } else if (Off % Bytes == 0) {
        return fresh(R->Records[Off / Bytes]);
      }
    }
  return fresh(Shadows[P]);
}

KnowledgeRef GridCheck::atomic(const void *Ptr, const Release *R) {
  KnowledgeRef &L = Locations[reinterpret_cast<uintptr_t>(Ptr)];
  if (R) {
    addKnown(L, R->Block, R->Own);
    joinInto(L, R->BlockKnows);
    joinInto(L, R->ThreadKnows);
  }
  return L;
}

namespace {
std::mutex GridMutex;
} // namespace

GridCheck &pykc::runtime::gridCheck() {
  static auto *G = new GridCheck;
  return *G;
}

// (Concurrent only changes between launches.)
GridCheckLock::GridCheckLock() : Locked(gridCheck().concurrent()) {
  if (Locked)
    GridMutex.lock();
}
GridCheckLock::~GridCheckLock() {
  if (Locked)
    GridMutex.unlock();
}
