//===- EmitModule.cpp - Types, declarations and the kernel ABI ------------===//
#include "codegen/Emitter.h"

#include "frontend/Diagnostic.h"
#include "ir/IRWalk.h"
#include "support/InternalError.h"

#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

#include <set>

namespace pykc::codegen {

using namespace llvm;

ModuleEmitter::ModuleEmitter(const ir::Module &IR, Module &M, TargetInfo &Target,
                             FloatOptions Float)
    : IR(IR), M(M), Ctx(M.getContext()), Target(Target), Float(Float) {}

StructType *ModuleEmitter::arrayStructType(unsigned NDim) {
  std::string Name = "pykc.array" + std::to_string(NDim);
  if (StructType *S = StructType::getTypeByName(Ctx, Name))
    return S;
  Type *I64 = Type::getInt64Ty(Ctx);
  return StructType::create(Ctx,
                            {PointerType::get(Ctx, 0), ArrayType::get(I64, NDim),
                             ArrayType::get(I64, NDim)},
                            Name);
}

Type *ModuleEmitter::llvmType(const ir::Type *Ty) {
  if (auto *S = ir::dynCast<ir::ScalarType>(Ty)) {
    if (S->isBoolean())
      return Type::getInt1Ty(Ctx);
    if (S->isComplex()) { // {real, imag}, as NumPy lays it out
      Type *Part = S->bitWidth() == 64 ? Type::getFloatTy(Ctx) : Type::getDoubleTy(Ctx);
      return StructType::get(Ctx, {Part, Part});
    }
    if (S->isFloat())
      return S->bitWidth() == 16   ? Type::getHalfTy(Ctx)
             : S->bitWidth() == 32 ? Type::getFloatTy(Ctx)
                                   : Type::getDoubleTy(Ctx);
    return Type::getIntNTy(Ctx, S->bitWidth());
  }
  if (auto *A = ir::dynCast<ir::ArrayType>(Ty))
    return arrayStructType(A->ndim());
  if (auto *T = ir::dynCast<ir::TupleType>(Ty)) {
    std::vector<Type *> Elements;
    for (const ir::Type *E : T->elements())
      Elements.push_back(llvmType(E));
    // A long tuple of one type is an LLVM array (same layout as the struct):
    // LLVM's constant propagation tracks every field of every struct value,
    // so a chain of n insertvalues building an n-field struct costs it n^2
    // memory and far more time (a 2,000-element tuple never finished);
    // arrays are tracked as one value.
    if (T->size() > LongTupleElements &&
        std::all_of(Elements.begin(), Elements.end(),
                    [&](Type *E) { return E == Elements.front(); }))
      return ArrayType::get(Elements.front(), Elements.size());
    return StructType::get(Ctx, Elements);
  }
  if (auto *O = ir::dynCast<ir::OptionalType>(Ty)) // the value, and whether it holds one
    return StructType::get(Ctx, {llvmType(O->base()), Type::getInt1Ty(Ctx)});
  if (ir::dynCast<ir::EnumType>(Ty)) // a member is its int64 value
    return Type::getInt64Ty(Ctx);
  if (ir::dynCast<ir::RecordType>(Ty)) // a reference to the record's bytes
    return PointerType::get(Ctx, 0);
  if (Ty && Ty->kind() == ir::TypeKind::GridGroup)
    return StructType::get(Ctx); // holds nothing at run time
  // A vector type is a struct of its elements, built and read as a tuple.
  if (auto *V = ir::dynCast<ir::VectorType>(Ty))
    return StructType::get(Ctx, std::vector<Type *>(V->count(), llvmType(V->base())));
  return Type::getVoidTy(Ctx);
}

Type *ModuleEmitter::memoryType(const ir::Type *Ty) {
  auto *S = ir::dynCast<ir::ScalarType>(Ty);
  if (S && S->isBoolean())
    return Type::getInt8Ty(Ctx);
  if (auto *R = ir::dynCast<ir::RecordType>(Ty)) // its bytes, as an array element
    return ArrayType::get(Type::getInt8Ty(Ctx), R->size());
  return llvmType(Ty);
}

void ModuleEmitter::flattenKernelParam(const ir::Type *Ty, const std::string &Name,
                                       std::vector<Type *> &Types,
                                       std::vector<std::string> &Names) {
  // KernelABI.h: an array is its data, then its extents, then its byte
  // strides; a complex its real, then its imaginary part; a tuple its
  // elements in order.
  if (auto *A = ir::dynCast<ir::ArrayType>(Ty)) {
    Types.push_back(PointerType::get(Ctx, 0));
    Names.push_back(Name + ".data");
    for (unsigned D = 0; D < A->ndim(); ++D) {
      Types.push_back(Type::getInt64Ty(Ctx));
      Names.push_back(Name + ".shape" + std::to_string(D));
    }
    for (unsigned D = 0; D < A->ndim(); ++D) {
      Types.push_back(Type::getInt64Ty(Ctx));
      Names.push_back(Name + ".stride" + std::to_string(D));
    }
    return;
  }
  if (auto *S = ir::dynCast<ir::ScalarType>(Ty); S && S->isComplex()) {
    Type *Part = cast<StructType>(llvmType(S))->getElementType(0);
    Types.insert(Types.end(), 2, Part);
    Names.push_back(Name + ".real");
    Names.push_back(Name + ".imag");
    return;
  }
  if (auto *T = ir::dynCast<ir::TupleType>(Ty)) {
    for (size_t I = 0; I < T->size(); ++I)
      flattenKernelParam(T->elements()[I], Name + "." + std::to_string(I), Types, Names);
    return;
  }
  if (ir::dynCast<ir::RecordType>(Ty)) { // the address of the record's bytes
    Types.push_back(PointerType::get(Ctx, 0));
    Names.push_back(Name);
    return;
  }
  Types.push_back(memoryType(Ty));
  Names.push_back(Name);
}

void ModuleEmitter::declare(const ir::Function &F) {
  std::vector<Type *> Params;
  std::vector<std::string> Names;
  for (const ir::Variable *P : F.Params) {
    if (F.Kind == ir::FunctionKind::Kernel) {
      flattenKernelParam(P->ArgType, P->Name, Params, Names);
      continue;
    }
    Params.push_back(passedByAddress(P->ArgType) ? PointerType::get(Ctx, 0)
                                                 : llvmType(P->ArgType));
    Names.push_back(P->Name);
  }
  if (Target.hasContextParameter())
    Params.push_back(PointerType::get(Ctx, 0));
  Type *Ret = F.Kind == ir::FunctionKind::Kernel ? Type::getVoidTy(Ctx) : llvmType(F.ReturnType);
  auto *Fn = Function::Create(FunctionType::get(Ret, Params, false),
                              F.Kind == ir::FunctionKind::Kernel ? GlobalValue::ExternalLinkage
                                                                 : GlobalValue::InternalLinkage,
                              F.SymbolName, M);
  Fn->addFnAttr(Attribute::NoUnwind);
  if (F.Kind == ir::FunctionKind::Kernel)
    Target.markKernel(*Fn, F);
  else if (F.Operator) { // a few instructions where the operator stood
    Fn->addFnAttr(Attribute::AlwaysInline);
    Fn->addFnAttr(OperatorAttribute);
  }
  else
    Fn->addFnAttr(Attribute::InlineHint);
  unsigned Arg = 0;
  for (; Arg < Names.size(); ++Arg)
    Fn->getArg(Arg)->setName(Names[Arg]);
  if (Target.hasContextParameter())
    Fn->getArg(Arg)->setName("ctx");
  Declared[&F] = Fn;
}

void ModuleEmitter::emit(const KernelFilter &Kernels) {
  if (!IR.OperatorsExpanded)
    PYKC_ICE("the LLVM emitter needs Python's operators and index rules expanded first");
  M.setTargetTriple(Target.triple());
  M.setDataLayout(Target.dataLayout());
  auto Wanted = [&](const ir::Function &F) {
    return F.Kind != ir::FunctionKind::Kernel || !Kernels || Kernels(F);
  };
  for (const auto &F : IR.functions())
    if (Wanted(*F))
      declare(*F);
  // Line tables are per module: one kernel's lineinfo=True gives them all.
  bool AnyLineInfo = LineInfo;
  for (const auto &F : IR.functions())
    AnyLineInfo = AnyLineInfo || (Wanted(*F) && F->LineInfo);
  if (AnyLineInfo)
    attachSubprograms();
  for (const auto &F : IR.functions()) {
    if (!Wanted(*F))
      continue;
    Target.beginFunction(*F);
    FunctionEmitter(*this, *F).emit();
  }
  inlineOperators();
}

void ModuleEmitter::inlineOperators() {
  // Python's operators are their callers' arithmetic: inlined before any
  // optimization, so that the optimizer sees the instructions where the
  // operator stood, as one expression of the caller (it would otherwise
  // simplify each operator's function on its own first, and the caller's
  // code would come out differently scheduled).
  // A power's loop is left to the optimizer's own inlining: simplified on
  // its own first (rotated, unrolled for a constant exponent), it comes out
  // better where it is inlined.
  std::set<const Function *> Straight;
  for (const auto &[F, Fn] : Declared) {
    bool Loops = false;
    ir::forEachNode(F->Body, [&](const ir::Node &N) { Loops |= N.Kind == ir::NodeKind::WhileStmt; });
    if (F->Operator && !Loops)
      Straight.insert(Fn);
  }
  // Their variables as SSA values first: what the emitter left in stack
  // slots would otherwise be copied into every caller for SROA to undo.
  for (const Function *Fn : Straight) {
    Function &G = const_cast<Function &>(*Fn);
    std::vector<AllocaInst *> Slots;
    for (Instruction &I : G.getEntryBlock())
      if (auto *A = dyn_cast<AllocaInst>(&I); A && isAllocaPromotable(A))
        Slots.push_back(A);
    DominatorTree DT(G);
    PromoteMemToReg(Slots, DT);
  }
  std::vector<CallInst *> Calls;
  for (Function &Fn : M)
    for (Instruction &I : instructions(Fn))
      if (auto *C = dyn_cast<CallInst>(&I))
        if (Straight.count(C->getCalledFunction()))
          Calls.push_back(C);
  for (CallInst *C : Calls) {
    InlineFunctionInfo Info;
    if (!InlineFunction(*C, Info).isSuccess())
      PYKC_ICE("an operator's function could not be inlined");
  }
  std::erase_if(Declared, [](const auto &D) {
    return D.second->hasFnAttribute(OperatorAttribute) && D.second->use_empty();
  });
  for (Function &Fn : llvm::make_early_inc_range(M))
    if (Fn.hasFnAttribute(OperatorAttribute) && Fn.use_empty())
      Fn.eraseFromParent();
}

FunctionEmitter::FunctionEmitter(ModuleEmitter &ME, const ir::Function &F)
    : ME(ME), F(F), Fn(ME.declaration(&F)), B(ME.Ctx) {}

} // namespace pykc::codegen
