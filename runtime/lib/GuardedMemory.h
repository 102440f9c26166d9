//===- GuardedMemory.h - Memory that ends at an inaccessible region -*- C++ -*-===//
//
// The CPU device's memory: device arrays, each block's shared memory and
// dynamic shared memory. Each is a mapping of its own whose usable bytes
// end exactly where a PROT_NONE region begins (the bytes are placed at the
// top of their pages), so a kernel that runs past an array faults at its
// first stray access, which the launch reports (KernelFaults.h), instead of
// writing into the process's heap. A page below each mapping is
// inaccessible too, for accesses before the start.
//
// Only address space is reserved for the guards: they cost no memory. Each
// mapping is two or three kernel VMAs, so the number of live arrays is
// bounded by vm.max_map_count (65530 by default: about 20,000 arrays); the
// error then says so.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_GUARDEDMEMORY_H
#define PYKC_RUNTIME_GUARDEDMEMORY_H

#include <cstddef>

namespace pykc::runtime {

/// The alignment of the CPU device's arrays (a cache line; AVX-512 loads).
constexpr size_t CpuArrayAlignment = 64;

/// The inaccessible region after a CPU device array of \p Bytes:
/// max(1 MiB, Bytes), so that an index up to twice the array's extent
/// still faults, whatever the array's size.
size_t cpuArrayGuardBytes(size_t Bytes);

/// Maps \p Bytes (at least 1) aligned to \p Align (a power of two, at most
/// a page) so that Bytes rounded up to Align end where \p GuardBytes
/// (rounded up to pages) of PROT_NONE begin. Returns null, with errno
/// set, when the sizes overflow or mmap fails.
void *mapGuarded(size_t Bytes, size_t Align, size_t GuardBytes) noexcept;

/// Unmaps what mapGuarded(Bytes, Align, GuardBytes) returned as \p Data.
void unmapGuarded(void *Data, size_t Bytes, size_t Align, size_t GuardBytes) noexcept;

/// A reusable guarded mapping that hands out its top bytes: tail(N)
/// returns memory whose N bytes (rounded up to Align) end at the guard,
/// remapping only when N outgrows every earlier request. One per CPU
/// worker for shared memory, so that launches with different sizes do not
/// remap.
class GuardedTail {
public:
  explicit GuardedTail(size_t Align) : Align(Align) {}
  ~GuardedTail();
  GuardedTail(const GuardedTail &) = delete;
  GuardedTail &operator=(const GuardedTail &) = delete;

  /// Throws std::bad_alloc when the mapping fails.
  void *tail(size_t Bytes);

private:
  size_t Align;
  char *Data = nullptr; ///< mapGuarded's result for Capacity bytes.
  size_t Capacity = 0;
};

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_GUARDEDMEMORY_H
