//===- EmitParallel.cpp - prange loops, outlined --------------------------===//
//
// A ParallelForExpr (ir/ParallelLoops.h) calls its outlined body on chunks
// of the iterations. On the CPU a chunk function unpacks the loop's values
// from an environment on the caller's stack and the runtime runs the chunks
// on its threads (pykc_cpu_parallel_for); elsewhere the body runs once over
// every iteration. Then the chunks' reductions are combined in chunk order.
//
//===----------------------------------------------------------------------===//
#include "codegen/CPUTarget.h"
#include "codegen/Emitter.h"

#include "frontend/Diagnostic.h"

namespace pykc::codegen {

using namespace llvm;

namespace {

/// void SYM__chunk(ptr env, i64 lo, i64 hi, ptr out): Body over [lo, hi)
/// with the values in env ({start, captures..., the caller's status on
/// the CPU}), its result to out.
Function *chunkFunction(ModuleEmitter &ME, const ir::ParallelForExpr &E, StructType *EnvTy,
                        bool WithContext) {
  Module &M = *ME.declaration(E.Body)->getParent();
  std::string Name = E.Body->SymbolName + "__chunk";
  if (Function *Existing = M.getFunction(Name))
    return Existing;
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::get(C, 0), *I64 = Type::getInt64Ty(C);
  auto *Fn = Function::Create(FunctionType::get(Type::getVoidTy(C), {Ptr, I64, I64, Ptr}, false),
                              GlobalValue::InternalLinkage, Name, M);
  Fn->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Fn));
  // 0 <= lo <= hi: once the body is inlined here, an index that starts at
  // a constant 0 is known not to need Python's negative wrap-around.
  Value *Zero = B.getInt64(0);
  B.CreateAssumption(B.CreateICmpSGE(Fn->getArg(1), Zero));
  B.CreateAssumption(B.CreateICmpSGE(Fn->getArg(2), Fn->getArg(1)));
  std::vector<Value *> Args = {Fn->getArg(1), Fn->getArg(2)};
  for (unsigned I = 0; I < EnvTy->getNumElements(); ++I)
    Args.push_back(B.CreateLoad(EnvTy->getElementType(I),
                                B.CreateStructGEP(EnvTy, Fn->getArg(0), I)));
  // The last field of env is the caller's pykc_host_status *.
  if (WithContext)
    Args.back() = CPUTarget::hostContext(B, Args.back());
  Value *Result = callFunction(B, ME.declaration(E.Body), Args);
  if (!Result->getType()->isVoidTy())
    B.CreateStore(Result, Fn->getArg(3));
  B.CreateRetVoid();
  return Fn;
}

} // namespace

