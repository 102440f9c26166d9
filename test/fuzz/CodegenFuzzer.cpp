//===- CodegenFuzzer.cpp - libFuzzer entry through both backends ----------===//
//
// As TypingFuzzer.cpp, then every module that types is compiled by both
// backends: NVPTX (LLVM IR verified, optimized, printed as PTX; libdevice
// linked when math needs it) and the CPU backend's host object (x86-64
// code for every kernel and its registration). An internal compiler error
// (PYKC_ICE aborts), an LLVM assertion or a crash is a failure. Slower than
// the typing fuzzer per input (LLVM runs at -O1), so CI gives it a few
// seconds of the same seeds.
//
// Run: pykc-codegen-fuzzer -timeout=10 -rss_limit_mb=4096 CORPUS
//
//===----------------------------------------------------------------------===//
#include "codegen/Codegen.h"
#include "codegen/HostObject.h"
#include "frontend/AST.h"
#include "frontend/Diagnostic.h"
#include "frontend/Parser.h"
#include "frontend/SourceManager.h"
#include "ir/IR.h"
#include "ir/ModuleScope.h"
#include "ir/Sema.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <cstddef>
#include <cstdint>
#include <string>

using namespace pykc;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  frontend::SourceFile File("fuzz.py", std::string(reinterpret_cast<const char *>(Data), Size));
  frontend::DiagnosticEngine Diags(nullptr);
  frontend::ASTContext AST;
  frontend::Module M = frontend::parseModule(File, AST, Diags);
  if (Diags.hasErrors())
    return 0;
  ir::TypeContext Types;
  ir::ModuleScope Scope(M, Types, Diags);
  for (ir::FunctionInfo *Fn : Scope.functions())
    if (Fn->Role == ir::FunctionRole::Kernel && Fn->Signatures.empty()) {
      ir::ParsedSignature Sig;
      for (size_t I = 0; I < Fn->Def->Params.size(); ++I)
        Sig.Args.push_back(Types.array(Types.float64(), 1, ir::ArrayLayout::A));
      Sig.File = &File;
      Fn->Signatures.push_back(Sig);
    }
  ir::SemaResult Typed = ir::lowerModule(Scope, Types, Diags, {});
  if (Diags.hasErrors() || !Typed.KernelsCompiled)
    return 0;

  std::string Error, PTX, Object;
  codegen::CodegenOptions CO;
  CO.Arch = "sm_80";
  CO.OptLevel = 1;
  CO.LibdevicePath = PYKC_FUZZ_LIBDEVICE;
  codegen::NVPTXBackend Backend(CO);
  llvm::LLVMContext Ctx;
  if (auto LM = Backend.compile(*Typed.IR, Ctx, Error))
    Backend.emitPTX(*LM, PTX, Error);

  codegen::HostObjectOptions HO;
  HO.Namespace = "fuzz";
  HO.SourcePath = "fuzz.py";
  HO.OptLevel = 1;
  codegen::emitHostObject(*Typed.IR, {}, HO, Object, Error);
  return 0;
}
