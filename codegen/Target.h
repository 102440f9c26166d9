//===- Target.h - What differs between the GPU and CPU backends -*- C++ -*-===//
///
/// \file
/// Everything target-specific the IR emitter needs, in one interface: the
/// special registers, barriers, where shared arrays live, how kernels are
/// marked and which math library provides pow and friends. NVPTXTarget and
/// CPUTarget implement it over the same emitter.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <functional>
#include <utility>
#include <string>

namespace pykc::codegen {

/// How floating-point arithmetic is lowered: the same on every backend, so
/// a kernel rounds alike on the GPU, in `pykc run` and in `pykc -c` objects.
struct FloatOptions {
  /// nvcc's --fmad: `a * b + c` (and `a * b - c`, `c - a * b`) written in one
  /// expression becomes one fused multiply-add, rounded once, as Numba and
  /// NVVM do by default. LLVM itself never contracts (fastmath functions
  /// aside), so nothing else fuses on any target. False: every operation is
  /// rounded on its own, bit for bit as Numba's CUDA simulator computes.
  bool Fmad = true;
};

/// How a shuffle picks its source lane (PTX's shfl modes, width 32).
enum class ShuffleMode { Idx, Up, Down, Xor };
/// What a vote computes over the lanes of its mask.
enum class VoteMode { All, Any, Uni, Ballot };
/// What cuda.syncthreads_count/and/or compute over the block.
enum class BarrierReduction { Count, And, Or };
/// Which threads a memory fence orders for (threadfence_block, threadfence,
/// threadfence_system).
enum class FenceScope { Block, Device, System };

/// Which kernels of a module to compile (all when empty).
using KernelFilter = std::function<bool(const ir::Function &)>;

class TargetInfo {
public:
  virtual ~TargetInfo() = default;

  virtual std::string triple() const = 0;
  virtual std::string dataLayout() const = 0;

  /// Whether every function takes a trailing pointer to the target's
  /// thread context (the CPU backend's pykc_cpu_context). It is passed as
  /// \p Context below; null on targets that have none.
  virtual bool hasContextParameter() const { return false; }

