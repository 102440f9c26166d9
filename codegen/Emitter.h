//===- Emitter.h - Typed IR to LLVM IR (private) ----------------*- C++ -*-===//
///
/// \file
/// ModuleEmitter turns an ir::Module into an llvm::Module for a TargetInfo;
/// FunctionEmitter lowers one function. Variables live in allocas (SROA and
/// mem2reg make registers of them); arrays are {data, shape[N], strides[N]}
/// aggregates; kernels take their arguments flattened as KernelABI.h says.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/Target.h"
#include "ir/IR.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace pykc::codegen {

/// The LLVM attribute of the function of one of Python's operators
/// (ir::Function::Operator): arithmetic on its arguments, always inlined.
inline constexpr const char *OperatorAttribute = "pykc-operator";

class ModuleEmitter {
public:
  ModuleEmitter(const ir::Module &IR, llvm::Module &M, TargetInfo &Target,
                FloatOptions Float = {});
  /// Emits every device function and the kernels \p Kernels accepts (all
  /// when empty).
  void emit(const KernelFilter &Kernels = {});
  /// Inlines every call of an operator's function (ir::Function::Operator)
  /// and drops the functions; emit() ends with it.
  void inlineOperators();
  /// Whether emit() emitted \p F.
  bool emitted(const ir::Function *F) const { return Declared.count(F) != 0; }

  llvm::Type *llvmType(const ir::Type *Ty);
  /// Tuples of one type longer than this are LLVM arrays, shorter ones
  /// structs (see llvmType).
  static constexpr unsigned LongTupleElements = 16;
  /// Whether a device function takes a parameter of \p Ty by address (a
  /// long tuple: passed by value, LLVM splits and rebuilds it element by
  /// element at every call, which grows with the square of its length).
  bool passedByAddress(const ir::Type *Ty) { return llvm::isa<llvm::ArrayType>(llvmType(Ty)); }
  /// How a value of \p Ty is stored in memory (bool as i8).
  llvm::Type *memoryType(const ir::Type *Ty);
  llvm::StructType *arrayStructType(unsigned NDim);
  llvm::Function *declaration(const ir::Function *F) { return Declared.at(F); }
  /// The global holding the frozen module-level array \p E, made once per
  /// name (null for an empty array).
  llvm::Constant *constantArrayData(const ir::ConstArrayExpr &E);
  /// A generic pointer to a new constant global holding \p Data (\p Bytes
  /// long): in the target's constant memory while that has room, else in
  /// its global memory.
  llvm::Constant *constantGlobal(llvm::Constant *Data, uint64_t Bytes, llvm::Align Alignment,
                                 const llvm::Twine &Name);
  /// Where a bounds-checked access out of range goes instead (--boundscheck).
  llvm::Constant *boundsScratch();

  const ir::Module &IR;
  llvm::Module &M;
  llvm::LLVMContext &Ctx;
  TargetInfo &Target;
  FloatOptions Float;
  /// `--check` (CPU only): every shared and local access, barrier and warp
  /// operation also calls the runtime's checker (CpuABI.h's pykc_check_*).
  bool Check = false;
  /// -lineinfo: each function with a .py file gets a DISubprogram and each
  /// statement its line (FunctionEmitter::emitStmt), for PTX .loc.
  bool LineInfo = false;

private:
  /// The DISubprograms of -lineinfo (EmitDebugInfo.cpp).
  void attachSubprograms();
  void declare(const ir::Function &F);
  /// The LLVM parameters (and their names) a kernel parameter of type \p Ty
  /// is flattened to (KernelABI.h).
  void flattenKernelParam(const ir::Type *Ty, const std::string &Name,
                          std::vector<llvm::Type *> &Types, std::vector<std::string> &Names);
  std::map<const ir::Function *, llvm::Function *> Declared;
  std::map<std::string, llvm::Constant *> ConstantArrays;
  uint64_t ConstantBytes = 0; ///< Placed in the target's constant memory so far.
  llvm::Constant *BoundsScratch = nullptr;
};

/// Calls \p Callee with \p Args where B is: a long tuple it takes by
/// address (ModuleEmitter::passedByAddress) is passed from \p ArgSlots[I]
/// where that is given, else from a temporary holding the value.
llvm::Value *callFunction(llvm::IRBuilder<> &B, llvm::Function *Callee,
                          std::vector<llvm::Value *> Args,
                          const std::vector<llvm::Value *> &ArgSlots = {});

