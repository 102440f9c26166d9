//===- FuzzCodegen.h - Both backends for the fuzzers ------------*- C++ -*-===//
//
// What the code generation and kernel fuzzers do with a module that types:
// NVPTX (LLVM IR verified, optimized, printed as PTX; libdevice linked when
// math needs it) and the CPU backend's host object (x86-64 code for every
// kernel and its registration), both at -O1 to keep inputs quick. A backend
// error is fine; an internal compiler error, an LLVM assertion or a crash
// is what the fuzzers look for.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/Codegen.h"
#include "codegen/HostObject.h"
#include "ir/IR.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <string>

/// The architecture the fuzzers compile PTX for.
inline constexpr const char *FuzzArch = "sm_80";

/// \p IR's PTX for FuzzArch, or empty when the NVPTX backend refused it.
inline std::string fuzzPTX(const pykc::ir::Module &IR) {
  using namespace pykc;
  std::string Error, PTX;
  codegen::CodegenOptions CO;
  CO.Arch = FuzzArch;
  CO.OptLevel = 1;
  CO.LibdevicePath = PYKC_FUZZ_LIBDEVICE;
  codegen::NVPTXBackend Backend(CO);
  llvm::LLVMContext Ctx;
  if (auto LM = Backend.compile(IR, Ctx, Error); !LM || !Backend.emitPTX(*LM, PTX, Error))
    PTX.clear();
  return PTX;
}

/// \p IR through the CPU backend into a host object (thrown away).
inline void fuzzHostObject(const pykc::ir::Module &IR) {
  using namespace pykc;
  std::string Error, Object;
  codegen::HostObjectOptions HO;
  HO.Namespace = "fuzz";
  HO.SourcePath = "fuzz.py";
  HO.OptLevel = 1;
  codegen::emitHostObject(IR, {}, HO, Object, Error);
}
