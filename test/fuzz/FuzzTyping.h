//===- FuzzTyping.h - What the typing and codegen fuzzers share -*- C++ -*-===//
//
// Parses a fuzz input as a module and types it: names, then every kernel,
// those without a signature with the one pykc's warning would suggest
// (arrays of as many dimensions as the body indexes, scalars int64), so
// mutated kernels are typed, not just parsed.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"
#include "frontend/Diagnostic.h"
#include "frontend/Parser.h"
#include "frontend/SourceManager.h"
#include "ir/IR.h"
#include "ir/ModuleScope.h"
#include "ir/BarrierCheck.h"
#include "ir/CompilePlan.h"
#include "ir/HostCheck.h"
#include "ir/MemoryLimits.h"
#include "ir/ParallelLoops.h"
#include "ir/PrecisionCheck.h"
#include "ir/SignatureGuess.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

struct FuzzModule {
  pykc::frontend::SourceFile File;
  pykc::frontend::DiagnosticEngine Diags{nullptr};
  pykc::frontend::ASTContext AST;
  pykc::frontend::Module Syntax;
  pykc::ir::TypeContext Types;
  std::unique_ptr<pykc::ir::ModuleScope> Scope;
  pykc::ir::SemaResult Typed;

  FuzzModule(const uint8_t *Data, size_t Size)
      : File("fuzz.py", std::string(reinterpret_cast<const char *>(Data), Size)) {}

  /// False when the input does not parse (the frontend fuzzer's ground).
  bool type() {
    using namespace pykc;
    Syntax = frontend::parseModule(File, AST, Diags);
    if (Diags.hasErrors())
      return false;
    Scope = std::make_unique<ir::ModuleScope>(Syntax, Types, Diags);
    for (ir::FunctionInfo *Fn : Scope->functions())
      if (Fn->Role == ir::FunctionRole::Kernel && Fn->Signatures.empty()) {
        ir::ParsedSignature Sig;
        for (unsigned Dims : ir::guessArrayDims(*Fn->Def))
          Sig.Args.push_back(Dims ? static_cast<const ir::Type *>(Types.array(
                                        Types.float32(), Dims, ir::ArrayLayout::A))
                                  : Types.int64());
        Sig.File = &File;
        Fn->Signatures.push_back(Sig);
      }
    // The driver's passes up to the checked IR (tools/pykc/Pipeline.cpp).
    Typed = ir::typeModule(*Scope, Types, Diags);
    ir::outlineParallelLoops(Typed, Types, Scope->numThreads(), Diags);
    ir::checkHostEntries(Typed, Diags);
    ir::checkMemoryLimits(*Typed.IR, &File, Diags);
    ir::checkFloat64Promotion(*Typed.IR, &File, Diags);
    ir::checkDivergentBarriers(*Typed.IR, &File, Diags);
    return true;
  }
};
