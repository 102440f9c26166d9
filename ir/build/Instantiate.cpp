//===- build/Instantiate.cpp - Entries and instances into IR --------------===//
//
// Each entry is checked first (check/CheckInstances.cpp), reporting every
// diagnostic; what the check accepted is then built here, each function
// from the checker that typed it, its callees at their calls.
//
//===----------------------------------------------------------------------===//
#include "ir/build/FunctionBuilder.h"
#include "ir/Sema.h"
#include "support/InternalError.h"

namespace pykc::ir {

using namespace frontend;

Function *SemaContext::addFunction(const FunctionInfo &Fn, FunctionKind Kind) {
  Function *F = Out->addFunction();
  F->Kind = Kind;
  F->PyName = Fn.Name;
  F->Range = Fn.Def->Range;
  F->FileName = Fn.File->name();
  F->FastMath = Fn.FastMath;
  F->LineInfo = Fn.LineInfo;
  F->BoundsCheck = Fn.BoundsCheck;
  F->NumpyErrorModel = Fn.NumpyErrorModel;
  return F;
}

Function *SemaContext::instantiateDevice(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                                         bool Host) {
  // checkCall accepted this call: its binding, names, recursion and depth
  // were reported there, so none of them can fail here.
  auto Bound = bindArguments(Fn, Args, nullptr, SourceRange(), nullptr);
  if (!Bound)
    PYKC_ICE("building a call of '" + Fn.Name + "' (" + argList(Args) +
             ") that matches none of its signatures");
  const std::vector<InstanceArg> &Params = Bound->Params;
  Key K = keyOf(Fn, Params, Host);
  if (auto It = DeviceInstances.find(K); It != DeviceInstances.end())
    return It->second;
  // A recursive call the checker accepted names the unfinished function.
  if (auto It = InProgress.find(K); It != InProgress.end())
    return It->second;
  auto Typed = TypedInstances.find(K);
  if (Typed == TypedInstances.end())
    PYKC_ICE("building '" + Fn.Name + "' (" + argList(Params) +
             "), an instance the typing checker did not accept");
  // The checker bounded the depth of calls it accepted (CallsTooDeep).
  if (InProgress.size() >= MaxCallDepth)
    PYKC_ICE("building '" + Fn.Name + "' nested deeper than the checker allows");
  std::unique_ptr<FunctionChecker> Checker = std::move(Typed->second.Checker);
  ReturnTyping CheckedReturns = Typed->second.Returns;
  TypedInstances.erase(Typed);
  Function *F = addFunction(Fn, FunctionKind::Device);
  F->HostCode = Host;
  InProgress[K] = F;
  F->SymbolName = uniqueSymbol(instanceSymbol(Fn.Name, Params));
  for (size_t I = 0; I < Params.size(); ++I)
    if (Params[I].isCompileTime())
      F->CompileTimeArgs.emplace_back(Fn.Def->Params[I].Name, Params[I].str());
  F->ReturnType = Bound->DeclaredReturn; // declared: returns convert to it
  FunctionBuilder(*this, Fn, *F, Params, std::move(Checker), CheckedReturns).run();
  InProgress.erase(K);
  DeviceInstances[K] = F;
  return F;
}

void SemaContext::buildAcceptedSince(size_t Start) {
  // As the lowering of a failed entry did, the instances it called that
  // type are built: the IR checks (memory limits, float64, barriers) still
  // see them and warn about them.
  std::vector<CheckedInstance> Reached(CheckOrder.begin() + Start, CheckOrder.end());
  CheckOrder.resize(Start);
  for (const CheckedInstance &I : Reached) // accepted and not yet built
    if (TypedInstances.count(keyOf(*I.Fn, I.Params, I.Host)))
      instantiateDevice(*I.Fn, I.Params, I.Host);
}

Function *SemaContext::instantiateChecked(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                                          const SourceFile *File, SourceRange CallRange,
                                          bool Host) {
  size_t Start = CheckOrder.size();
  if (!checkCall(Fn, checkedArguments(Args), File, CallRange, Host, Diags)) {
    buildAcceptedSince(Start);
    return nullptr;
  }
  CheckOrder.resize(Start); // built with it, at its calls
  return instantiateDevice(Fn, Args, Host);
}

Function *SemaContext::lowerHostEntry(FunctionInfo &Fn, const ParsedSignature &Sig) {
  if (!signatureFits(Fn, Sig, Diags))
    return nullptr;
  Function *F = instantiateChecked(Fn, signatureArgs(Sig), Sig.File, Sig.Range, /*Host=*/true);
  if (!F)
    return nullptr;
  F->HostEntry = true;
  F->Parallel = Fn.Parallel;
  return F;
}

Function *SemaContext::lowerKernel(FunctionInfo &Fn, const ParsedSignature &Sig, bool Mangle) {
  size_t Start = CheckOrder.size();
  std::unique_ptr<FunctionChecker> Typed;
  ReturnTyping Returns;
  if (!checkKernel(Fn, Sig, Diags, &Typed, &Returns)) {
    buildAcceptedSince(Start);
    return nullptr;
  }
  CheckOrder.resize(Start);
  Function *F = addFunction(Fn, FunctionKind::Kernel);
  F->SymbolName = Mangle ? kernelSymbol(Fn.Name, Sig.Args) : symbolName(Fn.Name);
  F->MaxRegisters = Fn.MaxRegisters;
  FunctionBuilder(*this, Fn, *F, signatureArgs(Sig), std::move(Typed), Returns).run();
  for (const LinkFile &L : Fn.Links) // @cuda.jit(link=[...])
    Out->addLink(L);
  return F;
}

} // namespace pykc::ir
