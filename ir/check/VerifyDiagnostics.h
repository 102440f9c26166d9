//===- check/VerifyDiagnostics.h - The checker's reports against the lowering's -*- C++ -*-===//
///
/// \file
/// V2 of docs/design/typing-pass.md: with PYKC_VERIFY_DIAGNOSTICS naming a
/// file, one line per kernel and host entry is appended to that file:
/// `same` when the checker (which reports what users see) and the lowering
/// (which reports into SemaContext::LowerDiags, unseen) reported the same
/// diagnostics (kind, file, place, message, in order), else `differs` with
/// the first difference. Until the lowering loses its error paths (phase
/// C), this shows that both still say the same; nothing users see changes.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"

#include <memory>
#include <string>

namespace pykc::ir {

class SemaContext;
struct FunctionInfo;

class DiagnosticVerifier {
public:
  /// Null unless PYKC_VERIFY_DIAGNOSTICS is set.
  static std::unique_ptr<DiagnosticVerifier> fromEnvironment(SemaContext &Ctx,
                                                             frontend::DiagnosticEngine &Diags);
  /// Before the lowering of an entry: where its diagnostics begin.
  void begin();
  /// After checking and lowering the entry \p Fn.
  void verify(FunctionInfo &Fn);

private:
  DiagnosticVerifier(SemaContext &Ctx, frontend::DiagnosticEngine &Diags, std::string Path)
      : Ctx(Ctx), Diags(Diags), Path(std::move(Path)) {}
  SemaContext &Ctx;
  frontend::DiagnosticEngine &Diags;
  std::string Path;
  size_t Before = 0, LowerBefore = 0;
};

} // namespace pykc::ir
