//===- Allocations.h - The runtime's own device allocations ----*- C++ -*-===//
//
// Every deviceMalloc is recorded here with its device and size, and every
// free is checked against the record: a pointer freed twice, or one the
// runtime never gave, is refused (the C API returns an error, destructors
// ignore it) instead of corrupting the allocator. Copies use the record
// too: a range that starts inside one of the runtime's allocations must end
// inside it. Pointers that other libraries allocated are not in the table
// and stay usable for copies and launches (interop).
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_ALLOCATIONS_H
#define PYKC_RUNTIME_ALLOCATIONS_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace pykc::runtime {

/// One live allocation of deviceMalloc.
struct Allocation {
  uintptr_t Start = 0;
  size_t Bytes = 0;
  int Device = -1;
};

/// "0x7f12345000": an address as messages print it.
std::string addressString(uintptr_t P);

/// Records a new allocation (thread-safe).
void recordAllocation(const void *Ptr, size_t Bytes, int Device);

/// Removes and returns the allocation that starts at \p Ptr, or nothing
/// when \p Ptr is not the start of a live allocation.
std::optional<Allocation> forgetAllocation(const void *Ptr);

/// The live allocation that contains address \p Ptr, if any.
std::optional<Allocation> findAllocation(const void *Ptr);

/// What is wrong with \p Bytes bytes at \p Ptr as one side of a copy ("" when
/// nothing is): the range wraps around the address space, or it starts in
/// one of the runtime's allocations and runs past its end.
std::string copyRangeProblem(const void *Ptr, size_t Bytes);

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_ALLOCATIONS_H