class FunctionEmitter {
public:
  FunctionEmitter(ModuleEmitter &ME, const ir::Function &F);
  void emit();

private:
  // Statements (EmitStmt.cpp)
  void emitPrologue();
  void emitBlock(const ir::StmtList &Body);
  void emitStmt(const ir::Stmt &S);
  /// len(range(Start, Stop, Step)) of the loop's index type, as an unsigned
  /// count: the number of iterations, without overflow.
  llvm::Value *tripCount(llvm::Value *Start, llvm::Value *Stop, llvm::Value *Step, bool Signed);
  void emitForRange(const ir::ForRangeStmt &S);
  void emitWhile(const ir::WhileStmt &S);
  /// Host code's raise (ReturnStmt::Raises): recorded for the caller, then
  /// a return of zero.
  void emitHostRaise(const ir::ReturnStmt &R);
  /// Records, for host code's caller, the exception \p Exception ("ValueError:
  /// negative input") raised at \p At: pykc_host_raise of "file.py:L:C:
  /// Exception (in 'f')" (CpuABI.h). Nothing without a context.
  void hostRaise(const ir::SourceRange &At, const std::string &Exception);
  void emitIf(const ir::IfStmt &S);
  /// Starts a fresh block when the current one already ended (code after
  /// break, continue or return is unreachable but must still be emitted).
  void ensureOpenBlock();

  // Expressions (EmitExpr.cpp)
  llvm::Value *emitExpr(const ir::Expr &E);
  llvm::Value *emitLogical(const ir::LogicalExpr &E);
  llvm::Value *emitSelect(const ir::SelectExpr &E);
  /// cuda.libdevice.NAME(...): libdevice's function, or the CPU's equivalent.
  llvm::Value *emitLibdeviceCall(const ir::LibdeviceCallExpr &E);
  /// A cuda.declare_device function's call (EmitForeign.cpp).
  llvm::Value *emitForeignCall(const ir::ForeignCallExpr &E);
  /// The value an optional holds; a None is reported as the target does.
  llvm::Value *emitOptionalUnwrap(const ir::OptionalUnwrapExpr &E);
  llvm::Value *emitIntrinsic(const ir::IntrinsicExpr &E);
  // The Emit(F, Args...) lowerings of ir/Builtins.def.
  llvm::Value *emitBarrier(const ir::IntrinsicExpr &E);
  llvm::Value *emitParallelFor(const ir::ParallelForExpr &E);
  /// In host code: records a ZeroDivisionError when \p Divisor is zero,
  /// for the operator \p Op (TrueDiv, FloorDiv or Mod) written at \p At.
  void raiseOnZeroDivisor(llvm::Value *Divisor, ir::ArithOp Op, const ir::SourceRange &At, bool Float,
                          bool Divmod = false);
  llvm::Value *emitMatch(const ir::IntrinsicExpr &E, bool All);
  llvm::Value *emitThisGrid(const ir::IntrinsicExpr &E);
  llvm::Value *emitGridSync(const ir::IntrinsicExpr &E);
  llvm::Value *emitGridIndex(const ir::IntrinsicExpr &E);
  llvm::Value *emitAbs(const ir::IntrinsicExpr &E);
  llvm::Value *emitRound(const ir::IntrinsicExpr &E);
  // Warp and block operations (EmitWarp.cpp); the row gives the variant.
  llvm::Value *emitSyncWarp(const ir::IntrinsicExpr &E);
  llvm::Value *emitShuffle(const ir::IntrinsicExpr &E, ShuffleMode Mode);
  llvm::Value *emitVote(const ir::IntrinsicExpr &E, VoteMode Mode);
  llvm::Value *emitActiveMask(const ir::IntrinsicExpr &E);
  llvm::Value *emitLanemaskLt(const ir::IntrinsicExpr &E);
  llvm::Value *emitBarrierReduce(const ir::IntrinsicExpr &E, BarrierReduction Op);
  llvm::Value *emitFence(const ir::IntrinsicExpr &E, FenceScope Scope);
  // Bit and arithmetic intrinsics of the cuda module (EmitBits.cpp).
  llvm::Value *emitBitCount(const ir::IntrinsicExpr &E);
  llvm::Value *emitFfs(const ir::IntrinsicExpr &E);
  llvm::Value *emitBrev(const ir::IntrinsicExpr &E);
  llvm::Value *emitFma(const ir::IntrinsicExpr &E);
  llvm::Value *emitFp16(const ir::IntrinsicExpr &E);
  llvm::Value *emitPrint(const ir::IntrinsicExpr &E);
  llvm::Value *emitCbrt(const ir::IntrinsicExpr &E);
  llvm::Value *emitAlloc(const ir::AllocArrayExpr &E);
  // NumPy allocations in host code (EmitHeapArray.cpp)
  /// Which heap arrays can be freed where their allocation runs again;
  /// the function's list of the others. Nothing without heap arrays.
  void planHeapArrays();
  llvm::Value *emitHeapArray(const ir::AllocArrayExpr &E);
  /// Frees the function's heap arrays (before a return).
  void freeHeapArrays();
  /// Returns \p Result (null: nothing), the heap arrays freed first.
  void emitReturn(llvm::Value *Result);
  /// hostRaise, then a return of zero.
  void raiseAndReturn(const ir::SourceRange &At, const std::string &Exception);
  llvm::Value *emitTupleGetDynamic(const ir::TupleGetDynamicExpr &E);
  llvm::Value *truth(llvm::Value *V, const ir::Type *Ty);

