//===- GpuGroups.cpp - Which GPU module each kernel is compiled into ------===//
#include "codegen/GpuGroups.h"

#include <string>

namespace pykc::codegen {

namespace {

/// FNV-1a: fixed by this file, unlike std::hash, so that groups are the same
/// with every standard library.
uint64_t symbolHash(const std::string &Symbol) {
  uint64_t H = 14695981039346656037ull;
  for (unsigned char C : Symbol)
    H = (H ^ C) * 1099511628211ull;
  return H;
}

} // namespace

GpuGroups gpuGroups(const ir::Module &IR) {
  std::vector<const ir::Function *> Kernels;
  for (const auto &F : IR.functions())
    if (F->Kind == ir::FunctionKind::Kernel)
      Kernels.push_back(F.get());
  GpuGroups G;
  size_t Buckets = (Kernels.size() + KernelsPerGroup - 1) / KernelsPerGroup;
  if (Buckets <= 1 || !IR.Foreign.empty()) {
    G.OfKernel.assign(Kernels.size(), 0);
    G.Kernels.assign(1, Kernels);
    return G;
  }
  std::vector<std::vector<const ir::Function *>> ByBucket(Buckets);
  std::vector<size_t> BucketOf;
  for (const ir::Function *K : Kernels) {
    BucketOf.push_back(size_t(symbolHash(K->SymbolName) % Buckets));
    ByBucket[BucketOf.back()].push_back(K);
  }
  // Empty buckets are no groups: the rest are numbered in bucket order.
  std::vector<uint32_t> Number(Buckets, 0);
  for (size_t B = 0; B < Buckets; ++B)
    if (!ByBucket[B].empty()) {
      Number[B] = uint32_t(G.Kernels.size());
      G.Kernels.push_back(std::move(ByBucket[B]));
    }
  G.Count = uint32_t(G.Kernels.size());
  for (size_t B : BucketOf)
    G.OfKernel.push_back(Number[B]);
  return G;
}

} // namespace pykc::codegen
