//===- CPUTarget.cpp ------------------------------------------------------===//
#include "codegen/CPUTarget.h"

namespace pykc::codegen {

using namespace llvm;

StructType *CPUTarget::contextType(LLVMContext &C) {
  if (StructType *S = StructType::getTypeByName(C, "pykc.cpu_context"))
    return S;
  Type *Dim3 = ArrayType::get(Type::getInt32Ty(C), 3);
  Type *Ptr = PointerType::get(C, 0);
  // Field order of pykc_cpu_context in CpuABI.h.
  return StructType::create(C, {Dim3, Dim3, Dim3, Dim3, Ptr, Ptr}, "pykc.cpu_context");
}

Value *CPUTarget::specialRegister(IRBuilder<> &B, ir::SpecialRegister Reg, unsigned Dim,
                                  Value *Context) {
  unsigned Field = 0;
  switch (Reg) {
  case ir::SpecialRegister::ThreadIdx: Field = 0; break;
  case ir::SpecialRegister::BlockIdx: Field = 1; break;
  case ir::SpecialRegister::BlockDim: Field = 2; break;
  case ir::SpecialRegister::GridDim: Field = 3; break;
  case ir::SpecialRegister::WarpSize: return B.getInt32(1); // a warp is one thread
  case ir::SpecialRegister::LaneId: return B.getInt32(0);
  }
  StructType *Ctx = contextType(B.getContext());
  Value *Ptr = B.CreateInBoundsGEP(Ctx, Context, {B.getInt32(0), B.getInt32(Field), B.getInt32(Dim)});
  return B.CreateLoad(B.getInt32Ty(), Ptr);
}

void CPUTarget::barrier(IRBuilder<> &B, Value *Context) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Barrier = M.getOrInsertFunction(
      "pykc_cpu_barrier", FunctionType::get(B.getVoidTy(), {B.getPtrTy()}, false));
  B.CreateCall(Barrier, {Context});
}

Value *CPUTarget::sharedArray(IRBuilder<> &B, Type *Ty, const std::string &Name, unsigned Align,
                              Value *Context) {
  const DataLayout &DL = B.GetInsertBlock()->getModule()->getDataLayout();
  uint64_t Offset = (SharedBytes + Align - 1) / Align * Align;
  SharedBytes = Offset + DL.getTypeAllocSize(Ty);
  StructType *Ctx = contextType(B.getContext());
  Value *Base = B.CreateLoad(B.getPtrTy(), B.CreateStructGEP(Ctx, Context, 4), Name + ".base");
  return B.CreateInBoundsGEP(B.getInt8Ty(), Base, B.getInt64(Offset), Name);
}

FunctionCallee CPUTarget::mathFunction(Module &M, const std::string &Name, Type *Ty,
                                       unsigned Arity) {
  std::string Symbol = Name + (Ty->isFloatTy() ? "f" : "");
  SmallVector<Type *, 3> Params(Arity, Ty);
  return M.getOrInsertFunction(Symbol, FunctionType::get(Ty, Params, false));
}

} // namespace pykc::codegen
