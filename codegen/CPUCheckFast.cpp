//===- CPUCheckFast.cpp - Checked kernels that need no checker ------------===//
#include "codegen/CPUCheckFast.h"

#include "codegen/CPUThreadLoop.h"
#include "codegen/Emitter.h"
#include "ir/IRWalk.h"
#include "ir/Type.h"

#include <pykc/CpuABI.h>

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <map>
#include <optional>
#include <set>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// A variable that always holds coordinate Dim of cuda.grid(N).
struct Coordinate {
  unsigned N = 0, Dim = 0;
};

struct ArrayUse {
  unsigned Slot = 0; ///< Its data pointer's flattened argument index.
  const ir::ArrayType *Type = nullptr;
  bool Written = false;
  /// The coordinate each access indexes with, when every one so far used
  /// the same plain coordinates (std::nullopt once one did not).
  std::optional<std::vector<unsigned>> Index;
  bool Indexed = false; ///< Some access was seen.
};

struct Plan {
  unsigned GridN = 0; ///< The cuda.grid(N) written arrays are indexed by; 0: none written.
  std::map<const ir::Variable *, ArrayUse> Arrays;
  /// Variables holding a block's shared arrays (their accesses stay checked).
  std::set<const ir::Variable *> Shared;
};

/// The variables assigned shared arrays (cuda.shared.array), when every
/// assignment of them is one; std::nullopt when an array variable is
/// assigned anything else (only parameters and shared arrays are followed).
std::optional<std::set<const ir::Variable *>> sharedArrayVariables(const ir::Function &F) {
  std::set<const ir::Variable *> Shared;
  bool Ok = true;
  ir::forEachNode(F.Body, [&](const ir::Node &N) {
    auto *A = ir::dynCast<ir::AssignStmt>(&N);
    if (!A || !ir::dynCast<ir::ArrayType>(A->Var->Ty))
      return;
    auto *Alloc = ir::dynCast<ir::AllocArrayExpr>(A->Value);
    auto *AT = ir::dynCast<ir::ArrayType>(A->Var->Ty);
    if (Alloc && AT->addressSpace() == ir::AddressSpace::Shared)
      Shared.insert(A->Var);
    else
      Ok = false;
  });
  if (!Ok)
    return std::nullopt;
  return Shared;
}

/// An element access: a load's or a store's array and indices.
struct ElementAccess {
  const ir::Expr *Array = nullptr;
  const ir::ExprList *Indices = nullptr;
  bool Store = false;
};
ElementAccess elementAccess(const ir::Node &N) {
  if (auto *L = ir::dynCast<ir::ArrayLoadExpr>(&N))
    return {L->Array, &L->Indices, false};
  if (auto *S = ir::dynCast<ir::StoreStmt>(&N))
    return {S->Array, &S->Indices, true};
  return {};
}

/// Whether \p F's parameters are scalars and global arrays of up to 3
/// dimensions, each as the launch passes it; the arrays go to \p P.
bool planParams(const ir::Function &F, Plan &P) {
  unsigned Slot = 0;
  for (const ir::Variable *V : F.Params) {
    if (V->Ty != V->ArgType)
      return false;
    if (auto *AT = ir::dynCast<ir::ArrayType>(V->ArgType)) {
      if (AT->addressSpace() != ir::AddressSpace::Global || AT->record() || AT->ndim() > 3)
        return false;
      P.Arrays[V] = ArrayUse{Slot, AT, false, std::vector<unsigned>{}, false};
    } else if (!ir::dynCast<ir::ScalarType>(V->ArgType)) {
      return false;
    }
    Slot += ir::kernelSlots(V->ArgType);
  }
  return true;
}

/// N of a cuda.grid(N) call, else 0.
unsigned gridCall(const ir::Expr *E) {
  auto *I = ir::dynCast<ir::IntrinsicExpr>(E);
  return I && I->Id == ir::IntrinsicId::Grid ? I->Count : 0;
}

/// Variables assigned only cuda.grid(N) or an element of it (std::nullopt
/// for those that are not, or not always the same one).
using Coordinates = std::map<const ir::Variable *, std::optional<Coordinate>>;

