//===- BarrierCheck.cpp - Barriers some threads of a block skip -----------===//
#include "ir/BarrierCheck.h"
#include "ir/Builtins.h"
#include "ir/IRWalk.h"

#include <map>
#include <set>
#include <string>

namespace pykc::ir {

using frontend::DiagKind;
using frontend::SourceFile;

namespace {

std::string barrierName(IntrinsicId Id) {
  // GridGroup.sync is a method, not a path the user writes.
  if (Id == IntrinsicId::GridSync)
    return "the grid barrier sync()";
  return std::string(intrinsicName(Id)) + "()";
}

/// A barrier a thread can reach next: a barrier, or a call of a device
/// function that reaches one. A null At: none, the thread leaves the kernel.
struct Reach {
  const Expr *At = nullptr;
  std::string Callee;  ///< For a call, the device function's name.
  std::string Barrier; ///< "cuda.syncthreads()"
  explicit operator bool() const { return At != nullptr; }
};

/// What a device function does, as its callers see it.
struct Summary {
  bool ReturnsThreadDependent = false;
  /// The first barrier it reaches (itself or through its callees), as
  /// "cuda.syncthreads()"; empty when none.
  std::string Barrier;
};

/// The first barrier a thread can reach where the statements walked end,
/// after a `break` or `continue` of the innermost loop, and after a return.
struct Exits {
  Reach After, Break, Continue, Return;
};

/// A thread-dependent condition or loop.
struct Site {
  const Node *Cond = nullptr;
  bool IsLoop = false;
};

/// The thread-dependent conditions a statement runs under.
struct Control {
  /// The one whose skipping threads can reach another barrier (Skip), else
  /// the outermost one; null Cond: the statement runs for every thread.
  Site Reported;
  Reach Skip;
  /// The innermost one, and the loop depth where it was entered: a `break`
  /// or `continue` under it at that depth lets only some threads leave.
  Site Inner;
  int InnerDepth = -1;
};

/// The exits some threads take and others do not, each with its condition.
struct Divergence {
  Site Break, Continue, Return;
};

void merge(Divergence &Into, const Divergence &From) {
  for (auto Field : {&Divergence::Break, &Divergence::Continue, &Divergence::Return})
    if (!(Into.*Field).Cond)
      Into.*Field = From.*Field;
}

/// A thread-dependent \p At, whose skipping threads can reach \p Skip, over
/// \p Outer.
Control enter(const Control &Outer, Site At, const Reach &Skip, int Depth) {
  Control C = Outer;
  if (!C.Reported.Cond || (!C.Skip && Skip)) {
    C.Reported = At;
    C.Skip = Skip;
  }
  C.Inner = At;
  C.InnerDepth = Depth;
  return C;
}

/// The variables holding thread-dependent values at one point of a function.
using Tainted = std::set<const Variable *>;

void join(Tainted &Into, const Tainted &From) { Into.insert(From.begin(), From.end()); }

/// Whether \p N holds a `break` or `continue` of the loop around it, or a
/// `return`.
void exitsIn(const Node &N, bool Nested, bool &Break, bool &Continue, bool &Return) {
  switch (N.Kind) {
  case NodeKind::BreakStmt:
    Break |= !Nested;
    return;
  case NodeKind::ContinueStmt:
    Continue |= !Nested;
    return;
  case NodeKind::ReturnStmt:
    Return = true;
    return;
  case NodeKind::WhileStmt:
  case NodeKind::ForRangeStmt:
    Nested = true;
    break;
  default:
    break;
  }
  forEachChild(N, [&](const Node &C) { exitsIn(C, Nested, Break, Continue, Return); });
}

/// What the functions of a module tell each other.
struct ModuleState {
  std::map<const Function *, Summary> Summaries;
  /// Per device function: the first barrier its callers can reach after a
  /// call of it returns.
  std::map<const Function *, Reach> AfterCall;
  std::map<const Node *, Reach> FirstBarrier;
  bool Changed = false; ///< AfterCall grew.
};

/// A flow-sensitive walk: an assignment of a uniform value makes a variable
/// uniform again, so a counter reused under a thread-dependent loop does
/// not taint the uses before it. Loops are walked until their variables
/// settle; taint only grows, so every report made on the way stands.
class FunctionCheck {
public:
  FunctionCheck(const Function &F, ModuleState &State, const SourceFile *File,
                frontend::DiagnosticEngine *Diags, std::set<uint32_t> &Reported)
      : F(F), State(State), File(File), Diags(Diags), Reported(Reported) {}