  // Arrays (EmitArray.cpp)
  /// The address of an element; with F.BoundsCheck, every index is checked
  /// (an error reported at \p Where, the access sent to a scratch element).
  /// With ME.Check: reports the access of \p Ptr (an element of \p AT at
  /// the indices elementPointer last computed) to the runtime's checker.
  void checkAccess(llvm::Value *Ptr, const ir::ArrayType *AT, const ir::Expr &Array,
                   frontend::SourceRange Where, unsigned Kind);
  /// With ME.Check: tells the checker where the thread's next meeting point
  /// (barrier, warp operation) is.
  void checkSite(const ir::Node &At);
  /// checkAccess in host code: accesses of prange iterations.
  void checkHostAccess(llvm::Value *Ptr, const ir::ArrayType *AT, const ir::Expr &Array,
                       frontend::SourceRange Where, unsigned Kind);
  /// What every access check passes after its own arguments: the place
  /// ("file:line:col" of \p Where), \p Array's name and three indices
  /// (zeros past the \p NDim that elementPointer computed).
  std::vector<llvm::Value *> checkReportArgs(const ir::Expr &Array, frontend::SourceRange Where,
                                             unsigned &NDim);
  /// Calls \p Fn unless \p Ptr is the bounds error's scratch element (an
  /// index out of range, which memcheck reported: no access to check).
  void callUnlessBoundsScratch(llvm::Value *Ptr, llvm::FunctionCallee Fn,
                               llvm::ArrayRef<llvm::Value *> Args, const char *Block);
  /// Calls \p Fn (pykc_check_access with \p Args) for a read or write
  /// (\p Kind) of \p Bytes of shared memory at \p Ptr, unless the kernel
  /// can record it itself (EmitCheckInline.cpp); \p Where is the report's
  /// place.
  void checkSharedInline(llvm::Value *Ptr, uint32_t Bytes, unsigned Kind, llvm::Value *Where,
                         llvm::FunctionCallee Fn, llvm::ArrayRef<llvm::Value *> Args);
  /// What the inline path reads of the checker's state (pykc_check_inline)
  /// that stays the same while the function runs, loaded at its entry on
  /// first use, and the thread's linear index.
  struct CheckInlineState {
    llvm::Value *State = nullptr, *Shared = nullptr, *SharedBytes = nullptr, *Gen = nullptr,
                *Records = nullptr, *Written = nullptr, *Thread = nullptr;
  };
  CheckInlineState CheckInline;
  CheckInlineState &checkInlineState();
  /// A threadfence (device or system), for the checker's ordering of blocks.
  void checkFence();
  /// With ME.Check in host code: a prange iteration with index \p Index starts.
  void checkIteration(llvm::Value *Index, const ir::ScalarType *Ty);
  /// The wrapped indices of the last elementPointer, for checkAccess.
  std::vector<llvm::Value *> CheckIndices;
  /// (\p Named: the array's expression, whose name --check's memcheck
  /// reports give.)
  llvm::Value *elementPointer(llvm::Value *Array, const ir::ArrayType *AT,
                              const ir::ExprList &Indices, const ir::IndexWraps &Wraps,
                              frontend::SourceRange Where, const ir::Expr *Named = nullptr);
  /// The name --check reports an access of \p Array with: the variable's,
  /// or "array".
  static std::string checkArrayName(const ir::Expr &Array);
  /// One axis of a bounds-checked access, by axis: the wrapped index, the
  /// extent, the index as the kernel wrote it (for the message), and
  /// whether it is out of range (set by elementPointer).
  struct IndexCheck {
    llvm::Value *Wrapped, *Extent, *Written, *Bad;
  };
  /// The address, and with \p Checks what each axis needs checked.
  llvm::Value *uncheckedElementPointer(llvm::Value *Array, const ir::ArrayType *AT,
                                       const ir::ExprList &Indices, const ir::IndexWraps &Wraps,
                                       std::vector<IndexCheck> *Checks);
  llvm::Value *arrayView(const ir::ArrayViewExpr &E);
  llvm::Value *arrayReinterpret(const ir::ArrayReinterpretExpr &E);
  llvm::Value *constArray(const ir::ConstArrayExpr &E);
  /// An integer as an i64, sign- or zero-extended by its type.
  llvm::Value *toInt64(llvm::Value *V, const ir::ScalarType *Ty);
  /// A C-order array of \p Shape over \p Data.
  llvm::Value *makeCArray(llvm::Value *Data, const std::vector<int64_t> &Shape,
                          uint64_t ElementBytes);
  /// A scalar at \p Ptr, aligned as NumPy aligns \p Dtype unless \p A says
  /// less is known (a field of a packed record).
  llvm::Value *loadElement(llvm::Value *Ptr, const ir::ScalarType *Dtype,
                           std::optional<llvm::Align> A = std::nullopt);
  void storeElement(llvm::Value *Ptr, llvm::Value *V, const ir::ScalarType *Dtype,
                    std::optional<llvm::Align> A = std::nullopt);
  llvm::Value *makeArray(llvm::Value *Data, const std::vector<llvm::Value *> &Shape,
                         const std::vector<llvm::Value *> &Strides);
  /// \p Index (of \p IndexTy) as an i64 into an axis of \p Extent: wrapped
  /// around by \p Wrap, the index's rule (IndexFunctions.h), or as it is
  /// where \p Wrap is null (it cannot be negative).
  llvm::Value *wrapIndex(llvm::Value *Index, const ir::ScalarType *IndexTy,
                         const ir::Function *Wrap, llvm::Value *Extent);
  /// A call of one of pykc's own functions of primitive operations
  /// (ir::Function::Operator), which inlineOperators inlines.
  llvm::Value *callPrimitive(const ir::Function *Fn, std::vector<llvm::Value *> Args);

