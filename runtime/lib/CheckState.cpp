//===- CheckState.cpp - The checker behind `--check` ----------------------===//
#include "CheckState.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <utility>

using namespace pykc;
using namespace pykc::runtime;

namespace {

constexpr unsigned WarpSize = 32;
constexpr uint32_t NoThread = ~0u;

const char *const KindNames[CheckKinds] = {"memcheck", "racecheck", "initcheck", "synccheck"};

/// What the checked launches found so far (blocks of a cooperative launch
/// run on threads of their own, so it is locked).
struct Findings {
  std::mutex M;
  CheckFindings F;
  std::map<std::pair<unsigned, std::string>, bool> Seen;
};

Findings &findings() {
  static auto *F = new Findings();
  return *F;
}

std::string hex32(uint32_t V) {
  char Buf[16];
  std::snprintf(Buf, sizeof Buf, "0x%08x", V);
  return Buf;
}

} // namespace

namespace {
thread_local CheckErrorLog *CurrentLog = nullptr;
} // namespace

CheckErrorLog::Scope::Scope(CheckErrorLog &Log) { CurrentLog = &Log; }
CheckErrorLog::Scope::~Scope() { CurrentLog = nullptr; }

uint64_t pykc::runtime::threadKey(const pykc_cpu_context &Ctx, const uint32_t (&Thread)[3],
                                  const uint32_t (&Block)[3]) {
  uint64_t B = (uint64_t(Block[2]) * Ctx.grid_dim[1] + Block[1]) * Ctx.grid_dim[0] + Block[0];
  uint64_t T = (uint64_t(Thread[2]) * Ctx.block_dim[1] + Thread[1]) * Ctx.block_dim[0] + Thread[0];
  return B * (uint64_t(Ctx.block_dim[0]) * Ctx.block_dim[1] * Ctx.block_dim[2]) + T;
}

void CheckErrorLog::addTo() {
  // By thread, then as each thread found them (a thread runs to its end in
  // one go, so that is the order a block at a time finds them in).
  if (ByThread && std::all_of(Entries.begin(), Entries.end(),
                              [](const Entry &E) { return E.Thread != NoThreadKey; }))
    std::sort(Entries.begin(), Entries.end(), [](const Entry &A, const Entry &B) {
      return std::make_pair(A.Thread, A.Order) < std::make_pair(B.Thread, B.Order);
    });
  for (const Entry &E : Entries)
    recordCheckError(E.Kind, E.Where, &E.Text);
  Findings &All = findings();
  std::lock_guard<std::mutex> Lock(All.M);
  for (unsigned K = 0; K < CheckKinds; ++K)
    All.F.Count[K] += Repeats[K];
}

bool pykc::runtime::checkErrorIsNew(CheckKind Kind, const char *Where, uint64_t Thread) {
  std::pair<unsigned, std::string> Key(unsigned(Kind), Where ? Where : "");
  if (CheckErrorLog *Log = CurrentLog) { // (the launch's may have it: addTo keeps the first)
    auto It = Log->Seen.find(Key);
    return It == Log->Seen.end() ||
           (Log->ByThread && Thread < Log->Entries[It->second].Thread);
  }
  Findings &All = findings();
  std::lock_guard<std::mutex> Lock(All.M);
  return !All.Seen.count(Key);
}

void pykc::runtime::recordCheckError(CheckKind Kind, const char *Where, const std::string *Text,
                                     uint64_t Thread) {
  if (CheckErrorLog *Log = CurrentLog) {
    std::pair<unsigned, std::string> Key(unsigned(Kind), Where ? Where : "");
    auto It = Log->Seen.find(Key);
    if (It == Log->Seen.end() && Text) {
      Log->Seen.emplace(std::move(Key), Log->Entries.size());
      Log->Entries.push_back({Kind, Where, *Text, Thread, Log->Recorded++});
      return;
    }
    ++Log->Repeats[unsigned(Kind)];
    if (It == Log->Seen.end() || !Text || !Log->ByThread)
      return;
    // A lower thread's error replaces the one kept (which is then counted).
    CheckErrorLog::Entry &E = Log->Entries[It->second];
    if (Thread < E.Thread) {
      E.Text = *Text;
      E.Thread = Thread;
      E.Order = Log->Recorded++;
    }
    return;
  }
  Findings &All = findings();
  std::lock_guard<std::mutex> Lock(All.M);
  ++All.F.Count[unsigned(Kind)];
  if (Text && All.Seen.emplace(std::make_pair(unsigned(Kind), Where ? Where : ""), true).second)
    All.F.Reports += *Text;
}

