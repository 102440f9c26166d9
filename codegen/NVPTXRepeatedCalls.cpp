//===- NVPTXRepeatedCalls.cpp ---------------------------------------------===//
#include "codegen/NVPTXRepeatedCalls.h"

#include "codegen/Emitter.h"

#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <map>
#include <vector>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// The callee \p Call may leave out of line: defined here, not an
/// intrinsic, not an operator's helper, and called with its own type.
/// (libdevice marks its functions alwaysinline: a call site's noinline
/// still wins.)
Function *sizeableCallee(const CallBase &Call, unsigned MinCalleeSize) {
  Function *Callee = Call.getCalledFunction();
  if (!Callee || Callee->isDeclaration() || Callee->isIntrinsic() ||
      Callee->hasFnAttribute(OperatorAttribute) ||
      Call.getFunctionType() != Callee->getFunctionType())
    return nullptr;
  return Callee->getInstructionCount() >= MinCalleeSize ? Callee : nullptr;
}

} // namespace

unsigned keepRepeatedCallsOutOfLine(Module &M, unsigned MinSites, unsigned MinCalleeSize) {
  unsigned Marked = 0;
  for (Function &Caller : M) {
    // The sites of each callee (the map's order, by address, does not
    // matter: every site of a chosen callee is marked).
    std::map<Function *, std::vector<CallBase *>> Sites;
    for (Instruction &I : instructions(Caller))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = sizeableCallee(*Call, MinCalleeSize))
          Sites[Callee].push_back(Call);
    for (auto &[Callee, Calls] : Sites) {
      if (Calls.size() < MinSites)
        continue;
      for (CallBase *Call : Calls)
        Call->setIsNoInline();
      Marked += unsigned(Calls.size());
    }
  }
  return Marked;
}

} // namespace pykc::codegen
