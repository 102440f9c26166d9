//===- EmitHeapArray.cpp - np.empty and its kind in host code -------------===//
//
// A host function's NumPy allocations (ir::AllocArrayExpr with Heap) live
// on the C heap until the function returns. An array whose only name is
// the variable its allocation is assigned to, and that is only indexed,
// measured or passed to functions that return no array, is dead when that
// allocation runs again: such a site keeps its latest block in a slot of
// its own and frees the one before, so a scratch array made in a loop
// costs one array, not one per iteration. Every other array goes on the
// function's list (each block starts with the address of the next) and
// is freed, with the sites' blocks, at each return.
//
// Errors are Numba's (numba/np/arrayobj.py): ValueError when the size in
// bytes overflows, MemoryError when malloc fails, each raised to the
// caller as host code raises (hostRaise), the function then returning.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"

#include "ir/IRWalk.h"
#include "support/InternalError.h"

#include <algorithm>
#include <set>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// Whether a parent \p Parent using an array as its child \p Child lets
/// the array outlive the parent's evaluation.
bool keepsArray(const ir::Node &Parent, const ir::Node &Child) {
  switch (Parent.Kind) {
  case ir::NodeKind::ArrayLoad:
    return static_cast<const ir::ArrayLoadExpr &>(Parent).Array != &Child;
  case ir::NodeKind::StoreStmt:
    return static_cast<const ir::StoreStmt &>(Parent).Array != &Child;
  case ir::NodeKind::ArrayDim:
  case ir::NodeKind::ArrayStride:
  case ir::NodeKind::ArraySize:
  case ir::NodeKind::ParallelFor: // its chunks end before it does
    return false;
  case ir::NodeKind::Call: // only a returned array outlives a call
    return ir::holdsArray(
        static_cast<const ir::CallExpr &>(Parent).Callee->ReturnType);
  default:
    return true;
  }
}

} // namespace

void FunctionEmitter::planHeapArrays() {
  std::vector<const ir::AssignStmt *> Sites;
  bool Any = false;
  ir::forEachNode(F.Body, [&](const ir::Node &N) {
    if (auto *A = ir::dynCast<ir::AllocArrayExpr>(&N); A && A->Heap)
      Any = true;
    if (auto *S = ir::dynCast<ir::AssignStmt>(&N))
      if (auto *A = ir::dynCast<ir::AllocArrayExpr>(S->Value); A && A->Heap)
        Sites.push_back(S);
  });
  if (!Any)
    return;
  if (!F.HostCode)
    PYKC_ICE("a NumPy allocation outside host code");
  // The variables whose arrays something else may still hold.
  std::set<const ir::Variable *> Kept;
  ir::forEachNode(F.Body, [&](const ir::Node &N) {
    ir::forEachChild(N, [&](const ir::Node &Child) {
      if (auto *R = ir::dynCast<ir::VarRefExpr>(&Child);
          R && ir::dynCast<ir::ArrayType>(R->Ty) && keepsArray(N, Child))
        Kept.insert(R->Var);
    });
  });
  IRBuilder<> Entry(EntryBlock, EntryBlock->begin());
  Value *Null = ConstantPointerNull::get(B.getPtrTy());
  HeapList = Entry.CreateAlloca(B.getPtrTy(), nullptr, "heap.list");
  Entry.CreateStore(Null, HeapList);
  std::map<const ir::Variable *, unsigned> SitesOf;
  for (const ir::AssignStmt *S : Sites)
    ++SitesOf[S->Var];
  for (const ir::AssignStmt *S : Sites) {
    // A parameter's array is the caller's; a variable two allocations
    // assign may hold either site's block when the other runs again.
    bool Param = std::count(F.Params.begin(), F.Params.end(), S->Var) != 0;
    if (Kept.count(S->Var) || Param || SitesOf[S->Var] != 1)
      continue;
    AllocaInst *Slot = Entry.CreateAlloca(B.getPtrTy(), nullptr, "heap.site");
    Entry.CreateStore(Null, Slot);
    HeapSites[static_cast<const ir::AllocArrayExpr *>(S->Value)] = Slot;
  }
}

void FunctionEmitter::freeHeapArrays() {
  if (!HeapList)
    return;
  FunctionCallee Free =
      ME.M.getOrInsertFunction("free", B.getVoidTy(), B.getPtrTy());
  for (auto &[Site, Slot] : HeapSites)
    B.CreateCall(Free, {B.CreateLoad(B.getPtrTy(), Slot)});
  // The list: each block's first word is the next block.
  BasicBlock *Before = B.GetInsertBlock();
  BasicBlock *Loop = BasicBlock::Create(ME.Ctx, "heap.free", Fn);
  BasicBlock *Done = BasicBlock::Create(ME.Ctx, "heap.freed", Fn);
  Value *First = B.CreateLoad(B.getPtrTy(), HeapList);
  B.CreateCondBr(B.CreateIsNull(First), Done, Loop);
  B.SetInsertPoint(Loop);
  PHINode *Block = B.CreatePHI(B.getPtrTy(), 2);
  Block->addIncoming(First, Before);
  Value *Next = B.CreateLoad(B.getPtrTy(), Block);
  B.CreateCall(Free, {Block});
  Block->addIncoming(Next, Loop);
  B.CreateCondBr(B.CreateIsNull(Next), Done, Loop);
  B.SetInsertPoint(Done);
}