uint64_t CheckFindings::total() const {
  uint64_t N = 0;
  for (uint64_t C : Count)
    N += C;
  return N;
}

std::string CheckFindings::summary(const std::string &Kernel, const char *What) const {
  uint64_t N = total();
  if (!N)
    return "pykc: --check found no errors in " + std::string(What) + " '" + Kernel + "'";
  std::string S = "pykc: --check found " + std::to_string(N) + (N == 1 ? " error" : " errors") +
                  " in " + What + " '" + Kernel + "':";
  const char *Sep = " ";
  for (unsigned K = 0; K < CheckKinds; ++K)
    if (Count[K]) {
      S += Sep + std::string(KindNames[K]) + " " + std::to_string(Count[K]);
      Sep = ", ";
    }
  return S + " (the first of each kind and place is shown)";
}

CheckFindings pykc::take_check_findings() {
  Findings &All = findings();
  std::lock_guard<std::mutex> Lock(All.M);
  All.Seen.clear();
  return std::exchange(All.F, CheckFindings{});
}

std::string pykc::runtime::threadString(uint64_t T, const uint32_t (&Dim)[3]) {
  uint64_t X = T % Dim[0], Y = T / Dim[0] % Dim[1], Z = T / (uint64_t(Dim[0]) * Dim[1]);
  return "(" + std::to_string(X) + ", " + std::to_string(Y) + ", " + std::to_string(Z) + ")";
}

void BlockCheck::begin(const pykc_cpu_context &Ctx, uint64_t Static_, uint64_t N) {
  Static = static_cast<const char *>(Ctx.shared_memory);
  StaticBytes = Static ? Static_ : 0;
  Dynamic = static_cast<const char *>(Ctx.dynamic_shared);
  DynamicBytes = Dynamic ? Ctx.dynamic_shared_bytes : 0;
  Threads = N;
  std::memcpy(Dim, Ctx.block_dim, sizeof Dim);
  std::memcpy(BlockIdx, Ctx.block_idx, sizeof BlockIdx);
  std::memcpy(GridDim, Ctx.grid_dim, sizeof GridDim);
  BlockLinear = (uint64_t(BlockIdx[2]) * GridDim[1] + BlockIdx[1]) * GridDim[0] + BlockIdx[0];
  BlockKnows.reset();
  ThreadKnows.assign(N, nullptr);
  Fenced.assign(N, 0);
  if (Shared.size() < StaticBytes + DynamicBytes) {
    Shared.resize(StaticBytes + DynamicBytes);
    WrittenGen.resize(StaticBytes + DynamicBytes);
  }
  if (++Gen == 0) { // wrapped: forget every stamp
    std::fill(Shared.begin(), Shared.end(), Shadow{});
    std::fill(WrittenGen.begin(), WrittenGen.end(), 0);
    Gen = 1;
  }
  Epoch = 1;
  Locals.resize(N);
  for (auto &L : Locals)
    L.clear();
  Sites.assign(N, nullptr);
  WarpClocks = false;
  syncInline();
}

void BlockCheck::syncInline() {
  static_assert(sizeof(Shadow) == sizeof(pykc_check_shadow) &&
                offsetof(Shadow, Epoch) == offsetof(pykc_check_shadow, epoch) &&
                offsetof(Shadow, WThread) == offsetof(pykc_check_shadow, w_thread) &&
                offsetof(Shadow, RThread) == offsetof(pykc_check_shadow, r_thread) &&
                offsetof(Shadow, RClock) == offsetof(pykc_check_shadow, r_clock) &&
                offsetof(Shadow, RWhere) == offsetof(pykc_check_shadow, r_where));
  Inline.records = reinterpret_cast<pykc_check_shadow *>(Shared.data());
  Inline.written = WrittenGen.data();
  Inline.shared = Static;
  Inline.shared_bytes = StaticBytes;
  Inline.gen = Gen;
  Inline.epoch = Epoch;
  // (With warp clocks a read records a clock of its own: the runtime's.)
  Inline.on = !WarpClocks && Static && StaticBytes;
}

