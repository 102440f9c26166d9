//===- check/Variables.cpp - A function's variables and its fixed point ---===//
#include "ir/check/FunctionChecker.h"
#include "ir/check/SyntaxFacts.h"

#include "ir/NameCheck.h"
#include "support/InternalError.h"

#include <cstdlib>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

std::optional<bool> foldedTruth(const Type *Ty, const Fold &F) {
  auto *ST = dynCast<ScalarType>(Ty);
  if (!ST)
    return std::nullopt;
  // As Python's bool(): a complex number is true unless both parts are 0.
  if (ST->isComplex())
    return F.FloatValue != 0 || F.ImagValue != 0;
  return ST->isFloat() ? F.FloatValue != 0 : F.IntBits != 0;
}

FunctionChecker::FunctionChecker(TypeContext &Types, const OperatorTyping &Ops,
                                 FunctionInfo &Info, ModuleScope &Scope,
                                 const std::vector<Checked> &Args,
                                 bool HostCode, CalleeTyper &Callees)
    : Types(Types), Ops(Ops), Info(Info), HostCode(HostCode), Callees(Callees),
      Scope(Scope), File(Info.File ? Info.File : Scope.module().File) {
  const FunctionDefStmt &Def = *Info.Def;
  std::set<std::string> Names, Params;
  std::vector<std::string> Ordered; // parameters, then as first assigned
  for (size_t I = 0; I < Def.Params.size(); ++I) {
    const std::string &Name = Def.Params[I].Name;
    if (I < Args.size() && !Args[I].isValue()) {
      CompileTimeParams[Name] = Args[I];
      continue;
    }
    VariableFact V;
    V.Name = Name;
    V.Param = true;
    V.Ty = I < Args.size() ? Args[I].Ty : nullptr;
    V.ArgType = V.Ty;
    // An IntEnum member is passed as its class (Numba's IntEnumMember) and
    // computed with as the int64 it is; `is` still tells the classes apart.
    if (auto *E = dynCast<EnumType>(V.ArgType); E && E->isIntEnum())
      V.Ty = Types.int64();
    Locals[Name] = Vars.size();
    Vars.push_back(std::move(V));
    Names.insert(Name), Params.insert(Name), Ordered.push_back(Name);
  }
  SingleAssignments = singleAssignments(Def.Body);
  // Python's rule: a name assigned anywhere in the function is local to it.
  // (A compile-time parameter is never assigned: the caller passes a value
  // of its type to a parameter the body assigns.)
  for (const std::string &Name : assignedNames(Def.Body))
    if (Names.insert(Name).second)
      Ordered.push_back(Name);
  // Each name is one variable per web of assignments that meet, as Numba
  // types each assignment separately (AssignmentWebs.h).
  Webs = findAssignmentWebs(Def.Body, Names, Params);
  for (const std::string &Name : Ordered) {
    unsigned Count = Webs.Count[Name];
    unsigned EntryWeb = Params.count(Name) ? Webs.Entry[Name] : ~0u;
    for (unsigned W = 0; W < Count; ++W) {
      if (W == EntryWeb) {
        WebVars[{Name, W}] = Locals[Name];
        continue;
      }
      VariableFact V;
      V.Name = Name;
      V.Version = W;
      WebVars[{Name, W}] = Vars.size();
      Locals.emplace(Name, Vars.size());
      Vars.push_back(std::move(V));
    }
    if (EntryWeb != ~0u && EntryWeb != 0) // the parameter keeps the plain name
      std::swap(Vars[Locals[Name]].Version, Vars[WebVars[{Name, 0}]].Version);
  }
}

int FunctionChecker::local(const std::string &Name) const {
  auto It = Locals.find(Name);
  return It == Locals.end() ? -1 : int(It->second);
}

int FunctionChecker::loadVariable(const NameExpr &N) const {
  auto It = Webs.Loads.find(&N);
  auto V = WebVars.find({N.Id, It == Webs.Loads.end() ? 0u : It->second});
  return V == WebVars.end() ? local(N.Id) : int(V->second);
}

int FunctionChecker::storeVariable(const NameExpr &N) const {
  auto It = Webs.Stores.find(&N);
  auto V = WebVars.find({N.Id, It == Webs.Stores.end() ? 0u : It->second});
  return V == WebVars.end() ? local(N.Id) : int(V->second);
}

bool FunctionChecker::assignType(const fe::Expr *Target, const Type *Ty) {
  if (!Ty)
    return false;
  if (auto *N = dyn_cast<NameExpr>(Target)) {
    int Index = storeVariable(*N);
    if (Index < 0)
      return false;
    VariableFact &V = Vars[Index];
    if (!V.Ty) {
      V.Ty = Ty;
      V.FirstTy = Ty;
      V.FirstRange = N->Range;
      StaleRead |= ReadThisRound[Index] != 0;
      return true;
    }
    const Type *U = unifyTypes(Types, V.Ty, Ty);
    if (U && U != V.Ty) {
      V.Ty = U;
      StaleRead |= ReadThisRound[Index] != 0;
      return true;
    }
    return false;
  }
  const fe::ExprList *Elts = unpackTargets(*Target);
  auto *TT = dynCast<TupleType>(Ty);
  if (!Elts || !TT || TT->size() != Elts->size())
    return false;
  bool Changed = false;
  for (size_t I = 0; I < Elts->size(); ++I)
    Changed |= assignType((*Elts)[I], TT->elements()[I]);
  return Changed;
}

