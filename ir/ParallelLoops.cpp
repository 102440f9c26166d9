//===- ParallelLoops.cpp - prange loops of parallel host functions --------===//
#include "ir/ParallelLoops.h"
#include "ir/IRWalk.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace pykc::ir {

using frontend::DiagKind;

namespace {

/// How often each variable is read in a tree of nodes.
std::map<const Variable *, unsigned> readCounts(const StmtList &Body) {
  std::map<const Variable *, unsigned> Reads;
  forEachNode(Body, [&](const Node &N) {
    if (auto *R = dynCast<VarRefExpr>(&N))
      ++Reads[R->Var];
  });
  return Reads;
}

/// Whether \p E reads \p V.
bool reads(const Expr &E, const Variable *V) {
  bool Found = false;
  forEachNode(E, [&](const Node &N) {
    if (auto *R = dynCast<VarRefExpr>(&N))
      Found |= R->Var == V;
  });
  return Found;
}

class Outliner {
public:
  Outliner(Function &F, Module &M, TypeContext &Types, unsigned Threads,
           const frontend::SourceFile *File, frontend::DiagnosticEngine &Diags)
      : F(F), M(M), Types(Types), Threads(Threads), File(File), Diags(Diags) {}

  bool run() {
    block(F.Body);
    return Ok;
  }

private:
  void block(StmtList &Body) {
    for (size_t I = 0; I < Body.size(); ++I) {
      Stmt *S = Body[I];
      if (auto *L = dynCast<ForRangeStmt>(S); L && L->Parallel) {
        StmtList Replacement;
        if (!outline(*L, Replacement))
          continue;
        Body.erase(Body.begin() + I);
        Body.insert(Body.begin() + I, Replacement.begin(), Replacement.end());
        I += Replacement.size() - 1;
        continue;
      }
      if (auto *If = dynCast<IfStmt>(S)) {
        block(If->Then);
        block(If->Else);
      } else if (auto *W = dynCast<WhileStmt>(S)) {
        block(W->Body);
      } else if (auto *L = dynCast<ForRangeStmt>(S)) {
        block(L->Body);
      }
    }
  }

  struct Reduction {
    Variable *Var;
    ReductionOp Combine;
  };

  /// `v = min(v, e)` (or max, either order), as lowering spells it: a
  /// select between the compared operands, one of them v.
  static std::optional<ReductionOp> minMaxUpdate(const AssignStmt &A) {
    auto *Sel = dynCast<SelectExpr>(A.Value);
    auto *Cmp = Sel ? dynCast<CompareExpr>(Sel->Cond) : nullptr;
    if (!Cmp || Sel->Then != Cmp->LHS || Sel->Else != Cmp->RHS ||
        (Cmp->Op != CompareOp::Gt && Cmp->Op != CompareOp::Lt))
      return std::nullopt;
    auto IsSelf = [&](const Expr *E) {
      auto *R = dynCast<VarRefExpr>(E);
      return R && R->Var == A.Var;
    };
    const Expr *Other = IsSelf(Cmp->LHS) ? Cmp->RHS : IsSelf(Cmp->RHS) ? Cmp->LHS : nullptr;
    if (!Other || reads(*Other, A.Var))
      return std::nullopt;
    return Cmp->Op == CompareOp::Gt ? ReductionOp::Max : ReductionOp::Min;
  }

