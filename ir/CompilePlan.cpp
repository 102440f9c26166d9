//===- CompilePlan.cpp - What a command compiles, and its IR --------------===//
#include "ir/CompilePlan.h"
#include "ir/ExpandOperators.h"

#include "ir/SemaContext.h"
#include "ir/NameCheck.h"
#include "ir/Reduction.h"
#include "ir/SignatureGuess.h"

#include "frontend/Suggest.h"

#include <algorithm>
#include <utility>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

namespace {

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

/// Adds \p NS to its function's signatures (or, for a reduction, its dtype
/// to \p Plan); reports a signature for nothing the module defines.
void addCommandLineSignature(CompilePlan &Plan, ModuleScope &Scope, DiagnosticEngine &Diags,
                             const NamedSignature &NS, FunctionInfo *Only,
                             const std::vector<ParsedSignature> &Declared) {
  const fe::Module &M = Scope.module();
  FunctionInfo *Fn = Scope.function(NS.Name);
  if (Fn && Fn->Role == FunctionRole::Reduce) {
    auto *D = NS.Sig.Args.size() == 1 ? dynCast<ScalarType>(NS.Sig.Args[0]) : nullptr;
    if (!D || NS.Sig.Return) {
      Diags.report(NS.Sig.File, NS.Sig.Range, DiagKind::InvalidReduceSignature, {NS.Name});
      return;
    }
    auto &List = Plan.ReduceDtypes[Fn];
    if (std::find(List.begin(), List.end(), D) == List.end())
      List.push_back(D);
    return;
  }
  if (!Fn || (Fn->Role != FunctionRole::Kernel && Fn->Role != FunctionRole::Device &&
              Fn->Role != FunctionRole::CpuJit)) {
    std::vector<std::string> Names;
    for (const FunctionInfo *Other : Scope.functions())
      if (!Other->Synthetic && Other->Role != FunctionRole::Host)
        Names.push_back(Other->Name);
    // A name module code binds in a way pykc could not follow says how.
    const Symbol *Sym = Scope.lookup(NS.Name);
    std::string Why = !Fn && Sym && Sym->K == Symbol::Kind::Host && !Sym->HostReason.empty()
                          ? ": '" + NS.Name + "' " + Sym->HostReason
                      : Fn || !Diags.allowSpellingCheck() ? ""
                                                          : didYouMean(NS.Name, Names);
    Diags.report(NS.Sig.File, NS.Sig.Range, DiagKind::UnknownSignatureTarget,
                 {NS.Name, M.File->name(), Why});
    return;
  }
  // A signature given twice, or equal to the decorator's, is one
  // signature (types are interned: equal types are the same pointer).
  bool Known = std::any_of(Fn->Signatures.begin(), Fn->Signatures.end(),
                           [&](const ParsedSignature &S) {
                             return S.Args == NS.Sig.Args &&
                                    (!S.Return || !NS.Sig.Return || S.Return == NS.Sig.Return);
                           });
  if (Known)
    return;
  ParsedSignature Sig = NS.Sig;
  if (Fn == Only && !Sig.Return)
    for (const ParsedSignature &D : Declared)
      if (D.Args == Sig.Args)
        Sig.Return = D.Return;
  Fn->Signatures.push_back(Sig);
}

/// The functions of \p Role the plan compiles: those without errors so
/// far, or only the one `pykc run` / `call` / `reduce` names.
bool selected(const CompilePlan &Plan, const FunctionInfo *Fn, FunctionRole Role) {
  return Fn->Role == Role && !Fn->HasNameErrors && !Fn->HasSignatureErrors &&
         (Plan.OnlyKernel.empty() || Fn->Name == Plan.OnlyKernel);
}

} // namespace