std::string BlockCheck::blockText() const { return blockText(BlockLinear); }

std::string BlockCheck::blockText(uint64_t Linear) const { return threadString(Linear, GridDim); }

uint32_t BlockCheck::clockOf(uint64_t T) const {
  return WarpClocks ? Clocks[T * WarpSize + T % WarpSize] : 0;
}

bool BlockCheck::ordered(uint64_t Before, uint32_t Clock, uint64_t T) const {
  if (Before == T)
    return true;
  if (!WarpClocks || Before / WarpSize != T / WarpSize)
    return false;
  return Clocks[T * WarpSize + Before % WarpSize] >= Clock;
}

void BlockCheck::warpMet(uint64_t Warp, uint32_t Lanes) {
  if (!WarpClocks) {
    Clocks.assign(Threads * WarpSize, 0);
    WarpClocks = true;
  }
  uint64_t First = Warp * WarpSize;
  uint32_t Join[WarpSize] = {};
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Lanes >> L & 1)
      for (unsigned K = 0; K < WarpSize; ++K)
        Join[K] = std::max(Join[K], Clocks[(First + L) * WarpSize + K]);
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Lanes >> L & 1) {
      std::copy(Join, Join + WarpSize, Clocks.begin() + (First + L) * WarpSize);
      ++Clocks[(First + L) * WarpSize + L];
    }
  syncInline();
}

void BlockCheck::barrierOpened(const std::vector<uint8_t> &Live) {
  // Every thread that has not returned waits at the barrier: at one place?
  uint64_t First = NoThread;
  for (uint64_t T = 0; T < Threads; ++T) {
    if (!Live[T] || !Sites[T])
      continue;
    if (First == NoThread) {
      First = T;
      continue;
    }
    if (Sites[T] == Sites[First] || std::strcmp(Sites[T], Sites[First]) == 0)
      continue; // (one barrier's threads pass the same string)
    checkError(CheckKind::Synccheck, Sites[T], [&] {
      return std::string(Sites[T]) + ": error: thread " + threadString(T, Dim) + " of block " +
             blockText() + " waits at this barrier while thread " + threadString(First, Dim) + " waits at " +
             Sites[First] + "; a barrier must be reached by every thread of the block that has "
             "not returned [Synccheck]\n";
    });
    break; // one report a barrier
  }
  ++Epoch;
  syncInline();
  // What any thread learned of other blocks, all now know.
  for (KnowledgeRef &K : ThreadKnows)
    if (K) {
      GridCheckLock Lock; // the knowledge may be shared with other blocks'
      joinInto(BlockKnows, K);
      K.reset();
    }
}

void BlockCheck::warpMask(uint64_t T, uint32_t Mask, uint32_t Exited, uint32_t OtherMask,
                          uint64_t Other) {
  unsigned Lane = unsigned(T % WarpSize);
  const char *Where = Sites[T] ? Sites[T] : "?";
  std::string Block = blockText();
  std::string Who = std::string(Where) + ": error: thread " + threadString(T, Dim) +
                    " of block " + Block + " (lane " + std::to_string(Lane) +
                    ") calls this warp operation with mask " + hex32(Mask);
  if (!(Mask >> Lane & 1))
    return checkError(CheckKind::Synccheck, Where, [&] {
      return Who + ", which does not include its own lane [Synccheck]\n";
    });
  if (Mask & Exited)
    return checkError(CheckKind::Synccheck, Where, [&] {
      return Who + ", which names lanes " + hex32(Mask & Exited) +
             " that have returned [Synccheck]\n";
    });
  if (Other != NoThread && OtherMask != Mask)
    return checkError(CheckKind::Synccheck, Where, [&] {
      return Who + " while lane " + std::to_string(Other % WarpSize) + " meets it with mask " +
             hex32(OtherMask) + " [Synccheck]\n";
    });
}