/// The coordinate variables of \p F, given its \p Assigns and the
/// variables of its range loops; std::nullopt when a variable assigned
/// cuda.grid(N) whole is assigned anything else too.
std::optional<Coordinates> coordinates(const ir::Function &F,
                                       const std::vector<const ir::AssignStmt *> &Assigns,
                                       const std::set<const ir::Variable *> &LoopVars) {
  std::map<const ir::Variable *, unsigned> GridTuples; // $t = cuda.grid(N)
  for (const ir::AssignStmt *A : Assigns)
    if (unsigned N = gridCall(A->Value)) {
      auto [It, New] = GridTuples.emplace(A->Var, N);
      if (!New && It->second != N)
        It->second = 0;
    }
  Coordinates Coords;
  for (const ir::AssignStmt *A : Assigns) {
    std::optional<Coordinate> C;
    if (unsigned N = gridCall(A->Value); N == 1) {
      C = Coordinate{1, 0};
    } else if (auto *G = ir::dynCast<ir::TupleGetExpr>(A->Value)) {
      auto *T = ir::dynCast<ir::VarRefExpr>(G->Tuple);
      auto It = T ? GridTuples.find(T->Var) : GridTuples.end();
      if (It != GridTuples.end() && It->second > 1)
        C = Coordinate{It->second, G->Index};
    }
    auto [It, New] = Coords.emplace(A->Var, C);
    if (!New && (!It->second || !C || It->second->Dim != C->Dim || It->second->N != C->N))
      It->second = std::nullopt;
  }
  for (const ir::Variable *V : F.Params)
    Coords.erase(V);
  for (const ir::Variable *V : LoopVars)
    Coords.erase(V); // assigned each iteration: no coordinate
  for (const ir::AssignStmt *A : Assigns)
    if (GridTuples.count(A->Var) && !gridCall(A->Value))
      return std::nullopt;
  return Coords;
}

/// The index tuples of every access of every array of \p P (ArrayUse::Index).
void indexTuples(const ir::Function &F, const Coordinates &Coords, Plan &P) {
  ir::forEachNode(F.Body, [&](const ir::Node &N) {
    ElementAccess Access = elementAccess(N);
    auto *R = Access.Array ? ir::dynCast<ir::VarRefExpr>(Access.Array) : nullptr;
    if (!R || !P.Arrays.count(R->Var))
      return;
    ArrayUse &U = P.Arrays[R->Var];
    std::vector<unsigned> Dims;
    for (const ir::Expr *E : *Access.Indices) {
      if (gridCall(E) == 1) { // a[cuda.grid(1)]
        Dims.push_back(0);
        continue;
      }
      auto *IV = ir::dynCast<ir::VarRefExpr>(E);
      auto It = IV ? Coords.find(IV->Var) : Coords.end();
      if (It == Coords.end() || !It->second) {
        U.Index = std::nullopt;
        return;
      }
      Dims.push_back(It->second->Dim);
    }
    if (!U.Index)
      return;
    if (!U.Indexed) {
      U.Index = Dims;
      U.Indexed = true;
    } else if (*U.Index != Dims) {
      U.Index = std::nullopt;
    }
  });
}

