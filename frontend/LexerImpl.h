//===- LexerImpl.h - Tokenizer state (private) ------------------*- C++ -*-===//
///
/// \file
/// The tokenizer behind tokenize(), split over Lexer.cpp (lines,
/// indentation, brackets, operators) and LexerLiterals.cpp (names, numbers,
/// strings). Private to the frontend.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "frontend/Token.h"

#include <string>
#include <string_view>
#include <vector>

namespace pykc::frontend::detail {

/// True for bytes that may appear in a name: ASCII letters, digits, `_` and
/// every byte of a non-ASCII UTF-8 sequence.
inline bool isNameChar(char C) {
  unsigned char U = static_cast<unsigned char>(C);
  return (U >= 'a' && U <= 'z') || (U >= 'A' && U <= 'Z') ||
         (U >= '0' && U <= '9') || U == '_' || U >= 0x80;
}
inline bool isNameStart(char C) {
  return isNameChar(C) && !(C >= '0' && C <= '9');
}
inline bool isDigit(char C) { return C >= '0' && C <= '9'; }

/// A lexer diagnostic held back so the parser can report it in source order
/// with its own.
struct PendingDiag {
  SourceRange Range;
  DiagKind Kind;
  std::vector<std::string> Args;
};

class Lexer {
public:
  /// With \p Pending, diagnostics are queued there instead of reported.
  Lexer(const SourceFile &File, DiagnosticEngine &Diags,
        std::vector<PendingDiag> *Pending = nullptr);
  std::vector<Token> run();

private:
  /// One open indentation level: the column with tabs to multiples of 8 and
  /// with tabs as one column (CPython's "altcol"), to detect ambiguous tabs.
  /// A level pushed to recover from a bad dedent emits no INDENT/DEDENT.
  struct Level {
    uint32_t Col;
    uint32_t AltCol;
    bool Real;
  };
  struct OpenBracket {
    char Char;
    uint32_t Offset;
  };

  // Lexer.cpp
  bool atEnd() const { return Pos >= Text.size(); }
  char peek(size_t Ahead = 0) const {
    return Pos + Ahead < Text.size() ? Text[Pos + Ahead] : '\0';
  }
  bool atNewline() const { return peek() == '\n' || peek() == '\r'; }
  size_t newlineLength() const;
  SourceRange rangeOf(uint32_t Begin, uint32_t End) const;
  /// The line rangeOf found last (SourceFile::locationOf's hint).
  mutable uint32_t LineHint = 0;
  void addToken(TokenKind Kind, uint32_t Begin, uint32_t End);
  void error(uint32_t Begin, uint32_t End, DiagKind Kind,
             std::vector<std::string> Args = {});
  bool startLogicalLine();
  void handleIndentation(uint32_t Col, uint32_t AltCol);
  void lexMagic();
  void lexPunctuation();
  void lexInvalid();
  void finish();

  // LexerLiterals.cpp
  void lexNameOrString();
  void lexNumber();
  void lexString(uint32_t Begin, uint32_t QuotePos);
  void scanNumberDigits(bool (*IsDigit)(char), bool &Bad);
  bool keywordFollows() const;

  const SourceFile &File;
  DiagnosticEngine &Diags;
  std::vector<PendingDiag> *Pending;
  std::string_view Text;
  uint32_t Pos = 0;
  std::vector<Token> Tokens;
  std::vector<Level> Levels;
  std::vector<OpenBracket> Brackets;
  /// The current logical line has produced a token (so it needs a NEWLINE).
  bool LineHasTokens = false;
  bool ReportedTabs = false;
};

} // namespace pykc::frontend::detail
