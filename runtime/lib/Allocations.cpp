//===- Allocations.cpp - The runtime's own device allocations ------------===//
#include "Allocations.h"

#include <cstdio>
#include <map>
#include <mutex>

using namespace pykc::runtime;

namespace {

struct Table {
  std::mutex M;
  std::map<uintptr_t, Allocation> ByStart;
};

Table &table() {
  // Never destroyed: arrays are freed during static destruction too.
  static Table *T = new Table;
  return *T;
}

} // namespace

std::string pykc::runtime::addressString(uintptr_t P) {
  char Text[32];
  std::snprintf(Text, sizeof(Text), "0x%llx", static_cast<unsigned long long>(P));
  return Text;
}

void pykc::runtime::recordAllocation(const void *Ptr, size_t Bytes, int Device) {
  Table &T = table();
  std::lock_guard<std::mutex> Lock(T.M);
  uintptr_t Start = reinterpret_cast<uintptr_t>(Ptr);
  T.ByStart[Start] = Allocation{Start, Bytes, Device};
}

std::optional<Allocation> pykc::runtime::forgetAllocation(const void *Ptr) {
  Table &T = table();
  std::lock_guard<std::mutex> Lock(T.M);
  auto It = T.ByStart.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == T.ByStart.end())
    return std::nullopt;
  Allocation A = It->second;
  T.ByStart.erase(It);
  return A;
}

std::optional<Allocation> pykc::runtime::findAllocation(const void *Ptr) {
  Table &T = table();
  uintptr_t P = reinterpret_cast<uintptr_t>(Ptr);
  std::lock_guard<std::mutex> Lock(T.M);
  auto It = T.ByStart.upper_bound(P);
  if (It == T.ByStart.begin())
    return std::nullopt;
  --It;
  const Allocation &A = It->second;
  // A zero-byte record still owns its first address.
  if (P - A.Start < (A.Bytes ? A.Bytes : 1))
    return A;
  return std::nullopt;
}

std::string pykc::runtime::copyRangeProblem(const void *Ptr, size_t Bytes) {
  uintptr_t P = reinterpret_cast<uintptr_t>(Ptr), End;
  if (__builtin_add_overflow(P, Bytes, &End))
    return std::to_string(Bytes) + " bytes at " + addressString(P) +
           " would run past the end of the address space";
  std::optional<Allocation> A = findAllocation(Ptr);
  if (!A || End - A->Start <= A->Bytes)
    return "";
  return std::to_string(Bytes) + " bytes at " + addressString(P) + " run " +
         std::to_string(End - A->Start - A->Bytes) + " bytes past the end of the " +
         std::to_string(A->Bytes) + "-byte allocation at " + addressString(A->Start);
}
