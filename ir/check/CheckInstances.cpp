//===- check/CheckInstances.cpp - Checking device-function instances ------===//
//
// The checker's side of ir/Sema.cpp: a call of a device function in the
// final walk checks the instance it binds, on its first use, and reports
// its diagnostics, in this order: no matching signature, the callee's name
// errors, recursion without a return type, calls nested too deeply, the
// callee's own diagnostics, then that the callee failed. What it accepts,
// and only that, instantiateDevice builds.
//
//===----------------------------------------------------------------------===//
#include "ir/SemaContext.h"
#include "ir/NameCheck.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

std::optional<const Type *> SemaContext::checkCall(FunctionInfo &Fn,
                                                   const std::vector<Checked> &Args,
                                                   const SourceFile *File, SourceRange CallRange,
                                                   bool Host, DiagnosticEngine &D) {
  auto Bound = bindArguments(Fn, instanceArgs(Args), File, CallRange, &D);
  if (!Bound)
    return std::nullopt;
  if (!Fn.Synthetic) {
    auto [It, First] = CheckedNames.emplace(&Fn, false);
    if (First && Fn.NameChecked) // by the plan, or by an earlier context
      It->second = Fn.HasNameErrors;
    else if (First) {
      // An @njit function without a signature is checked once a kernel
      // calls it, as Numba compiles it lazily.
      It->second = !checkNames(Fn, Fn.Scope ? *Fn.Scope : Scope, D);
      if (Out) { // what the plan then knows of it (CompilePlan.cpp's selected)
        Fn.NameChecked = true;
        Fn.HasNameErrors = It->second;
      }
    }
    if (It->second) // reported; its calls fail without a cascade
      return std::nullopt;
  }
  const std::vector<InstanceArg> &Params = Bound->Params;
  Key K = keyOf(Fn, Params, Host);
  if (auto It = CheckAccepted.find(K); It != CheckAccepted.end())
    return It->second;
  if (CheckFailed.count(K))
    return std::nullopt;
  if (auto It = CheckInProgress.find(K); It != CheckInProgress.end()) {
    // Recursion needs the return type before the call is typed.
    auto Typed = Typing.find(K);
    if (Bound->DeclaredReturn || (Typed != Typing.end() && Typed->second->provisional()))
      return It->second;
    D.report(File, CallRange, DiagKind::RecursiveCall, {Fn.Name, recursionFix(Fn)});
    return std::nullopt;
  }
  if (callDepth() >= MaxCallDepth) {
    D.report(File, CallRange, DiagKind::CallsTooDeep, {Fn.Name, std::to_string(MaxCallDepth)});
    CheckUnwinding = true;
    return std::nullopt;
  }
  // Typed already when deviceReturnType's result was final: not again.
  std::unique_ptr<FunctionChecker> Owned;
  ReturnTyping Returns;
  bool Typed = false;
  if (auto It = TypedForCall.find(K); It != TypedForCall.end()) {
    Owned = std::move(It->second.Checker);
    Returns = It->second.Returns;
    TypedForCall.erase(It);
    Typed = true;
  } else {
    Owned = std::make_unique<FunctionChecker>(Types, Ops, Fn, Fn.Scope ? *Fn.Scope : Scope,
                                              checkedArguments(Params), Host, *this);
  }
  FunctionChecker &Checker = *Owned;
  if (Out)
    CheckOrder.push_back({&Fn, Params, Host});
  CheckInProgress[K] = nullptr;
  Typing[K] = &Returns;
  if (!Typed)
    Checker.typeRounds(Returns);
  const Type *Ret = Bound->DeclaredReturn ? Bound->DeclaredReturn
                    : Returns.Known       ? Returns.Ty
                                          : Types.none();
  CheckInProgress[K] = Ret;
  WalkSetting How;
  How.ReturnType = Ret;
  How.Diags = &D;
  bool Ok = Checker.walk(How);
  Typing.erase(K);
  CheckInProgress.erase(K);
  if (Out && Ok) // instantiateDevice builds it with the same typing
    TypedInstances[K] = TypedInstance{std::move(Owned), Returns};
  if (!Ok) {
    CheckFailed.insert(K);
    if (CheckUnwinding && !CheckInProgress.empty())
      return std::nullopt;
    CheckUnwinding = false;
    D.report(File, CallRange, DiagKind::DeviceFunctionFailed, {Fn.Name, argList(Params)});
    return std::nullopt;
  }
  CheckAccepted[K] = Ret;
  return Ret;
}

