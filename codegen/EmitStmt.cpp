//===- EmitStmt.cpp - Function bodies and control flow --------------------===//
#include "codegen/Emitter.h"

#include "frontend/Diagnostic.h"
#include "support/InternalError.h"

#include <pykc/CpuABI.h>

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Verifier.h>

namespace pykc::codegen {

using namespace llvm;

void FunctionEmitter::emit() {
  EntryBlock = BasicBlock::Create(ME.Ctx, "entry", Fn);
  B.SetInsertPoint(EntryBlock);
  if (DISubprogram *SP = Fn->getSubprogram())
    B.SetCurrentDebugLocation(DILocation::get(ME.Ctx, SP->getLine(), 0, SP));
  if (ME.Target.hasContextParameter())
    TargetContext = Fn->getArg(Fn->arg_size() - 1);
  emitPrologue();
  planHeapArrays();
  emitBlock(F.Body);
  ensureOpenBlock();
  // Falling off the end returns; a device function typed as returning a
  // value always returns one explicitly, so its end is unreachable.
  if (F.Kind == ir::FunctionKind::Kernel || F.ReturnType->kind() == ir::TypeKind::None)
    emitReturn(nullptr);
  else
    B.CreateUnreachable();
}

void FunctionEmitter::emitPrologue() {
  for (const auto &V : F.Variables) {
    // None needs no storage; a name only annotated (`x: int`) is never
    // bound, so it has no type and nothing reads it (that is an error).
    if (!V->Ty || V->Ty->kind() == ir::TypeKind::None)
      continue;
    Slots[V.get()] = B.CreateAlloca(ME.llvmType(V->Ty), nullptr, V->Name);
  }
  unsigned Arg = 0;
  for (const ir::Variable *P : F.Params) {
    Value *V;
    if (F.Kind == ir::FunctionKind::Kernel) {
      V = unflattenKernelParam(P->ArgType, Arg);
    } else {
      V = Fn->getArg(Arg++);
      if (ME.passedByAddress(P->ArgType)) { // the caller's tuple: copy it
        Type *Ty = ME.llvmType(P->ArgType);
        if (P->ArgType == P->Ty) {
          B.CreateMemCpy(Slots.at(P), Slots.at(P)->getAlign(), V, Align(1),
                         ME.M.getDataLayout().getTypeAllocSize(Ty));
          continue;
        }
        V = B.CreateLoad(Ty, V);
      }
    }
    B.CreateStore(cast(V, P->ArgType, P->Ty), Slots.at(P));
  }
}

Value *FunctionEmitter::unflattenKernelParam(const ir::Type *Ty, unsigned &Arg) {
  // The inverse of ModuleEmitter::flattenKernelParam.
  if (auto *A = ir::dynCast<ir::ArrayType>(Ty)) {
    Value *Data = Fn->getArg(Arg++);
    std::vector<Value *> Shape, Strides;
    for (unsigned D = 0; D < A->ndim(); ++D)
      Shape.push_back(Fn->getArg(Arg++));
    for (unsigned D = 0; D < A->ndim(); ++D)
      Strides.push_back(Fn->getArg(Arg++));
    return makeArray(Data, Shape, Strides);
  }
  if (auto *S = ir::dynCast<ir::ScalarType>(Ty); S && S->isComplex()) {
    Value *Re = Fn->getArg(Arg++);
    return complexValue(Re, Fn->getArg(Arg++), ME.llvmType(S));
  }
  if (auto *T = ir::dynCast<ir::TupleType>(Ty)) {
    Value *Agg = PoisonValue::get(ME.llvmType(T));
    for (unsigned I = 0; I < T->size(); ++I)
      Agg = B.CreateInsertValue(Agg, unflattenKernelParam(T->elements()[I], Arg), {I});
    return Agg;
  }
  Value *V = Fn->getArg(Arg++);
  if (V->getType()->isIntegerTy(8) && ME.llvmType(Ty)->isIntegerTy(1))
    V = B.CreateICmpNE(V, B.getInt8(0)); // bool travels as a byte
  return V;
}

void FunctionEmitter::ensureOpenBlock() {
  if (B.GetInsertBlock()->getTerminator())
    B.SetInsertPoint(BasicBlock::Create(ME.Ctx, "unreachable", Fn));
}

void FunctionEmitter::emitBlock(const ir::StmtList &Body) {
  for (const ir::Stmt *S : Body) {
    ensureOpenBlock();
    emitStmt(*S);
  }
}

void FunctionEmitter::emitStmt(const ir::Stmt &S) {
  // -lineinfo: the statement's line, and the enclosing one's after it.
  struct LineScope {
    IRBuilder<> &B;
    DebugLoc Saved;
    ~LineScope() { B.SetCurrentDebugLocation(Saved); }
  } Line{B, B.getCurrentDebugLocation()};
  if (DISubprogram *SP = Fn->getSubprogram(); SP && S.Range.isValid())
    B.SetCurrentDebugLocation(
        DILocation::get(ME.Ctx, S.Range.Begin.Line, S.Range.Begin.Column, SP));
  switch (S.Kind) {
  case ir::NodeKind::AssignStmt: {
    auto &A = static_cast<const ir::AssignStmt &>(S);
    Value *V = emitExpr(*A.Value);
    auto It = Slots.find(A.Var);
    if (It == Slots.end())
      return;
    // A long tuple of constants is copied from a constant global: stored
    // as one aggregate, LLVM splits it into a store per element and then
    // compares those stores pairwise (a 10,000-element literal took minutes).
    if (auto *C = dyn_cast<Constant>(V); C && isa<llvm::ArrayType>(C->getType())) {
      uint64_t Bytes = ME.M.getDataLayout().getTypeAllocSize(C->getType());
      B.CreateMemCpy(It->second, It->second->getAlign(),
                     ME.constantGlobal(C, Bytes, Align(16), "const.tuple"), Align(16), Bytes);
      return;
    }
    B.CreateStore(V, It->second);
    if (A.StartsIteration)
      checkIteration(V, ir::dynCast<ir::ScalarType>(A.Var->Ty));
    return;
  }
  case ir::NodeKind::StoreStmt: {
    auto &St = static_cast<const ir::StoreStmt &>(S);
    auto *AT = ir::dynCast<ir::ArrayType>(St.Array->Ty);
    Value *Array = emitExpr(*St.Array);
    Value *Ptr = elementPointer(Array, AT, St.Indices, St.Wraps, St.Range, St.Array);
    std::vector<Value *> Indices = CheckIndices; // the value may index too
    if (auto *R = AT->record()) {
      copyRecord(Ptr, emitExpr(*St.Value), R, recordAlign(R));
    } else {
      Value *V = emitExpr(*St.Value);
      CheckIndices = std::move(Indices);
      checkAccess(Ptr, AT, *St.Array, St.Range, PYKC_CHECK_WRITE);
      storeElement(Ptr, V, AT->dtype());
    }
    return;
  }
  case ir::NodeKind::RecordStoreStmt:
    emitRecordStore(static_cast<const ir::RecordStoreStmt &>(S));
    return;
  case ir::NodeKind::EvalStmt:
    emitExpr(*static_cast<const ir::EvalStmt &>(S).Value);
    return;
  case ir::NodeKind::IfStmt:
    emitIf(static_cast<const ir::IfStmt &>(S));
    return;
  case ir::NodeKind::WhileStmt:
    emitWhile(static_cast<const ir::WhileStmt &>(S));
    return;
  case ir::NodeKind::ForRangeStmt:
    emitForRange(static_cast<const ir::ForRangeStmt &>(S));
    return;
  case ir::NodeKind::BreakStmt:
    B.CreateBr(Loops.back().Break);
    return;
  case ir::NodeKind::ContinueStmt:
    B.CreateBr(Loops.back().Continue);
    return;
  case ir::NodeKind::ReturnStmt: {
    auto &R = static_cast<const ir::ReturnStmt &>(S);
    if (!R.Raises.empty()) {
      emitHostRaise(R);
      return;
    }
    emitReturn(R.Value ? emitExpr(*R.Value) : nullptr);
    return;
  }
  default:
    PYKC_ICE("statement kind not handled by the LLVM emitter");
  }
}

void FunctionEmitter::emitHostRaise(const ir::ReturnStmt &R) {
  // As Numba's CPU target raises: the message for the caller (the first
  // one recorded wins; the host entry returns it), then out of the
  // function with a zero of its type, as a division by zero goes on.
  raiseAndReturn(R.Range, R.Raises);
}

void FunctionEmitter::hostRaise(const ir::SourceRange &At, const std::string &Exception) {
  if (!TargetContext)
    return;
  std::string Message = F.FileName + ":" + std::to_string(At.Begin.Line) + ":" +
                        std::to_string(At.Begin.Column) + ": " + Exception + " (in '" + F.PyName +
                        "')";
  FunctionCallee Raise = ME.M.getOrInsertFunction(
      "pykc_host_raise", FunctionType::get(B.getVoidTy(), {B.getPtrTy(), B.getPtrTy()}, false));
  B.CreateCall(Raise, {TargetContext, B.CreateGlobalStringPtr(Message, "raise.message")});
}

void FunctionEmitter::emitIf(const ir::IfStmt &S) {
  Value *Cond = emitExpr(*S.Cond);
  BasicBlock *Then = BasicBlock::Create(ME.Ctx, "if.then", Fn);
  BasicBlock *Else = S.Else.empty() ? nullptr : BasicBlock::Create(ME.Ctx, "if.else", Fn);
  BasicBlock *End = BasicBlock::Create(ME.Ctx, "if.end", Fn);
  B.CreateCondBr(Cond, Then, Else ? Else : End);
  B.SetInsertPoint(Then);
  emitBlock(S.Then);
  if (!B.GetInsertBlock()->getTerminator())
    B.CreateBr(End);
  if (Else) {
    B.SetInsertPoint(Else);
    emitBlock(S.Else);
    if (!B.GetInsertBlock()->getTerminator())
      B.CreateBr(End);
  }
  B.SetInsertPoint(End);
}

void FunctionEmitter::emitWhile(const ir::WhileStmt &S) {
  BasicBlock *Header = BasicBlock::Create(ME.Ctx, "while.cond", Fn);
  BasicBlock *Body = BasicBlock::Create(ME.Ctx, "while.body", Fn);
  BasicBlock *End = BasicBlock::Create(ME.Ctx, "while.end", Fn);
  B.CreateBr(Header);
  B.SetInsertPoint(Header);
  B.CreateCondBr(emitExpr(*S.Cond), Body, End);
  B.SetInsertPoint(Body);
  Loops.push_back({End, Header});
  emitBlock(S.Body);
  Loops.pop_back();
  if (!B.GetInsertBlock()->getTerminator())
    B.CreateBr(Header);
  B.SetInsertPoint(End);
}

void FunctionEmitter::emitForRange(const ir::ForRangeStmt &S) {
  // range() fixes start, stop and step on entry; the loop variable is
  // assigned from a separate induction variable, so the body may change it
  // without changing the iteration. The loop counts len(range(...))
  // iterations, computed in unsigned arithmetic so that no bound near the
  // ends of the type overflows (range(2**63 - 2, 2**63 - 1, 2) runs once).
  auto *IndexTy = ir::dynCast<ir::ScalarType>(S.Start->Ty);
  Value *Start = emitExpr(*S.Start);
  Value *Stop = emitExpr(*S.Stop);
  Value *Step = emitExpr(*S.Step);
  Value *Trip = tripCount(Start, Stop, Step, IndexTy->isSigned());
  Type *Ty = Start->getType();
  BasicBlock *Preheader = B.GetInsertBlock();
  BasicBlock *Header = BasicBlock::Create(ME.Ctx, "for.cond", Fn);
  BasicBlock *Body = BasicBlock::Create(ME.Ctx, "for.body", Fn);
  BasicBlock *Latch = BasicBlock::Create(ME.Ctx, "for.inc", Fn);
  BasicBlock *End = BasicBlock::Create(ME.Ctx, "for.end", Fn);
  B.CreateBr(Header);
  B.SetInsertPoint(Header);
  PHINode *IV = B.CreatePHI(Ty, 2, "for.iv");
  PHINode *Done = B.CreatePHI(Ty, 2, "for.done");
  IV->addIncoming(Start, Preheader);
  Done->addIncoming(ConstantInt::get(Ty, 0), Preheader);
  B.CreateCondBr(B.CreateICmpULT(Done, Trip), Body, End);
  B.SetInsertPoint(Body);
  B.CreateStore(cast(IV, IndexTy, S.Var->Ty), Slots.at(S.Var));
  Loops.push_back({End, Latch});
  emitBlock(S.Body);
  Loops.pop_back();
  if (!B.GetInsertBlock()->getTerminator())
    B.CreateBr(Latch);
  B.SetInsertPoint(Latch);
  // Every value the loop variable takes lies between start and stop, so the
  // increment cannot wrap while it is used: it is nsw (nuw when unsigned),
  // which lets LLVM prove an index from range(0, n) is never negative. After
  // the last iteration it may wrap (poison), but nothing reads it then.
  IV->addIncoming(B.CreateAdd(IV, Step, "for.next", /*HasNUW=*/!IndexTy->isSigned(),
                              /*HasNSW=*/IndexTy->isSigned()),
                  Latch);
  Done->addIncoming(B.CreateAdd(Done, ConstantInt::get(Ty, 1), "for.done.next",
                                /*HasNUW=*/true),
                    Latch);
  B.CreateBr(Header);
  B.SetInsertPoint(End);
}

Value *FunctionEmitter::tripCount(Value *Start, Value *Stop, Value *Step,
                                  bool Signed) {
  Type *Ty = Start->getType();
  Value *Zero = ConstantInt::get(Ty, 0), *One = ConstantInt::get(Ty, 1);
  // (Hi - Lo - 1) / |Step| + 1 for Lo < Hi: Hi - Lo is exact as an unsigned
  // number, and so is |Step| (2**63 for INT64_MIN).
  auto Span = [&](Value *Lo, Value *Hi, Value *Magnitude) {
    // A zero step gives no iterations rather than a division by zero (Python
    // raises ValueError; a GPU thread cannot).
    Value *Safe =
        B.CreateSelect(B.CreateICmpEQ(Magnitude, Zero), One, Magnitude);
    return B.CreateAdd(
        B.CreateUDiv(B.CreateSub(B.CreateSub(Hi, Lo), One), Safe), One);
  };
  auto *ConstStep = dyn_cast<ConstantInt>(Step);
  if (ConstStep && ConstStep->isZero())
    return Zero;
  auto Up = [&] {
    Value *Ascending =
        Signed ? B.CreateICmpSLT(Start, Stop) : B.CreateICmpULT(Start, Stop);
    return B.CreateSelect(Ascending, Span(Start, Stop, Step), Zero);
  };
  auto Down = [&] {
    return B.CreateSelect(B.CreateICmpSGT(Start, Stop),
                          Span(Stop, Start, B.CreateNeg(Step)), Zero);
  };
  if (!Signed || (ConstStep && !ConstStep->isNegative()))
    return Up();
  if (ConstStep)
    return Down();
  Value *Positive = B.CreateICmpSGT(Step, Zero);
  Value *U = Up(), *D = Down();
  return B.CreateSelect(B.CreateICmpEQ(Step, Zero), Zero,
                        B.CreateSelect(Positive, U, D));
}

} // namespace pykc::codegen
