//===- CPUGridFusion.cpp --------------------------------------------------===//
#include "codegen/CPUGridFusion.h"

#include "codegen/CPUTarget.h"

#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>

#include <optional>
#include <set>
#include <vector>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// Field \p Field (CPUTarget's numbering: 0 thread_idx, 1 block_idx, 2
/// block_dim, 3 grid_dim) of the context, dimension \p Dim, when \p Ptr
/// addresses one: a GEP of the context type with constant indices.
std::optional<std::pair<unsigned, unsigned>> contextField(const Value *Ptr) {
  auto *G = dyn_cast<GetElementPtrInst>(Ptr);
  if (!G ||
      G->getSourceElementType() != CPUTarget::contextType(G->getContext()) ||
      G->getNumIndices() != 3)
    return std::nullopt;
  auto *Zero = dyn_cast<ConstantInt>(G->getOperand(1));
  auto *Field = dyn_cast<ConstantInt>(G->getOperand(2));
  auto *Dim = dyn_cast<ConstantInt>(G->getOperand(3));
  if (!Zero || !Zero->isZero() || !Field || !Dim)
    return std::nullopt;
  return std::make_pair(unsigned(Field->getZExtValue()),
                        unsigned(Dim->getZExtValue()));
}

/// Whether \p V is a load of the context's \p Field, dimension 0.
bool loadsX(const Value *V, unsigned Field) {
  auto *L = dyn_cast<LoadInst>(V);
  auto F = L ? contextField(L->getPointerOperand()) : std::nullopt;
  return F && F->first == Field && F->second == 0;
}

/// Replaces each `cuda.grid()` x of \p Fn, as FunctionEmitter::emitGridIndex
/// computes it (sext tid.x + sext ctaid.x * sext ntid.x, in 64 bits, where
/// no sum wraps), by \p GridX; the count replaced.
unsigned replaceGridX(Function &Fn, Value *GridX) {
  using namespace PatternMatch;
  std::vector<Instruction *> Found;
  for (Instruction &I : instructions(Fn)) {
    Value *Tid, *Ctaid, *Ntid;
    // In either order: a kernel that spells it out (`cuda.blockIdx.x *
    // cuda.blockDim.x + cuda.threadIdx.x`) computes the same number.
    if (I.getType() != GridX->getType() ||
        !match(&I,
               m_c_Add(m_SExt(m_Value(Tid)),
                       m_c_Mul(m_SExt(m_Value(Ctaid)), m_SExt(m_Value(Ntid))))))
      continue;
    if (loadsX(Ctaid, 2) && loadsX(Ntid, 1))
      std::swap(Ctaid, Ntid);
    if (loadsX(Tid, 0) && loadsX(Ctaid, 1) && loadsX(Ntid, 2))
      Found.push_back(&I);
  }
  for (Instruction *I : Found) {
    I->replaceAllUsesWith(GridX);
    RecursivelyDeleteTriviallyDeadInstructions(I);
  }
  return unsigned(Found.size());
}

/// The runtime's error reports, which name their thread by the indices
/// they are given and keep the lowest thread's error for kernels without
/// barriers (CpuThreadCalls.cpp, CheckState.h): the order threads run in
/// does not change what they report.
bool isThreadReport(const Function *Callee) {
  if (!Callee || !Callee->isDeclaration())
    return false;
  StringRef Name = Callee->getName();
  return Name == "pykc_cpu_bounds_error" || Name == "pykc_cpu_none_error" ||
         Name == "pykc_check_bounds_array";
}

