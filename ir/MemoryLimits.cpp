//===- MemoryLimits.cpp - Shared and local memory a kernel needs ----------===//
#include "ir/MemoryLimits.h"

#include <set>
#include <vector>

namespace pykc::ir {

using namespace frontend;

namespace {

/// Every GPU caps a block's static shared memory at 48 KiB (more needs
/// dynamic shared memory and an opt-in), and a thread's local memory at
/// 512 KiB; ptxas would reject the PTX, and the CPU backend would allocate
/// shared memory per block and local arrays on each thread's fiber stack
/// (sized for that limit). A kernel's total counts its own arrays and those
/// of every device function it reaches, once each.
void checkLimit(const Module &IR, const SourceFile *File, DiagnosticEngine &Diags,
                       bool Shared) {
  const uint64_t Limit = Shared ? 48 * 1024 : 512 * 1024;
  for (const auto &F : IR.functions()) {
    if (F->Kind != FunctionKind::Kernel)
      continue;
    std::set<const Function *> Seen;
    std::vector<const Function *> Work = {F.get()};
    uint64_t Total = 0;
    const std::pair<uint64_t, SourceRange> *Largest = nullptr;
    while (!Work.empty()) {
      const Function *G = Work.back();
      Work.pop_back();
      if (!Seen.insert(G).second)
        continue;
      for (const auto &A : Shared ? G->SharedArrays : G->LocalArrays) {
        Total = Total + A.first < Total ? UINT64_MAX : Total + A.first;
        if (!Largest || A.first > Largest->first)
          Largest = &A;
      }
      Work.insert(Work.end(), G->Callees.begin(), G->Callees.end());
    }
    if (Total <= Limit || !Largest)
      continue;
    Diags.report(File, Largest->second,
                 Shared ? DiagKind::SharedMemoryLimit : DiagKind::LocalMemoryLimit,
                 {F->PyName, std::to_string(Total)});
  }
}

} // namespace

void checkMemoryLimits(const Module &IR, const SourceFile *File, DiagnosticEngine &Diags) {
  checkLimit(IR, File, Diags, /*Shared=*/true);
  checkLimit(IR, File, Diags, /*Shared=*/false);
}

} // namespace pykc::ir
