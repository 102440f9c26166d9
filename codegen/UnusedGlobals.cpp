//===- UnusedGlobals.cpp - Erasing what a module does not use -------------===//
#include "codegen/UnusedGlobals.h"

#include <llvm/IR/Module.h>

#include <vector>

namespace pykc::codegen {

void eraseUnusedGlobals(llvm::Module &M,
                        const std::function<bool(const llvm::GlobalValue &)> &MayGo) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    std::vector<llvm::GlobalValue *> Dead;
    for (llvm::GlobalValue &G : M.global_values()) {
      G.removeDeadConstantUsers();
      if (G.use_empty() && MayGo(G))
        Dead.push_back(&G);
    }
    for (llvm::GlobalValue *G : Dead) {
      G->eraseFromParent();
      Changed = true;
    }
  }
}

} // namespace pykc::codegen