bool SemaContext::checkKernel(FunctionInfo &Fn, const ParsedSignature &Sig, DiagnosticEngine &D,
                              std::unique_ptr<FunctionChecker> *Keep, ReturnTyping *KeepReturns) {
  if (!signatureFits(Fn, Sig, D))
    return false;
  if (Sig.Return && Sig.Return != Types.none()) {
    D.report(Sig.File, Sig.Range, DiagKind::KernelReturnType,
             {Fn.Name, "'" + Sig.Return->str() + "'"});
    D.report(Sig.File, Sig.Range, DiagKind::NoteKernelOutput);
    return false;
  }
  auto Owned = std::make_unique<FunctionChecker>(Types, Ops, Fn, Fn.Scope ? *Fn.Scope : Scope,
                                                 checkedArguments(signatureArgs(Sig)), false,
                                                 *this);
  ReturnTyping Returns;
  Owned->typeRounds(Returns);
  WalkSetting How;
  How.Kernel = true;
  How.ReturnType = Types.none();
  How.Signature = &Sig;
  How.Diags = &D;
  bool Ok = Owned->walk(How);
  if (Keep) {
    *Keep = std::move(Owned);
    *KeepReturns = Returns;
  }
  return Ok;
}

const Type *SemaContext::returnTypeOf(FunctionInfo &Fn, const std::vector<Checked> &Args,
                                      bool Host) {
  return deviceReturnType(Fn, instanceArgs(Args), Host);
}

const Type *SemaContext::deviceReturnType(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                                          bool Host) {
  auto Bound = bindArguments(Fn, Args, nullptr, SourceRange(), nullptr);
  if (!Bound)
    return nullptr;
  Key K = keyOf(Fn, Bound->Params, Host);
  if (auto It = ReturnTypes.find(K); It != ReturnTypes.end())
    return It->second;
  if (TypingInProgress.count(K) || CheckInProgress.count(K))
    return Bound->DeclaredReturn ? Bound->DeclaredReturn : provisionalReturn(K);
  if (callDepth() >= MaxCallDepth)
    return nullptr; // checkCall reports it (CallsTooDeep)
  TypingInProgress.insert(K);
  std::set<Key> UsedBefore = std::move(ProvisionalUsed);
  ProvisionalUsed.clear();
  auto Checker = std::make_unique<FunctionChecker>(Types, Ops, Fn, Fn.Scope ? *Fn.Scope : Scope,
                                                   checkedArguments(Bound->Params), Host, *this);
  ReturnTyping Returns;
  Typing[K] = &Returns;
  Checker->typeRounds(Returns);
  Typing.erase(K);
  // A declared return type is the type; otherwise the returns' (None when
  // none gives a value). A function whose returns of values all failed to
  // type (a recursion with no return that does not recurse) does not type.
  const Type *Result = Bound->DeclaredReturn                   ? Bound->DeclaredReturn
                       : !Returns.Known && Returns.ReturnsValue ? nullptr
                       : Returns.Known                         ? Returns.Ty
                                                               : Types.none();
  TypingInProgress.erase(K);
  // Its own provisional type reached its fixed point with it; another
  // function's may still change, and this result with it.
  ProvisionalUsed.erase(K);
  if (ProvisionalUsed.empty()) {
    ReturnTypes[K] = Result;
    // Final, as the result is: checkCall walks the instance with it
    // rather than typing it again.
    if (Out)
      TypedForCall[K] = TypedInstance{std::move(Checker), Returns};
  }
  ProvisionalUsed.insert(UsedBefore.begin(), UsedBefore.end());
  return Result;
}

const Type *SemaContext::provisionalReturn(const Key &K) {
  auto It = Typing.find(K);
  if (It == Typing.end())
    return nullptr;
  ProvisionalUsed.insert(K);
  It->second->Read = true;
  return It->second->provisional();
}

} // namespace pykc::ir
