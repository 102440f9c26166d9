//===- Lexer.h - Python 3 tokenizer -----------------------------*- C++ -*-===//
///
/// \file
/// Turns a source file into Python tokens: NEWLINE/INDENT/DEDENT from the
/// indentation (tabs to the next multiple of 8, as CPython), implicit line
/// joining inside brackets, backslash continuation, every string and number
/// form, comments dropped. IPython magics (`%timeit ...`, `!pip ...`) become
/// one Magic token spanning the rest of their line. Problems are reported to
/// the DiagnosticEngine and tokenizing goes on; the result always ends with
/// EndOfFile.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "frontend/Token.h"

#include <vector>

namespace pykc::frontend {

std::vector<Token> tokenize(const SourceFile &File, DiagnosticEngine &Diags);

} // namespace pykc::frontend
