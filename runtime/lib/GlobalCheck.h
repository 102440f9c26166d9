//===- GlobalCheck.h - --check of global memory ----------------*- C++ -*-===//
//
// The state `--check` keeps for global memory over one launch: a shadow
// record per element touched (its last write and reads, each with block,
// thread, barrier interval and place), and what orders blocks on a GPU.
// Blocks are ordered only by a threadfence before an atomic whose location
// another block's atomic then touches (the "last block finishes the
// reduction" pattern), and by a grid sync: vector clocks over blocks, as
// ThreadSanitizer keeps them over threads. A block's threads share what
// one of them learned at the block's next barrier.
//
// It also knows which bytes of the device arrays allocated while checking
// is on nothing has written yet (device_array's elements), for initcheck.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_GLOBALCHECK_H
#define PYKC_RUNTIME_GLOBALCHECK_H

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace pykc::runtime {

/// What a thread knows of block B's accesses: every one of an interval
/// (between two of B's barriers) before Epoch, and those of thread Thread
/// in interval Epoch.
struct KnownInterval {
  uint32_t Epoch = 0, Thread = ~0u;
  bool covers(uint32_t E, uint32_t T) const { return E < Epoch || (E == Epoch && T == Thread); }
};
/// A vector clock over blocks (by linear block index). Shared between
/// threads and atomics once made, never changed then (copied to change).
using Knowledge = std::unordered_map<uint64_t, KnownInterval>;
using KnowledgeRef = std::shared_ptr<const Knowledge>;

/// Joins \p B into \p A (shares \p B when \p A knows nothing; changes
/// \p A in place when nothing else holds it, so that a location many
/// blocks release into grows in linear time).
void joinInto(KnowledgeRef &A, const KnowledgeRef &B);
/// Adds that block \p Block is known up to \p I to \p A.
void addKnown(KnowledgeRef &A, uint64_t Block, KnownInterval I);

/// One plain access of a global element.
struct GlobalAccess {
  uint32_t Block = ~0u; ///< Linear (the checker takes grids of fewer blocks).
  uint32_t Thread = ~0u, Epoch = 0, Clock = 0;
  const char *Where = nullptr;
  bool valid() const { return Thread != ~0u; }
};

struct GlobalShadow {
  uint64_t Gen = 0; ///< The grid-sync generation the record belongs to.
  GlobalAccess Write, Read[2];
};

/// Whether global arrays' initialization is tracked (pykc run --check,
/// PYKC_CHECK=1): only then do allocations and copies cost anything.
/// (pykc::track_array_initialization switches it.)
bool initTrackingOn();
/// deviceMalloc, deviceFree and copies into device memory tell the tracker.
void trackAllocation(const void *Ptr, size_t Bytes);
void untrackAllocation(const void *Ptr);
void markWritten(const void *Ptr, size_t Bytes);
/// An unchecked launch may have written anything: every tracked byte
/// counts as written from now on.
void markAllWritten();
/// For a checked read of \p Bytes at \p Ptr: whether some byte of it is in
/// a tracked allocation and nothing wrote it. A write marks them.
bool readsUnwritten(const void *Ptr, size_t Bytes);

/// The global-memory state of the checked launch now running. The records
/// of an allocation's elements are an array (made when the launch first
/// touches it, its element the size of that first access); others, and
/// accesses of another size, are kept by address.
class GridCheck {
public:
  /// Ready for a launch (its records start empty); \p Concurrent: its
  /// blocks run at once (a cooperative launch), so GridCheckLock locks.
  void begin(bool Concurrent);
  bool concurrent() const { return Concurrent; }
  /// A grid sync: every block waited for every other.
  void gridSynced() { ++Gen; }
  /// The record of the element of \p Bytes at \p Ptr (held while the
  /// caller's lock is).
  GlobalShadow &shadow(const void *Ptr, uint32_t Bytes);
  /// What a thread that fenced before an atomic releases: its own block's
  /// accesses up to now, and what it and its block learned.
  struct Release {
    uint64_t Block;
    KnownInterval Own;
    KnowledgeRef BlockKnows, ThreadKnows;
  };
  /// An atomic on \p Ptr: joins \p R (null when the thread did not fence)
  /// into the location's clock, and returns the location's clock.
  KnowledgeRef atomic(const void *Ptr, const Release *R);

private:
  struct Region {
    uintptr_t Start = 0, End = 0;
    uint32_t Granule = 0;
    uint32_t Shift = ~0u; ///< log2(Granule) when a power of two.
    std::vector<GlobalShadow> Records;
  };
  GlobalShadow &fresh(GlobalShadow &S) {
    if (S.Gen != Gen)
      S = GlobalShadow{Gen, {}, {}};
    return S;
  }
  Region *region(uintptr_t P, uint32_t Bytes);

  uint64_t Gen = 0; ///< Launches and grid syncs so far: older records are ordered.
  bool Concurrent = false;
  std::unordered_map<uintptr_t, Region> Regions; ///< By allocation start.
  Region *Recent[4] = {};
  unsigned NextRecent = 0;
  std::unordered_map<uintptr_t, GlobalShadow> Shadows;
  std::unordered_map<uintptr_t, KnowledgeRef> Locations;
};

/// The one grid checker, and the lock its callers hold (blocks of a
/// cooperative launch run at once).
GridCheck &gridCheck();
struct GridCheckLock {
  GridCheckLock();
  ~GridCheckLock();
  const bool Locked;
  GridCheckLock(const GridCheckLock &) = delete;
  GridCheckLock &operator=(const GridCheckLock &) = delete;
};

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_GLOBALCHECK_H
