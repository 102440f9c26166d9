//===- BarrierCheck.cpp - Barriers some threads of a block skip -----------===//
#include "ir/BarrierCheck.h"
#include "ir/IRWalk.h"

#include <map>
#include <set>
#include <string>

namespace pykc::ir {

using frontend::DiagKind;
using frontend::SourceFile;

namespace {

bool isBarrier(IntrinsicId Id) {
  switch (Id) {
  case IntrinsicId::SyncThreads:
  case IntrinsicId::SyncThreadsCount:
  case IntrinsicId::SyncThreadsAnd:
  case IntrinsicId::SyncThreadsOr:
  case IntrinsicId::GridSync:
    return true;
  default:
    return false;
  }
}

/// Intrinsics whose value differs between the threads of a block.
bool variesByThread(IntrinsicId Id) {
  switch (Id) {
  case IntrinsicId::Grid:
  case IntrinsicId::ShflSync:
  case IntrinsicId::ShflUpSync:
  case IntrinsicId::ShflDownSync:
  case IntrinsicId::ShflXorSync:
  case IntrinsicId::AllSync:
  case IntrinsicId::AnySync:
  case IntrinsicId::EqSync:
  case IntrinsicId::BallotSync:
  case IntrinsicId::MatchAnySync:
  case IntrinsicId::MatchAllSync:
  case IntrinsicId::ActiveMask:
  case IntrinsicId::LanemaskLt:
    return true;
  default:
    return false;
  }
}

std::string barrierName(IntrinsicId Id) {
  // GridGroup.sync is a method, not a path the user writes.
  if (Id == IntrinsicId::GridSync)
    return "the grid barrier sync()";
  return std::string(intrinsicName(Id)) + "()";
}

/// What a device function does, as its callers see it.
struct Summary {
  bool ReturnsThreadDependent = false;
  /// The first barrier it reaches (itself or through its callees), as
  /// "cuda.syncthreads()"; empty when none.
  std::string Barrier;
};

/// The innermost thread-dependent condition a statement runs under.
struct Control {
  const Node *Cond = nullptr; ///< The condition or the loop; null: none.
  bool IsLoop = false;
};

/// The variables holding thread-dependent values at one point of a function.
using Tainted = std::set<const Variable *>;

void join(Tainted &Into, const Tainted &From) { Into.insert(From.begin(), From.end()); }

/// A flow-sensitive walk: an assignment of a uniform value makes a variable
/// uniform again, so a counter reused under a thread-dependent loop does
/// not taint the uses before it. Loops are walked until their variables
/// settle; taint only grows, so every report made on the way stands.
class FunctionCheck {
public:
  FunctionCheck(const Function &F, std::map<const Function *, Summary> &Summaries,
                const SourceFile *File, frontend::DiagnosticEngine *Diags,
                std::set<uint32_t> &Reported)
      : F(F), Summaries(Summaries), File(File), Diags(Diags), Reported(Reported) {}

  Summary run() {
    Tainted T;
    stmts(F.Body, T, Control{});
    return Result;
  }

private:
  void stmts(const StmtList &Body, Tainted &T, Control Ctl) {
    for (const Stmt *S : Body)
      stmt(*S, T, Ctl);
  }

  /// \p Cond makes the statements under it thread-dependent when it is.
  static Control under(const Control &Outer, const Node &Cond, bool Dependent, bool IsLoop) {
    return Dependent && !Outer.Cond ? Control{&Cond, IsLoop} : Outer;
  }

  void assign(const Variable *V, bool Dependent, Tainted &T, const Control &Ctl) {
    if (Dependent || Ctl.Cond)
      T.insert(V);
    else
      T.erase(V);
  }

  void stmt(const Stmt &S, Tainted &T, Control Ctl) {
    switch (S.Kind) {
    case NodeKind::AssignStmt: {
      auto &A = static_cast<const AssignStmt &>(S);
      return assign(A.Var, expr(*A.Value, T, Ctl), T, Ctl);
    }
    case NodeKind::IfStmt: {
      auto &I = static_cast<const IfStmt &>(S);
      Control Inner = under(Ctl, *I.Cond, expr(*I.Cond, T, Ctl), false);
      Tainted Else = T;
      stmts(I.Then, T, Inner);
      stmts(I.Else, Else, Inner);
      return join(T, Else);
    }
    case NodeKind::WhileStmt: {
      auto &W = static_cast<const WhileStmt &>(S);
      // T is the state at the loop's head: on entry, then after each turn.
      for (size_t Before = ~size_t(0); Before != T.size();) {
        Before = T.size();
        Tainted Body = T;
        Control Inner = under(Ctl, *W.Cond, expr(*W.Cond, Body, Ctl), true);
        stmts(W.Body, Body, Inner);
        join(T, Body);
      }
      return;
    }
    case NodeKind::ForRangeStmt: {
      auto &L = static_cast<const ForRangeStmt &>(S);
      bool Dependent = expr(*L.Start, T, Ctl) | expr(*L.Stop, T, Ctl) | expr(*L.Step, T, Ctl);
      Control Inner = under(Ctl, S, Dependent, true);
      for (size_t Before = ~size_t(0); Before != T.size();) {
        Before = T.size();
        Tainted Body = T;
        assign(L.Var, false, Body, Inner);
        stmts(L.Body, Body, Inner);
        join(T, Body);
      }
      return;
    }
    case NodeKind::ReturnStmt: {
      auto &R = static_cast<const ReturnStmt &>(S);
      if (R.Value && (expr(*R.Value, T, Ctl) || Ctl.Cond))
        Result.ReturnsThreadDependent = true;
      return;
    }
    default:
      // Stores and evaluations: their expressions may hold barriers.
      forEachChild(S, [&](const Node &N) { expr(static_cast<const Expr &>(N), T, Ctl); });
      return;
    }
  }