  Summary run() {
    Tainted T;
    Exits X;
    if (F.Kind == FunctionKind::Device)
      X.After = X.Return = State.AfterCall[&F];
    ReturnTo = X.Return;
    stmts(F.Body, T, Control{}, X);
    return Result;
  }

private:
  /// The first barrier in \p N, in the order Python evaluates it.
  Reach firstBarrier(const Node &N) {
    if (auto It = State.FirstBarrier.find(&N); It != State.FirstBarrier.end())
      return It->second;
    Reach R;
    forEachChild(N, [&](const Node &C) {
      if (!R)
        R = firstBarrier(C);
    });
    if (!R && N.Kind == NodeKind::Intrinsic) {
      auto &I = static_cast<const IntrinsicExpr &>(N);
      if (isBarrier(I.Id)) // ir/Builtins.def's Sync column: Block or Grid
        R = Reach{&I, "", barrierName(I.Id)};
    } else if (!R && N.Kind == NodeKind::Call) {
      auto &C = static_cast<const CallExpr &>(N);
      std::string Barrier = summary(*C.Callee).Barrier;
      if (!Barrier.empty())
        R = Reach{&C, C.Callee->PyName, Barrier};
    }
    return State.FirstBarrier[&N] = R;
  }

  Reach firstBarrier(const StmtList &Body) {
    for (const Stmt *S : Body)
      if (Reach R = firstBarrier(*S))
        return R;
    return {};
  }

  /// The first barrier a thread can reach from statement \p I of \p Body on.
  Reach reachFrom(const StmtList &Body, size_t I, const Exits &X) {
    Reach Exit; // through a break, continue or return in a statement passed
    for (; I < Body.size(); ++I) {
      const Stmt &S = *Body[I];
      if (Reach R = firstBarrier(S))
        return R;
      switch (S.Kind) {
      case NodeKind::BreakStmt:
        return Exit ? Exit : X.Break;
      case NodeKind::ContinueStmt:
        return Exit ? Exit : X.Continue;
      case NodeKind::ReturnStmt:
        return Exit ? Exit : X.Return;
      default:
        break;
      }
      bool Break = false, Continue = false, Return = false;
      exitsIn(S, false, Break, Continue, Return);
      if (!Exit)
        Exit = Break && X.Break ? X.Break : Continue && X.Continue ? X.Continue
               : Return                   ? X.Return
                                          : Reach{};
    }
    return Exit ? Exit : X.After;
  }

  Divergence stmts(const StmtList &Body, Tainted &T, Control Ctl, const Exits &X) {
    Divergence D;
    for (size_t I = 0; I < Body.size(); ++I) {
      const Stmt &S = *Body[I];
      // Only a statement with a barrier needs to know where threads go next.
      Reach After = firstBarrier(S) ? reachFrom(Body, I + 1, X) : Reach{};
      Divergence Here = stmt(S, T, Ctl, X, After);
      merge(D, Here);
      // The threads that took an exit skip the rest; those that returned
      // from a kernel wait nowhere.
      if (Here.Break.Cond)
        Ctl = enter(Ctl, Here.Break, X.Break, Depth);
      if (Here.Continue.Cond)
        Ctl = enter(Ctl, Here.Continue, X.Continue, Depth);
      if (Here.Return.Cond && X.Return)
        Ctl = enter(Ctl, Here.Return, X.Return, Depth);
    }
    return D;
  }

  /// \p Cond, thread-dependent when \p Dependent, over \p Outer.
  Control under(const Control &Outer, const Node &Cond, bool Dependent, bool IsLoop,
                const Reach &Skip) {
    return Dependent ? enter(Outer, Site{&Cond, IsLoop}, Skip, Depth) : Outer;
  }

  void assign(const Variable *V, bool Dependent, Tainted &T, const Control &Ctl) {
    if (Dependent || Ctl.Reported.Cond)
      T.insert(V);
    else
      T.erase(V);
  }

  /// A loop's body, walked until its variables and its thread-dependent
  /// exits settle; \p Head evaluates the loop's condition or bounds.
  template <class HeadFn>
  Divergence loop(const Stmt &S, const StmtList &Body, Tainted &T, const Control &Ctl,
                  const Exits &X, const Reach &After, HeadFn Head) {
    Exits Inside;
    Inside.Break = After;
    Inside.Return = X.Return;
    Reach First = firstBarrier(S);
    Inside.After = Inside.Continue = First ? First : After;
    Divergence Out;
    Site Broke; // a thread-dependent `break`: from then on the loop diverges
    for (;;) {
      size_t Before = T.size();
      const Node *BrokeBefore = Broke.Cond;
      Tainted BodyT = T;
      CurrentAfter = Inside.After;
      Control Inner = Head(BodyT);
      if (Broke.Cond)
        Inner = enter(Inner, Broke, After, Depth);
      ++Depth;
      Divergence D = stmts(Body, BodyT, Inner, Inside);
      --Depth;
      if (!Broke.Cond)
        Broke = D.Break;
      Out.Return = Out.Return.Cond ? Out.Return : D.Return;
      join(T, BodyT);
      if (T.size() == Before && Broke.Cond == BrokeBefore)
        return Out;
    }
  }

