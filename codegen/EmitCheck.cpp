//===- EmitCheck.cpp - Calls into the runtime's checker (--check) ---------===//
//
// `pykc run --check` compiles the CPU backend's code with calls that tell the
// runtime's checker (runtime/lib/CheckState.h) about every shared and local
// access, every local array's start of life and every meeting point, so it
// can find races, reads of memory nothing wrote and barriers the threads of
// a block do not all reach. Without --check nothing here is emitted.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"

#include <pykc/CpuABI.h>

namespace pykc::codegen {

using namespace llvm;

std::string FunctionEmitter::checkArrayName(const ir::Expr &Array) {
  if (auto *V = ir::dynCast<ir::VarRefExpr>(&Array))
    if (V->Var)
      return V->Var->Name;
  return "array";
}

void FunctionEmitter::checkAccess(Value *Ptr, const ir::ArrayType *AT, const ir::Expr &Array,
                                  frontend::SourceRange Where, unsigned Kind) {
  if (ME.Check && F.HostCode)
    return checkHostAccess(Ptr, AT, Array, Where, Kind);
  if (!ME.Check || F.HostCode || !TargetContext)
    return;
  uint32_t Space = 0;
  switch (AT->addressSpace()) {
  case ir::AddressSpace::Shared:
    Space = PYKC_CHECK_SHARED;
    break;
  case ir::AddressSpace::Local:
    Space = PYKC_CHECK_LOCAL;
    break;
  case ir::AddressSpace::Global:
    Space = PYKC_CHECK_GLOBAL;
    break;
  default:
    return; // constant memory is only read: checked for bounds (memcheck)
  }
  unsigned NDim;
  std::vector<Value *> Report = checkReportArgs(Array, Where, NDim);
  std::vector<Value *> Args = {TargetContext, Ptr, B.getInt32(uint32_t(AT->itemSize())),
                               B.getInt32(Kind | Space | NDim << 4)};
  Args.insert(Args.end(), Report.begin(), Report.end());
  Type *Ptr_ = B.getPtrTy(), *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty();
  FunctionCallee Fn = ME.M.getOrInsertFunction(
      "pykc_check_access",
      FunctionType::get(B.getVoidTy(), {Ptr_, Ptr_, I32, I32, Ptr_, Ptr_, I64, I64, I64}, false));
  // (Only global arrays have the bounds error's scratch element.)
  if (Space == PYKC_CHECK_SHARED && Kind != PYKC_CHECK_ATOMIC && AT->itemSize() <= 16)
    checkSharedInline(Ptr, uint32_t(AT->itemSize()), Kind, Report[0], Fn, Args);
  else if (Space != PYKC_CHECK_GLOBAL)
    B.CreateCall(Fn, Args);
  else
    callUnlessBoundsScratch(Ptr, Fn, Args, "check.global");
}

std::vector<Value *> FunctionEmitter::checkReportArgs(const ir::Expr &Array,
                                                      frontend::SourceRange Where,
                                                      unsigned &NDim) {
  NDim = std::min<unsigned>(unsigned(CheckIndices.size()), 3);
  std::string Place = F.FileName + ":" + std::to_string(Where.Begin.Line) + ":" +
                      std::to_string(Where.Begin.Column);
  std::vector<Value *> Args = {B.CreateGlobalStringPtr(Place, "check.where", 0, &ME.M),
                               B.CreateGlobalStringPtr(checkArrayName(Array), "check.array", 0,
                                                       &ME.M)};
  for (unsigned D = 0; D < 3; ++D)
    Args.push_back(D < NDim ? CheckIndices[D] : B.getInt64(0));
  return Args;
}

void FunctionEmitter::callUnlessBoundsScratch(Value *Ptr, FunctionCallee Fn, ArrayRef<Value *> Args,
                                              const char *Block) {
  // The scratch element is shared by every thread that indexed out of range.
  Function *Parent = B.GetInsertBlock()->getParent();
  BasicBlock *Call = BasicBlock::Create(ME.Ctx, Block, Parent);
  BasicBlock *Join = BasicBlock::Create(ME.Ctx, "check.done", Parent);
  B.CreateCondBr(B.CreateICmpEQ(Ptr, ME.boundsScratch()), Join, Call);
  B.SetInsertPoint(Call);
  B.CreateCall(Fn, Args);
  B.CreateBr(Join);
  B.SetInsertPoint(Join);
}

void FunctionEmitter::checkHostAccess(Value *Ptr, const ir::ArrayType *AT, const ir::Expr &Array,
                                      frontend::SourceRange Where, unsigned Kind) {
  unsigned NDim;
  std::vector<Value *> Report = checkReportArgs(Array, Where, NDim);
  std::vector<Value *> Args = {Ptr, B.getInt32(uint32_t(AT->itemSize())),
                               B.getInt32(Kind | NDim << 4)};
  Args.insert(Args.end(), Report.begin(), Report.end());
  Type *Ptr_ = B.getPtrTy(), *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty();
  FunctionCallee Fn = ME.M.getOrInsertFunction(
      "pykc_check_host_access",
      FunctionType::get(B.getVoidTy(), {Ptr_, I32, I32, Ptr_, Ptr_, I64, I64, I64}, false));
  callUnlessBoundsScratch(Ptr, Fn, Args, "check.host");
}

void FunctionEmitter::checkIteration(Value *Index, const ir::ScalarType *Ty) {
  if (!ME.Check || !F.HostCode || !Ty)
    return;
  FunctionCallee Fn = ME.M.getOrInsertFunction(
      "pykc_check_iteration", FunctionType::get(B.getVoidTy(), {B.getInt64Ty()}, false));
  B.CreateCall(Fn, {toInt64(Index, Ty)});
}

void FunctionEmitter::checkFence() {
  if (!ME.Check || F.HostCode || !TargetContext)
    return;
  FunctionCallee Fn = ME.M.getOrInsertFunction(
      "pykc_check_fence", FunctionType::get(B.getVoidTy(), {B.getPtrTy()}, false));
  B.CreateCall(Fn, {TargetContext});
}

void FunctionEmitter::checkSite(const ir::Node &At) {
  if (!ME.Check || F.HostCode || !TargetContext)
    return;
  std::string Place = F.FileName + ":" + std::to_string(At.Range.Begin.Line) + ":" +
                      std::to_string(At.Range.Begin.Column);
  Value *PlaceStr = B.CreateGlobalStringPtr(Place, "check.site", 0, &ME.M);
  FunctionCallee Fn = ME.M.getOrInsertFunction(
      "pykc_check_site", FunctionType::get(B.getVoidTy(), {B.getPtrTy(), B.getPtrTy()}, false));
  B.CreateCall(Fn, {TargetContext, PlaceStr});
}

} // namespace pykc::codegen