void BlockCheck::local(uint64_t T, const void *Ptr, uint64_t Bytes) {
  const char *Base = static_cast<const char *>(Ptr);
  for (LocalArray &L : Locals[T])
    if (L.Base == Base) {
      L.Bytes = Bytes;
      L.Written.assign(Bytes, 0);
      return;
    }
  Locals[T].push_back({Base, Bytes, std::vector<uint8_t>(Bytes, 0)});
}

std::string pykc::runtime::elementText(const char *Array, uint32_t Flags,
                                      const int64_t (&Idx)[3]) {
  std::string S = Array ? Array : "array";
  unsigned N = Flags >> 4 & 3;
  S += "[";
  for (unsigned D = 0; D < N; ++D)
    S += (D ? ", " : "") + std::to_string(Idx[D]);
  return S + "]";
}

void BlockCheck::access(uint64_t T, const pykc_cpu_context &Ctx, const void *Ptr, uint32_t Bytes,
                        uint32_t Flags, const char *Where, const char *Array,
                        const int64_t (&Idx)[3]) {
  const char *P = static_cast<const char *>(Ptr);
  if (Flags & PYKC_CHECK_GLOBAL) {
    // A view typed as global may hold shared or local memory (the array
    // field of a record in a shared or local array).
    if ((Static && P >= Static && P < Static + StaticBytes) ||
        (Dynamic && P >= Dynamic && P < Dynamic + DynamicBytes))
      Flags = (Flags & ~PYKC_CHECK_GLOBAL) | PYKC_CHECK_SHARED;
    else
      for (const LocalArray &L : Locals[T])
        if (P >= L.Base && P < L.Base + L.Bytes)
          Flags = (Flags & ~PYKC_CHECK_GLOBAL) | PYKC_CHECK_LOCAL;
  }
  if (Flags & PYKC_CHECK_LOCAL) {
    for (LocalArray &L : Locals[T]) {
      if (P < L.Base || P + Bytes > L.Base + L.Bytes)
        continue;
      uint8_t *W = L.Written.data() + (P - L.Base);
      if ((Flags & 3) == PYKC_CHECK_WRITE) {
        std::fill(W, W + Bytes, 1);
        return;
      }
      if (std::find(W, W + Bytes, 0) != W + Bytes)
        checkError(CheckKind::Initcheck, Where, [&] {
          return std::string(Where) + ": error: read of local " +
                 elementText(Array, Flags, Idx) + ", which thread " +
                 threadString(T, Dim) + " of block " + blockText() + " never wrote [Initcheck]\n";
        });
      if ((Flags & 3) == PYKC_CHECK_ATOMIC)
        std::fill(W, W + Bytes, 1);
      return;
    }
    return;
  }
  if (Flags & PYKC_CHECK_GLOBAL)
    return globalAccess(T, P, Bytes, Flags, Where, Array, Idx);
  uint64_t Offset;
  if (Static && P >= Static && P + Bytes <= Static + StaticBytes)
    Offset = uint64_t(P - Static);
  else if (Dynamic && P >= Dynamic && P + Bytes <= Dynamic + DynamicBytes)
    Offset = StaticBytes + uint64_t(P - Dynamic);
  else
    return; // not this block's shared memory (a bounds error's scratch)
  if (!sharedOnlyRecords(T, Offset, Bytes, Flags & 3, Where))
    sharedAccess(T, Ctx, Offset, Bytes, Flags, Where, Array, Idx);
}

bool BlockCheck::sharedOnlyRecords(uint64_t T, uint64_t Offset, uint32_t Bytes, uint32_t Kind,
                                   const char *Where) {
  // The common case, in which nothing can be reported: the element is
  // written (for a read), its record is of this block and barrier
  // interval, and every access it holds is the same thread's.
  if (Kind == PYKC_CHECK_ATOMIC)
    return false;
  Shadow &S = Shared[Offset];
  if (S.Gen != Gen || S.Epoch != Epoch)
    return false;
  const uint32_t *Stamp = WrittenGen.data() + Offset;
  uint32_t Me = uint32_t(T);
  if (Kind == PYKC_CHECK_READ) {
    for (uint32_t K = 0; K < Bytes; ++K)
      if (Stamp[K] != Gen)
        return false;
    if (S.WThread != NoThread && S.WThread != Me)
      return false;
    recordRead(S, Me, Where);
    return true;
  }
  for (uint32_t Other : {S.WThread, S.RThread[0], S.RThread[1]})
    if (Other != NoThread && Other != Me)
      return false;
  std::fill(WrittenGen.data() + Offset, WrittenGen.data() + Offset + Bytes, Gen);
  S.WThread = Me;
  S.WClock = clockOf(T);
  S.WWhere = Where;
  S.RThread[0] = S.RThread[1] = NoThread;
  return true;
}

