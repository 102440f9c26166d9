//===- Pipeline.cpp - The phases every pykc command shares ----------------===//
#include "Pipeline.h"

#include "InputFile.h"
#include "Output.h"
#include "ReductionChecks.h"

#include "frontend/Parser.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

namespace pykc::driver {

namespace {

/// Finds `import NAME`'s NAME.py beside the main file (Python's first
/// place to look), reads and parses it, and scans its names, once per
/// name. A syntax error in it is reported like the main file's.
ir::ModuleLoader moduleLoader(const std::string &Input, Compilation &C) {
  namespace fs = std::filesystem;
  // The main file's directory ("" for the current one, as for stdin).
  fs::path Dir = Input == "-" ? fs::path() : fs::path(Input).parent_path();
  return [Dir, &C](const std::string &Name) -> ir::ModuleScope * {
    if (auto It = C.Modules.find(Name); It != C.Modules.end())
      return It->second ? It->second->Scope.get() : nullptr; // null: a cycle
    std::error_code EC;
    fs::path Path = Dir.empty() ? fs::path(Name + ".py") : Dir / (Name + ".py");
    if (!fs::is_regular_file(Path, EC))
      return nullptr;
    C.Modules[Name] = nullptr; // being read: `import a` inside a.py's imports
    std::string Text, Error;
    if (!readSourceFile(Path.string(), Text, Error))
      return nullptr;
    auto M = std::make_unique<Compilation::Imported>();
    const frontend::SourceFile *File = C.Sources.addBuffer(Path.string(), std::move(Text));
    M->Syntax = frontend::parseModule(*File, M->AST, C.Diags);
    M->Scope = std::make_unique<ir::ModuleScope>(M->Syntax, C.Types, C.Diags,
                                                 moduleLoader(Path.string(), C), Name);
    ir::ModuleScope *Scope = M->Scope.get();
    C.Modules[Name] = std::move(M);
    return Scope;
  };
}

} // namespace

int runFrontend(const FrontendRequest &R, Compilation &C) {
  // 1. Read.
  std::string Text, Error;
  if (!readSourceFile(R.Input, Text, Error))
    return fail(Error);
  const frontend::SourceFile *File =
      C.Sources.addBuffer(R.Input == "-" ? "<stdin>" : R.Input, std::move(Text));

  // 2. Tokens and syntax tree. Syntax errors stop here, as in Python.
  C.Syntax = frontend::parseModule(*File, C.AST, C.Diags);
  if (C.Diags.hasErrors())
    return 1;
  if (R.StopAfterParse)
    return 0;

  // 3. Names. The command may check the scope and choose the signatures
  // (pykc run: a kernel's declared signature that its arguments fit).
  std::vector<std::string> SignatureTexts = R.Signatures;
  C.Scope = std::make_unique<ir::ModuleScope>(C.Syntax, C.Types, C.Diags,
                                              moduleLoader(R.Input, C));
  if (R.CheckScope)
    if (std::string Problem = R.CheckScope(*C.Scope, SignatureTexts); !Problem.empty())
      return fail(Problem);

  // 4. Command-line signatures.
  std::vector<ir::NamedSignature> Signatures;
  for (const std::string &Sig : SignatureTexts) {
    const frontend::SourceFile *SigFile = C.Sources.addBuffer(R.SignatureOrigin, Sig);
    std::string Name;
    if (auto Parsed = ir::parseSignature(Sig, *SigFile, 0, C.Types, C.Diags, /*AllowName=*/true, &Name))
      Signatures.push_back({Name, *Parsed});
  }
  if (C.Diags.hasErrors())
    return 1;

  if (R.AllowUnusedSignatures)
    std::erase_if(Signatures, [&](const ir::NamedSignature &S) { return !C.Scope->function(S.Name); });

  // 5. Types and IR.
  C.Typed = ir::lowerModule(*C.Scope, C.Types, C.Diags, Signatures, R.OnlyKernel);
  if (C.Diags.hasErrors() || (!R.OnlyKernel.empty() && !C.Typed.KernelsCompiled))
    return 1;
  if (R.BoundsCheck)
    for (const auto &F : C.Typed.IR->functions())
      F->BoundsCheck = true;

  // 6. Reductions whose result depends on the order of operations.
  if (!checkReductions(C, R.Fmad, Error))
    return fail(Error);
  return 0;
}

bool compilePTX(const ir::Module &IR, const codegen::CodegenOptions &Options, bool LLVMText,
                std::string &Out, std::string &Error) {
  codegen::NVPTXBackend Backend(Options);
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M = Backend.compile(IR, Ctx, Error);
  if (!M)
    return false;
  Out.clear();
  if (!LLVMText)
    return Backend.emitPTX(*M, Out, Error);
  llvm::raw_string_ostream OS(Out);
  M->print(OS, nullptr);
  OS.flush();
  return true;
}

} // namespace pykc::driver
