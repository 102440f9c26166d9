//===- Token.h - Python tokens ----------------------------------*- C++ -*-===//
#pragma once

#include "frontend/SourceManager.h"

#include <string_view>

namespace pykc::frontend {

enum class TokenKind {
#define TOKEN(Kind, Spelling) Kind,
#include "frontend/Token.def"
};

/// "name", "(", "def", ... for messages.
std::string_view tokenSpelling(TokenKind Kind);

/// One token. Text is the exact source spelling (empty for INDENT/DEDENT and
/// end of file); a String token keeps its prefix and quotes, a Number its
/// underscores and suffix, so the parser decodes both.
struct Token {
  TokenKind Kind = TokenKind::EndOfFile;
  SourceRange Range;
  std::string_view Text;

  bool is(TokenKind K) const { return Kind == K; }
};

} // namespace pykc::frontend