  // Records (EmitRecord.cpp)
  /// What the address of field \p Field of a record of \p R is known to
  /// be aligned to.
  llvm::Align fieldAlign(const ir::RecordType *R, unsigned Field);
  /// What a record's (an array element's) address is known to be aligned to.
  llvm::Align recordAlign(const ir::RecordType *R);
  llvm::Value *fieldAddress(llvm::Value *Record, const ir::RecordType *R, unsigned Field);
  /// Copies a whole record's bytes (they may overlap).
  void copyRecord(llvm::Value *To, llvm::Value *From, const ir::RecordType *R, llvm::Align A);
  llvm::Value *emitRecordField(const ir::RecordFieldExpr &E);
  void emitRecordStore(const ir::RecordStoreStmt &S);

  // The math module (EmitMath.cpp), one helper per MATH row's lowering.
  enum class FloatPredicate { isnan, isinf, isfinite };
  enum class AngleConversion { degrees, radians };
  /// The arguments of a math call, integers converted to its float type.
  std::vector<llvm::Value *> mathOperands(const ir::IntrinsicExpr &E, llvm::Type *FloatTy);
  llvm::Value *emitLibmCall(const ir::IntrinsicExpr &E, const char *Name);
  llvm::Value *emitLibmWithOutput(const ir::IntrinsicExpr &E, const char *Name);
  llvm::Value *emitLibmFloatInt(const ir::IntrinsicExpr &E, const char *Name);
  llvm::Value *emitMathIntrinsic(const ir::IntrinsicExpr &E, llvm::Intrinsic::ID Id);
  llvm::Value *emitFloatPredicate(const ir::IntrinsicExpr &E, FloatPredicate P);
  llvm::Value *emitAngle(const ir::IntrinsicExpr &E, AngleConversion A);