CompilePlan planCompilation(ModuleScope &Scope, DiagnosticEngine &Diags,
                            const std::vector<NamedSignature> &CommandLineSignatures,
                            const std::string &OnlyKernel) {
  CompilePlan Plan;
  Plan.OnlyKernel = OnlyKernel;
  // pykc run / call / reduce name the one signature to compile, by its
  // argument types; the declared signature they chose keeps its return
  // type (a recursive function needs it while its body is typed).
  FunctionInfo *Only = OnlyKernel.empty() ? nullptr : Scope.function(OnlyKernel);
  std::vector<ParsedSignature> Declared;
  if (Only)
    Declared = std::exchange(Only->Signatures, {});
  for (const NamedSignature &NS : CommandLineSignatures)
    addCommandLineSignature(Plan, Scope, Diags, NS, Only, Declared);

  for (const NamedSignature &NS : CommandLineSignatures)
    if (FunctionInfo *Fn = Scope.function(NS.Name))
      Plan.Named.insert(Fn);
  Plan.Candidates = Scope.functions();
  auto Add = [&](FunctionInfo *Fn) {
    if (Fn && std::find(Plan.Candidates.begin(), Plan.Candidates.end(), Fn) ==
                  Plan.Candidates.end())
      Plan.Candidates.push_back(Fn);
  };
  for (const FunctionInfo *Fn : Plan.Named)
    Add(const_cast<FunctionInfo *>(Fn));
  if (!OnlyKernel.empty())
    Add(Scope.function(OnlyKernel));
  Plan.AnyToCompile = !Plan.Named.empty();
  for (FunctionInfo *Fn : Plan.Candidates)
    Plan.AnyToCompile |= Fn->Role == FunctionRole::Kernel && !Fn->Signatures.empty();
  return Plan;
}

void checkPlannedNames(CompilePlan &Plan, const ModuleScope &Scope, DiagnosticEngine &Diags) {
  const fe::Module &M = Scope.module();
  auto NamesOf = [&](FunctionInfo &Fn) {
    Fn.NameChecked = true;
    auto [It, New] = Plan.NamesOk.try_emplace(Fn.Def, true);
    if (New) // an imported function sees its own module's names
      It->second = ir::checkNames(Fn, Fn.Scope ? *Fn.Scope : Scope, Diags);
    Fn.HasNameErrors = !It->second;
  };
  for (FunctionInfo *Fn : Plan.Candidates) {
    switch (Fn->Role) {
    case FunctionRole::Kernel:
      if (!Plan.wanted(Fn)) {
        Plan.Requested += Plan.OnlyKernel.empty(); // its MissingSignature warning comes later
        break;
      }
      NamesOf(*Fn);
      ++Plan.Requested;
      break;
    case FunctionRole::Device:
      // Checked where a kernel calls it (SemaContext::instantiateDevice),
      // as Numba compiles device functions lazily.
      break;
    case FunctionRole::Reduce:
      if (!Plan.wanted(Fn))
        break;
      NamesOf(*Fn);
      ++Plan.Requested;
      break;
    case FunctionRole::CpuJit:
      // Compiled for the host only with a signature (Numba compiles lazily:
      // an @njit function nobody calls is never checked).
      if (!Plan.OnlyKernel.empty() ? Fn->Name != Plan.OnlyKernel : Fn->Signatures.empty())
        break;
      NamesOf(*Fn);
      ++Plan.Requested;
      break;
    case FunctionRole::OtherNumba:
      if (!Plan.OnlyKernel.empty()) // pykc run / reduce: only that one matters
        break;
      Diags.report(M.File, Fn->NameRange, DiagKind::NotCompiledYet,
                   {Fn->DecoratorSpelling, Fn->Name, ""});
      break;
    case FunctionRole::Host:
      break;
    }
  }
}

