//===- Compile.cpp - The pipeline -----------------------------------------===//
#include "Compile.h"

#include "Libdevice.h"

#include "codegen/Codegen.h"
#include "frontend/Parser.h"
#include "ir/ModuleScope.h"
#include "ir/Sema.h"

#include <llvm/Support/raw_ostream.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <unistd.h>

namespace pykc::driver {

namespace fs = std::filesystem;

namespace {

int fail(const std::string &Message) {
  std::cerr << "pykc: error: " << Message << '\n';
  return 1;
}

/// Writes \p Text to \p Path ('-': stdout) through a temporary file, so a
/// failed write never leaves a half-written output behind.
int writeOutput(const Options &O, const std::string &Text) {
  if (O.Output == "-") {
    std::cout << Text;
    std::cout.flush();
    return std::cout ? 0 : fail("cannot write to standard output");
  }
  std::string Path = O.Output.empty() ? defaultOutputPath(O) : O.Output;
  std::error_code EC;
  if (O.Input != "-" && fs::exists(Path, EC) && fs::equivalent(Path, O.Input, EC))
    return fail("the output '" + Path + "' would overwrite the input");
  std::string Temp = Path + ".tmp" + std::to_string(getpid());
  {
    std::ofstream Out(Temp, std::ios::binary);
    if (!Out)
      return fail("cannot write '" + Path + "'");
    Out << Text;
    if (!Out.flush()) {
      fs::remove(Temp, EC);
      return fail("cannot write '" + Path + "'");
    }
  }
  fs::rename(Temp, Path, EC);
  if (EC) {
    fs::remove(Temp, EC);
    return fail("cannot write '" + Path + "': " + EC.message());
  }
  return 0;
}

} // namespace

int compile(const Options &O) {
  frontend::SourceManager Sources;
  frontend::DiagnosticEngine Diags(&std::cerr);

  // Read.
  const frontend::SourceFile *File;
  if (O.Input == "-") {
    std::string Text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    File = Sources.addBuffer("<stdin>", std::move(Text));
  } else {
    std::error_code EC;
    if (fs::is_directory(O.Input, EC))
      return fail("'" + O.Input + "' is a directory, not a Python file");
    std::string Error;
    File = Sources.loadFile(O.Input, Error);
    if (!File)
      return fail(Error);
  }

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
  ir::SemaResult Typed = ir::lowerModule(Scope, Types, Diags, Signatures);
  if (Diags.hasErrors())
    return 1;
  if (O.Emit == EmitKind::IR) {
    std::ostringstream OS;
    ir::printModule(*Typed.IR, OS);
    return writeOutput(O, OS.str());
  }

  // Codegen: LLVM IR, optimization, PTX.
  codegen::CodegenOptions CO;
  CO.Arch = O.Arch;
  CO.OptLevel = O.OptLevel;
  CO.LibdevicePath = findLibdevice(O.Libdevice, O.CudaPath);
  codegen::NVPTXBackend Backend(CO);
  llvm::LLVMContext Ctx;
  std::string Error;
  std::unique_ptr<llvm::Module> M = Backend.compile(*Typed.IR, Ctx, Error);
  if (!M)
    return fail(Error);
  std::string Text;
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