void BlockCheck::recordRead(Shadow &S, uint32_t Me, const char *Where) {
  if (WarpClocks) {
    // A lane's later read has a later clock, which replaces its earlier one.
    unsigned Slot = S.RThread[0] == Me || S.RThread[0] == NoThread ? 0 : 1;
    S.RThread[Slot] = Me;
    S.RClock[Slot] = clockOf(Me);
    S.RWhere[Slot] = Where;
    return;
  }
  // A later write is a hazard when a reader other than the writer is held;
  // the interval's first two readers always include one, so the others are
  // not recorded (nor is a reader's later read: its first place is shown).
  // Most reads then store nothing (the inline path, EmitCheckInline.cpp,
  // does the same).
  unsigned Slot = S.RThread[0] == NoThread                                ? 0
                  : S.RThread[0] != Me && S.RThread[1] == NoThread ? 1
                                                                     : 2;
  if (Slot == 2)
    return;
  S.RThread[Slot] = Me;
  S.RClock[Slot] = 0;
  S.RWhere[Slot] = Where;
}

void BlockCheck::sharedAccess(uint64_t T, const pykc_cpu_context &, uint64_t Offset,
                              uint32_t Bytes, uint32_t Flags, const char *Where,
                              const char *Array, const int64_t (&Idx)[3]) {
  // The texts are built only for a report.
  auto Element = [&] { return elementText(Array, Flags, Idx); };
  auto Block = [&] { return blockText(); };
  uint32_t Kind = Flags & 3;
  uint32_t *Stamp = WrittenGen.data() + Offset;
  bool Uninit = false;
  for (uint32_t K = 0; K < Bytes; ++K)
    Uninit |= Stamp[K] != Gen;
  if (Uninit && Kind != PYKC_CHECK_WRITE)
    checkError(CheckKind::Initcheck, Where, [&] {
      return std::string(Where) + ": error: read of shared " + Element() +
             ", which no thread of the block wrote, in thread " + threadString(T, Dim) +
             " of block " + Block() + " [Initcheck]\n";
    });
  Shadow &S = Shared[Offset]; // races are tracked by the element's first byte
  if (S.Gen != Gen)
    S = Shadow{Gen, Epoch};
  if (Kind != PYKC_CHECK_READ)
    std::fill(Stamp, Stamp + Bytes, Gen);
  if (Kind == PYKC_CHECK_ATOMIC)
    return; // atomics do not race with each other
  if (S.Epoch != Epoch) {
    S.Epoch = Epoch;
    S.WThread = S.RThread[0] = S.RThread[1] = NoThread;
  }
  uint32_t Clock = clockOf(T);
  auto Hazard = [&](const char *Name, const char *Verb, uint32_t Other, const char *OtherWhere,
                    const char *OtherVerb) {
    checkError(CheckKind::Racecheck, Where, [&] {
      return std::string(Where) + ": error: " + Name + " hazard on shared " + Element() +
             ": " + Verb + " in thread " + threadString(T, Dim) + " of block " + Block() +
             " [Racecheck]\n" + OtherWhere + ": note: " + OtherVerb + " by thread " +
             threadString(Other, Dim) + ", with no barrier between [NoteRacecheck]\n";
    });
  };
  if (Kind == PYKC_CHECK_READ) {
    if (S.WThread != NoThread && !ordered(S.WThread, S.WClock, T))
      Hazard("read-after-write", "read", S.WThread, S.WWhere, "written");
    recordRead(S, uint32_t(T), Where);
    return;
  }
  if (S.WThread != NoThread && !ordered(S.WThread, S.WClock, T))
    Hazard("write-after-write", "write", S.WThread, S.WWhere, "written");
  else
    for (unsigned Slot = 0; Slot < 2; ++Slot)
      if (S.RThread[Slot] != NoThread && !ordered(S.RThread[Slot], S.RClock[Slot], T)) {
        Hazard("write-after-read", "write", S.RThread[Slot], S.RWhere[Slot], "read");
        break;
      }
  S.WThread = uint32_t(T);
  S.WClock = Clock;
  S.WWhere = Where;
  S.RThread[0] = S.RThread[1] = NoThread;
}