  // Atomics (EmitAtomic.cpp)
  llvm::Value *emitAtomic(const ir::AtomicRMWExpr &E);
  /// A compare-and-swap loop storing \p V while \p Replaces(element) holds
  /// (float max/min and nanmax/nanmin); returns the element as first read.
  llvm::Value *atomicFloatReplace(llvm::Value *Ptr, llvm::Value *V, llvm::Align A,
                                  const std::function<llvm::Value *(llvm::Value *)> &Replaces);

  // Arithmetic (EmitArith.cpp)
  llvm::Value *cast(llvm::Value *V, const ir::Type *From, const ir::Type *To);
  /// A kernel parameter of type \p Ty from its flattened LLVM parameters,
  /// the first at \p Arg (advanced past them).
  llvm::Value *unflattenKernelParam(const ir::Type *Ty, unsigned &Arg);
  /// The slot of the variable \p E reads, or null when \p E is not a
  /// variable: a tuple is indexed or passed from its slot, not copied.
  llvm::AllocaInst *variableSlot(const ir::Expr &E) const {
    return E.Kind == ir::NodeKind::VarRef ? Slots.at(static_cast<const ir::VarRefExpr &>(E).Var)
                                          : nullptr;
  }

  // complex64 and complex128 (EmitComplex.cpp).
  llvm::Value *complexValue(llvm::Value *Re, llvm::Value *Im, llvm::Type *T);
  llvm::Value *complexConstant(const ir::ConstantExpr &C);
  llvm::Value *castToComplex(llvm::Value *V, const ir::ScalarType *From,
                             const ir::ScalarType *To);
  llvm::Value *complexBinary(ir::ArithOp Op, llvm::Value *L, llvm::Value *R);
  llvm::Value *complexNeg(llvm::Value *Z);
  llvm::Value *complexEqual(ir::CompareOp Op, llvm::Value *L, llvm::Value *R);
  llvm::Value *complexTruth(llvm::Value *Z);
  llvm::Value *emitUnary(const ir::UnaryExpr &E);
  llvm::Value *emitBinary(const ir::BinaryExpr &E);
  /// `a * b + c` and its kin as one llvm.fma when FloatOptions::Fmad is on;
  /// null when \p E is not such an expression.
  llvm::Value *emitFusedMultiplyAdd(const ir::BinaryExpr &E);
  llvm::Value *emitCompare(const ir::CompareExpr &E);
  void setFloatFlags(llvm::Value *V);

  ModuleEmitter &ME;
  const ir::Function &F;
  llvm::Function *Fn;
  llvm::IRBuilder<> B;
  llvm::BasicBlock *EntryBlock = nullptr;
  llvm::Value *TargetContext = nullptr; ///< The trailing context argument, if any.
  std::map<const ir::Variable *, llvm::AllocaInst *> Slots;
  struct LoopTargets {
    llvm::BasicBlock *Break;
    llvm::BasicBlock *Continue;
  };
  std::vector<LoopTargets> Loops;
  /// planHeapArrays: the list's head, and the sites freed where they run.
  llvm::AllocaInst *HeapList = nullptr;
  std::map<const ir::AllocArrayExpr *, llvm::AllocaInst *> HeapSites;
};

} // namespace pykc::codegen

// How each lowering of a MATH row of ir/Builtins.def is emitted; a row
// naming a lowering that is not here does not build.
#define PYKC_EMIT_MATH_Libm(E, Name) emitLibmCall(E, #Name)
#define PYKC_EMIT_MATH_LibmOut(E, Name) emitLibmWithOutput(E, #Name)
#define PYKC_EMIT_MATH_LibmInt(E, Name) emitLibmFloatInt(E, #Name)
#define PYKC_EMIT_MATH_Intrinsic(E, Name) emitMathIntrinsic(E, llvm::Intrinsic::Name)
#define PYKC_EMIT_MATH_Predicate(E, Name) emitFloatPredicate(E, FloatPredicate::Name)
#define PYKC_EMIT_MATH_Angle(E, Name) emitAngle(E, AngleConversion::Name)