/// Whether no access of \p F's global arrays can be reported but by its
/// bounds checks; the arrays and how the runtime must check the launch.
std::optional<Plan> analyze(const ir::Function &F) {
  if (F.Kind != ir::FunctionKind::Kernel || !F.Callees.empty() || !F.LocalArrays.empty() ||
      F.UsesGridSync || F.Reduce || F.HostCode)
    return std::nullopt;
  Plan P;
  std::optional<std::set<const ir::Variable *>> Shared = sharedArrayVariables(F);
  if (!Shared)
    return std::nullopt;
  P.Shared = std::move(*Shared);
  if (!planParams(F, P))
    return std::nullopt;
  std::set<unsigned> GridNs;
  bool Ok = true;
  std::map<const ir::Variable *, unsigned> Refs, ArrayRefs;
  std::vector<const ir::AssignStmt *> Assigns;
  std::set<const ir::Variable *> LoopVars;
  ir::forEachNode(F.Body, [&](const ir::Node &N) {
    if (auto *L = ir::dynCast<ir::ForRangeStmt>(&N))
      LoopVars.insert(L->Var);
    if (auto *A = ir::dynCast<ir::AssignStmt>(&N)) {
      Assigns.push_back(A); // (array variables: sharedArrayVariables)
      return;
    }
    if (auto *R = ir::dynCast<ir::VarRefExpr>(&N)) {
      if (ir::dynCast<ir::ArrayType>(R->Var->Ty))
        ++Refs[R->Var];
      return;
    }
    if (auto *I = ir::dynCast<ir::IntrinsicExpr>(&N)) {
      // Only the grid's coordinates and size, and the block barrier (the
      // checker still sees the block's shared memory): no warp operation,
      // reducing barrier, fence or print.
      if (I->Id == ir::IntrinsicId::Grid)
        GridNs.insert(I->Count);
      else if (I->Id != ir::IntrinsicId::GridSize && I->Id != ir::IntrinsicId::SyncThreads)
        Ok = false;
      return;
    }
    if (auto *Alloc = ir::dynCast<ir::AllocArrayExpr>(&N)) {
      auto *AT = ir::dynCast<ir::ArrayType>(Alloc->Ty);
      Ok &= AT && AT->addressSpace() == ir::AddressSpace::Shared;
      return;
    }
    if (auto *C = ir::dynCast<ir::CallExpr>(&N); C && C->Callee->Operator)
      return; // a Python operator: arithmetic on its arguments only
    switch (N.Kind) {
    case ir::NodeKind::AtomicRMW:
    case ir::NodeKind::Call:
    case ir::NodeKind::ArrayView:
    case ir::NodeKind::ArrayReinterpret:
    case ir::NodeKind::RecordField:
    case ir::NodeKind::RecordStoreStmt:
    case ir::NodeKind::ParallelFor:
    case ir::NodeKind::OptionalUnwrap: // a None error would end the launch early
      Ok = false;
      return;
    default:
      break;
    }
    auto [Array, Indices, Store] = elementAccess(N);
    if (auto *D = ir::dynCast<ir::ArrayDimExpr>(&N))
      Array = D->Array;
    else if (auto *Z = ir::dynCast<ir::ArraySizeExpr>(&N))
      Array = Z->Array;
    if (!Array || ir::dynCast<ir::ConstArrayExpr>(Array))
      return;
    auto *R = ir::dynCast<ir::VarRefExpr>(Array);
    if (R && P.Shared.count(R->Var)) {
      ++ArrayRefs[R->Var]; // checked as before
      return;
    }
    if (!R || !P.Arrays.count(R->Var)) {
      Ok = false;
      return;
    }
    ++ArrayRefs[R->Var];
    // (Whether its indices are coordinates is known once every assignment
    // was seen: below.)
    if (Indices)
      P.Arrays[R->Var].Written |= Store;
  });
  if (!Ok || Refs != ArrayRefs || GridNs.size() > 1)
    return std::nullopt;
  std::optional<Coordinates> Coords = coordinates(F, Assigns, LoopVars);
  if (!Coords)
    return std::nullopt;
  indexTuples(F, *Coords, P);
  for (auto &[V, U] : P.Arrays) {
    if (!U.Written)
      continue;
    // Written: the same coordinates at every access, each of the grid's
    // once, so that two threads never name one element.
    if (!U.Index || GridNs.size() != 1)
      return std::nullopt;
    unsigned N = *GridNs.begin();
    std::set<unsigned> Seen(U.Index->begin(), U.Index->end());
    if (U.Index->size() != N || Seen.size() != N || *Seen.rbegin() != N - 1)
      return std::nullopt;
    P.GridN = N;
  }
  return P;
}

/// The array's name the checker's call names (operand 5), or "".
StringRef checkedArray(const CallInst &Call) {
  StringRef Name;
  if (Call.arg_size() > 5 && getConstantStringInfo(Call.getArgOperand(5), Name))
    return Name;
  return "";
}

} // namespace