  /// Whether \p E depends on the thread index; reports the barriers in it.
  bool expr(const Expr &E, Tainted &T, Control Ctl) {
    switch (E.Kind) {
    case NodeKind::SpecialReg: {
      auto R = static_cast<const SpecialRegExpr &>(E).Reg;
      return R == SpecialRegister::ThreadIdx || R == SpecialRegister::LaneId;
    }
    case NodeKind::VarRef:
      return T.count(static_cast<const VarRefExpr &>(E).Var) != 0;
    case NodeKind::AtomicRMW:
      children(E, T, Ctl);
      return true;
    case NodeKind::Intrinsic: {
      auto &I = static_cast<const IntrinsicExpr &>(E);
      bool Dependent = children(E, T, Ctl);
      if (isBarrier(I.Id)) {
        noteBarrier(barrierName(I.Id));
        if (Ctl.Cond)
          report(E.Range, barrierName(I.Id) + " is called", Ctl);
      }
      return Dependent || variesByThread(I.Id);
    }
    case NodeKind::Call: {
      auto &C = static_cast<const CallExpr &>(E);
      bool Dependent = children(E, T, Ctl);
      const Summary &Callee = summary(*C.Callee);
      if (!Callee.Barrier.empty()) {
        noteBarrier(Callee.Barrier);
        if (Ctl.Cond)
          report(E.Range, "'" + C.Callee->PyName + "' reaches " + Callee.Barrier + " and is called",
                 Ctl);
      }
      return Dependent || Callee.ReturnsThreadDependent;
    }
    case NodeKind::Logical: {
      // The right operand runs only for some threads when the left varies.
      auto &L = static_cast<const LogicalExpr &>(E);
      bool Left = expr(*L.LHS, T, Ctl);
      return expr(*L.RHS, T, under(Ctl, *L.LHS, Left, false)) || Left;
    }
    case NodeKind::Select: {
      auto &S = static_cast<const SelectExpr &>(E);
      bool Cond = expr(*S.Cond, T, Ctl);
      Control Arms = under(Ctl, *S.Cond, Cond, false);
      bool Then = expr(*S.Then, T, Arms), Else = expr(*S.Else, T, Arms);
      return Cond || Then || Else;
    }
    case NodeKind::ArrayLoad:
      // An element's value is not followed; its indices may hold barriers.
      children(E, T, Ctl);
      return false;
    case NodeKind::Seq: {
      auto &Q = static_cast<const SeqExpr &>(E);
      stmts(Q.Stmts, T, Ctl);
      return expr(*Q.Value, T, Ctl);
    }
    default:
      return children(E, T, Ctl);
    }
  }

  bool children(const Expr &E, Tainted &T, Control Ctl) {
    bool Dependent = false;
    forEachChild(E, [&](const Node &N) {
      Dependent |= expr(static_cast<const Expr &>(N), T, Ctl);
    });
    return Dependent;
  }

  void noteBarrier(const std::string &Name) {
    if (Result.Barrier.empty())
      Result.Barrier = Name;
  }

  const Summary &summary(const Function &Callee) {
    auto It = Summaries.find(&Callee);
    if (It != Summaries.end())
      return It->second;
    // Recursion is rejected by Sema, so this terminates; the placeholder
    // keeps a cycle from looping should one ever get through.
    Summaries[&Callee] = Summary{};
    std::set<uint32_t> None;
    Summary S = FunctionCheck(Callee, Summaries, File, nullptr, None).run();
    return Summaries[&Callee] = S;
  }

  void report(frontend::SourceRange At, const std::string &What, const Control &Ctl) {
    if (!Diags || !At.isValid() || !Reported.insert(At.Begin.Offset).second)
      return;
    Diags->report(File, At, DiagKind::DivergentBarrier, {What});
    Diags->report(File, Ctl.Cond->Range,
                  Ctl.IsLoop ? DiagKind::NoteThreadDependentLoop
                             : DiagKind::NoteThreadDependentCondition);
  }

  const Function &F;
  std::map<const Function *, Summary> &Summaries;
  const SourceFile *File;
  frontend::DiagnosticEngine *Diags; ///< Null: only summarise.
  std::set<uint32_t> &Reported;
  Summary Result;
};

} // namespace

void checkDivergentBarriers(const Module &IR, const SourceFile *File,
                            frontend::DiagnosticEngine &Diags) {
  std::map<const Function *, Summary> Summaries;
  std::set<uint32_t> Reported; ///< Barriers already reported, by offset.
  for (const auto &F : IR.functions()) {
    // pykc's own helpers come from other buffers; their barriers are right.
    if (F->FileName != File->name() || F->Reduce)
      continue;
    FunctionCheck(*F, Summaries, File, &Diags, Reported).run();
  }
}

} // namespace pykc::ir