  /// The reductions of loop \p L; false (after errors) when a variable it
  /// assigns is read outside it and is not one.
  bool classify(const ForRangeStmt &L, std::vector<Reduction> &Reductions,
                std::set<const Variable *> &Assigned) {
    std::map<const Variable *, std::vector<const AssignStmt *>> Assignments;
    forEachNode(L.Body, [&](const Node &N) {
      if (auto *A = dynCast<AssignStmt>(&N)) {
        Assignments[A->Var].push_back(A);
        Assigned.insert(A->Var);
      } else if (auto *Inner = dynCast<ForRangeStmt>(&N)) {
        Assigned.insert(Inner->Var);
      }
    });
    Assigned.insert(L.Var);
    auto Inside = readCounts(L.Body);
    auto All = readCounts(F.Body);
    bool Good = true;
    for (auto &[V, List] : Assignments) {
      bool AddSub = true, Mul = true;
      std::optional<ReductionOp> MinMax = minMaxUpdate(*List.front());
      for (const AssignStmt *A : List) {
        auto *B = dynCast<BinaryExpr>(A->Value);
        auto *Self = B ? dynCast<VarRefExpr>(B->LHS) : nullptr;
        bool Update = Self && Self->Var == V && !reads(*B->RHS, V);
        AddSub &= Update && (B->Op == ArithOp::Add || B->Op == ArithOp::Sub);
        Mul &= Update && B->Op == ArithOp::Mul;
        if (MinMax != minMaxUpdate(*A))
          MinMax.reset();
      }
      auto *S = dynCast<ScalarType>(V->Ty);
      bool Numeric = S && !S->isBoolean();
      if ((AddSub || Mul) && Numeric && Inside[V] == List.size()) {
        Reductions.push_back({const_cast<Variable *>(V), Mul ? ReductionOp::Mul : ReductionOp::Add});
        for (const AssignStmt *A : List) // the loop's own nodes, moved to G next
          const_cast<BinaryExpr *>(static_cast<const BinaryExpr *>(A->Value))->Reassociate = true;
        continue;
      }
      // min and max read v twice each: in the comparison and as an arm.
      if (MinMax && Numeric && Inside[V] == 2 * List.size()) {
        Reductions.push_back({const_cast<Variable *>(V), *MinMax});
        continue;
      }
      if (All[V] > Inside[V]) {
        Diags.report(File, List.front()->Range, DiagKind::PrangeCarriedVariable, {V->Name});
        Good = false;
      }
    }
    if (All[L.Var] > Inside[L.Var]) {
      Diags.report(File, L.Range, DiagKind::PrangeCarriedVariable, {L.Var->Name});
      Good = false;
    }
    return Good;
  }

  ConstantExpr *identity(const ScalarType *T, ReductionOp Op, frontend::SourceRange R) {
    auto *C = M.create<ConstantExpr>(R);
    C->Ty = T;
    if (T->isFloat())
      C->FloatValue = Op == ReductionOp::Mul ? 1.0 : 0.0;
    else
      C->IntBits = Op == ReductionOp::Mul ? 1 : 0;
    return C;
  }

  static bool isMinMax(ReductionOp Op) { return Op == ReductionOp::Min || Op == ReductionOp::Max; }

  VarRefExpr *ref(Variable *V, frontend::SourceRange R) {
    auto *E = M.create<VarRefExpr>(R);
    E->Var = V;
    E->Ty = V->Ty;
    return E;
  }

  Variable *newVariable(Function &G, const std::string &Name, const Type *T) {
    G.Variables.push_back(std::make_unique<Variable>());
    Variable *V = G.Variables.back().get();
    V->Name = Name;
    V->Ty = T;
    return V;
  }

