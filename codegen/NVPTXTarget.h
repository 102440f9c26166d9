//===- NVPTXTarget.h - The CUDA GPU target ----------------------*- C++ -*-===//
#pragma once

#include "codegen/Target.h"

namespace pykc::codegen {

/// nvptx64-nvidia-cuda: special registers through NVVM intrinsics, shared
/// memory in address space 3, kernels listed in !nvvm.annotations and math
/// from libdevice (__nv_*).
class NVPTXTarget final : public TargetInfo {
public:
  std::string triple() const override { return "nvptx64-nvidia-cuda"; }
  std::string dataLayout() const override;
  llvm::Value *specialRegister(llvm::IRBuilder<> &B, ir::SpecialRegister Reg, unsigned Dim,
                               llvm::Value *Context) override;
  void barrier(llvm::IRBuilder<> &B, llvm::Value *Context) override;
  void gridSync(llvm::IRBuilder<> &B, llvm::Value *Context) override;
  llvm::Value *sharedArray(llvm::IRBuilder<> &B, llvm::Type *Ty, const std::string &Name,
                           unsigned Align, llvm::Value *Context) override;
  llvm::Value *warpShuffle(llvm::IRBuilder<> &B, ShuffleMode Mode, llvm::Value *Mask,
                           llvm::Value *Value, llvm::Value *Offset, llvm::Value *Context) override;
  llvm::Value *warpMatch(llvm::IRBuilder<> &B, bool All, llvm::Value *Mask, llvm::Value *Value,
                         llvm::Value *Context) override;
  llvm::Value *warpVote(llvm::IRBuilder<> &B, VoteMode Mode, llvm::Value *Mask,
                        llvm::Value *Predicate, llvm::Value *Context) override;
  void warpSync(llvm::IRBuilder<> &B, llvm::Value *Mask, llvm::Value *Context) override;
  llvm::Value *activeMask(llvm::IRBuilder<> &B, llvm::Value *Context) override;
  llvm::Value *barrierReduce(llvm::IRBuilder<> &B, BarrierReduction Op, llvm::Value *Predicate,
                             llvm::Value *Context) override;
  void fence(llvm::IRBuilder<> &B, FenceScope Scope) override;
  std::pair<llvm::Value *, llvm::Value *> dynamicSharedMemory(llvm::IRBuilder<> &B,
                                                              llvm::Type *EltTy, uint64_t Align,
                                                              llvm::Value *Context) override;
  void markKernel(llvm::Function &F, const ir::Function &Kernel) override;
  std::string mathSymbol(const std::string &Name, llvm::Type *FloatTy) const override;
  void print(llvm::IRBuilder<> &B, llvm::Value *Format, llvm::ArrayRef<llvm::Value *> Args) override;
  void boundsError(llvm::IRBuilder<> &B, llvm::ArrayRef<llvm::Value *> Args,
                   llvm::Value *Context) override;
  bool callsLibdevice() const override { return true; }
  void noneError(llvm::IRBuilder<> &B, llvm::ArrayRef<llvm::Value *> Args,
                 llvm::Value *Context) override;

private:
  /// Fills KernelABI.h's pykc_bounds_record for the runtime, when it set one.
  void recordBoundsError(llvm::IRBuilder<> &B, llvm::ArrayRef<llvm::Value *> Args);
  /// The body of the module's one function that does.
  void emitBoundsRecorder(llvm::Function &F);

public:

  static constexpr unsigned SharedAddressSpace = 3;
  unsigned constantAddressSpace(uint64_t Before, uint64_t Bytes) const override {
    return Before + Bytes <= 64 * 1024 ? 4 : globalAddressSpace();
  }
  unsigned globalAddressSpace() const override { return 1; }
};

} // namespace pykc::codegen
