//===- Sema.cpp - Kernels, host entries and device-function instances -----===//
#include "ir/Sema.h"

#include "ir/Lowering.h"
#include "ir/NameCheck.h"
#include "support/InternalError.h"

#include <algorithm>
#include <utility>
#include <cctype>
#include <map>
#include <set>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

std::string symbolName(const std::string &Name) {
  std::string S;
  for (unsigned char C : Name) {
    if (std::isalnum(C) && C < 0x80)
      S += char(C);
    else if (C == '_')
      S += '_';
    else if (C == '.') // Class.kernel: a kernel of a class body
      S += "__";
    else {
      static const char Hex[] = "0123456789abcdef";
      S += std::string("_x") + Hex[C >> 4] + Hex[C & 15] + "_";
    }
  }
  return S;
}

namespace {

std::string mangleType(const Type *T) {
  if (auto *A = dynCast<ArrayType>(T)) {
    const char *Layout = A->layout() == ArrayLayout::C ? "C" : A->layout() == ArrayLayout::F ? "F" : "A";
    return mangleType(A->element()) + "_" + std::to_string(A->ndim()) + "d" + Layout;
  }
  if (auto *Tu = dynCast<TupleType>(T)) {
    std::string S = Tu->isNamed() ? "namedtuple_" + Tu->name() : "tuple";
    for (const Type *E : Tu->elements())
      S += "_" + mangleType(E);
    return S;
  }
  if (auto *E = dynCast<EnumType>(T)) // a symbol's characters only
    return "enum_" + E->name();
  if (auto *R = dynCast<RecordType>(T)) {
    // Its fields' names and types; symbolName() spells the rest.
    std::string S = "record" + std::to_string(R->size());
    for (const RecordType::Field &F : R->fields())
      S += "_" + F.Name + "_" + mangleType(F.Ty) + "_" + std::to_string(F.Offset);
    return S;
  }
  if (auto *N = dynCast<NestedArrayType>(T)) {
    std::string S = "nested_" + mangleType(N->element());
    for (int64_t D : N->shape())
      S += "_" + std::to_string(D);
    return S;
  }
  return T->str();
}

std::string mangle(const std::string &Name, const std::vector<const Type *> &Args) {
  std::string S = symbolName(Name) + "_";
  for (const Type *T : Args)
    S += "_" + mangleType(T);
  return S;
}

} // namespace

const ParsedSignature *chooseSignature(const FunctionInfo &Fn,
                                       const std::vector<const Type *> &Args) {
  std::vector<Signature> Cases;
  for (const ParsedSignature &Sig : Fn.Signatures)
    Cases.push_back(Signature{Sig.Return, Sig.Args});
  auto Best = bestOverload(Cases, Args);
  return Best ? &Fn.Signatures[*Best] : nullptr;
}

std::string InstanceArg::str() const {
  if (Ty)
    return Ty->str();
  switch (Const.K) {
  case Value::Kind::Constant:
    return Const.Const.str();
  case Value::Kind::Path:
    return displayPath(Const.Path);
  case Value::Kind::Function:
    return Const.Fn->Name;
  default:
    return "?";
  }
}

namespace {

std::vector<const Type *> runtimeTypes(const std::vector<InstanceArg> &Args) {
  std::vector<const Type *> Types;
  for (const InstanceArg &A : Args)
    Types.push_back(A.Ty);
  return Types;
}

} // namespace

std::string recursionFix(const FunctionInfo &Fn) {
  return Fn.Role == FunctionRole::CpuJit ? Fn.DecoratorSpelling + "('int64(int64)')"
                                         : "@cuda.jit('int64(int64)', device=True)";
}

std::string argList(const std::vector<InstanceArg> &Args) {
  std::string S;
  for (const InstanceArg &A : Args)
    S += (S.empty() ? "" : ", ") + A.str();
  return S;
}

namespace {

/// A compile-time value in a symbol name: letters, digits and '_' only.
std::string mangleCompileTime(const InstanceArg &A) {
  std::string S = "c";
  for (char C : A.str())
    S += std::isalnum((unsigned char)C) ? C : '_';
  return S;
}

} // namespace

SemaContext::Key SemaContext::keyOf(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                                    bool Host) {
  std::vector<std::string> Values;
  for (const InstanceArg &A : Args)
    Values.push_back(A.isCompileTime() ? A.str() : std::string());
  return Key{&Fn, runtimeTypes(Args), std::move(Values), Host};
}

std::optional<SemaContext::Binding>
SemaContext::bindArguments(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                           const SourceFile *CallFile, SourceRange CallRange,
                           DiagnosticEngine *Report) {
  if (Fn.Signatures.empty())
    return Binding{Args, nullptr};
  // Declared signatures take run-time values only (callers make sure).
  const ParsedSignature *Sig = chooseSignature(Fn, runtimeTypes(Args));
  if (!Sig) {
    if (Report)
      Report->report(CallFile, CallRange, DiagKind::NoMatchingSignature,
                   {Fn.Name, argList(Args)});
    return std::nullopt;
  }
  Binding Bound{{}, Sig->Return};
  for (const Type *T : Sig->Args)
    Bound.Params.push_back(InstanceArg{T, {}});
  return Bound;
}