Value *FunctionEmitter::emitParallelFor(const ir::ParallelForExpr &E) {
  Value *Start = emitExpr(*E.Start), *Stop = emitExpr(*E.Stop), *Step = emitExpr(*E.Step);
  auto *IndexTy = ir::dynCast<ir::ScalarType>(E.Start->Ty);
  Value *Trips = tripCount(Start, Stop, Step, IndexTy->isSigned());
  Trips = B.CreateZExtOrTrunc(Trips, B.getInt64Ty());
  std::vector<Value *> Values = {Start};
  for (const ir::Expr *C : E.Captures)
    Values.push_back(emitExpr(*C));
  if (ME.Target.hasContextParameter()) // where the chunks' exceptions go
    Values.push_back(CPUTarget::hostStatus(B, TargetContext));
  Type *ResultTy = ME.llvmType(E.Ty);
  bool HasResult = !ResultTy->isVoidTy();

  IRBuilder<> Entry(&Fn->getEntryBlock(), Fn->getEntryBlock().getFirstInsertionPt());
  std::vector<Type *> EnvTypes;
  for (Value *V : Values)
    EnvTypes.push_back(V->getType());
  StructType *EnvTy = StructType::get(ME.Ctx, EnvTypes);
  Value *EnvPtr = Entry.CreateAlloca(EnvTy, nullptr, "prange.env");
  for (unsigned I = 0; I < Values.size(); ++I)
    B.CreateStore(Values[I], B.CreateStructGEP(EnvTy, EnvPtr, I));
  Function *Chunk = chunkFunction(ME, E, EnvTy, ME.Target.hasContextParameter());
  const uint64_t Bytes = HasResult ? ME.M.getDataLayout().getTypeAllocSize(ResultTy) : 0;
  Value *Partials =
      HasResult ? Entry.CreateAlloca(ArrayType::get(ResultTy, TargetInfo::MaxParallelChunks),
                                     nullptr, "prange.partials")
                : nullptr;
  Value *Chunks = ME.Target.parallelFor(B, Trips, E.Threads, Chunk, EnvPtr, Partials, Bytes);
  if (!Chunks) { // no threads to spread over: one chunk, in order
    B.CreateCall(Chunk, {EnvPtr, B.getInt64(0), Trips,
                         Partials ? Partials : ConstantPointerNull::get(B.getPtrTy())});
    Chunks = B.getInt64(1);
  }
  if (!HasResult)
    return nullptr;

  // acc = identities; for k < chunks: acc = acc (op) partials[k].
  // (min and max start from the variable's value before the loop.)
  auto *Tuple = ir::dynCast<ir::TupleType>(E.Ty);
  Value *Identity = PoisonValue::get(ResultTy);
  for (unsigned J = 0; J < Tuple->size(); ++J) {
    Type *T = ExtractValueInst::getIndexedType(ResultTy, J);
    bool Mul = E.Combine[J] == ir::ReductionOp::Mul;
    Value *One = E.Inits[J]                ? emitExpr(*E.Inits[J])
                 : T->isFloatingPointTy() ? ConstantFP::get(T, Mul ? 1.0 : 0.0)
                                          : ConstantInt::get(T, Mul ? 1 : 0);
    Identity = B.CreateInsertValue(Identity, One, {J});
  }
  BasicBlock *Before = B.GetInsertBlock();
  BasicBlock *Loop = BasicBlock::Create(ME.Ctx, "prange.combine", Fn);
  BasicBlock *Done = BasicBlock::Create(ME.Ctx, "prange.combined", Fn);
  B.CreateCondBr(B.CreateICmpSGT(Chunks, B.getInt64(0)), Loop, Done);
  B.SetInsertPoint(Loop);
  PHINode *K = B.CreatePHI(B.getInt64Ty(), 2, "k");
  PHINode *Acc = B.CreatePHI(ResultTy, 2, "acc");
  K->addIncoming(B.getInt64(0), Before);
  Acc->addIncoming(Identity, Before);
  Value *Part = B.CreateLoad(ResultTy, B.CreateInBoundsGEP(ResultTy, Partials, K));
  Value *Next = Acc;
  for (unsigned J = 0; J < Tuple->size(); ++J) {
    Value *A = B.CreateExtractValue(Acc, {J}), *P = B.CreateExtractValue(Part, {J});
    bool Float = A->getType()->isFloatingPointTy();
    bool Signed = ir::dynCast<ir::ScalarType>(Tuple->elements()[J])->isSigned();
    Value *R = nullptr;
    switch (E.Combine[J]) {
    case ir::ReductionOp::Add:
      R = Float ? B.CreateFAdd(A, P) : B.CreateAdd(A, P);
      break;
    case ir::ReductionOp::Mul:
      R = Float ? B.CreateFMul(A, P) : B.CreateMul(A, P);
      break;
    case ir::ReductionOp::Min: // as min(acc, part): the later only if smaller
      R = B.CreateSelect(Float ? B.CreateFCmpOLT(P, A) : Signed ? B.CreateICmpSLT(P, A) : B.CreateICmpULT(P, A), P, A);
      break;
    case ir::ReductionOp::Max:
      R = B.CreateSelect(Float ? B.CreateFCmpOGT(P, A) : Signed ? B.CreateICmpSGT(P, A) : B.CreateICmpUGT(P, A), P, A);
      break;
    }
    Next = B.CreateInsertValue(Next, R, {J});
  }
  Value *KNext = B.CreateAdd(K, B.getInt64(1));
  K->addIncoming(KNext, B.GetInsertBlock());
  Acc->addIncoming(Next, B.GetInsertBlock());
  B.CreateCondBr(B.CreateICmpSLT(KNext, Chunks), Loop, Done);
  B.SetInsertPoint(Done);
  PHINode *Result = B.CreatePHI(ResultTy, 2, "prange.result");
  Result->addIncoming(Identity, Before);
  Result->addIncoming(Next, Loop);
  return Result;
}

} // namespace pykc::codegen
