//===- check/VerifyDiagnostics.h - The checker's reports against the lowering's -*- C++ -*-===//
///
/// \file
/// V2 of docs/design/typing-pass.md: with PYKC_VERIFY_DIAGNOSTICS naming a
/// file, each kernel and host entry the lowering builds is checked again by
/// the checker's final walk into an engine of its own, and one line per
/// entry is appended to that file: `same` when both reported the same
/// diagnostics (kind, file, place, message, in order), else `differs` with
/// the first difference. Until the checker reports everything the lowering
/// does, this measures how far it is; nothing the user sees changes.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"

#include <memory>
#include <string>

namespace pykc::ir {

class SemaContext;
struct FunctionInfo;
struct ParsedSignature;

class DiagnosticVerifier {
public:
  /// Null unless PYKC_VERIFY_DIAGNOSTICS is set.
  static std::unique_ptr<DiagnosticVerifier> fromEnvironment(SemaContext &Ctx,
                                                             frontend::DiagnosticEngine &Diags);
  /// Before the lowering of an entry: where its diagnostics begin.
  void begin();
  /// After lowering \p Fn for \p Sig (a kernel, or a host entry).
  void verify(FunctionInfo &Fn, const ParsedSignature &Sig, bool Kernel);

private:
  DiagnosticVerifier(SemaContext &Ctx, frontend::DiagnosticEngine &Diags, std::string Path)
      : Ctx(Ctx), Diags(Diags), Path(std::move(Path)) {}
  SemaContext &Ctx;
  frontend::DiagnosticEngine &Diags;
  std::string Path;
  size_t Before = 0;
  unsigned Spelling = 0;
};

} // namespace pykc::ir
