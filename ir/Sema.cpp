//===- Sema.cpp - Module-level typing: kernels, device functions ----------===//
#include "ir/Sema.h"
#include "ir/PrecisionCheck.h"
#include "ir/BarrierCheck.h"
#include "ir/HostCheck.h"
#include "ir/ParallelLoops.h"
#include "ir/SignatureGuess.h"

#include "ir/Lowering.h"
#include "ir/NameCheck.h"
#include "ir/Reduction.h"

#include "frontend/Suggest.h"

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

/// Reports the first parameter of \p Def that a kernel cannot take ('*args',
/// '**kwargs', keyword-only); true when there is none.
bool hasPlainParameters(const FunctionDefStmt &Def, const SourceFile *File,
                        DiagnosticEngine &Diags) {
  for (const Param &P : Def.Params)
    if (P.Kind != ParamKind::Normal && P.Kind != ParamKind::PositionalOnly) {
      Diags.report(File, P.Range, DiagKind::UnsupportedParameter,
                   {"*args, **kwargs and keyword-only parameters"});
      return false;
    }
  return true;
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

/// "(float32, 32, cuda.atomic.add)" for messages.
std::string argList(const std::vector<InstanceArg> &Args) {
  std::string S;
  for (const InstanceArg &A : Args)
    S += (S.empty() ? "" : ", ") + A.str();
  return S;
}

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
                           const SourceFile *CallFile, SourceRange CallRange, bool Quiet) {
  if (Fn.Signatures.empty())
    return Binding{Args, nullptr};
  // Declared signatures take run-time values only (callers make sure).
  const ParsedSignature *Sig = chooseSignature(Fn, runtimeTypes(Args));
  if (!Sig) {
    if (!Quiet)
      Diags.report(CallFile, CallRange, DiagKind::NoMatchingSignature,
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
    for (const auto &F : Out.functions())
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

const Type *SemaContext::deviceReturnType(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                                          bool Host) {
  auto Bound = bindArguments(Fn, Args, nullptr, SourceRange(), /*Quiet=*/true);
  if (!Bound)
    return nullptr;
  Key K = keyOf(Fn, Bound->Params, Host);
  if (auto It = ReturnTypes.find(K); It != ReturnTypes.end())
    return It->second;
  if (TypingInProgress.count(K) || InProgress.count(K))
    return Bound->DeclaredReturn ? Bound->DeclaredReturn : provisionalReturn(K);
  if (callDepth() >= MaxCallDepth)
    return nullptr; // instantiateDevice reports it
  TypingInProgress.insert(K);
  std::set<Key> UsedBefore = std::move(ProvisionalUsed);
  ProvisionalUsed.clear();
  Module Scratch("typing");
  Function *F = Scratch.addFunction();
  F->Kind = FunctionKind::Device;
  F->PyName = Fn.Name;
  F->HostCode = Host;
  F->ReturnType = Bound->DeclaredReturn;
  FunctionLowerer L(*this, Fn, *F, Bound->Params);
  Typing[K] = &L;
  const Type *Result = L.typeOnly();
  Typing.erase(K);
  TypingInProgress.erase(K);
  // Its own provisional type reached its fixed point with it; another
  // function's may still change, and this result with it.
  ProvisionalUsed.erase(K);
  if (ProvisionalUsed.empty())
    ReturnTypes[K] = Result;
  ProvisionalUsed.insert(UsedBefore.begin(), UsedBefore.end());
  return Result;
}

const Type *SemaContext::provisionalReturn(const Key &K) {
  auto It = Typing.find(K);
  if (It == Typing.end())
    return nullptr;
  ProvisionalUsed.insert(K);
  return It->second->provisionalReturnType();
}

Function *SemaContext::instantiateDevice(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                                         const SourceFile *File, SourceRange CallRange,
                                         bool Host) {
  auto Bound = bindArguments(Fn, Args, File, CallRange, /*Quiet=*/false);
  if (!Bound)
    return nullptr;
  // An @njit function without a signature is checked only once a kernel
  // calls it (as Numba compiles it lazily); its names, like any other's,
  // are reported by the name check, not silently dropped while lowering.
  if (!Fn.NameChecked && !Fn.Synthetic) {
    Fn.NameChecked = true;
    Fn.HasNameErrors = !checkNames(Fn, Fn.Scope ? *Fn.Scope : Scope, Diags);
  }
  if (Fn.HasNameErrors) // reported; its calls fail without a cascade
    return nullptr;
  const std::vector<InstanceArg> &Params = Bound->Params;
  Key K = keyOf(Fn, Params, Host);
  if (auto It = DeviceInstances.find(K); It != DeviceInstances.end())
    return It->second;
  if (Failed.count(K))
    return nullptr;
  if (auto It = InProgress.find(K); It != InProgress.end()) {
    // As Numba: recursion needs the return type before the call is typed:
    // declared, or given by a return that does not recurse (typing found
    // it before lowering began).
    auto Lowerer = Typing.find(K);
    if (Bound->DeclaredReturn ||
        (Lowerer != Typing.end() && Lowerer->second->provisionalReturnType()))
      return It->second;
    // The decorator that declares one, as the function is written.
    std::string Fix = Fn.Role == FunctionRole::CpuJit
                          ? Fn.DecoratorSpelling + "('int64(int64)')"
                          : "@cuda.jit('int64(int64)', device=True)";
    Diags.report(File, CallRange, DiagKind::RecursiveCall, {Fn.Name, Fix});
    return nullptr;
  }
  if (callDepth() >= MaxCallDepth) {
    Diags.report(File, CallRange, DiagKind::CallsTooDeep,
                 {Fn.Name, std::to_string(MaxCallDepth)});
    UnwindingTooDeep = true;
    return nullptr;
  }
  Function *F = Out.addFunction();
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
  FunctionLowerer L(*this, Fn, *F, Params);
  Typing[K] = &L;
  bool Ok = L.run();
  Typing.erase(K);
  InProgress.erase(K);
  if (!Ok) {
    Failed.insert(K);
    Out.eraseFunction(F);
    if (UnwindingTooDeep && !InProgress.empty())
      return nullptr;
    UnwindingTooDeep = false;
    Diags.report(File, CallRange, DiagKind::DeviceFunctionFailed, {Fn.Name, argList(Params)});
    return nullptr;
  }
  DeviceInstances[K] = F;
  return F;
}

Function *SemaContext::lowerHostEntry(FunctionInfo &Fn, const ParsedSignature &Sig) {
  const FunctionDefStmt &Def = *Fn.Def;
  if (Sig.Args.size() != Def.Params.size()) {
    Diags.report(Sig.File, Sig.Range, DiagKind::SignatureArity,
                 {plural(Sig.Args.size(), "argument type"), Fn.Name,
                  plural(Def.Params.size(), "parameter")});
    return nullptr;
  }
  std::vector<InstanceArg> Args;
  for (const Type *T : Sig.Args)
    Args.push_back(InstanceArg{T, {}});
  Function *F = instantiateDevice(Fn, Args, Sig.File, Sig.Range, /*Host=*/true);
  if (!F)
    return nullptr;
  F->HostEntry = true;
  F->Parallel = Fn.Parallel;
  if (F->Parallel && !outlineParallelLoops(*F, Out, Types, Scope.numThreads(), Fn.File, Diags))
    return nullptr;
  if (!checkHostEntry(*F, Fn.File, Diags)) {
    F->HostEntry = false;
    return nullptr;
  }
  return F;
}

Function *SemaContext::lowerKernel(FunctionInfo &Fn, const ParsedSignature &Sig, bool Mangle) {
  const FunctionDefStmt &Def = *Fn.Def;
  if (Sig.Args.size() != Def.Params.size()) {
    Diags.report(Sig.File, Sig.Range, DiagKind::SignatureArity,
                 {plural(Sig.Args.size(), "argument type"), Fn.Name,
                  plural(Def.Params.size(), "parameter")});
    return nullptr;
  }
  if (Sig.Return && Sig.Return != Types.none()) {
    Diags.report(Sig.File, Sig.Range, DiagKind::KernelReturnType, {Fn.Name, "'" + Sig.Return->str() + "'"});
    Diags.report(Sig.File, Sig.Range, DiagKind::NoteKernelOutput);
    return nullptr;
  }
  Function *F = Out.addFunction();
  F->Kind = FunctionKind::Kernel;
  F->PyName = Fn.Name;
  F->SymbolName = Mangle ? mangle(Fn.Name, Sig.Args) : symbolName(Fn.Name);
  F->Range = Def.Range;
  F->FileName = Fn.File->name();
  F->FastMath = Fn.FastMath;
  F->LineInfo = Fn.LineInfo;
  F->BoundsCheck = Fn.BoundsCheck;
  F->MaxRegisters = Fn.MaxRegisters;
  std::vector<InstanceArg> Args;
  for (const Type *T : Sig.Args)
    Args.push_back(InstanceArg{T, {}});
  FunctionLowerer Lowerer(*this, Fn, *F, Args);
  Lowerer.setSignature(&Sig);
  if (!Lowerer.run()) {
    Out.eraseFunction(F);
    return nullptr;
  }
  for (const LinkFile &L : Fn.Links) // @cuda.jit(link=[...])
    Out.addLink(L);
  return F;
}

namespace {

/// Every GPU caps a block's static shared memory at 48 KiB (more needs
/// dynamic shared memory and an opt-in), and a thread's local memory at
/// 512 KiB; ptxas would reject the PTX, and the CPU backend would allocate
/// shared memory per block and local arrays on each thread's fiber stack
/// (sized for that limit). A kernel's total counts its own arrays and those
/// of every device function it reaches, once each.
void checkMemoryLimits(const Module &IR, const fe::SourceFile *File, DiagnosticEngine &Diags,
                       bool Shared) {
  const uint64_t Limit = Shared ? 48 * 1024 : 512 * 1024;
  for (const auto &F : IR.functions()) {
    if (F->Kind != FunctionKind::Kernel)
      continue;
    std::set<const Function *> Seen;
    std::vector<const Function *> Work = {F.get()};
    uint64_t Total = 0;
    const std::pair<uint64_t, SourceRange> *Largest = nullptr;
    while (!Work.empty()) {
      const Function *G = Work.back();
      Work.pop_back();
      if (!Seen.insert(G).second)
        continue;
      for (const auto &A : Shared ? G->SharedArrays : G->LocalArrays) {
        Total = Total + A.first < Total ? UINT64_MAX : Total + A.first;
        if (!Largest || A.first > Largest->first)
          Largest = &A;
      }
      Work.insert(Work.end(), G->Callees.begin(), G->Callees.end());
    }
    if (Total <= Limit || !Largest)
      continue;
    Diags.report(File, Largest->second,
                 Shared ? DiagKind::SharedMemoryLimit : DiagKind::LocalMemoryLimit,
                 {F->PyName, std::to_string(Total)});
  }
}

} // namespace

SemaResult lowerModule(ModuleScope &Scope, TypeContext &Types, DiagnosticEngine &Diags,
                       const std::vector<NamedSignature> &CommandLineSignatures,
                       const std::string &OnlyKernel, SkippedKernelReport Skipped) {
  const fe::Module &M = Scope.module();
  std::string Stem = M.File->name();
  Stem = Stem.substr(Stem.find_last_of('/') == std::string::npos ? 0 : Stem.find_last_of('/') + 1);
  Stem = Stem.substr(0, Stem.rfind('.'));
  SemaResult Result;
  Result.IR = std::make_unique<ir::Module>(Stem);
  SemaContext Ctx(Scope, Types, Diags, *Result.IR);

  // pykc run / call / reduce name the one signature to compile, by its
  // argument types; the declared signature they chose keeps its return
  // type (a recursive function needs it while its body is typed).
  FunctionInfo *Only = OnlyKernel.empty() ? nullptr : Scope.function(OnlyKernel);
  std::vector<ParsedSignature> Declared;
  if (Only)
    Declared = std::exchange(Only->Signatures, {});
  // A reduction's --sig names dtypes: 'sum_reduce(float32)'.
  std::map<FunctionInfo *, std::vector<const ScalarType *>> ReduceDtypes;
  for (const NamedSignature &NS : CommandLineSignatures) {
    FunctionInfo *Fn = Scope.function(NS.Name);
    if (Fn && Fn->Role == FunctionRole::Reduce) {
      auto *D = NS.Sig.Args.size() == 1 ? dynCast<ScalarType>(NS.Sig.Args[0]) : nullptr;
      if (!D || NS.Sig.Return) {
        Diags.report(NS.Sig.File, NS.Sig.Range, DiagKind::InvalidReduceSignature, {NS.Name});
        continue;
      }
      auto &List = ReduceDtypes[Fn];
      if (std::find(List.begin(), List.end(), D) == List.end())
        List.push_back(D);
      continue;
    }
    if (!Fn || (Fn->Role != FunctionRole::Kernel && Fn->Role != FunctionRole::Device &&
                Fn->Role != FunctionRole::CpuJit)) {
      std::vector<std::string> Names;
      for (const FunctionInfo *Other : Scope.functions())
        if (!Other->Synthetic && Other->Role != FunctionRole::Host)
          Names.push_back(Other->Name);
      Diags.report(NS.Sig.File, NS.Sig.Range, DiagKind::UnknownSignatureTarget,
                   {NS.Name, M.File->name(),
                    Fn || !Diags.allowSpellingCheck() ? "" : didYouMean(NS.Name, Names)});
      continue;
    }
    // A signature given twice, or equal to the decorator's, is one
    // signature (types are interned: equal types are the same pointer).
    bool Known = std::any_of(Fn->Signatures.begin(), Fn->Signatures.end(),
                             [&](const ParsedSignature &S) {
                               return S.Args == NS.Sig.Args &&
                                      (!S.Return || !NS.Sig.Return || S.Return == NS.Sig.Return);
                             });
    if (Known)
      continue;
    ParsedSignature Sig = NS.Sig;
    if (Fn == Only && !Sig.Return)
      for (const ParsedSignature &D : Declared)
        if (D.Args == Sig.Args)
          Sig.Return = D.Return;
    Fn->Signatures.push_back(Sig);
  }

  // What this command compiles: the function `pykc run` / `call` /
  // `reduce` names, else the kernels --sig names and those with a declared
  // signature. Only those, and what they call, are checked: an error in
  // another kernel of the file is not this command's concern. When none
  // has a signature, every kernel is checked (and says which --sig to add).
  std::set<const FunctionInfo *> Named;
  for (const NamedSignature &NS : CommandLineSignatures)
    if (FunctionInfo *Fn = Scope.function(NS.Name))
      Named.insert(Fn);
  // The module's own functions, and those the command names that it
  // imports (a package's __init__.py: `from .filters import smooth`).
  std::vector<FunctionInfo *> Candidates = Scope.functions();
  auto Add = [&](FunctionInfo *Fn) {
    if (Fn && std::find(Candidates.begin(), Candidates.end(), Fn) == Candidates.end())
      Candidates.push_back(Fn);
  };
  for (const FunctionInfo *Fn : Named)
    Add(const_cast<FunctionInfo *>(Fn));
  if (!OnlyKernel.empty())
    Add(Scope.function(OnlyKernel));
  bool AnyToCompile = !Named.empty();
  for (FunctionInfo *Fn : Candidates)
    AnyToCompile |= Fn->Role == FunctionRole::Kernel && !Fn->Signatures.empty();
  auto Wanted = [&](const FunctionInfo *Fn) {
    if (!OnlyKernel.empty())
      return Fn->Name == OnlyKernel;
    return !AnyToCompile || Named.count(Fn) || !Fn->Signatures.empty();
  };

  unsigned Kernels = 0;
  // `k1 = cuda.jit(sig)(f)` and `k2 = cuda.jit(f)` share f's body: its
  // names are checked, and reported, once.
  std::map<const FunctionDefStmt *, bool> NamesOk;
  auto checkNames = [&](FunctionInfo &Fn, const ModuleScope &S, DiagnosticEngine &D) {
    auto [It, New] = NamesOk.try_emplace(Fn.Def, true);
    if (New) // an imported function sees its own module's names
      It->second = ir::checkNames(Fn, Fn.Scope ? *Fn.Scope : S, D);
    return It->second;
  };
  for (FunctionInfo *Fn : Candidates) {
    switch (Fn->Role) {
    case FunctionRole::Kernel:
      if (!Wanted(Fn)) {
        Kernels += OnlyKernel.empty(); // its MissingSignature warning comes below
        break;
      }
      Fn->NameChecked = true;
      Fn->HasNameErrors = !checkNames(*Fn, Scope, Diags);
      ++Kernels;
      break;
    case FunctionRole::Device:
      // Checked where a kernel calls it (SemaContext::instantiateDevice),
      // as Numba compiles device functions lazily.
      break;
    case FunctionRole::Reduce:
      if (!Wanted(Fn))
        break;
      Fn->NameChecked = true;
      Fn->HasNameErrors = !checkNames(*Fn, Scope, Diags);
      ++Kernels;
      break;
    case FunctionRole::CpuJit:
      // Compiled for the host only with a signature (Numba compiles lazily:
      // an @njit function nobody calls is never checked).
      if (!OnlyKernel.empty() ? Fn->Name != OnlyKernel : Fn->Signatures.empty())
        break;
      Fn->NameChecked = true;
      Fn->HasNameErrors = !checkNames(*Fn, Scope, Diags);
      ++Kernels;
      break;
    case FunctionRole::OtherNumba:
      if (!OnlyKernel.empty()) // pykc run / reduce: only that one matters
        break;
      Diags.report(M.File, Fn->NameRange, DiagKind::NotCompiledYet,
                   {Fn->DecoratorSpelling, Fn->Name, ""});
      break;
    case FunctionRole::Host:
      break;
    }
  }

  // The functions of one role to compile: those without errors so far, or
  // only the one `pykc run` / `call` / `reduce` names.
  auto Selected = [&](const FunctionInfo *Fn, FunctionRole Role) {
    return Fn->Role == Role && !Fn->HasNameErrors && !Fn->HasSignatureErrors &&
           (OnlyKernel.empty() || Fn->Name == OnlyKernel);
  };

  std::vector<const FunctionInfo *> Unsigned; // skipped, for Skipped.OneNote
  for (FunctionInfo *Fn : Candidates) {
    if (!Selected(Fn, FunctionRole::Kernel))
      continue;
    if (Skipped.OneNote && !Wanted(Fn) && Fn->Signatures.empty()) {
      Unsigned.push_back(Fn);
      continue;
    }
    // Once per kernel, before any signature: none can match such a parameter.
    if (!hasPlainParameters(*Fn->Def, M.File, Diags))
      continue;
    if (Fn->Signatures.empty()) {
      Diags.report(M.File, Fn->NameRange, DiagKind::MissingSignature, {Fn->Name});
      Diags.report(M.File, Fn->NameRange, DiagKind::NoteAddSignature,
                   {guessSignatureText(*Fn->Def, Fn->Name)});
      continue;
    }
    bool Mangle = Fn->Signatures.size() > 1;
    for (const ParsedSignature &Sig : Fn->Signatures)
      if (Ctx.lowerKernel(*Fn, Sig, Mangle))
        ++Result.KernelsCompiled;
  }

  // @njit functions with signatures (their decorator's, --sig's, or the
  // arguments of `pykc call`) become host entry points. One without is
  // compiled only where a kernel calls it.
  for (FunctionInfo *Fn : Candidates) {
    if (!Selected(Fn, FunctionRole::CpuJit))
      continue;
    if (Fn->Signatures.empty()) {
      Diags.report(M.File, Fn->NameRange, DiagKind::MissingHostSignature, {Fn->Name});
      continue;
    }
    if (!hasPlainParameters(*Fn->Def, M.File, Diags))
      continue;
    for (const ParsedSignature &Sig : Fn->Signatures)
      if (Ctx.lowerHostEntry(*Fn, Sig))
        ++Result.KernelsCompiled;
  }

  // Reductions after kernels: their kernels come last in the module.
  for (FunctionInfo *Fn : Candidates) {
    if (!Selected(Fn, FunctionRole::Reduce))
      continue;
    auto It = ReduceDtypes.find(Fn);
    Result.KernelsCompiled += lowerReduction(
        Ctx, *Fn, It != ReduceDtypes.end() ? It->second : defaultReduceDtypes(Types));
  }

  if (!Unsigned.empty()) {
    std::string Names;
    for (const FunctionInfo *Fn : Unsigned)
      Names += (Names.empty() ? "'" : ", '") + Fn->Name + "' (line " +
               std::to_string(Fn->NameRange.Begin.Line) + ")";
    Diags.report(M.File, SourceRange(), DiagKind::NoteSkippedKernels,
                 {plural(Unsigned.size(), "kernel"), Names});
  }

  checkMemoryLimits(*Result.IR, M.File, Diags, /*Shared=*/true);
  checkMemoryLimits(*Result.IR, M.File, Diags, /*Shared=*/false);
  checkFloat64Promotion(*Result.IR, M.File, Diags);
  checkDivergentBarriers(*Result.IR, M.File, Diags);

  // -Wall: the kernels this command skips, checked as if compiled (into a
  // scratch module, their diagnostics held back), each error a warning.
  if (Skipped.WarnErrors)
    for (FunctionInfo *Fn : Candidates) {
      bool Compiled = OnlyKernel.empty() ? Wanted(Fn) : Fn->Name == OnlyKernel;
      if (Fn->Role != FunctionRole::Kernel || Compiled || NamesOk.count(Fn->Def))
        continue;
      DiagnosticEngine Quiet(nullptr);
      Module Scratch("skipped");
      SemaContext Check(Scope, Types, Quiet, Scratch);
      if (ir::checkNames(*Fn, Fn->Scope ? *Fn->Scope : Scope, Quiet) &&
          hasPlainParameters(*Fn->Def, M.File, Quiet))
        for (const ParsedSignature &Sig : Fn->Signatures)
          Check.lowerKernel(*Fn, Sig, Fn->Signatures.size() > 1);
      for (const Diagnostic &D : Quiet.diagnostics())
        if (severityOf(D.Kind) == Severity::Error)
          Diags.report(D.File, D.Range, DiagKind::SkippedKernelError,
                       {Fn->Name, D.Message});
    }

  if (Kernels && !Result.KernelsCompiled && !Diags.hasErrors())
    Diags.reportNoLocation(DiagKind::NothingToCompile, {M.File->name()});
  return Result;
}

} // namespace pykc::ir
