//===- GuardedMemory.cpp - Memory that ends at an inaccessible region ----===//
#include "GuardedMemory.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <new>
#include <sys/mman.h>
#include <unistd.h>

using namespace pykc::runtime;

namespace {

size_t pageSize() {
  static const size_t Page = size_t(sysconf(_SC_PAGESIZE));
  return Page;
}

/// Where a guarded mapping's parts lie, relative to its base:
/// [Page: inaccessible][Pages: readable and writable][Guard: inaccessible],
/// with the data at Offset, ending at the guard.
struct Layout {
  size_t Pages = 0, Guard = 0, Offset = 0, Total = 0;
};

/// Rounds \p V up to a multiple of \p M (a power of two); false on overflow.
bool roundUp(size_t V, size_t M, size_t &Out) {
  if (V > SIZE_MAX - (M - 1))
    return false;
  Out = (V + M - 1) & ~(M - 1);
  return true;
}

bool layoutOf(size_t Bytes, size_t Align, size_t GuardBytes, Layout &L) {
  size_t Page = pageSize(), Used;
  Bytes = std::max<size_t>(Bytes, 1);
  if (!roundUp(Bytes, Align, Used) || !roundUp(Used, Page, L.Pages) ||
      !roundUp(GuardBytes, Page, L.Guard))
    return false;
  L.Offset = Page + (L.Pages - Used);
  return !__builtin_add_overflow(Page, L.Pages, &L.Total) &&
         !__builtin_add_overflow(L.Total, L.Guard, &L.Total);
}

} // namespace

size_t pykc::runtime::cpuArrayGuardBytes(size_t Bytes) {
  return std::max<size_t>(Bytes, size_t(1) << 20);
}

void *pykc::runtime::mapGuarded(size_t Bytes, size_t Align, size_t GuardBytes) noexcept {
  Layout L;
  if (!layoutOf(Bytes, Align, GuardBytes, L)) {
    errno = ENOMEM;
    return nullptr;
  }
  // Reserve everything inaccessible (NORESERVE: no commit charge), then open
  // the data pages.
  void *Base =
      mmap(nullptr, L.Total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Base == MAP_FAILED)
    return nullptr;
  char *Pages = static_cast<char *>(Base) + pageSize();
  if (mprotect(Pages, L.Pages, PROT_READ | PROT_WRITE) != 0) {
    int Saved = errno;
    munmap(Base, L.Total);
    errno = Saved;
    return nullptr;
  }
  return static_cast<char *>(Base) + L.Offset;
}

void pykc::runtime::unmapGuarded(void *Data, size_t Bytes, size_t Align,
                                 size_t GuardBytes) noexcept {
  Layout L;
  if (Data && layoutOf(Bytes, Align, GuardBytes, L))
    munmap(static_cast<char *>(Data) - L.Offset, L.Total);
}

GuardedTail::~GuardedTail() { unmapGuarded(Data, Capacity, Align, pageSize()); }

void *GuardedTail::tail(size_t Bytes) {
  size_t Used;
  if (!roundUp(std::max<size_t>(Bytes, 1), Align, Used))
    throw std::bad_alloc();
  if (Used > Capacity) {
    // Whole pages: the next few larger requests fit without remapping.
    size_t Wanted;
    if (!roundUp(Used, pageSize(), Wanted))
      throw std::bad_alloc();
    void *P = mapGuarded(Wanted, Align, pageSize());
    if (!P)
      throw std::bad_alloc();
    unmapGuarded(Data, Capacity, Align, pageSize());
    Data = static_cast<char *>(P);
    Capacity = Wanted;
  }
  return Data + (Capacity - Used);
}