void emitCheckedFastBlocks(Module &M, Function &Kernel, const ir::Function &F) {
  std::optional<Plan> P = analyze(F);
  if (!P)
    return;
  std::set<std::string> Names;
  for (const auto &[V, U] : P->Arrays)
    Names.insert(V->Name);
  ValueToValueMapTy Map;
  Function *Fast = CloneFunction(&Kernel, Map);
  Fast->setName(Kernel.getName() + "__check_fast");
  Fast->setLinkage(GlobalValue::InternalLinkage);
  // Drop the checker's calls on the arrays; anything else of the checker's
  // or the scheduler's left means the analysis missed something: no entry.
  std::vector<CallInst *> Drop;
  bool Clean = true, Barrier = false, SharedChecks = false;
  for (BasicBlock &BB : *Fast)
    for (Instruction &I : BB) {
      auto *Call = dyn_cast<CallInst>(&I);
      Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (!Call)
        continue;
      if (!Callee) {
        Clean = false;
        continue;
      }
      StringRef Name = Callee->getName();
      if (Name == "pykc_check_access") {
        auto *Flags = dyn_cast<ConstantInt>(Call->getArgOperand(3));
        uint64_t Kind = Flags ? Flags->getZExtValue() : 0;
        if ((Kind & PYKC_CHECK_GLOBAL) && (Kind & 3) != PYKC_CHECK_ATOMIC &&
            Names.count(checkedArray(*Call).str())) {
          Drop.push_back(Call);
          continue;
        }
        // The block's shared memory stays checked, all of it.
        Clean &= (Kind & PYKC_CHECK_SHARED) && !P->Shared.empty();
        SharedChecks = true;
      } else if (Name == "pykc_cpu_barrier" || Name == "pykc_check_site") {
        Barrier = true; // fissioned below; the checker learns of each round
      } else if (Name.starts_with("pykc_") && Name != "pykc_cpu_bounds_error" &&
                 Name != "pykc_check_bounds_array") {
        Clean = false;
      } else if (!Callee->isDeclaration() && !Callee->hasFnAttribute(OperatorAttribute)) {
        // A call of generated code (F.Callees was empty); Python's
        // operators are arithmetic.
        Clean = false;
      }
    }
  // Shared memory is checked block by block, and only a fissioned block
  // tells the checker where it begins (a kernel with shared memory and no
  // barrier is a bug the per-thread entry reports anyway).
  if (!Clean || (SharedChecks && !Barrier)) {
    Fast->eraseFromParent();
    return;
  }
  for (CallInst *Call : Drop)
    Call->eraseFromParent();
  if (Barrier) {
    // Its blocks run as loops over their threads between barriers, not on
    // fibers; the checker is told where each block and round begins.
    FissionedKernel Fission = fissionAtBarriers(M, *Fast, /*Checked=*/true);
    if (!Fission.Block) {
      Fast->eraseFromParent();
      return;
    }
    emitBlocksEntry(M, *Fast, F, &Fission);
  } else {
    emitBlocksEntry(M, *Fast, F);
  }
  Function *Inner = M.getFunction(Fast->getName().str() + "__cpu_blocks");
  Inner->setLinkage(GlobalValue::InternalLinkage);

  // What the runtime checks before the blocks run: GridN, the number of
  // arrays, then per array its data pointer's argument, dimensions, item
  // size and whether the kernel writes it.
  LLVMContext &C = M.getContext();
  Type *I64 = Type::getInt64Ty(C), *Ptr = PointerType::get(C, 0);
  std::vector<Constant *> Words = {ConstantInt::get(I64, P->GridN),
                                   ConstantInt::get(I64, P->Arrays.size())};
  std::vector<const ArrayUse *> Uses;
  for (const auto &[V, U] : P->Arrays)
    Uses.push_back(&U);
  std::sort(Uses.begin(), Uses.end(),
            [](const ArrayUse *A, const ArrayUse *B) { return A->Slot < B->Slot; });
  for (const ArrayUse *U : Uses)
    for (uint64_t W : {uint64_t(U->Slot), uint64_t(U->Type->ndim()), U->Type->itemSize(),
                       uint64_t(U->Written)})
      Words.push_back(ConstantInt::get(I64, W));
  auto *DescTy = ArrayType::get(I64, Words.size());
  auto *Desc = new GlobalVariable(M, DescTy, true, GlobalValue::InternalLinkage,
                                  ConstantArray::get(DescTy, Words),
                                  Kernel.getName() + "__check_fast_arrays");

  auto *Entry = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr, Ptr, I64, I64}, false),
      GlobalValue::ExternalLinkage, Kernel.getName() + "__cpu_blocks", M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Entry));
  FunctionCallee Ask = M.getOrInsertFunction(
      "pykc_check_fast_launch",
      FunctionType::get(Type::getInt8Ty(C), {Ptr, Ptr, Ptr}, false));
  Value *Yes = B.CreateCall(Ask, {Entry->getArg(0), Entry->getArg(1), Desc});
  BasicBlock *Run = BasicBlock::Create(C, "run", Entry);
  BasicBlock *Done = BasicBlock::Create(C, "done", Entry);
  B.CreateCondBr(B.CreateICmpNE(Yes, B.getInt8(0)), Run, Done);
  B.SetInsertPoint(Run);
  B.CreateCall(Inner, {Entry->getArg(0), Entry->getArg(1), Entry->getArg(2), Entry->getArg(3)});
  B.CreateBr(Done);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();
}

} // namespace pykc::codegen