SemaResult buildPlannedIR(CompilePlan &Plan, ModuleScope &Scope, TypeContext &Types,
                          DiagnosticEngine &Diags, SkippedKernelReport Skipped) {
  const fe::Module &M = Scope.module();
  std::string Stem = M.File->name();
  Stem = Stem.substr(Stem.find_last_of('/') == std::string::npos ? 0 : Stem.find_last_of('/') + 1);
  Stem = Stem.substr(0, Stem.rfind('.'));
  SemaResult Result;
  Result.IR = std::make_unique<ir::Module>(Stem);
  SemaContext Ctx(Scope, Types, Diags, Result.IR.get());

  std::vector<const FunctionInfo *> Unsigned; // skipped, for Skipped.OneNote
  for (FunctionInfo *Fn : Plan.Candidates) {
    if (!selected(Plan, Fn, FunctionRole::Kernel))
      continue;
    if (Skipped.OneNote && !Plan.wanted(Fn) && Fn->Signatures.empty()) {
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
    for (const ParsedSignature &Sig : Fn->Signatures) {
      if (Ctx.lowerKernel(*Fn, Sig, Mangle))
        ++Result.KernelsCompiled;
    }
  }

  // @njit functions with signatures (their decorator's, --sig's, or the
  // arguments of `pykc call`) become host entry points. One without is
  // compiled only where a kernel calls it.
  for (FunctionInfo *Fn : Plan.Candidates) {
    if (!selected(Plan, Fn, FunctionRole::CpuJit))
      continue;
    if (Fn->Signatures.empty()) {
      // A function lifted out of another is compiled where that one calls it.
      if (!Fn->Def->LiftedFrom)
        Diags.report(M.File, Fn->NameRange, DiagKind::MissingHostSignature, {Fn->Name});
      continue;
    }
    if (!hasPlainParameters(*Fn->Def, M.File, Diags))
      continue;
    for (const ParsedSignature &Sig : Fn->Signatures) {
      if (Function *F = Ctx.lowerHostEntry(*Fn, Sig)) {
        Result.HostEntries.push_back({F, Fn});
        ++Result.KernelsCompiled;
      }
    }
  }

  // Reductions after kernels: their kernels come last in the module.
  for (FunctionInfo *Fn : Plan.Candidates) {
    if (!selected(Plan, Fn, FunctionRole::Reduce))
      continue;
    auto It = Plan.ReduceDtypes.find(Fn);
    Result.KernelsCompiled += lowerReduction(
        Ctx, *Fn, It != Plan.ReduceDtypes.end() ? It->second : defaultReduceDtypes(Types));
  }

  if (!Unsigned.empty()) {
    std::string Names;
    for (const FunctionInfo *Fn : Unsigned)
      Names += (Names.empty() ? "'" : ", '") + Fn->Name + "' (line " +
               std::to_string(Fn->NameRange.Begin.Line) + ")";
    Diags.report(M.File, SourceRange(), DiagKind::NoteSkippedKernels,
                 {plural(Unsigned.size(), "kernel"), Names});
  }
  return Result;
}

void checkSkippedKernels(const CompilePlan &Plan, ModuleScope &Scope, TypeContext &Types,
                         DiagnosticEngine &Diags) {
  const fe::Module &M = Scope.module();
  for (FunctionInfo *Fn : Plan.Candidates) {
    bool Compiled = Plan.OnlyKernel.empty() ? Plan.wanted(Fn) : Fn->Name == Plan.OnlyKernel;
    if (Fn->Role != FunctionRole::Kernel || Compiled || Plan.NamesOk.count(Fn->Def))
      continue;
    // The checker alone: nothing is built for a kernel not compiled.
    DiagnosticEngine Held(nullptr);
    SemaContext Check(Scope, Types, Held, /*Out=*/nullptr);
    if (ir::checkNames(*Fn, Fn->Scope ? *Fn->Scope : Scope, Held) &&
        hasPlainParameters(*Fn->Def, M.File, Held))
      for (const ParsedSignature &Sig : Fn->Signatures)
        Check.checkKernel(*Fn, Sig, Held);
    for (const Diagnostic &D : Held.diagnostics())
      if (severityOf(D.Kind) == Severity::Error)
        Diags.report(D.File, D.Range, DiagKind::SkippedKernelError, {Fn->Name, D.Message});
  }
}

void reportNothingToCompile(const CompilePlan &Plan, const ModuleScope &Scope,
                            const SemaResult &Result, DiagnosticEngine &Diags) {
  if (Plan.Requested && !Result.KernelsCompiled && !Diags.hasErrors())
    Diags.reportNoLocation(DiagKind::NothingToCompile, {Scope.module().File->name()});
}

SemaResult typeModule(ModuleScope &Scope, TypeContext &Types, DiagnosticEngine &Diags,
                      const std::vector<NamedSignature> &Signatures) {
  CompilePlan Plan = planCompilation(Scope, Diags, Signatures, "");
  checkPlannedNames(Plan, Scope, Diags);
  SemaResult Result = buildPlannedIR(Plan, Scope, Types, Diags, {});
  expandPythonOperators(*Result.IR, Types);
  return Result;
}

} // namespace pykc::ir
