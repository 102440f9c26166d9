//===- CheckState.h - The checker behind `--check` --------------*- C++ -*-===//
//
// The state `--check` keeps for one block of a checked launch (CpuABI.h's
// pykc_check_* calls, pykc/Check.h): a shadow record per byte of the
// block's shared memory (whether some thread wrote it, and the last write
// and reads of the current barrier interval, with their threads and
// places), each thread's local arrays with what it wrote of them, where
// each thread's next meeting point is, and per thread a clock for each
// lane of its warp, joined when lanes meet at a warp operation (as
// ThreadSanitizer's vector clocks), so that accesses a syncwarp or a
// shuffle orders are not races. A block barrier orders everything before
// it: it starts a new interval.
//
// Blocks of a checked launch run one at a time, each thread a call (fibers
// when they meet), so the current thread is always known.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_CHECKSTATE_H
#define PYKC_RUNTIME_CHECKSTATE_H

#include "GlobalCheck.h"
#include "pykc/Check.h"
#include "pykc/CpuABI.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace pykc::runtime {

/// Records an error of \p Kind at \p Where (the key with Kind: only the
/// first of each is kept); \p Text is built only when it is the first.
template <class F> void checkError(CheckKind Kind, const char *Where, F &&Text);
/// The same for an error of the thread \p Thread (threadKey): in a log that
/// keeps errors by thread (CheckErrorLog::ByThread), the lowest thread's
/// error of each kind and place is kept, whatever order the threads ran in.
template <class F>
void checkThreadError(CheckKind Kind, const char *Where, uint64_t Thread, F &&Text);
inline constexpr uint64_t NoThreadKey = ~uint64_t(0);
void recordCheckError(CheckKind Kind, const char *Where, const std::string *Text,
                      uint64_t Thread = NoThreadKey);
bool checkErrorIsNew(CheckKind Kind, const char *Where, uint64_t Thread = NoThreadKey);
/// The thread (Tx, Ty, Tz) of block (Bx, By, Bz) of \p Ctx's launch as one
/// number, in the order the blocks and their threads are numbered (x
/// fastest): the order a block at a time runs them in.
uint64_t threadKey(const pykc_cpu_context &Ctx, const uint32_t (&Thread)[3],
                   const uint32_t (&Block)[3]);

/// The errors one worker's run of blocks found, in the order found, kept
/// apart while runs go on at once and then added to the launch's in block
/// order (addTo): the reports are those of the blocks run one at a time.
class CheckErrorLog {
public:
  /// While a Scope lives, checkError on this thread records into \p Log.
  struct Scope {
    explicit Scope(CheckErrorLog &Log);
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;
  };
  void addTo();
  /// The run's threads may not have run a block at a time (a grid-row
  /// loop, codegen/CPUGridFusion.h): errors that name their thread are
  /// kept and ordered by thread, as a block at a time would have found
  /// them first. Only for kernels without barriers, whose threads each run
  /// to their end in one go.
  bool ByThread = false;

private:
  friend void recordCheckError(CheckKind, const char *, const std::string *, uint64_t);
  friend bool checkErrorIsNew(CheckKind, const char *, uint64_t);
  /// The first error of each kind and place (with ByThread, the lowest
  /// thread's); the others are only counted.
  struct Entry {
    CheckKind Kind;
    const char *Where;
    std::string Text;
    uint64_t Thread = NoThreadKey;
    uint64_t Order = 0; ///< When it was recorded, among the log's.
  };
  std::vector<Entry> Entries;
  uint64_t Repeats[CheckKinds] = {};
  uint64_t Recorded = 0;
  /// Each kind and place's entry.
  std::map<std::pair<unsigned, std::string>, size_t> Seen;
};

/// "a[3, 4]": the element an access names (\p Flags's bits 4-5 are how many
/// of \p Idx it has), as reports print it.
std::string elementText(const char *Array, uint32_t Flags, const int64_t (&Idx)[3]);

/// "(2, 0, 0)" for the linear thread \p T of a block of \p Dim.
std::string threadString(uint64_t T, const uint32_t (&Dim)[3]);