std::string SemaContext::uniqueSymbol(std::string Name) const {
  auto Taken = [&](const std::string &N) {
    for (const auto &F : Out->functions())
      if (F->SymbolName == N)
        return true;
    return false;
  };
  if (!Taken(Name))
    return Name;
  for (unsigned I = 1;; ++I)
    if (std::string N = Name + "_" + std::to_string(I); !Taken(N))
      return N;
}

const Type *SemaContext::returnTypeOf(FunctionInfo &Fn, const std::vector<Checked> &Args,
                                      bool Host) {
  std::vector<InstanceArg> Instance;
  for (const Checked &A : Args)
    Instance.push_back(A.isValue() ? InstanceArg{A.Ty, {}} : InstanceArg{nullptr, valueOf(A)});
  return deviceReturnType(Fn, Instance, Host);
}

const Type *SemaContext::deviceReturnType(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                                          bool Host) {
  auto Bound = bindArguments(Fn, Args, nullptr, SourceRange(), nullptr);
  if (!Bound)
    return nullptr;
  Key K = keyOf(Fn, Bound->Params, Host);
  if (auto It = ReturnTypes.find(K); It != ReturnTypes.end())
    return It->second;
  if (TypingInProgress.count(K) || InProgress.count(K) || CheckInProgress.count(K))
    return Bound->DeclaredReturn ? Bound->DeclaredReturn : provisionalReturn(K);
  if (callDepth() >= MaxCallDepth)
    return nullptr; // instantiateDevice reports it
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
  if (Typed == TypedInstances.end() || InProgress.size() >= MaxCallDepth)
    PYKC_ICE("building '" + Fn.Name + "' (" + argList(Params) +
             "), an instance the typing checker did not accept");
  std::unique_ptr<FunctionChecker> Checker = std::move(Typed->second.Checker);
  ReturnTyping CheckedReturns = Typed->second.Returns;
  TypedInstances.erase(Typed);
  Function *F = Out->addFunction();
  F->HostCode = Host;
  InProgress[K] = F;
  F->Kind = FunctionKind::Device;
  F->PyName = Fn.Name;
  std::string Symbol = mangle(Fn.Name, {});
  for (const InstanceArg &A : Params)
    Symbol += "_" + (A.isCompileTime() ? mangleCompileTime(A) : mangleType(A.Ty));
  F->SymbolName = uniqueSymbol(Symbol);
  F->Range = Fn.Def->Range;
  F->FileName = Fn.File->name();
  F->FastMath = Fn.FastMath;
  F->LineInfo = Fn.LineInfo;
  F->BoundsCheck = Fn.BoundsCheck;
  for (size_t I = 0; I < Params.size(); ++I)
    if (Params[I].isCompileTime())
      F->CompileTimeArgs.emplace_back(Fn.Def->Params[I].Name, Params[I].str());
  F->ReturnType = Bound->DeclaredReturn; // declared: returns convert to it
  FunctionLowerer L(*this, Fn, *F, Params, std::move(Checker), CheckedReturns);
  L.run();
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
  for (const CheckedInstance &I : Reached) {
    Key K = keyOf(*I.Fn, I.Params, I.Host);
    if (CheckAccepted.count(K) && !DeviceInstances.count(K))
      instantiateDevice(*I.Fn, I.Params, I.Host);
  }
}

bool signatureFits(const FunctionInfo &Fn, const ParsedSignature &Sig, DiagnosticEngine &D) {
  size_t Params = Fn.Def->Params.size();
  if (Sig.Args.size() == Params)
    return true;
  D.report(Sig.File, Sig.Range, DiagKind::SignatureArity,
           {plural(Sig.Args.size(), "argument type"), Fn.Name, plural(Params, "parameter")});
  return false;
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
  std::vector<InstanceArg> Args;
  for (const Type *T : Sig.Args)
    Args.push_back(InstanceArg{T, {}});
  Function *F = instantiateChecked(Fn, Args, Sig.File, Sig.Range, /*Host=*/true);
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
  Function *F = Out->addFunction();
  F->Kind = FunctionKind::Kernel;
  F->PyName = Fn.Name;
  F->SymbolName = Mangle ? mangle(Fn.Name, Sig.Args) : symbolName(Fn.Name);
  F->Range = Fn.Def->Range;
  F->FileName = Fn.File->name();
  F->FastMath = Fn.FastMath;
  F->LineInfo = Fn.LineInfo;
  F->BoundsCheck = Fn.BoundsCheck;
  F->MaxRegisters = Fn.MaxRegisters;
  std::vector<InstanceArg> Args;
  for (const Type *T : Sig.Args)
    Args.push_back(InstanceArg{T, {}});
  FunctionLowerer Lowerer(*this, Fn, *F, Args, std::move(Typed), Returns);
  Lowerer.run();
  for (const LinkFile &L : Fn.Links) // @cuda.jit(link=[...])
    Out->addLink(L);
  return F;
}

} // namespace pykc::ir