/// Replaces the loads of thread_idx.x and block_idx.x that only name the
/// thread to an error report (isThreadReport) by their values computed
/// from \p GridX (a division, on the error path only); false when another
/// use reads one.
bool computeReportedX(Function &Fn, Value *Ctx, Value *GridX) {
  std::vector<LoadInst *> Loads;
  for (User *U : Ctx->users()) {
    auto Field = contextField(U);
    if (!Field || Field->first > 1 || Field->second != 0)
      continue;
    for (User *FieldUser : U->users()) {
      auto *L = dyn_cast<LoadInst>(FieldUser);
      if (!L)
        return false;
      for (User *LoadUser : L->users()) {
        auto *Call = dyn_cast<CallBase>(LoadUser);
        if (!Call || !isThreadReport(Call->getCalledFunction()))
          return false;
      }
      Loads.push_back(L);
    }
  }
  for (LoadInst *L : Loads) {
    IRBuilder<> B(L);
    Value *Width = B.CreateZExt(CPUTarget::loadDimension(B, Ctx, 2, 0, "bdim"),
                                B.getInt64Ty());
    bool Thread = contextField(L->getPointerOperand())->first == 0;
    Value *X = Thread ? B.CreateURem(GridX, Width) : B.CreateUDiv(GridX, Width);
    L->replaceAllUsesWith(B.CreateTrunc(X, L->getType()));
    L->eraseFromParent();
  }
  return true;
}

/// Gives each error report a copy of the context, made on the error path,
/// instead of the context itself: a context that no call receives stays
/// in registers once the clone is inlined into the row's loop, where it
/// would otherwise be read again from memory for every thread (and keep
/// the loop from being vectorized).
void reportWithCopies(Function &Fn, Value *Ctx) {
  std::vector<CallBase *> Reports;
  for (User *U : Ctx->users())
    if (auto *Call = dyn_cast<CallBase>(U);
        Call && isThreadReport(Call->getCalledFunction()))
      Reports.push_back(Call);
  if (Reports.empty())
    return;
  LLVMContext &C = Fn.getContext();
  StructType *CtxTy = CPUTarget::contextType(C);
  IRBuilder<> Entry(&*Fn.getEntryBlock().getFirstInsertionPt());
  Value *Copy = Entry.CreateAlloca(CtxTy, nullptr, "report.ctx");
  uint64_t Bytes = Fn.getDataLayout().getTypeAllocSize(CtxTy);
  for (CallBase *Call : Reports) {
    IRBuilder<> B(Call);
    B.CreateMemCpy(Copy, MaybeAlign(8), Ctx, MaybeAlign(8), Bytes);
    Call->replaceUsesOfWith(Ctx, Copy);
  }
}

/// Whether a call of \p Callee cannot observe which thread runs or in what
/// order: an LLVM intrinsic (no fence or atomic among them reaches here
/// unchecked: see orderInvisible), a function of the module that itself
/// cannot, or an outside function given no pointer (libm's), not the
/// runtime's.
bool callOrderInvisible(const CallBase &Call, std::set<const Function *> &Seen);

/// Whether \p Fn does nothing another thread could see the order of, and
/// reads the context (when \p Ctx, its context parameter, is given) only to
/// load the dimensions of threads and blocks.
bool orderInvisible(const Function &Fn, const Value *Ctx,
                    std::set<const Function *> &Seen) {
  if (!Seen.insert(&Fn).second)
    return true;
  for (const Instruction &I : instructions(Fn)) {
    if (I.isAtomic() || isa<FenceInst>(I))
      return false;
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      if (!callOrderInvisible(*Call, Seen))
        return false;
      for (const Value *A : Call->args())
        if (A == Ctx && !isThreadReport(Call->getCalledFunction()))
          return false;
    }
  }
  if (!Ctx)
    return true;
  for (const User *U : Ctx->users()) {
    if (auto *Call = dyn_cast<CallBase>(U);
        Call && isThreadReport(Call->getCalledFunction()))
      continue;
    auto Field = contextField(U);
    if (!Field || Field->first > 3)
      return false;
    for (const User *FieldUser : U->users())
      if (!isa<LoadInst>(FieldUser))
        return false;
  }
  return true;
}

