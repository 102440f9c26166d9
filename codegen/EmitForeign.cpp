//===- EmitForeign.cpp - Calls of foreign device functions ----------------===//
///
/// A cuda.declare_device function is an external C symbol: the same call on
/// every target. With Numba's ABI the callee writes its value to a slot the
/// caller allocates and returns 0; with abi='c' it returns the value.
///
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"
#include "ir/ForeignFunction.h"

namespace pykc::codegen {

using namespace llvm;

namespace {
/// The extension C++ compilers give an integer narrower than 32 bits passed
/// or returned by value (callees rely on it); none for other types.
Attribute::AttrKind extensionOf(const ir::Type *Ty) {
  auto *S = ir::dynCast<ir::ScalarType>(Ty);
  if (!S || (!S->isInteger() && !S->isBoolean()) || S->bitWidth() >= 32)
    return Attribute::None;
  return S->isBoolean() || !S->isSigned() ? Attribute::ZExt : Attribute::SExt;
}
} // namespace

Value *FunctionEmitter::emitForeignCall(const ir::ForeignCallExpr &E) {
  const ir::ForeignFunction &F = *E.Fn;
  bool Void = ir::dynCast<ir::ScalarType>(F.Return) == nullptr;
  Type *ResultTy = Void ? B.getInt8Ty() : ME.llvmType(F.Return);
  std::vector<Value *> Args;
  std::vector<Type *> Params;
  AllocaInst *Slot = nullptr;
  if (F.Convention == ir::ForeignFunction::Abi::Numba) {
    IRBuilder<> Entry(EntryBlock, EntryBlock->begin());
    Slot = Entry.CreateAlloca(ResultTy, nullptr, "foreign.ret");
    Args.push_back(Slot);
    Params.push_back(Slot->getType());
  }
  for (size_t I = 0; I < E.Args.size(); ++I) {
    Value *V = emitExpr(*E.Args[I]);
    if (F.Params[I].K != ir::ForeignParam::Kind::Scalar)
      V = B.CreateExtractValue(V, {0u}); // an array's data pointer
    Args.push_back(V);
    Params.push_back(V->getType());
  }
  Type *Returned = F.Convention == ir::ForeignFunction::Abi::Numba ? B.getInt32Ty()
                   : Void                                         ? B.getVoidTy()
                                                                  : ResultTy;
  FunctionCallee Callee =
      ME.M.getOrInsertFunction(F.Symbol, FunctionType::get(Returned, Params, false));
  if (auto *Decl = dyn_cast<Function>(Callee.getCallee())) {
    unsigned First = Slot ? 1 : 0;
    for (size_t I = 0; I < F.Params.size(); ++I)
      if (F.Params[I].K == ir::ForeignParam::Kind::Scalar)
        if (auto Ext = extensionOf(F.Params[I].Ty); Ext != Attribute::None)
          Decl->addParamAttr(unsigned(First + I), Ext);
    if (!Slot && !Void)
      if (auto Ext = extensionOf(F.Return); Ext != Attribute::None)
        Decl->addRetAttr(Ext);
  }
  CallInst *Call = B.CreateCall(Callee, Args);
  // Numba's ABI: the status is always 0 (no Python exceptions); a void
  // call's value is never used.
  if (Slot && !Void)
    return B.CreateLoad(ResultTy, Slot, "foreign.value");
  return Call;
}

} // namespace pykc::codegen