  bool outline(ForRangeStmt &L, StmtList &Replacement) {
    std::vector<Reduction> Reductions;
    std::set<const Variable *> Assigned;
    if (!classify(L, Reductions, Assigned)) {
      Ok = false;
      return false;
    }
    frontend::SourceRange R = L.Range;
    const Type *IndexTy = L.Var->Ty;
    Function *G = M.addFunction();
    G->Kind = FunctionKind::Device;
    G->PyName = F.PyName;
    G->SymbolName = F.SymbolName + "__prange" + std::to_string(Count++);
    G->Range = R;
    G->FileName = F.FileName;
    G->FastMath = F.FastMath;
    G->OutlinedFrom = &F;
    G->HostCode = true;
    auto Param = [&](const std::string &Name, const Type *T) {
      Variable *V = newVariable(*G, Name, T);
      V->ArgType = T;
      G->Params.push_back(V);
      return V;
    };
    Variable *Lo = Param("$lo", Types.int64()), *Hi = Param("$hi", Types.int64());
    Variable *Start = Param("$start", IndexTy);
    // Values the loop reads and never assigns: arguments, in first-read order.
    std::map<const Variable *, Variable *> Remap;
    std::vector<Variable *> Captured;
    forEachNode(L.Body, [&](const Node &N) {
      auto *Ref = dynCast<VarRefExpr>(&N);
      if (!Ref || Assigned.count(Ref->Var) || Remap.count(Ref->Var))
        return;
      Remap[Ref->Var] = Param(Ref->Var->Name, Ref->Var->Ty);
      Captured.push_back(Ref->Var);
    });
    auto Local = [&](Variable *V) {
      auto It = Remap.find(V);
      if (It == Remap.end())
        It = Remap.emplace(V, newVariable(*G, V->Name, V->Ty)).first;
      return It->second;
    };
    // The body, moved: its variables become G's.
    // A node may be shared (min and max use their operands twice): each is
    // renamed once.
    std::set<const Node *> Renamed;
    forEachNode(L.Body, [&](const Node &N) {
      if (!Renamed.insert(&N).second)
        return;
      Node &Mutable = const_cast<Node &>(N); // the body now belongs to G alone
      if (auto *Ref = dynCast<VarRefExpr>(&Mutable))
        Ref->Var = Local(Ref->Var);
      else if (auto *A = dynCast<AssignStmt>(&Mutable))
        A->Var = Local(A->Var);
      else if (auto *Inner = dynCast<ForRangeStmt>(&Mutable))
        Inner->Var = Local(Inner->Var);
      else if (auto *C = dynCast<CallExpr>(&Mutable))
        G->Callees.push_back(C->Callee);
    });
    // r = identity (min and max: the value before the loop, which they
    // may meet again); for k in range(lo, hi): i = start + k; body...
    std::vector<const Type *> ResultTypes;
    for (const Reduction &Red : Reductions) {
      auto *A = M.create<AssignStmt>(R);
      A->Var = Local(Red.Var);
      if (isMinMax(Red.Combine)) {
        A->Value = ref(Param("$" + Red.Var->Name + "_before", Red.Var->Ty), R);
        Captured.push_back(Red.Var);
      } else {
        A->Value = identity(dynCast<ScalarType>(Red.Var->Ty), Red.Combine, R);
      }
      G->Body.push_back(A);
      ResultTypes.push_back(Red.Var->Ty);
    }
    Variable *K = newVariable(*G, "$k", Types.int64());
    auto *Loop = M.create<ForRangeStmt>(R);
    Loop->Var = K;
    Loop->Start = ref(Lo, R);
    Loop->Stop = ref(Hi, R);
    auto *One = M.create<ConstantExpr>(R);
    One->Ty = Types.int64();
    One->IntBits = 1;
    Loop->Step = One;
    Expr *KIndex = ref(K, R);
    if (IndexTy != Types.int64()) {
      auto *C = M.create<CastExpr>(R);
      C->Ty = IndexTy;
      C->Operand = KIndex;
      KIndex = C;
    }
    // prange's step is 1 (lowering checks): i = start + k. A constant start
    // stays a constant, so that an index known not to be negative needs no
    // wrap-around (with the chunk's lo >= 0, which the chunk function
    // tells LLVM).
    Expr *StartValue = ref(Start, R);
    if (auto *C = dynCast<ConstantExpr>(L.Start)) {
      auto *Copy = M.create<ConstantExpr>(R);
      *Copy = *C;
      StartValue = Copy;
    }
    auto *Index = M.create<BinaryExpr>(R);
    Index->Ty = IndexTy;
    Index->Op = ArithOp::Add;
    Index->LHS = StartValue;
    Index->RHS = KIndex;
    auto *SetIndex = M.create<AssignStmt>(R);
    SetIndex->Var = Local(L.Var);
    SetIndex->Value = Index;
    SetIndex->StartsIteration = true;
    Loop->Body.push_back(SetIndex);
    Loop->Body.insert(Loop->Body.end(), L.Body.begin(), L.Body.end());
    G->Body.push_back(Loop);
    auto *Ret = M.create<ReturnStmt>(R);
    if (ResultTypes.empty()) {
      G->ReturnType = Types.none();
    } else {
      auto *Tuple = M.create<TupleMakeExpr>(R);
      Tuple->Ty = G->ReturnType = Types.tuple(ResultTypes);
      for (const Reduction &Red : Reductions)
        Tuple->Elements.push_back(ref(Local(Red.Var), R));
      Ret->Value = Tuple;
    }
    G->Body.push_back(Ret);

    // In F: the chunks' partials, combined into the reduction variables.
    auto *P = M.create<ParallelForExpr>(R);
    P->Ty = G->ReturnType;
    P->Body = G;
    P->Start = L.Start;
    P->Stop = L.Stop;
    P->Step = L.Step;
    P->Threads = Threads;
    for (Variable *V : Captured)
      P->Captures.push_back(ref(V, R));
    for (const Reduction &Red : Reductions) {
      P->Combine.push_back(Red.Combine);
      P->Inits.push_back(isMinMax(Red.Combine) ? ref(Red.Var, R) : nullptr);
    }
    F.Callees.push_back(G);
    if (Reductions.empty()) {
      auto *E = M.create<EvalStmt>(R);
      E->Value = P;
      Replacement.push_back(E);
      return true;
    }
    F.Variables.push_back(std::make_unique<Variable>());
    Variable *Partials = F.Variables.back().get();
    Partials->Name = "$prange" + std::to_string(Count - 1);
    Partials->Ty = G->ReturnType;
    auto *Run = M.create<AssignStmt>(R);
    Run->Var = Partials;
    Run->Value = P;
    Replacement.push_back(Run);
    for (size_t J = 0; J < Reductions.size(); ++J) {
      auto *Get = M.create<TupleGetExpr>(R);
      Get->Ty = Reductions[J].Var->Ty;
      Get->Tuple = ref(Partials, R);
      Get->Index = unsigned(J);
      auto *A = M.create<AssignStmt>(R);
      A->Var = Reductions[J].Var;
      A->Value = Get; // min and max: the combination started from v
      if (!isMinMax(Reductions[J].Combine)) {
        auto *Sum = M.create<BinaryExpr>(R);
        Sum->Ty = Reductions[J].Var->Ty;
        Sum->Op = Reductions[J].Combine == ReductionOp::Mul ? ArithOp::Mul : ArithOp::Add;
        Sum->LHS = ref(Reductions[J].Var, R);
        Sum->RHS = Get;
        A->Value = Sum;
      }
      Replacement.push_back(A);
    }
    return true;
  }

  Function &F;
  Module &M;
  TypeContext &Types;
  unsigned Threads;
  const frontend::SourceFile *File;
  frontend::DiagnosticEngine &Diags;
  unsigned Count = 0;
  bool Ok = true;
};

} // namespace

bool outlineParallelLoops(Function &F, Module &M, TypeContext &Types, unsigned Threads,
                          const frontend::SourceFile *File, frontend::DiagnosticEngine &Diags) {
  return Outliner(F, M, Types, Threads, File, Diags).run();
}

void outlineParallelLoops(SemaResult &Result, TypeContext &Types, unsigned Threads,
                          frontend::DiagnosticEngine &Diags) {
  for (auto [F, Info] : Result.HostEntries)
    if (F->HostEntry && F->Parallel &&
        !outlineParallelLoops(*F, *Result.IR, Types, Threads, Info->File, Diags))
      F->HostEntry = false;
}

} // namespace pykc::ir