void FunctionChecker::typeRounds(ReturnTyping &R) {
  Returns = &R;
  // Each round can only widen types, so this converges; the bound is a
  // guard. A round whose changes no read before them saw (every read came
  // after, or none) has reached the fixed point: another would see the
  // same types everywhere and change nothing.
  ReadThisRound.assign(Vars.size(), 0);
  for (int Round = 0; Round < 32; ++Round) {
    std::fill(ReadThisRound.begin(), ReadThisRound.end(), 0);
    StaleRead = false;
    R.Read = false;
    if (!roundBlock(Info.Def->Body) || !StaleRead)
      break;
  }
  // PYKC_VERIFY_ROUNDS=1: one more round, as the rounds stopped before
  // stale reads were tracked, must change nothing.
  static const bool VerifyRounds = [] {
    const char *V = std::getenv("PYKC_VERIFY_ROUNDS");
    return V && *V && *V != '0';
  }();
  if (VerifyRounds && roundBlock(Info.Def->Body))
    PYKC_ICE("typing '" + Info.Name + "' stopped before its fixed point");
  Returns = nullptr;
  // Reaching the end returns None: with returns of values elsewhere, an
  // optional (Numba's unification), else the final walk's MissingReturn error.
  if (R.Known && R.Ty && fallsThrough(Info.Def->Body))
    if (const Type *U = unifyTypes(Types, R.Ty, Types.none()))
      R.Ty = U;
}

std::optional<ConstantValue>
FunctionChecker::evaluate(const fe::Expr &E) const {
  return evaluateConstant(
      E, [this](const fe::Expr &X) -> std::optional<ConstantValue> {
        if (auto *N = dyn_cast<NameExpr>(&X)) {
          if (auto It = CompileTimeParams.find(N->Id);
              It != CompileTimeParams.end()) {
            if (It->second.K == Checked::Kind::Constant)
              return It->second.Const;
            return std::nullopt;
          }
          if (local(N->Id) >= 0) {
            // A variable, even where a module constant has its name; constant
            // when bound once to a constant.
            auto It = SingleAssignments.find(N->Id);
            if (It == SingleAssignments.end() ||
                !Evaluating.insert(N->Id).second)
              return std::nullopt;
            auto V = evaluate(*It->second);
            Evaluating.erase(N->Id);
            return V;
          }
        }
        return Scope.constantOf(X);
      });
}

namespace {

bool isConstantTrueTest(const fe::Expr &E) {
  auto *C = dyn_cast<fe::ConstantExpr>(&E);
  return C && ((C->CK == ConstantKind::Bool && C->BoolValue) ||
               (C->CK == ConstantKind::Int && C->IntValue != 0));
}

} // namespace

bool FunctionChecker::fallsThrough(const fe::StmtList &Body) const {
  for (const fe::Stmt *St : Body) {
    switch (St->Kind) {
    case fe::NodeKind::ReturnStmt:
    case fe::NodeKind::RaiseStmt:
    case fe::NodeKind::BreakStmt:
    case fe::NodeKind::ContinueStmt:
      return false;
    case fe::NodeKind::IfStmt: {
      // A test known when compiling prunes the branch not taken, as Numba.
      auto *I = cast<fe::IfStmt>(St);
      std::optional<ConstantValue> Known = evaluate(*I->Test);
      using CK = ConstantValue::Kind;
      if (Known && (Known->K == CK::Int || Known->K == CK::Float ||
                    Known->K == CK::Bool || Known->K == CK::Complex ||
                    Known->K == CK::None)) {
        if (!fallsThrough(ir::constantTruth(*Known) ? I->Body : I->OrElse))
          return false;
        break;
      }
      if (!fallsThrough(I->Body) && !I->OrElse.empty() &&
          !fallsThrough(I->OrElse))
        return false;
      break;
    }
    case fe::NodeKind::WhileStmt: {
      auto *W = cast<fe::WhileStmt>(St);
      if (breaksItsLoop(W->Body))
        break;
      // Without a break it ends only by its test, then runs its else block.
      if (isConstantTrueTest(*W->Test) || (!W->OrElse.empty() && !fallsThrough(W->OrElse)))
        return false;
      break;
    }
    case fe::NodeKind::ForStmt: {
      auto *F = cast<fe::ForStmt>(St);
      if (!F->OrElse.empty() && !breaksItsLoop(F->Body) && !fallsThrough(F->OrElse))
        return false;
      break;
    }
    default:
      break;
    }
  }
  return true;
}

} // namespace pykc::ir
