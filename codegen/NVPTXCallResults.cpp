//===- NVPTXCallResults.cpp -----------------------------------------------===//
#include "codegen/NVPTXCallResults.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <map>
#include <set>
#include <vector>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// The defined function \p Call calls for a result, or null.
Function *calleeWithResult(const CallBase &Call) {
  Function *Callee = Call.getCalledFunction();
  if (!Callee || Callee->isDeclaration() || Callee->isIntrinsic() ||
      Callee->getReturnType()->isVoidTy() ||
      Call.getFunctionType() != Callee->getFunctionType())
    return nullptr;
  return Callee;
}

/// Whether every use of \p F is a direct call of it, so that it can change
/// its type.
bool onlyCalled(const Function &F) {
  for (const Use &U : F.uses()) {
    auto *Call = dyn_cast<CallBase>(U.getUser());
    if (!Call || !Call->isCallee(&U) ||
        Call->getFunctionType() != F.getFunctionType())
      return false;
  }
  return !F.hasAddressTaken();
}

/// \p F as a void function that stores its result through a new last
/// parameter; \p F's body moves there and F is erased once its calls are.
Function *withResultParameter(Function &F) {
  LLVMContext &C = F.getContext();
  std::vector<Type *> Params(F.getFunctionType()->param_begin(),
                             F.getFunctionType()->param_end());
  Params.push_back(PointerType::get(C, 0));
  auto *Ty = FunctionType::get(Type::getVoidTy(C), Params, F.isVarArg());
  Function *New = Function::Create(Ty, F.getLinkage(), F.getAddressSpace(),
                                   F.getName() + ".result", F.getParent());
  New->setCallingConv(F.getCallingConv());
  AttributeList A = F.getAttributes();
  std::vector<AttributeSet> ParamAttrs;
  for (unsigned I = 0; I < F.arg_size(); ++I)
    ParamAttrs.push_back(A.getParamAttrs(I));
  ParamAttrs.push_back(AttributeSet());
  New->setAttributes(
      AttributeList::get(C, A.getFnAttrs(), AttributeSet(), ParamAttrs));
  // The callee now writes memory it is given: memory(none) or readonly
  // would let calls of it be dropped.
  New->removeFnAttr(Attribute::Memory);
  New->setSubprogram(F.getSubprogram());
  F.setSubprogram(nullptr);
  New->splice(New->begin(), &F);
  for (unsigned I = 0; I < F.arg_size(); ++I) {
    New->getArg(I)->takeName(F.getArg(I));
    F.getArg(I)->replaceAllUsesWith(New->getArg(I));
  }
  Argument *Out = New->getArg(F.arg_size());
  Out->setName("result");
  std::vector<ReturnInst *> Returns;
  for (BasicBlock &BB : *New)
    if (auto *R = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(R);
  for (ReturnInst *R : Returns) {
    IRBuilder<> B(R);
    B.CreateStore(R->getReturnValue(), Out);
    B.CreateRetVoid()->setDebugLoc(R->getDebugLoc());
    R->eraseFromParent();
  }
  return New;
}

} // namespace

unsigned returnCallResultsThroughMemory(Module &M, unsigned MinCalls) {
  // The callees of the functions with many calls for results.
  std::set<Function *> Callees;
  for (Function &F : M) {
    unsigned Calls = 0;
    std::set<Function *> Called;
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = calleeWithResult(*Call)) {
          ++Calls;
          Called.insert(Callee);
        }
    if (Calls >= MinCalls)
      Callees.insert(Called.begin(), Called.end());
  }
  unsigned Rewritten = 0;
  for (Function *F : Callees) {
    if (!onlyCalled(*F))
      continue;
    std::vector<CallBase *> Calls;
    for (User *U : F->users())
      Calls.push_back(cast<CallBase>(U));
    Type *Ret = F->getReturnType();
    Function *New = withResultParameter(*F);
    // One slot per caller and result type: each result is loaded right
    // after its call.
    std::map<Function *, AllocaInst *> Slots;
    for (CallBase *Call : Calls) {
      Function *Caller = Call->getFunction();
      AllocaInst *&Slot = Slots[Caller];
      if (!Slot) {
        IRBuilder<> Entry(&*Caller->getEntryBlock().getFirstInsertionPt());
        Slot = Entry.CreateAlloca(Ret, nullptr, F->getName() + ".result");
      }
      IRBuilder<> B(Call);
      std::vector<Value *> Args(Call->arg_begin(), Call->arg_end());
      Args.push_back(Slot);
      CallInst *NewCall = B.CreateCall(New, Args);
      NewCall->setCallingConv(Call->getCallingConv());
      NewCall->setDebugLoc(Call->getDebugLoc());
      AttributeList A = Call->getAttributes();
      std::vector<AttributeSet> ParamAttrs;
      for (unsigned I = 0; I < Call->arg_size(); ++I)
        ParamAttrs.push_back(A.getParamAttrs(I));
      ParamAttrs.push_back(AttributeSet());
      NewCall->setAttributes(AttributeList::get(M.getContext(), A.getFnAttrs(),
                                                AttributeSet(), ParamAttrs));
      NewCall->removeFnAttr(Attribute::Memory);
      Value *Result = B.CreateLoad(Ret, Slot);
      Result->takeName(Call);
      Call->replaceAllUsesWith(Result);
      Call->eraseFromParent();
    }
    F->eraseFromParent();
    ++Rewritten;
  }
  return Rewritten;
}

} // namespace pykc::codegen
