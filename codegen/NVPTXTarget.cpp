//===- NVPTXTarget.cpp ----------------------------------------------------===//
#include "codegen/NVPTXTarget.h"

#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Metadata.h>

namespace pykc::codegen {

using namespace llvm;

std::string NVPTXTarget::dataLayout() const {
  return "e-i64:64-i128:128-v16:16-v32:32-n16:32:64";
}

Value *NVPTXTarget::specialRegister(IRBuilder<> &B, ir::SpecialRegister Reg, unsigned Dim,
                                     Value *) {
  static const Intrinsic::ID Tid[] = {Intrinsic::nvvm_read_ptx_sreg_tid_x,
                                      Intrinsic::nvvm_read_ptx_sreg_tid_y,
                                      Intrinsic::nvvm_read_ptx_sreg_tid_z};
  static const Intrinsic::ID Ntid[] = {Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                                       Intrinsic::nvvm_read_ptx_sreg_ntid_y,
                                       Intrinsic::nvvm_read_ptx_sreg_ntid_z};
  static const Intrinsic::ID Ctaid[] = {Intrinsic::nvvm_read_ptx_sreg_ctaid_x,
                                        Intrinsic::nvvm_read_ptx_sreg_ctaid_y,
                                        Intrinsic::nvvm_read_ptx_sreg_ctaid_z};
  static const Intrinsic::ID Nctaid[] = {Intrinsic::nvvm_read_ptx_sreg_nctaid_x,
                                         Intrinsic::nvvm_read_ptx_sreg_nctaid_y,
                                         Intrinsic::nvvm_read_ptx_sreg_nctaid_z};
  Intrinsic::ID Id = Intrinsic::not_intrinsic;
  switch (Reg) {
  case ir::SpecialRegister::ThreadIdx: Id = Tid[Dim]; break;
  case ir::SpecialRegister::BlockDim: Id = Ntid[Dim]; break;
  case ir::SpecialRegister::BlockIdx: Id = Ctaid[Dim]; break;
  case ir::SpecialRegister::GridDim: Id = Nctaid[Dim]; break;
  case ir::SpecialRegister::WarpSize: Id = Intrinsic::nvvm_read_ptx_sreg_warpsize; break;
  case ir::SpecialRegister::LaneId: Id = Intrinsic::nvvm_read_ptx_sreg_laneid; break;
  }
  return B.CreateIntrinsic(Id, {}, {});
}

void NVPTXTarget::barrier(IRBuilder<> &B, Value *) {
  B.CreateIntrinsic(Intrinsic::nvvm_barrier0, {}, {});
}

Value *NVPTXTarget::sharedArray(IRBuilder<> &B, Type *Ty, const std::string &Name,
                                unsigned Align, Value *) {
  Module &M = *B.GetInsertBlock()->getModule();
  auto *G = new GlobalVariable(M, Ty, /*isConstant=*/false, GlobalValue::InternalLinkage,
                               UndefValue::get(Ty), Name, nullptr,
                               GlobalValue::NotThreadLocal, SharedAddressSpace);
  G->setAlignment(llvm::Align(Align));
  return B.CreateAddrSpaceCast(G, PointerType::get(M.getContext(), 0));
}

void NVPTXTarget::markKernel(Function &F) {
  LLVMContext &C = F.getContext();
  Metadata *MD[] = {ValueAsMetadata::get(&F), MDString::get(C, "kernel"),
                    ValueAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), 1))};
  F.getParent()->getOrInsertNamedMetadata("nvvm.annotations")->addOperand(MDNode::get(C, MD));
}

FunctionCallee NVPTXTarget::mathFunction(Module &M, const std::string &Name, Type *Ty,
                                         unsigned Arity) {
  std::string Symbol = "__nv_" + Name + (Ty->isFloatTy() ? "f" : "");
  SmallVector<Type *, 3> Params(Arity, Ty);
  return M.getOrInsertFunction(Symbol, FunctionType::get(Ty, Params, false));
}

} // namespace pykc::codegen