  /// The value of a special register (an i32) in the current function.
  virtual llvm::Value *specialRegister(llvm::IRBuilder<> &B, ir::SpecialRegister Reg,
                                       unsigned Dim, llvm::Value *Context) = 0;
  /// Runs the chunks of \p Chunk (void (ptr env, i64 lo, i64 hi, ptr out))
  /// over [0, Trips) on the host's threads: returns the number of chunks
  /// (an i64), chunk k's result at \p Partials + k * \p PartialBytes. Null
  /// on targets without host threads, which run prange loops in order.
  virtual llvm::Value *parallelFor(llvm::IRBuilder<> &B, llvm::Value *Trips, unsigned Threads,
                                   llvm::Function *Chunk, llvm::Value *Env,
                                   llvm::Value *Partials, uint64_t PartialBytes) {
    return nullptr;
  }
  /// The most chunks parallelFor makes (PYKC_CPU_MAX_PARALLEL_CHUNKS).
  static constexpr unsigned MaxParallelChunks = 256;
  /// A barrier of all threads of the block (cuda.syncthreads()).
  virtual void barrier(llvm::IRBuilder<> &B, llvm::Value *Context) = 0;
  /// A barrier of all threads of the grid (cuda.cg.this_grid().sync()),
  /// whose blocks a cooperative launch made resident together.
  virtual void gridSync(llvm::IRBuilder<> &B, llvm::Value *Context) = 0;
  /// The block's dynamic shared memory (sized at launch) for elements of
  /// \p EltTy: a generic pointer to its start and its size in bytes (i64).
  virtual std::pair<llvm::Value *, llvm::Value *>
  dynamicSharedMemory(llvm::IRBuilder<> &B, llvm::Type *EltTy, uint64_t Align,
                      llvm::Value *Context) = 0;
  /// Called before the body of \p F is emitted.
  virtual void beginFunction(const ir::Function &F) {}
  /// Storage for a cuda.shared.array of \p Ty; returns a generic pointer.
  virtual llvm::Value *sharedArray(llvm::IRBuilder<> &B, llvm::Type *Ty,
                                   const std::string &Name, unsigned Align,
                                   llvm::Value *Context) = 0;
  /// Warp operations, as Numba-CUDA defines them. \p Mask is an i32.
  /// A shuffle of \p Value (i32 or i64 bits) from the lane \p Offset picks
  /// by \p Mode; lanes without a source keep their own value.
  virtual llvm::Value *warpShuffle(llvm::IRBuilder<> &B, ShuffleMode Mode, llvm::Value *Mask,
                                   llvm::Value *Value, llvm::Value *Offset,
                                   llvm::Value *Context) = 0;
  /// \p Predicate is an i1; the result is an i1, or the i32 ballot.
  /// match_any_sync (\p All false): the lanes of \p Mask whose \p Value (an
  /// i32 or i64) equals the caller's, an i32. match_all_sync: {i32, i1},
  /// the mask and true when every lane of it has the caller's value, else
  /// {0, false}.
  virtual llvm::Value *warpMatch(llvm::IRBuilder<> &B, bool All, llvm::Value *Mask,
                                 llvm::Value *Value, llvm::Value *Context) = 0;
  virtual llvm::Value *warpVote(llvm::IRBuilder<> &B, VoteMode Mode, llvm::Value *Mask,
                                llvm::Value *Predicate, llvm::Value *Context) = 0;
  virtual void warpSync(llvm::IRBuilder<> &B, llvm::Value *Mask, llvm::Value *Context) = 0;
  /// The i32 mask of the calling warp's active lanes.
  virtual llvm::Value *activeMask(llvm::IRBuilder<> &B, llvm::Value *Context) = 0;
  /// A block barrier that also reduces the i32 \p Predicate; returns an i32.
  virtual llvm::Value *barrierReduce(llvm::IRBuilder<> &B, BarrierReduction Op,
                                     llvm::Value *Predicate, llvm::Value *Context) = 0;
  virtual void fence(llvm::IRBuilder<> &B, FenceScope Scope) = 0;
  /// printf(\p Format, \p Args...): the driver's vprintf on the GPU, the
  /// C library's printf on the CPU.
  virtual void print(llvm::IRBuilder<> &B, llvm::Value *Format,
                     llvm::ArrayRef<llvm::Value *> Args) = 0;
  /// Reports an index out of range (--boundscheck): \p Args are the place
  /// (a C string), the axis (i32), the index and the extent (i64), then
  /// threadIdx and blockIdx (six i32). The CPU records it for the launch to
  /// fail with; the GPU prints it and traps.
  virtual void boundsError(llvm::IRBuilder<> &B, llvm::ArrayRef<llvm::Value *> Args,
                           llvm::Value *Context) = 0;
  /// A kernel used an optional holding None as a value: \p Args are the
  /// place and the type expected (C strings), then threadIdx and blockIdx
  /// (six i32). The CPU records it for the launch to fail with, as Numba's
  /// simulator raises; the GPU stops the thread, as Numba-CUDA does.
  virtual void noneError(llvm::IRBuilder<> &B, llvm::ArrayRef<llvm::Value *> Args,
                         llvm::Value *Context) = 0;
  /// Marks \p F as the entry point of \p Kernel, with its launch limits
  /// (max_registers).
  virtual void markKernel(llvm::Function &F, const ir::Function &Kernel) = 0;
  /// The address space for \p Bytes of read-only data when \p Before bytes
  /// were placed there already: NVPTX's constant memory while it fits its
  /// 64 KiB, global memory after.
  virtual unsigned constantAddressSpace(uint64_t Before, uint64_t Bytes) const {
    return globalAddressSpace();
  }
  /// The address space of module-level data in device memory.
  virtual unsigned globalAddressSpace() const { return 0; }
  /// Whether cuda.libdevice's functions are libdevice's own (__nv_NAME),
  /// else their C library or LLVM equivalents (ir/Libdevice.def).
  virtual bool callsLibdevice() const { return false; }
  /// The math library's symbol for \p Name ("pow", "frexp", ...) in the
  /// precision of \p FloatTy (float or double).
  virtual std::string mathSymbol(const std::string &Name, llvm::Type *FloatTy) const = 0;
  /// That function, of type \p FT (C's: frexp is double(double, int *)).
  llvm::FunctionCallee mathFunction(llvm::Module &M, const std::string &Name,
                                    llvm::Type *FloatTy, llvm::FunctionType *FT) const {
    return M.getOrInsertFunction(mathSymbol(Name, FloatTy), FT);
  }
  /// The common case: \p Arity arguments of \p Ty returning one.
  llvm::FunctionCallee mathFunction(llvm::Module &M, const std::string &Name, llvm::Type *Ty,
                                    unsigned Arity) const {
    llvm::SmallVector<llvm::Type *, 3> Params(Arity, Ty);
    return mathFunction(M, Name, Ty, llvm::FunctionType::get(Ty, Params, false));
  }
};

} // namespace pykc::codegen