void FunctionEmitter::emitReturn(Value *Result) {
  freeHeapArrays();
  if (Result)
    B.CreateRet(Result);
  else
    B.CreateRetVoid();
}

void FunctionEmitter::raiseAndReturn(const ir::SourceRange &At,
                                     const std::string &Exception) {
  hostRaise(At, Exception);
  Type *Result = Fn->getReturnType();
  emitReturn(Result->isVoidTy() ? nullptr : Constant::getNullValue(Result));
}

Value *FunctionEmitter::emitHeapArray(const ir::AllocArrayExpr &E) {
  auto *AT = ir::dynCast<ir::ArrayType>(E.Ty);
  const uint64_t ItemSize = AT->itemSize();
  // The extents (never negative: the builder raised before), the strides
  // of the layout, and the size in bytes, which must fit an intp.
  std::vector<Value *> Dims, Strides(E.Dims.size());
  for (const ir::Expr *D : E.Dims)
    Dims.push_back(emitExpr(*D));
  Value *Bytes = B.getInt64(int64_t(ItemSize));
  Value *Overflow = B.getFalse();
  bool Fortran = AT->layout() == ir::ArrayLayout::F;
  for (size_t K = 0; K < Dims.size(); ++K) {
    size_t D = Fortran ? K : Dims.size() - 1 - K;
    Strides[D] = Bytes;
    Value *Product =
        B.CreateBinaryIntrinsic(Intrinsic::smul_with_overflow, Bytes, Dims[D]);
    Bytes = B.CreateExtractValue(Product, 0);
    Overflow = B.CreateOr(Overflow, B.CreateExtractValue(Product, 1));
  }
  BasicBlock *TooBig = BasicBlock::Create(ME.Ctx, "heap.toobig", Fn);
  BasicBlock *Sized = BasicBlock::Create(ME.Ctx, "heap.sized", Fn);
  B.CreateCondBr(Overflow, TooBig, Sized);
  B.SetInsertPoint(TooBig);
  raiseAndReturn(
      E.Range,
      "ValueError: array is too big; `arr.size * arr.dtype.itemsize` is "
      "larger than the maximum possible size.");
  B.SetInsertPoint(Sized);
  // A block of the list starts with the next one's address; 16 bytes keep
  // the data as aligned as malloc's.
  FunctionCallee Malloc =
      ME.M.getOrInsertFunction("malloc", B.getPtrTy(), B.getInt64Ty());
  auto Site = HeapSites.find(&E);
  bool Listed = Site == HeapSites.end();
  if (!Listed) // the site's block before is dead now (planHeapArrays)
    B.CreateCall(ME.M.getOrInsertFunction("free", B.getVoidTy(), B.getPtrTy()),
                 {B.CreateLoad(B.getPtrTy(), Site->second)});
  Value *Block = B.CreateCall(
      Malloc, {Listed ? B.CreateAdd(Bytes, B.getInt64(16)) : Bytes});
  if (!Listed)
    B.CreateStore(Block, Site->second);
  BasicBlock *Failed = BasicBlock::Create(ME.Ctx, "heap.failed", Fn);
  BasicBlock *Made = BasicBlock::Create(ME.Ctx, "heap.made", Fn);
  B.CreateCondBr(B.CreateIsNull(Block), Failed, Made);
  B.SetInsertPoint(Failed);
  raiseAndReturn(E.Range,
                 "MemoryError: Allocation failed (probably too large).");
  B.SetInsertPoint(Made);
  Value *Data = Block;
  if (Listed) {
    B.CreateStore(B.CreateLoad(B.getPtrTy(), HeapList), Block);
    B.CreateStore(Block, HeapList);
    Data = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Block, 16);
  }
  if (E.Filled == ir::HeapFill::Zeros)
    B.CreateMemSet(Data, B.getInt8(0), Bytes, MaybeAlign(16));
  if (E.Fill) {
    // Every element, in memory order: the array is contiguous.
    Value *V = emitExpr(*E.Fill);
    auto *Dtype = ir::dynCast<ir::ScalarType>(AT->element());
    Value *Count = B.CreateUDiv(Bytes, B.getInt64(int64_t(ItemSize)));
    BasicBlock *Before = B.GetInsertBlock();
    BasicBlock *Loop = BasicBlock::Create(ME.Ctx, "heap.fill", Fn);
    BasicBlock *Filled = BasicBlock::Create(ME.Ctx, "heap.filled", Fn);
    B.CreateCondBr(B.CreateICmpEQ(Count, B.getInt64(0)), Filled, Loop);
    B.SetInsertPoint(Loop);
    PHINode *I = B.CreatePHI(B.getInt64Ty(), 2);
    I->addIncoming(B.getInt64(0), Before);
    storeElement(B.CreateGEP(ME.memoryType(Dtype), Data, I), V, Dtype);
    Value *Next = B.CreateAdd(I, B.getInt64(1));
    I->addIncoming(Next, Loop);
    B.CreateCondBr(B.CreateICmpEQ(Next, Count), Filled, Loop);
    B.SetInsertPoint(Filled);
  }
  return makeArray(Data, Dims, Strides);
}

} // namespace pykc::codegen