  Divergence stmt(const Stmt &S, Tainted &T, Control Ctl, const Exits &X, const Reach &After) {
    CurrentAfter = After;
    switch (S.Kind) {
    case NodeKind::AssignStmt: {
      auto &A = static_cast<const AssignStmt &>(S);
      assign(A.Var, expr(*A.Value, T, Ctl), T, Ctl);
      return {};
    }
    case NodeKind::IfStmt: {
      auto &I = static_cast<const IfStmt &>(S);
      Exits Branch = X;
      Branch.After = After;
      // A short-circuit in the condition: its skipping threads go on here.
      Reach Rest = firstBarrier(I.Then);
      CurrentAfter = Rest ? Rest : (Rest = firstBarrier(I.Else)) ? Rest : After;
      bool Dependent = expr(*I.Cond, T, Ctl);
      Reach SkipThen, SkipElse;
      if (Dependent) {
        SkipThen = reachFrom(I.Else, 0, Branch);
        SkipElse = reachFrom(I.Then, 0, Branch);
      }
      Tainted Else = T;
      Divergence D = stmts(I.Then, T, under(Ctl, *I.Cond, Dependent, false, SkipThen), Branch);
      merge(D, stmts(I.Else, Else, under(Ctl, *I.Cond, Dependent, false, SkipElse), Branch));
      join(T, Else);
      return D;
    }
    case NodeKind::WhileStmt: {
      auto &W = static_cast<const WhileStmt &>(S);
      // T is the state at the loop's head: on entry, then after each turn.
      return loop(S, W.Body, T, Ctl, X, After, [&](Tainted &Body) {
        return under(Ctl, *W.Cond, expr(*W.Cond, Body, Ctl), true, After);
      });
    }
    case NodeKind::ForRangeStmt: {
      auto &L = static_cast<const ForRangeStmt &>(S);
      // All three are walked: each may hold a barrier to report.
      bool Dependent = expr(*L.Start, T, Ctl);
      Dependent = expr(*L.Stop, T, Ctl) || Dependent;
      Dependent = expr(*L.Step, T, Ctl) || Dependent;
      Control Inner = under(Ctl, S, Dependent, true, After);
      return loop(S, L.Body, T, Ctl, X, After, [&](Tainted &Body) {
        assign(L.Var, false, Body, Inner);
        return Inner;
      });
    }
    case NodeKind::ReturnStmt: {
      auto &R = static_cast<const ReturnStmt &>(S);
      if (R.Value && (expr(*R.Value, T, Ctl) || Ctl.Reported.Cond))
        Result.ReturnsThreadDependent = true;
      Divergence D;
      D.Return = Ctl.Inner;
      return D;
    }
    case NodeKind::BreakStmt:
    case NodeKind::ContinueStmt: {
      Divergence D;
      if (Ctl.InnerDepth == Depth)
        (S.Kind == NodeKind::BreakStmt ? D.Break : D.Continue) = Ctl.Inner;
      return D;
    }
    default:
      // Stores and evaluations: their expressions may hold barriers.
      forEachChild(S, [&](const Node &N) { expr(static_cast<const Expr &>(N), T, Ctl); });
      return {};
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
        report(E, barrierName(I.Id) + " is called", Ctl);
      }
      // ir/Builtins.def's Thread column: grid, shuffles, votes, masks.
      return Dependent || builtinTraits(I.Id).VariesByThread;
    }
    case NodeKind::Call: {
      auto &C = static_cast<const CallExpr &>(E);
      bool Dependent = children(E, T, Ctl);
      const Summary &Callee = summary(*C.Callee);
      if (!Callee.Barrier.empty()) {
        noteBarrier(Callee.Barrier);
        // Where the callee's threads go when it returns.
        Reach &Back = State.AfterCall[C.Callee];
        if (!Back && CurrentAfter) {
          Back = CurrentAfter;
          State.Changed = true;
        }
        report(E, "'" + C.Callee->PyName + "' reaches " + Callee.Barrier + " and is called", Ctl);
      }
      return Dependent || Callee.ReturnsThreadDependent;
    }
    case NodeKind::Logical: {
      // The right operand runs only for some threads when the left varies.
      auto &L = static_cast<const LogicalExpr &>(E);
      bool Left = expr(*L.LHS, T, Ctl);
      return expr(*L.RHS, T, under(Ctl, *L.LHS, Left, false, CurrentAfter)) || Left;
    }
    case NodeKind::Select: {
      auto &S = static_cast<const SelectExpr &>(E);
      bool Cond = expr(*S.Cond, T, Ctl);
      Control Arms = under(Ctl, *S.Cond, Cond, false, CurrentAfter);
      bool Then = expr(*S.Then, T, Arms), Else = expr(*S.Else, T, Arms);
      return Cond || Then || Else;
    }
    case NodeKind::ArrayLoad:
      // An element's value is not followed; its indices may hold barriers.
      children(E, T, Ctl);
      return false;
    case NodeKind::Seq: {
      auto &Q = static_cast<const SeqExpr &>(E);
      Reach After = CurrentAfter;
      Exits X;
      X.After = After;
      X.Return = ReturnTo;
      stmts(Q.Stmts, T, Ctl, X);
      CurrentAfter = After;
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
    auto It = State.Summaries.find(&Callee);
    if (It != State.Summaries.end())
      return It->second;
    // Recursion is rejected by Sema, so this terminates; the placeholder
    // keeps a cycle from looping should one ever get through.
    State.Summaries[&Callee] = Summary{};
    std::set<uint32_t> None;
    Summary S = FunctionCheck(Callee, State, File, nullptr, None).run();
    return State.Summaries[&Callee] = S;
  }

