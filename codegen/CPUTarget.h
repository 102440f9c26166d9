//===- CPUTarget.h - The host CPU target ------------------------*- C++ -*-===//
///
/// \file
/// Kernels for the host CPU, as runtime/include/pykc/CpuABI.h specifies:
/// every function takes a trailing pykc_cpu_context pointer; special
/// registers are read from it, shared arrays are carved out of its
/// per-block shared memory, and cuda.syncthreads() calls the runtime's
/// pykc_cpu_barrier.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/Target.h"

#include <map>

namespace pykc::codegen {

class CPUTarget final : public TargetInfo {
public:
  CPUTarget(std::string Triple, std::string DataLayout)
      : TripleName(std::move(Triple)), Layout(std::move(DataLayout)) {}

  std::string triple() const override { return TripleName; }
  std::string dataLayout() const override { return Layout; }
  bool hasContextParameter() const override { return true; }
  llvm::Value *specialRegister(llvm::IRBuilder<> &B, ir::SpecialRegister Reg, unsigned Dim,
                               llvm::Value *Context) override;
  void barrier(llvm::IRBuilder<> &B, llvm::Value *Context) override;
  void gridSync(llvm::IRBuilder<> &B, llvm::Value *Context) override;
  llvm::Value *parallelFor(llvm::IRBuilder<> &B, llvm::Value *Trips, unsigned Threads,
                           llvm::Function *Chunk, llvm::Value *Env, llvm::Value *Partials,
                           uint64_t PartialBytes) override;
  /// A context for code the host calls outside any launch: thread 0 of a
  /// one-thread grid, on the stack of the current function, whose
  /// scheduler is \p Status (a pykc_host_status *, CpuABI.h).
  static llvm::Value *hostContext(llvm::IRBuilder<> &B, llvm::Value *Status);
  /// The pykc_host_status * of the host code whose context is \p Context.
  static llvm::Value *hostStatus(llvm::IRBuilder<> &B, llvm::Value *Context);
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
  void markKernel(llvm::Function &F, const ir::Function &Kernel) override {}
  std::string mathSymbol(const std::string &Name, llvm::Type *FloatTy) const override;
  void print(llvm::IRBuilder<> &B, llvm::Value *Format, llvm::ArrayRef<llvm::Value *> Args) override;
  void boundsError(llvm::IRBuilder<> &B, llvm::ArrayRef<llvm::Value *> Args,
                   llvm::Value *Context) override;
  void noneError(llvm::IRBuilder<> &B, llvm::ArrayRef<llvm::Value *> Args,
                 llvm::Value *Context) override;

  /// Lays out the shared arrays of \p IR before it is emitted, per kernel:
  /// a device function's arrays get offsets every caller shares (it is
  /// compiled once), and a kernel's own arrays start after the highest of
  /// those it can reach, so a block gets only the memory its kernel can
  /// touch (not the sum over the module).
  void planSharedMemory(const ir::Module &IR);
  /// The bytes of shared memory \p Kernel needs per block.
  uint64_t sharedBytes(const ir::Function &Kernel) const;

  void beginFunction(const ir::Function &F) override;

  /// Numba's warp size, on the CPU too (its simulator agrees): cuda.laneid
  /// is the linear thread index mod 32.
  static constexpr unsigned WarpSize = 32;

  /// Whether \p Name is a runtime function at which the threads of a block
  /// wait for each other (so a kernel calling it runs its threads on fibers):
  /// the Cpu column of ir/Builtins.def's rows whose Sync is not None.
  static bool isMeetingPoint(llvm::StringRef Name);
  /// Whether \p Name is the runtime's plain block barrier (cuda.syncthreads).
  static bool isBlockBarrier(llvm::StringRef Name);

  /// The LLVM type of pykc_cpu_context.
  static llvm::StructType *contextType(llvm::LLVMContext &C);

  /// The address of x, y or z (\p Dim) of a dimension field of the context
  /// (0 thread_idx, 1 block_idx, 2 block_dim, 3 grid_dim).
  static llvm::Value *dimensionField(llvm::IRBuilder<> &B, llvm::Value *Context, unsigned Field,
                                     unsigned Dim);
  /// Loads x, y or z (\p Dim) of a dimension field of the context (0
  /// thread_idx, 1 block_idx, 2 block_dim, 3 grid_dim), telling LLVM the
  /// range CUDA's limits give it (CpuABI.h).
  static llvm::LoadInst *loadDimension(llvm::IRBuilder<> &B, llvm::Value *Context,
                                       unsigned Field, unsigned Dim,
                                       const llvm::Twine &Name = "");

private:
  std::string TripleName;
  std::string Layout;
  /// Where each function's arrays begin, and (kernels) its block's total.
  std::map<const ir::Function *, uint64_t> SharedBase, KernelSharedBytes;
  /// The next free offset of the function being emitted, and its limit.
  uint64_t Cursor = 0, CursorEnd = 0;
};

} // namespace pykc::codegen
