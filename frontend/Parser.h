//===- Parser.h - Python 3 parser -------------------------------*- C++ -*-===//
///
/// \file
/// A recursive-descent parser for Python 3 statements and expressions. It
/// reports each syntax error once and resynchronizes at the next statement,
/// so one run reports every independent error; it never crashes, whatever
/// the input.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"
#include "frontend/Diagnostic.h"

namespace pykc::frontend {

/// Parses a whole file. The module holds every statement that parsed.
Module parseModule(const SourceFile &File, ASTContext &Ctx, DiagnosticEngine &Diags);

} // namespace pykc::frontend
