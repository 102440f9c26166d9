//===- Compile.cpp - The pipeline -----------------------------------------===//
#include "Compile.h"

#include "CompileObject.h"
#include "CudaToolkit.h"
#include "InputFile.h"
#include "Output.h"

#include "codegen/Codegen.h"
#include "frontend/Parser.h"
#include "ir/ModuleScope.h"
#include "ir/Sema.h"

#include <llvm/Support/raw_ostream.h>

#include <iostream>
#include <sstream>

namespace pykc::driver {

namespace {

int writeOutput(const Options &O, const std::string &Text) {
  return writeOutputFile(O.Output.empty() ? defaultOutputPath(O) : O.Output, Text, O.Input);
}

} // namespace

int compile(const Options &O) {
  frontend::SourceManager Sources;
  frontend::DiagnosticEngine Diags(&std::cerr);

  // Read.
  std::string Text, Error;
  if (!readSourceFile(O.Input, Text, Error))
    return fail(Error);
  const frontend::SourceFile *File = Sources.addBuffer(O.Input == "-" ? "<stdin>" : O.Input, std::move(Text));

  // Frontend: tokens and syntax tree. Syntax errors stop here, as in Python.
  frontend::ASTContext AST;
  frontend::Module Module = frontend::parseModule(*File, AST, Diags);
  if (Diags.hasErrors())
    return 1;
  if (O.Emit == EmitKind::AST) {
    std::ostringstream OS;
    frontend::dumpAST(Module, OS);
    return writeOutput(O, OS.str());
  }

  // IR: names, Numba types, the typed IR of every kernel.
  ir::TypeContext Types;
  std::vector<ir::NamedSignature> Signatures;
  for (const std::string &Text : O.Signatures) {
    const frontend::SourceFile *SigFile = Sources.addBuffer("<--sig>", Text);
    std::string Name;
    if (auto Sig = ir::parseSignature(Text, *SigFile, 0, Types, Diags, /*AllowName=*/true, &Name))
      Signatures.push_back({Name, *Sig});
  }
  if (Diags.hasErrors())
    return 1;
  ir::ModuleScope Scope(Module, Types, Diags);
  if (O.AllowUnusedSignatures)
    std::erase_if(Signatures, [&](const ir::NamedSignature &S) { return !Scope.function(S.Name); });
  ir::SemaResult Typed = ir::lowerModule(Scope, Types, Diags, Signatures);
  if (Diags.hasErrors())
    return 1;
  if (O.Emit == EmitKind::IR) {
    std::ostringstream OS;
    ir::printModule(*Typed.IR, OS);
    return writeOutput(O, OS.str());
  }

  if (O.Emit == EmitKind::Object)
    return compileObject(O, *Typed.IR);

  // Codegen: LLVM IR, optimization, PTX.
  codegen::CodegenOptions CO;
  CO.Arch = O.Archs.empty() ? "sm_75" : O.Archs.front();
  CO.OptLevel = O.OptLevel;
  CO.Float.Fmad = O.Fmad;
  CO.LibdevicePath = findLibdevice(O.Libdevice, O.CudaPath);
  codegen::NVPTXBackend Backend(CO);
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M = Backend.compile(*Typed.IR, Ctx, Error);
  if (!M)
    return fail(Error);
  Text.clear();
  if (O.Emit == EmitKind::LLVM) {
    llvm::raw_string_ostream OS(Text);
    M->print(OS, nullptr);
    OS.flush();
  } else if (!Backend.emitPTX(*M, Text, Error)) {
    return fail(Error);
  }
  return writeOutput(O, Text);
}

} // namespace pykc::driver