bool callOrderInvisible(const CallBase &Call,
                        std::set<const Function *> &Seen) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || Call.isInlineAsm())
    return false;
  if (Callee->isIntrinsic() || isThreadReport(Callee))
    return true;
  if (!Callee->isDeclaration())
    return orderInvisible(*Callee, nullptr, Seen);
  if (Callee->getName().starts_with("pykc") || Callee->isVarArg())
    return false;
  for (const Value *A : Call.args())
    if (A->getType()->isPointerTy())
      return false;
  return true;
}

/// Inlines into \p Fn the functions of the module it calls with its
/// context \p Ctx (device functions, and the operators and index rules
/// written as functions: ExpandOperators.h), so that their `cuda.grid()`
/// reads the clone's x too; false when one cannot be (recursion) or \p Fn
/// would pass MaxInstructions, which bounds what the clone costs to build.
bool inlineContextCalls(Function &Fn, const Value *Ctx) {
  constexpr size_t MaxInstructions = 20000;
  for (unsigned Round = 0;; ++Round) {
    std::vector<CallBase *> Calls;
    for (Instruction &I : instructions(Fn))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (llvm::is_contained(Call->args(), Ctx) &&
            !isThreadReport(Call->getCalledFunction()))
          Calls.push_back(Call);
    if (Calls.empty())
      return true;
    if (Round == 64 || Fn.getInstructionCount() > MaxInstructions)
      return false;
    for (CallBase *Call : Calls) {
      Function *Callee = Call->getCalledFunction();
      if (!Callee || Callee->isDeclaration() || Callee == &Fn)
        return false;
      InlineFunctionInfo Info;
      if (!InlineFunction(*Call, Info).isSuccess())
        return false;
    }
  }
}

} // namespace

Function *gridRowClone(Function &Kernel) {
  // A cheap look first: most kernels that cannot use the clone say so here,
  // before anything is copied.
  std::set<const Function *> Seen;
  if (Kernel.arg_empty() || !orderInvisible(Kernel, nullptr, Seen))
    return nullptr;
  LLVMContext &C = Kernel.getContext();
  std::vector<Type *> Params(Kernel.getFunctionType()->param_begin(),
                             Kernel.getFunctionType()->param_end());
  Params.push_back(Type::getInt64Ty(C));
  Function *Clone =
      Function::Create(FunctionType::get(Kernel.getReturnType(), Params, false),
                       GlobalValue::InternalLinkage,
                       Kernel.getName() + ".gridrow", Kernel.getParent());
  ValueToValueMapTy Map;
  for (unsigned I = 0; I < Kernel.arg_size(); ++I) {
    Clone->getArg(I)->setName(Kernel.getArg(I)->getName());
    Map[Kernel.getArg(I)] = Clone->getArg(I);
  }
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(Clone, &Kernel, Map,
                    CloneFunctionChangeType::LocalChangesOnly, Returns);
  Clone->setLinkage(
      GlobalValue::InternalLinkage); // the kernel's own was copied
  Argument *GridX = Clone->getArg(Kernel.arg_size());
  GridX->setName("grid.x");
  Argument *Ctx = Clone->getArg(Kernel.arg_size() - 1);
  if (!inlineContextCalls(*Clone, Ctx)) {
    Clone->eraseFromParent();
    return nullptr;
  }
  unsigned Replaced = replaceGridX(*Clone, GridX);
  // What is left of the context must be the y and z indices and the
  // dimensions: a thread_idx.x or block_idx.x read on its own would need
  // the block the clone no longer has, except where an error report
  // names its thread.
  bool ReadsX = !computeReportedX(*Clone, Ctx, GridX);
  Seen.clear();
  if (!Replaced || ReadsX || !orderInvisible(*Clone, Ctx, Seen)) {
    Clone->eraseFromParent();
    return nullptr;
  }
  reportWithCopies(*Clone, Ctx);
  Clone->addFnAttr(Attribute::AlwaysInline);
  return Clone;
}

} // namespace pykc::codegen
