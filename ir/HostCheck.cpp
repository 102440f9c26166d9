//===- HostCheck.cpp - What @njit functions cannot use on the host --------===//
#include "ir/HostCheck.h"
#include "ir/Builtins.h"
#include "ir/IRWalk.h"

#include <algorithm>
#include <set>
#include <string>

namespace pykc::ir {

namespace {

/// The first NumPy allocation in \p Body, or null.
const Node *anyHeapArray(const StmtList &Body) {
  const Node *Found = nullptr;
  anyNode(Body, [&](const Node &N) {
    auto *A = dynCast<AllocArrayExpr>(&N);
    if (A && A->Heap)
      Found = &N;
    return Found != nullptr;
  });
  return Found;
}

} // namespace

bool checkHostEntry(const Function &Entry, const frontend::SourceFile *File,
                    frontend::DiagnosticEngine &Diags, frontend::SourceRange NameRange) {
  bool Ok = true;
  // The host entry hands back scalars (codegen's storeResultLeaves); an
  // array would need NumPy's allocator, which a C++ caller does not have.
  if (Entry.ReturnType && holdsArray(Entry.ReturnType)) {
    Diags.report(File, NameRange.isValid() ? NameRange : Entry.Range,
                 frontend::DiagKind::HostReturnsArray,
                 {Entry.PyName, "'" + Entry.ReturnType->str() + "'"});
    Ok = false;
  }
  std::set<const Function *> Seen;
  std::vector<const Function *> Work = {&Entry};
  while (!Work.empty()) {
    const Function *F = Work.back();
    Work.pop_back();
    if (!Seen.insert(F).second)
      continue;
    Work.insert(Work.end(), F->Callees.begin(), F->Callees.end());
    // A function that makes arrays would hand back a freed one
    // (codegen/EmitHeapArray.cpp); said where it makes one, or at the
    // entry when the function is another file's.
    if (F != &Entry && F->ReturnType && holdsArray(F->ReturnType))
      if (const Node *Made = anyHeapArray(F->Body)) {
        Diags.report(File,
                     F->FileName == File->name() ? Made->Range : Entry.Range,
                     frontend::DiagKind::HeapArrayReturned,
                     {F->PyName, "'" + F->ReturnType->str() + "'"});
        Ok = false;
      }
    if (F->FileName != File->name())
      continue; // pykc's own helpers use no CUDA intrinsics on the host
    forEachNode(F->Body, [&](const Node &N) {
      std::string Name;
      if (auto *A = dynCast<AllocArrayExpr>(&N); A && A->Heap)
        return;
      if (auto *R = dynCast<SpecialRegExpr>(&N))
        Name = specialRegisterName(R->Reg);
      else if (auto *I = dynCast<IntrinsicExpr>(&N); I && !builtinTraits(I->Id).Host)
        Name = intrinsicName(I->Id);
      else if (auto *A = dynCast<AllocArrayExpr>(&N))
        Name = dynCast<ArrayType>(A->Ty)->addressSpace() == AddressSpace::Shared
                   ? "cuda.shared.array"
                   : "cuda.local.array";
      else if (dynCast<AtomicRMWExpr>(&N))
        Name = "cuda.atomic";
      else
        return;
      Ok = false;
      Diags.report(File, N.Range, frontend::DiagKind::CudaInHostFunction, {Name, Entry.PyName});
    });
  }
  return Ok;
}

void checkHostEntries(SemaResult &Result, frontend::DiagnosticEngine &Diags) {
  for (auto [F, Info] : Result.HostEntries)
    if (F->HostEntry &&
        !checkHostEntry(*F, Info->File, Diags, Info->Def ? Info->Def->NameRange : frontend::SourceRange()))
      F->HostEntry = false;
}

} // namespace pykc::ir