  /// A barrier \p At under \p Ctl: reported when the threads that skip it
  /// can reach another barrier.
  void report(const Expr &At, const std::string &What, const Control &Ctl) {
    if (!Diags || !Ctl.Reported.Cond || !Ctl.Skip || !At.Range.isValid() ||
        !Reported.insert(At.Range.Begin.Offset).second)
      return;
    const Reach &Skip = Ctl.Skip;
    std::string Line = std::to_string(Skip.At->Range.Begin.Line);
    std::string Where = Skip.At == &At ? "it again in a later turn of the loop"
                        : Skip.Callee.empty()
                            ? Skip.Barrier + " on line " + Line
                            : "'" + Skip.Callee + "' on line " + Line + ", which reaches " +
                                  Skip.Barrier;
    Diags->report(File, At.Range, DiagKind::DivergentBarrier, {What, Where});
    Diags->report(File, Ctl.Reported.Cond->Range,
                  Ctl.Reported.IsLoop ? DiagKind::NoteThreadDependentLoop
                                      : DiagKind::NoteThreadDependentCondition);
    if (Skip.At != &At && Skip.At->Range.isValid())
      Diags->report(File, Skip.At->Range, DiagKind::NoteSkippersWaitHere);
  }

  const Function &F;
  ModuleState &State;
  const SourceFile *File;
  frontend::DiagnosticEngine *Diags; ///< Null: only summarise.
  std::set<uint32_t> &Reported;
  Summary Result;
  int Depth = 0;       ///< Loops around the statement walked.
  Reach CurrentAfter;  ///< Where threads go after the statement walked.
  Reach ReturnTo;      ///< Where threads go after the function returns.
};

/// Whether \p F reaches a barrier, itself or through its callees: only
/// such a function can report or tell a callee where it returns to, so
/// the others are skipped (most kernels have no barrier at all).
bool reachesBarrier(const Function &F, std::map<const Function *, bool> &Memo) {
  auto [It, New] = Memo.try_emplace(&F, false); // false: a cycle's placeholder
  if (!New)
    return It->second;
  bool Found = anyNode(F.Body, [&](const Node &N) {
    if (N.Kind == NodeKind::Intrinsic)
      return isBarrier(static_cast<const IntrinsicExpr &>(N).Id);
    return N.Kind == NodeKind::Call &&
           reachesBarrier(*static_cast<const CallExpr &>(N).Callee, Memo);
  });
  return Memo[&F] = Found;
}

} // namespace

void checkDivergentBarriers(const Module &IR, const SourceFile *File,
                            frontend::DiagnosticEngine &Diags) {
  ModuleState State;
  std::set<uint32_t> Reported; ///< Barriers already reported, by offset.
  // pykc's own helpers come from other buffers; their barriers are right.
  std::map<const Function *, bool> Barriers;
  auto Checked = [&](const Function &F) {
    return F.FileName == File->name() && !F.Reduce && reachesBarrier(F, Barriers);
  };
  // Where device functions return to, until no call adds a place; each
  // round adds one or ends, so there are at most as many as functions.
  do {
    State.Changed = false;
    for (const auto &F : IR.functions())
      if (Checked(*F))
        FunctionCheck(*F, State, File, nullptr, Reported).run();
  } while (State.Changed);
  for (const auto &F : IR.functions())
    if (Checked(*F))
      FunctionCheck(*F, State, File, &Diags, Reported).run();
}

} // namespace pykc::ir