class BlockCheck {
public:
  /// Ready for the block \p Ctx describes (its shared memory,
  /// \p StaticBytes of static), of \p Threads threads.
  void begin(const pykc_cpu_context &Ctx, uint64_t StaticBytes, uint64_t Threads);
  void access(uint64_t T, const pykc_cpu_context &Ctx, const void *Ptr, uint32_t Bytes,
              uint32_t Flags, const char *Where, const char *Array, const int64_t (&Idx)[3]);
  void local(uint64_t T, const void *Ptr, uint64_t Bytes);
  /// Thread \p T passed a threadfence: its next atomics release what it
  /// did and knows to the blocks that touch their location after it.
  void fence(uint64_t T) { Fenced[T] = 1; }
  void site(uint64_t T, const char *Where) { Sites[T] = Where; }
  const char *siteOf(uint64_t T) const { return Sites[T]; }
  /// The block barrier opened; \p Live marks the threads that had not
  /// returned, which must all wait at one place.
  void barrierOpened(const std::vector<uint8_t> &Live);
  /// Lanes \p Lanes of warp \p Warp met at a warp operation.
  void warpMet(uint64_t Warp, uint32_t Lanes);
  /// Checks a warp operation's mask as lane \p T meets with it: it must
  /// hold the caller and no lane of \p Exited.
  const pykc_check_inline *inlineState() const { return &Inline; }
  void warpMask(uint64_t T, uint32_t Mask, uint32_t Exited, uint32_t OtherMask, uint64_t Other);

private:
  /// The race record of an element, kept at its first byte (only that
  /// byte's is ever read or written); a stale Gen means a fresh one.
  /// (Checked kernels update it inline too: pykc_check_shadow.)
  struct Shadow {
    uint32_t Gen = 0, Epoch = 0;
    uint32_t WThread = ~0u, WClock = 0;
    const char *WWhere = nullptr;
    uint32_t RThread[2] = {~0u, ~0u}, RClock[2] = {0, 0};
    const char *RWhere[2] = {nullptr, nullptr};
  };
  /// What checked kernels read for their inline path (pykc_check_inline),
  /// kept current by begin, barrierOpened and warpMet.
  pykc_check_inline Inline{};
  void syncInline();
  /// Records a read of \p S by thread \p Me at \p Where in the current
  /// barrier interval.
  void recordRead(Shadow &S, uint32_t Me, const char *Where);
  struct LocalArray {
    const char *Base = nullptr;
    uint64_t Bytes = 0;
    std::vector<uint8_t> Written;
  };
  uint32_t clockOf(uint64_t T) const;
  std::string blockText() const;
  bool ordered(uint64_t Before, uint32_t Clock, uint64_t T) const;
  /// Records a shared access that cannot be reported (the common case);
  /// false, having done nothing, when it might be.
  bool sharedOnlyRecords(uint64_t T, uint64_t Offset, uint32_t Bytes, uint32_t Kind,
                         const char *Where);
  void sharedAccess(uint64_t T, const pykc_cpu_context &Ctx, uint64_t Offset, uint32_t Bytes,
                    uint32_t Flags, const char *Where, const char *Array,
                    const int64_t (&Idx)[3]);
  void globalAccess(uint64_t T, const char *P, uint32_t Bytes, uint32_t Flags, const char *Where,
                    const char *Array, const int64_t (&Idx)[3]);
  bool globalOrdered(const GlobalAccess &A, uint64_t T) const;
  std::string blockText(uint64_t Linear) const;

  const char *Static = nullptr, *Dynamic = nullptr;
  uint64_t StaticBytes = 0, DynamicBytes = 0, Threads = 0;
  uint32_t Dim[3] = {1, 1, 1}, BlockIdx[3] = {0, 0, 0}, GridDim[3] = {1, 1, 1};
  uint64_t BlockLinear = 0;
  /// What the block's threads learned of other blocks (vector clocks over
  /// blocks) by the last barrier, what each learned since, and whether each
  /// passed a threadfence.
  KnowledgeRef BlockKnows;
  std::vector<KnowledgeRef> ThreadKnows;
  std::vector<uint8_t> Fenced;
  uint32_t Gen = 0, Epoch = 1;
  std::vector<Shadow> Shared;
  /// Per byte of shared memory: Gen when some thread of this block wrote it.
  std::vector<uint32_t> WrittenGen;
  std::vector<std::vector<LocalArray>> Locals;
  std::vector<const char *> Sites;
  bool WarpClocks = false;
  std::vector<uint32_t> Clocks; ///< Threads x 32: a thread's view of its warp's lanes.
};

template <class F>
void checkThreadError(CheckKind Kind, const char *Where, uint64_t Thread, F &&Text) {
  if (checkErrorIsNew(Kind, Where, Thread)) {
    std::string S = Text();
    recordCheckError(Kind, Where, &S, Thread);
  } else {
    recordCheckError(Kind, Where, nullptr, Thread);
  }
}

template <class F> void checkError(CheckKind Kind, const char *Where, F &&Text) {
  checkThreadError(Kind, Where, NoThreadKey, Text);
}

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_CHECKSTATE_H