bool BlockCheck::globalOrdered(const GlobalAccess &A, uint64_t T) const {
  if (A.Block == uint32_t(BlockLinear))
    return A.Epoch < Epoch || ordered(A.Thread, A.Clock, T);
  for (const KnowledgeRef *K : {&ThreadKnows[T], &BlockKnows})
    if (*K) {
      auto It = (*K)->find(A.Block);
      if (It != (*K)->end() && It->second.covers(A.Epoch, A.Thread))
        return true;
    }
  return false;
}

void BlockCheck::globalAccess(uint64_t T, const char *P, uint32_t Bytes, uint32_t Flags,
                              const char *Where, const char *Array, const int64_t (&Idx)[3]) {
  auto Element = [&] { return elementText(Array, Flags, Idx); };
  uint32_t Kind = Flags & 3;
  if (initTrackingOn()) {
    if (Kind != PYKC_CHECK_WRITE && readsUnwritten(P, Bytes))
      checkError(CheckKind::Initcheck, Where, [&] {
        return std::string(Where) + ": error: read of global " + Element() +
               ", which no copy and no thread wrote, in thread " + threadString(T, Dim) +
               " of block " + blockText() + " [Initcheck]\n";
      });
    if (Kind != PYKC_CHECK_READ)
      markWritten(P, Bytes);
  }
  GridCheckLock Lock;
  GridCheck &G = gridCheck();
  GlobalShadow &S = G.shadow(P, Bytes);
  GlobalAccess Now{uint32_t(BlockLinear), uint32_t(T), Epoch, clockOf(T), Where};
  auto Hazard = [&](const char *Name, const char *Verb, const GlobalAccess &Other,
                    const char *OtherVerb) {
    checkError(CheckKind::Racecheck, Where, [&] {
      return std::string(Where) + ": error: " + Name + " hazard on global " + Element() + ": " +
             Verb + " in thread " + threadString(T, Dim) + " of block " + blockText() +
             " [Racecheck]\n" + Other.Where + ": note: " + OtherVerb + " by thread " +
             threadString(Other.Thread, Dim) + " of block " + blockText(Other.Block) +
             (Other.Block == uint32_t(BlockLinear)
                  ? ", with no barrier between"
                  : ", and no threadfence before an atomic orders the two blocks") +
             " [NoteRacecheck]\n";
    });
  };
  if (Kind == PYKC_CHECK_READ) {
    if (S.Write.valid() && !globalOrdered(S.Write, T))
      Hazard("read-after-write", "read", S.Write, "written");
    GlobalAccess &R = S.Read[0].valid() && !(S.Read[0].Block == uint32_t(BlockLinear) &&
                                              S.Read[0].Thread == T)
                          ? S.Read[1]
                          : S.Read[0];
    R = Now;
    return;
  }
  const char *Verb = Kind == PYKC_CHECK_ATOMIC ? "atomic update" : "write";
  if (S.Write.valid() && !globalOrdered(S.Write, T))
    Hazard("write-after-write", Verb, S.Write, "written");
  else
    for (const GlobalAccess &R : S.Read)
      if (R.valid() && !globalOrdered(R, T)) {
        Hazard("write-after-read", Verb, R, "read");
        break;
      }
  if (Kind == PYKC_CHECK_ATOMIC) {
    // Atomics do not race with each other; one after a threadfence
    // releases, and every one acquires what was released at its location.
    GridCheck::Release R{BlockLinear, {Epoch, uint32_t(T)}, BlockKnows, ThreadKnows[T]};
    KnowledgeRef L = G.atomic(P, Fenced[T] ? &R : nullptr);
    R.BlockKnows.reset();
    R.ThreadKnows.reset();
    joinInto(ThreadKnows[T], L);
    return;
  }
  S.Write = Now;
  S.Read[0] = S.Read[1] = GlobalAccess{};
}
