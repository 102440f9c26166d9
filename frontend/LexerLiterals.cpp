//===- LexerLiterals.cpp - Names, keywords, numbers and strings -----------===//
#include "frontend/LexerImpl.h"
#include "frontend/StringLiteral.h"

namespace pykc::frontend::detail {

namespace {

struct KeywordSpelling {
  std::string_view Text;
  TokenKind Kind;
};

constexpr KeywordSpelling Keywords[] = {
#define TOKEN(K, Spelling)
#define KEYWORD(K, Spelling) {Spelling, TokenKind::K},
#include "frontend/Token.def"
};

TokenKind classifyWord(std::string_view Word) {
  for (const KeywordSpelling &K : Keywords)
    if (K.Text == Word)
      return K.Kind;
  return TokenKind::Name;
}

bool isHexDigit(char C) {
  return isDigit(C) || (C >= 'a' && C <= 'f') || (C >= 'A' && C <= 'F');
}
bool isOctDigit(char C) { return C >= '0' && C <= '7'; }
bool isBinDigit(char C) { return C == '0' || C == '1'; }
bool isDecDigit(char C) { return isDigit(C); }

} // namespace

void Lexer::lexNameOrString() {
  uint32_t Begin = Pos;
  while (!atEnd() && isNameChar(peek()))
    ++Pos;
  if ((peek() == '\'' || peek() == '"') && Pos - Begin <= 2) {
    StringPrefix Prefix;
    if (parseStringPrefix(Text.substr(Begin, Pos - Begin + 1), Prefix)) {
      lexString(Begin, Pos);
      return;
    }
  }
  addToken(classifyWord(Text.substr(Begin, Pos - Begin)), Begin, Pos);
}

bool Lexer::keywordFollows() const {
  // CPython accepts (with a warning) `1if x else 2` and similar.
  static constexpr std::string_view Words[] = {"and", "else", "for", "if",
                                               "in",  "is",   "not", "or"};
  std::string_view Rest = Text.substr(Pos);
  for (std::string_view W : Words)
    if (Rest.substr(0, W.size()) == W &&
        (Rest.size() == W.size() || !isNameChar(Rest[W.size()])))
      return true;
  return false;
}

void Lexer::scanNumberDigits(bool (*IsDigit)(char), bool &Bad) {
  while (true) {
    if (IsDigit(peek())) {
      ++Pos;
    } else if (peek() == '_') {
      if (!IsDigit(peek(1))) {
        Bad = true;
        return;
      }
      ++Pos;
    } else {
      return;
    }
  }
}

void Lexer::lexNumber() {
  uint32_t Begin = Pos;
  bool Bad = false;
  const char *What = "decimal";
  char Second = static_cast<char>(peek(1) | 0x20);
  if (peek() == '0' && (Second == 'x' || Second == 'o' || Second == 'b')) {
    bool (*IsDigit)(char) = Second == 'x'   ? isHexDigit
                            : Second == 'o' ? isOctDigit
                                            : isBinDigit;
    What = Second == 'x' ? "hexadecimal" : Second == 'o' ? "octal" : "binary";
    Pos += 2;
    uint32_t DigitsBegin = Pos;
    if (peek() == '_')
      ++Pos;
    if (!IsDigit(peek()))
      Bad = true;
    else
      scanNumberDigits(IsDigit, Bad);
    if (Pos == DigitsBegin)
      Bad = true;
    if (!Bad && isNameChar(peek()) && !keywordFollows())
      Bad = true;
  } else {
    bool IntegerOnly = true;
    if (peek() != '.')
      scanNumberDigits(isDecDigit, Bad);
    bool LeadingZeros =
        Text[Begin] == '0' &&
        Text.substr(Begin, Pos - Begin).find_first_of("123456789") !=
            std::string_view::npos;
    if (!Bad && peek() == '.') {
      ++Pos;
      IntegerOnly = false;
      if (isDigit(peek()))
        scanNumberDigits(isDecDigit, Bad);
      else if (peek() == '_')
        Bad = true;
    }
    if (!Bad && (peek() == 'e' || peek() == 'E')) {
      size_t Sign = peek(1) == '+' || peek(1) == '-' ? 1 : 0;
      if (isDigit(peek(1 + Sign))) {
        Pos += static_cast<uint32_t>(1 + Sign);
        scanNumberDigits(isDecDigit, Bad);
        IntegerOnly = false;
      } else if (!keywordFollows()) {
        Bad = true;
      }
    }
    if (!Bad && (peek() == 'j' || peek() == 'J')) {
      ++Pos;
      IntegerOnly = false;
      What = "imaginary";
    }
    if (!Bad && isNameChar(peek()) && !keywordFollows())
      Bad = true;
    if (!Bad && IntegerOnly && LeadingZeros)
      Bad = true;
  }
  if (Bad) {
    while (!atEnd() && isNameChar(peek()))
      ++Pos;
    error(Begin, Pos, DiagKind::InvalidNumber, {What});
  }
  addToken(TokenKind::Number, Begin, Pos);
}

void Lexer::lexString(uint32_t Begin, uint32_t QuotePos) {
  StringPrefix Prefix;
  parseStringPrefix(Text.substr(Begin, QuotePos - Begin + 1), Prefix);
  Pos = QuotePos;
  char Quote = peek();
  bool Triple = peek(1) == Quote && peek(2) == Quote;
  Pos += Triple ? 3 : 1;
  while (true) {
    if (atEnd() || (!Triple && atNewline())) {
      if (Triple)
        error(Begin, QuotePos + 3, DiagKind::UnterminatedTripleQuotedString);
      else
        error(Begin, Pos, DiagKind::UnterminatedString);
      addToken(TokenKind::Error, Begin, Pos);
      return;
    }
    char C = peek();
    if (C == '\\') {
      ++Pos;
      if (atNewline())
        Pos += static_cast<uint32_t>(newlineLength());
      else if (!atEnd())
        ++Pos;
      continue;
    }
    if (C == Quote) {
      if (!Triple) {
        ++Pos;
        break;
      }
      if (peek(1) == Quote && peek(2) == Quote) {
        Pos += 3;
        break;
      }
    }
    ++Pos;
  }
  addToken(TokenKind::String, Begin, Pos);
  if (Prefix.Raw || Prefix.Format)
    return;
  std::vector<EscapeError> Errors;
  std::string_view Spelling = Text.substr(Begin, Pos - Begin);
  decodeStringLiteral(Spelling, &Errors);
  if (Errors.empty())
    return;
  // One report per literal is enough to point at the problem.
  const EscapeError &E = Errors.front();
  uint32_t At = Begin + static_cast<uint32_t>(E.Offset);
  error(At, At + static_cast<uint32_t>(E.Length), DiagKind::InvalidEscape,
        {std::string(Spelling.substr(E.Offset, E.Length))});
}

} // namespace pykc::frontend::detail
