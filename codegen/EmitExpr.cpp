//===- EmitExpr.cpp - Expressions -----------------------------------------===//
#include "codegen/Emitter.h"

#include "frontend/Diagnostic.h"
#include "support/InternalError.h"

#include <llvm/IR/MDBuilder.h>
#include <pykc/CpuABI.h>

namespace pykc::codegen {

using namespace llvm;

Value *FunctionEmitter::truth(Value *V, const ir::Type *Ty) {
  auto *S = ir::dynCast<ir::ScalarType>(Ty);
  if (S->isBoolean())
    return V;
  if (S->isComplex())
    return complexTruth(V);
  if (S->isFloat())
    return B.CreateFCmpUNE(V, ConstantFP::get(V->getType(), 0.0)); // NaN is true
  return B.CreateICmpNE(V, ConstantInt::get(V->getType(), 0));
}

Value *FunctionEmitter::emitExpr(const ir::Expr &E) {
  switch (E.Kind) {
  case ir::NodeKind::Constant: {
    auto &C = static_cast<const ir::ConstantExpr &>(E);
    Type *T = ME.llvmType(C.Ty);
    if (T->isStructTy())
      return complexConstant(C);
    if (T->isFloatingPointTy())
      return ConstantFP::get(T, C.FloatValue);
    return ConstantInt::get(T, C.IntBits & (T->getIntegerBitWidth() == 64
                                                ? ~uint64_t(0)
                                                : (uint64_t(1) << T->getIntegerBitWidth()) - 1));
  }
  case ir::NodeKind::VarRef: {
    auto *V = static_cast<const ir::VarRefExpr &>(E).Var;
    AllocaInst *Slot = Slots.at(V);
    return B.CreateLoad(Slot->getAllocatedType(), Slot, V->Name);
  }
  case ir::NodeKind::Cast: {
    auto &C = static_cast<const ir::CastExpr &>(E);
    return cast(emitExpr(*C.Operand), C.Operand->Ty, C.Ty);
  }
  case ir::NodeKind::Unary:
    return emitUnary(static_cast<const ir::UnaryExpr &>(E));
  case ir::NodeKind::Binary:
    return emitBinary(static_cast<const ir::BinaryExpr &>(E));
  case ir::NodeKind::Compare:
    return emitCompare(static_cast<const ir::CompareExpr &>(E));
  case ir::NodeKind::Logical:
    return emitLogical(static_cast<const ir::LogicalExpr &>(E));
  case ir::NodeKind::Select:
    return emitSelect(static_cast<const ir::SelectExpr &>(E));
  case ir::NodeKind::Seq: {
    // Emitted where the expression is, so inside the branch of an `and`,
    // `or` or conditional expression that evaluates it.
    auto &Q = static_cast<const ir::SeqExpr &>(E);
    emitBlock(Q.Stmts);
    return emitExpr(*Q.Value);
  }
  case ir::NodeKind::Truth: {
    auto &T = static_cast<const ir::TruthExpr &>(E);
    return truth(emitExpr(*T.Operand), T.Operand->Ty);
  }
  case ir::NodeKind::LibdeviceCall:
    return emitLibdeviceCall(static_cast<const ir::LibdeviceCallExpr &>(E));
  case ir::NodeKind::ForeignCall:
    return emitForeignCall(static_cast<const ir::ForeignCallExpr &>(E));
  case ir::NodeKind::OptionalMake: {
    auto &M = static_cast<const ir::OptionalMakeExpr &>(E);
    auto *O = ir::dynCast<ir::OptionalType>(M.Ty);
    if (!O)
      return nullptr; // None itself needs no value
    Type *Ty = ME.llvmType(O);
    if (!M.Operand)
      return Constant::getNullValue(Ty); // a zero value, and no value held
    Value *Held = B.CreateInsertValue(PoisonValue::get(Ty), emitExpr(*M.Operand), {0u});
    return B.CreateInsertValue(Held, B.getTrue(), {1u});
  }
  case ir::NodeKind::OptionalValid:
    return B.CreateExtractValue(emitExpr(*static_cast<const ir::OptionalValidExpr &>(E).Operand),
                                {1u});
  case ir::NodeKind::OptionalUnwrap:
    return emitOptionalUnwrap(static_cast<const ir::OptionalUnwrapExpr &>(E));
  case ir::NodeKind::ArrayLoad: {
    auto &L = static_cast<const ir::ArrayLoadExpr &>(E);
    auto *AT = ir::dynCast<ir::ArrayType>(L.Array->Ty);
    Value *Ptr = elementPointer(emitExpr(*L.Array), AT, L.Indices, L.Wraps, L.Range, L.Array);
    if (AT->record())
      return Ptr; // a record is a reference to its bytes
    checkAccess(Ptr, AT, *L.Array, L.Range, PYKC_CHECK_READ);
    return loadElement(Ptr, AT->dtype());
  }
  case ir::NodeKind::ArrayView:
    return arrayView(static_cast<const ir::ArrayViewExpr &>(E));
  case ir::NodeKind::ArrayReinterpret:
    return arrayReinterpret(static_cast<const ir::ArrayReinterpretExpr &>(E));
  case ir::NodeKind::ArrayDim: {
    auto &D = static_cast<const ir::ArrayDimExpr &>(E);
    return B.CreateExtractValue(emitExpr(*D.Array), {1u, D.Dim});
  }
  case ir::NodeKind::ArrayStride: {
    auto &D = static_cast<const ir::ArrayStrideExpr &>(E);
    return B.CreateExtractValue(emitExpr(*D.Array), {2u, D.Dim});
  }
  case ir::NodeKind::RecordField:
    return emitRecordField(static_cast<const ir::RecordFieldExpr &>(E));
  case ir::NodeKind::ArraySize: {
    auto &S = static_cast<const ir::ArraySizeExpr &>(E);
    Value *Array = emitExpr(*S.Array);
    unsigned NDim = ir::dynCast<ir::ArrayType>(S.Array->Ty)->ndim();
    Value *Size = B.getInt64(1);
    for (unsigned D = 0; D < NDim; ++D)
      Size = B.CreateMul(Size, B.CreateExtractValue(Array, {1u, D}));
    return Size;
  }
  case ir::NodeKind::ConstArray:
    return constArray(static_cast<const ir::ConstArrayExpr &>(E));
  case ir::NodeKind::TupleMake: {
    auto &T = static_cast<const ir::TupleMakeExpr &>(E);
    // The constant elements go into one constant aggregate and only the
    // others are inserted: IRBuilder folds an insertvalue into a constant
    // as a new constant, so a literal of n constants inserted one by one
    // would make n constants of n elements each (a 10,000-element literal
    // took gigabytes).
    Type *AggTy = ME.llvmType(T.Ty);
    std::vector<Value *> Values;
    std::vector<Constant *> Constants;
    for (const auto &Element : T.Elements) {
      Values.push_back(emitExpr(*Element));
      auto *C = dyn_cast<Constant>(Values.back());
      Constants.push_back(C ? C : PoisonValue::get(Values.back()->getType()));
    }
    Value *Agg = isa<ArrayType>(AggTy)
                     ? ConstantArray::get(cast<ArrayType>(AggTy), Constants)
                     : ConstantStruct::get(cast<StructType>(AggTy), Constants);
    for (unsigned I = 0; I < Values.size(); ++I)
      if (!isa<Constant>(Values[I]))
        Agg = B.CreateInsertValue(Agg, Values[I], {I});
    return Agg;
  }
  case ir::NodeKind::TupleGet: {
    auto &T = static_cast<const ir::TupleGetExpr &>(E);
    // An element of a tuple variable is loaded alone: loading the whole
    // tuple to extract one element makes SROA rebuild it element by element,
    // and a constant tuple then folds into one new constant per element.
    if (AllocaInst *Slot = variableSlot(*T.Tuple)) {
      Type *AggTy = Slot->getAllocatedType();
      return B.CreateLoad(ExtractValueInst::getIndexedType(AggTy, T.Index),
                          B.CreateConstGEP2_32(AggTy, Slot, 0, T.Index));
    }
    return B.CreateExtractValue(emitExpr(*T.Tuple), {T.Index});
  }
  case ir::NodeKind::TupleGetDynamic:
    return emitTupleGetDynamic(static_cast<const ir::TupleGetDynamicExpr &>(E));
  case ir::NodeKind::SpecialReg: {
    auto &R = static_cast<const ir::SpecialRegExpr &>(E);
    return ME.Target.specialRegister(B, R.Reg, R.Dim, TargetContext);
  }
  case ir::NodeKind::Intrinsic:
    return emitIntrinsic(static_cast<const ir::IntrinsicExpr &>(E));
  case ir::NodeKind::AllocArray:
    return emitAlloc(static_cast<const ir::AllocArrayExpr &>(E));
  case ir::NodeKind::AtomicRMW:
    return emitAtomic(static_cast<const ir::AtomicRMWExpr &>(E));
  case ir::NodeKind::ParallelFor:
    return emitParallelFor(static_cast<const ir::ParallelForExpr &>(E));
  case ir::NodeKind::Call: {
    auto &C = static_cast<const ir::CallExpr &>(E);
    std::vector<Value *> Args, ArgSlots;
    for (const ir::Expr *A : C.Args) {
      AllocaInst *Slot = ME.passedByAddress(A->Ty) ? variableSlot(*A) : nullptr;
      ArgSlots.push_back(Slot);
      Args.push_back(Slot ? nullptr : emitExpr(*A));
    }
    if (C.RaisesOnZero != ir::ArithOp::Add) // Python's // or % in host code
      raiseOnZeroDivisor(Args.back(), C.RaisesOnZero, C.Range,
                         ir::dynCast<ir::ScalarType>(C.Args.back()->Ty)->isFloat(),
                         C.RaisesAsDivmod);
    if (TargetContext)
      Args.push_back(TargetContext);
    return callFunction(B, ME.declaration(C.Callee), Args, ArgSlots);
  }
  default:
    PYKC_ICE("expression kind not handled by the LLVM emitter");
  }
}

Value *FunctionEmitter::emitLogical(const ir::LogicalExpr &E) {
  // `a and b` is a when a is false, else b; `a or b` is a when a is true.
  Value *L = emitExpr(*E.LHS);
  Value *Test = truth(L, E.LHS->Ty);
  BasicBlock *From = B.GetInsertBlock();
  BasicBlock *Rhs = BasicBlock::Create(ME.Ctx, E.IsAnd ? "and.rhs" : "or.rhs", Fn);
  BasicBlock *End = BasicBlock::Create(ME.Ctx, E.IsAnd ? "and.end" : "or.end", Fn);
  if (E.IsAnd)
    B.CreateCondBr(Test, Rhs, End);
  else
    B.CreateCondBr(Test, End, Rhs);
  B.SetInsertPoint(Rhs);
  Value *R = emitExpr(*E.RHS);
  BasicBlock *RhsEnd = B.GetInsertBlock();
  B.CreateBr(End);
  B.SetInsertPoint(End);
  PHINode *Phi = B.CreatePHI(L->getType(), 2);
  Phi->addIncoming(L, From);
  Phi->addIncoming(R, RhsEnd);
  return Phi;
}

Value *FunctionEmitter::emitSelect(const ir::SelectExpr &E) {
  // Only the chosen side is evaluated: `a[i] if i < n else 0` must not load.
  // Sides that are names or constants cost nothing and cannot fault: a
  // select instruction (what Python's operators' functions are made of).
  auto Settled = [](const ir::Expr &S) {
    return (ir::dynCast<ir::VarRefExpr>(&S) || ir::dynCast<ir::ConstantExpr>(&S)) &&
           ir::dynCast<ir::ScalarType>(S.Ty);
  };
  if (Settled(*E.Then) && Settled(*E.Else)) {
    Value *Cond = emitExpr(*E.Cond);
    Value *T = emitExpr(*E.Then);
    return B.CreateSelect(Cond, T, emitExpr(*E.Else));
  }
  Value *Cond = emitExpr(*E.Cond);
  BasicBlock *Then = BasicBlock::Create(ME.Ctx, "sel.then", Fn);
  BasicBlock *Else = BasicBlock::Create(ME.Ctx, "sel.else", Fn);
  BasicBlock *End = BasicBlock::Create(ME.Ctx, "sel.end", Fn);
  B.CreateCondBr(Cond, Then, Else);
  B.SetInsertPoint(Then);
  Value *T = emitExpr(*E.Then);
  BasicBlock *ThenEnd = B.GetInsertBlock();
  B.CreateBr(End);
  B.SetInsertPoint(Else);
  Value *F = emitExpr(*E.Else);
  BasicBlock *ElseEnd = B.GetInsertBlock();
  B.CreateBr(End);
  B.SetInsertPoint(End);
  PHINode *Phi = B.CreatePHI(T->getType(), 2);
  Phi->addIncoming(T, ThenEnd);
  Phi->addIncoming(F, ElseEnd);
  return Phi;
}

Value *FunctionEmitter::emitOptionalUnwrap(const ir::OptionalUnwrapExpr &E) {
  Value *Optional = emitExpr(*E.Operand);
  Value *Held = B.CreateExtractValue(Optional, {0u});
  if (!E.Checked)
    return Held;
  BasicBlock *IsNone = BasicBlock::Create(ME.Ctx, "optional.none", Fn);
  BasicBlock *Go = BasicBlock::Create(ME.Ctx, "optional.value", Fn);
  B.CreateCondBr(B.CreateExtractValue(Optional, {1u}), Go, IsNone,
                 MDBuilder(ME.Ctx).createBranchWeights(1 << 20, 1));
  B.SetInsertPoint(IsNone);
  // A None holds a zero value (OptionalMake), so the code after a report
  // that returns computes with zero, as a bounds error goes on with scratch.
  std::string Expected = E.Ty->str();
  if (F.HostCode) {
    // Host code (@njit) raises TypeError, as Numba's CPU target does.
    hostRaise(E.Range, "TypeError: expected " + Expected + ", got None");
  } else {
    std::string Place = F.FileName + ":" + std::to_string(E.Range.Begin.Line) + ":" +
                        std::to_string(E.Range.Begin.Column);
    std::vector<Value *> Args = {B.CreateGlobalStringPtr(Place, "none.where", 0, &ME.M),
                                 B.CreateGlobalStringPtr(Expected, "none.expected", 0, &ME.M)};
    for (ir::SpecialRegister R : {ir::SpecialRegister::ThreadIdx, ir::SpecialRegister::BlockIdx})
      for (unsigned D = 0; D < 3; ++D)
        Args.push_back(ME.Target.specialRegister(B, R, D, TargetContext));
    ME.Target.noneError(B, Args, TargetContext);
  }
  B.CreateBr(Go);
  B.SetInsertPoint(Go);
  return Held;
}

Value *callFunction(IRBuilder<> &B, Function *Callee, std::vector<Value *> Args,
                    const std::vector<Value *> &ArgSlots) {
  for (unsigned I = 0; I < Args.size(); ++I) {
    if (I < ArgSlots.size() && ArgSlots[I]) {
      Args[I] = ArgSlots[I];
      continue;
    }
    if (!Callee->getArg(I)->getType()->isPointerTy() || !isa<ArrayType>(Args[I]->getType()))
      continue;
    BasicBlock &EntryBlock = B.GetInsertBlock()->getParent()->getEntryBlock();
    IRBuilder<> Entry(&EntryBlock, EntryBlock.begin());
    AllocaInst *Temp = Entry.CreateAlloca(Args[I]->getType(), nullptr, "tuple.arg");
    B.CreateStore(Args[I], Temp);
    Args[I] = Temp;
  }
  return B.CreateCall(Callee, Args);
}

Value *FunctionEmitter::emitTupleGetDynamic(const ir::TupleGetDynamicExpr &E) {
  auto *TT = ir::dynCast<ir::TupleType>(E.Tuple->Ty);
  Type *Elt = ME.llvmType(TT->elements().front());
  Type *AsArray = ArrayType::get(Elt, TT->size());
  // A tuple of one type has the layout of an array of it, so a tuple variable
  // is indexed where it lives. Any other tuple value is first stored to a
  // slot: that copy is as long as the tuple, and doing it for a variable at
  // every `t[i]` of a loop over `t` made the IR (and LLVM's time) grow with
  // the square of the tuple's length and worse.
  Value *Slot = variableSlot(*E.Tuple);
  if (!Slot) {
    IRBuilder<> Entry(EntryBlock, EntryBlock->begin());
    Slot = Entry.CreateAlloca(AsArray, nullptr, "tuple.dyn");
    Value *Tuple = emitExpr(*E.Tuple);
    for (unsigned I = 0; I < TT->size(); ++I)
      B.CreateStore(B.CreateExtractValue(Tuple, {I}), B.CreateConstGEP2_32(AsArray, Slot, 0, I));
  }
  auto *IndexTy = ir::dynCast<ir::ScalarType>(E.Index->Ty);
  Value *Index = wrapIndex(emitExpr(*E.Index), IndexTy, E.Wrap, B.getInt64(TT->size()));
  return B.CreateLoad(Elt, B.CreateGEP(AsArray, Slot, {B.getInt64(0), Index}));
}

// The lowering column of ir/Builtins.def: Emit(F, Args...) calls
// emitF(E, Args...); Node(K) rows never reach here (typing built IR node K
// instead), which the static_assert ties to a real node kind.
#define PYKC_EMIT_BUILTIN_Emit(F, ...) return emit##F(E __VA_OPT__(, ) __VA_ARGS__);
#define PYKC_EMIT_BUILTIN_Node(K)                                              \
  static_assert(std::is_base_of_v<ir::Node, ir::K>);                           \
  break;

Value *FunctionEmitter::emitIntrinsic(const ir::IntrinsicExpr &E) {
  switch (E.Id) {
#define BUILTIN(Id, Path, Typing, Lowering, ...)                               \
  case ir::IntrinsicId::Id:                                                    \
    PYKC_EMIT_BUILTIN_##Lowering
#define MATH(MathId, Path, Cases, Lowering, Name)                               \
  case ir::IntrinsicId::MathId:                                                \
    return PYKC_EMIT_MATH_##Lowering(E, Name);
#include "ir/Builtins.def"
  }
  PYKC_ICE("a builtin that typing makes into another IR node reached the LLVM emitter");
}

Value *FunctionEmitter::emitBarrier(const ir::IntrinsicExpr &E) {
  checkSite(E);
  ME.Target.barrier(B, TargetContext);
  return nullptr;
}

Value *FunctionEmitter::emitThisGrid(const ir::IntrinsicExpr &E) {
  return Constant::getNullValue(ME.llvmType(E.Ty)); // a GridGroup holds nothing
}

Value *FunctionEmitter::emitGridSync(const ir::IntrinsicExpr &E) {
  checkSite(E);
  ME.Target.gridSync(B, TargetContext);
  return nullptr;
}

Value *FunctionEmitter::emitGridIndex(const ir::IntrinsicExpr &E) {
  // Numba computes cuda.grid and cuda.gridsize in 64 bits from the 32-bit
  // registers.
  std::vector<Value *> Dims;
  for (unsigned D = 0; D < E.Count; ++D) {
    Value *Ntid = B.CreateSExt(ME.Target.specialRegister(B, ir::SpecialRegister::BlockDim, D, TargetContext), B.getInt64Ty());
    if (E.Id == ir::IntrinsicId::Grid) {
      Value *Tid = B.CreateSExt(ME.Target.specialRegister(B, ir::SpecialRegister::ThreadIdx, D, TargetContext), B.getInt64Ty());
      Value *Ctaid = B.CreateSExt(ME.Target.specialRegister(B, ir::SpecialRegister::BlockIdx, D, TargetContext), B.getInt64Ty());
      Dims.push_back(B.CreateAdd(Tid, B.CreateMul(Ctaid, Ntid)));
    } else {
      Value *Nctaid = B.CreateSExt(ME.Target.specialRegister(B, ir::SpecialRegister::GridDim, D, TargetContext), B.getInt64Ty());
      Dims.push_back(B.CreateMul(Ntid, Nctaid));
    }
  }
  if (E.Count == 1)
    return Dims[0];
  Value *Agg = PoisonValue::get(ME.llvmType(E.Ty));
  for (unsigned I = 0; I < Dims.size(); ++I)
    Agg = B.CreateInsertValue(Agg, Dims[I], {I});
  return Agg;
}

Value *FunctionEmitter::emitRound(const ir::IntrinsicExpr &E) {
  // Python's round(x): half to even (llvm.rint), as an int.
  Value *R = B.CreateUnaryIntrinsic(Intrinsic::rint, emitExpr(*E.Args[0]));
  return B.CreateFPToSI(R, ME.llvmType(E.Ty));
}

Value *FunctionEmitter::emitAbs(const ir::IntrinsicExpr &E) {
  Value *X = emitExpr(*E.Args[0]);
  auto *S = ir::dynCast<ir::ScalarType>(E.Ty);
  if (S->isFloat())
    return B.CreateUnaryIntrinsic(Intrinsic::fabs, X);
  if (!S->isSigned())
    return X;
  return B.CreateSelect(B.CreateICmpSLT(X, ConstantInt::get(X->getType(), 0)), B.CreateNeg(X), X);
}

Value *FunctionEmitter::emitAlloc(const ir::AllocArrayExpr &E) {
  if (E.Heap)
    return emitHeapArray(E);
  auto *AT = ir::dynCast<ir::ArrayType>(E.Ty);
  if (E.Dynamic) {
    // The launch's dynamic shared memory: as many elements as fit, as Numba.
    uint64_t Size = AT->itemSize();
    auto [Data, Bytes] = ME.Target.dynamicSharedMemory(B, ME.memoryType(AT->element()),
                                                       std::max<uint64_t>(16, Size), TargetContext);
    return makeArray(Data, {B.CreateUDiv(Bytes, B.getInt64(Size))}, {B.getInt64(int64_t(Size))});
  }
  int64_t Count = 1;
  for (int64_t D : E.Shape)
    Count *= D;
  Type *Elt = ME.memoryType(AT->element());
  Type *Storage = ArrayType::get(Elt, uint64_t(Count));
  unsigned Align = std::max<unsigned>(16u, ir::storageAlignment(AT->element()));
  Value *Data;
  if (AT->addressSpace() == ir::AddressSpace::Shared) {
    Data = ME.Target.sharedArray(B, Storage, F.SymbolName + ".shared" + std::to_string(E.Id), Align,
                                 TargetContext);
  } else {
    IRBuilder<> Entry(EntryBlock, EntryBlock->begin());
    AllocaInst *A = Entry.CreateAlloca(Storage, nullptr, "local" + std::to_string(E.Id));
    A->setAlignment(llvm::Align(Align));
    Data = A;
    if (ME.Check && !F.HostCode && TargetContext)
      B.CreateCall(ME.M.getOrInsertFunction("pykc_check_local", B.getVoidTy(), B.getPtrTy(),
                                            B.getPtrTy(), B.getInt64Ty()),
                   {TargetContext, Data,
                    B.getInt64(ME.M.getDataLayout().getTypeAllocSize(Storage))});
  }
  return makeCArray(Data, E.Shape, AT->itemSize());
}

} // namespace pykc::codegen
