//===- Lexer.cpp - Lines, indentation, brackets and operators -------------===//
#include "frontend/Lexer.h"
#include "frontend/LexerImpl.h"

#include <array>

namespace pykc::frontend {
namespace detail {

namespace {

struct PunctSpelling {
  std::string_view Text;
  TokenKind Kind;
};

constexpr PunctSpelling Puncts[] = {
#define PUNCT(K, Spelling) {Spelling, TokenKind::K},
#include "frontend/Token.def"
};

/// The longest operator or delimiter spelled at the start of \p S (not
/// empty).
const PunctSpelling *matchPunct(std::string_view S) {
  const PunctSpelling *Best = nullptr;
  for (const PunctSpelling &P : Puncts)
    if (P.Text[0] == S[0] && S.substr(0, P.Text.size()) == P.Text &&
        (!Best || P.Text.size() > Best->Text.size()))
      Best = &P;
  return Best;
}

bool isOpener(char C) { return C == '(' || C == '[' || C == '{'; }
bool isCloser(char C) { return C == ')' || C == ']' || C == '}'; }
char openerOf(char C) { return C == ')' ? '(' : C == ']' ? '[' : '{'; }

/// Characters that start something the lexer knows; a run of anything else
/// is one InvalidCharacter diagnostic.
bool startsKnownToken(char C) {
  static constexpr std::string_view Known =
      " \t\f\r\n#\\'\"()[]{},:;.-=+*/%@<>&|^~!";
  return isNameChar(C) || Known.find(C) != std::string_view::npos;
}

/// A character as it can be shown in a message.
std::string printable(char C) {
  unsigned char U = static_cast<unsigned char>(C);
  if (U >= 0x20 && U < 0x7F)
    return std::string(1, C);
  static constexpr char Hex[] = "0123456789abcdef";
  return std::string("\\x") + Hex[U >> 4] + Hex[U & 15];
}

/// The offset of the first byte of \p Text that does not belong to a valid
/// UTF-8 sequence (overlong forms, surrogates and code points past U+10FFFF
/// included, as Python refuses them), or npos.
size_t firstInvalidUTF8(std::string_view Text) {
  size_t I = 0;
  while (I < Text.size()) {
    unsigned char C = static_cast<unsigned char>(Text[I]);
    if (C < 0x80) {
      ++I;
      continue;
    }
    size_t Length = C >= 0xC2 && C <= 0xDF ? 2 : C >= 0xE0 && C <= 0xEF ? 3
                    : C >= 0xF0 && C <= 0xF4 ? 4 : 0;
    if (Length == 0 || I + Length > Text.size())
      return I;
    unsigned char Second = static_cast<unsigned char>(Text[I + 1]);
    unsigned char Low = C == 0xE0 ? 0xA0 : C == 0xF0 ? 0x90 : 0x80;
    unsigned char High = C == 0xED ? 0x9F : C == 0xF4 ? 0x8F : 0xBF;
    if (Second < Low || Second > High)
      return I;
    for (size_t K = 2; K < Length; ++K)
      if ((static_cast<unsigned char>(Text[I + K]) & 0xC0) != 0x80)
        return I;
    I += Length;
  }
  return std::string_view::npos;
}

} // namespace

Lexer::Lexer(const SourceFile &File, DiagnosticEngine &Diags,
             std::vector<PendingDiag> *Pending)
    : File(File), Diags(Diags), Pending(Pending), Text(File.text()) {}

size_t Lexer::newlineLength() const {
  if (peek() == '\r' && peek(1) == '\n')
    return 2;
  return atNewline() ? 1 : 0;
}

SourceRange Lexer::rangeOf(uint32_t Begin, uint32_t End) const {
  SourceLocation B = File.locationOf(Begin, LineHint);
  uint32_t EndLine = LineHint; // a token may span lines: the hint stays at its start
  return SourceRange(B, File.locationOf(End, EndLine));
}

void Lexer::addToken(TokenKind Kind, uint32_t Begin, uint32_t End) {
  Token T;
  T.Kind = Kind;
  T.Range = rangeOf(Begin, End);
  T.Text = Text.substr(Begin, End - Begin);
  Tokens.push_back(T);
  if (Kind != TokenKind::Newline && Kind != TokenKind::Indent &&
      Kind != TokenKind::Dedent && Kind != TokenKind::EndOfFile)
    LineHasTokens = true;
}

void Lexer::error(uint32_t Begin, uint32_t End, DiagKind Kind,
                  std::vector<std::string> Args) {
  if (Pending)
    Pending->push_back({rangeOf(Begin, End), Kind, std::move(Args)});
  else
    Diags.report(&File, rangeOf(Begin, End), Kind, std::move(Args));
}

std::vector<Token> Lexer::run() {
  if (Text.substr(0, 3) == "\xEF\xBB\xBF")
    Pos = 3;
  // Python refuses a file that is not UTF-8 before it reads a token; names
  // with such bytes would otherwise reach headers that do not compile.
  if (size_t Bad = firstInvalidUTF8(Text); Bad != std::string_view::npos)
    error(static_cast<uint32_t>(Bad), static_cast<uint32_t>(Bad + 1), DiagKind::InvalidEncoding,
          {printable(Text[Bad])});
  Levels.push_back({0, 0, true});
  bool AtLineStart = true;
  while (true) {
    if (AtLineStart) {
      if (!startLogicalLine()) {
        if (atEnd())
          break;
        continue;
      }
      AtLineStart = false;
    }
    while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\f'))
      ++Pos;
    if (atEnd())
      break;
    char C = peek();
    if (C == '#') {
      while (!atEnd() && !atNewline())
        ++Pos;
      continue;
    }
    if (C == '\n' || C == '\r') {
      uint32_t Begin = Pos;
      Pos += static_cast<uint32_t>(newlineLength());
      if (Brackets.empty()) {
        if (LineHasTokens)
          addToken(TokenKind::Newline, Begin, Pos);
        LineHasTokens = false;
        AtLineStart = true;
      }
      continue;
    }
    if (C == '\\') {
      uint32_t Begin = Pos++;
      if (atNewline()) {
        Pos += static_cast<uint32_t>(newlineLength());
        continue;
      }
      error(Begin, Pos, DiagKind::BadLineContinuation);
      addToken(TokenKind::Error, Begin, Pos);
      continue;
    }
    if (isDigit(C) || (C == '.' && isDigit(peek(1)))) {
      lexNumber();
      continue;
    }
    if (isNameChar(C)) {
      lexNameOrString();
      continue;
    }
    if (C == '\'' || C == '"') {
      lexString(Pos, Pos);
      continue;
    }
    if (startsKnownToken(C)) {
      lexPunctuation();
      continue;
    }
    lexInvalid();
  }
  finish();
  return std::move(Tokens);
}

bool Lexer::startLogicalLine() {
  uint32_t Col = 0, AltCol = 0;
  for (; !atEnd(); ++Pos) {
    char C = peek();
    if (C == ' ') {
      ++Col;
      ++AltCol;
    } else if (C == '\t') {
      Col = (Col / 8 + 1) * 8;
      ++AltCol;
    } else if (C == '\f') {
      Col = AltCol = 0;
    } else {
      break;
    }
  }
  if (atEnd())
    return false;
  // Blank and comment-only lines produce no tokens and keep the indentation.
  if (peek() == '#')
    while (!atEnd() && !atNewline())
      ++Pos;
  if (atEnd())
    return false;
  if (atNewline()) {
    Pos += static_cast<uint32_t>(newlineLength());
    return false;
  }
  handleIndentation(Col, AltCol);
  if (peek() == '%' || peek() == '!')
    lexMagic();
  return true;
}

void Lexer::handleIndentation(uint32_t Col, uint32_t AltCol) {
  auto TabError = [&] {
    if (ReportedTabs)
      return;
    ReportedTabs = true;
    error(Pos, Pos, DiagKind::InconsistentTabs);
  };
  Level Top = Levels.back();
  if (Col == Top.Col) {
    if (AltCol != Top.AltCol)
      TabError();
    return;
  }
  if (Col > Top.Col) {
    if (AltCol <= Top.AltCol)
      TabError();
    Levels.push_back({Col, AltCol, true});
    addToken(TokenKind::Indent, Pos, Pos);
    return;
  }
  while (Levels.size() > 1 && Col < Levels.back().Col) {
    if (Levels.back().Real)
      addToken(TokenKind::Dedent, Pos, Pos);
    Levels.pop_back();
  }
  if (Col != Levels.back().Col) {
    error(Pos, Pos, DiagKind::UnindentMismatch);
    // Go on as if this column had been opened, without an INDENT token, so
    // the lines that follow at the same column parse normally.
    Levels.push_back({Col, AltCol, false});
    return;
  }
  if (AltCol != Levels.back().AltCol)
    TabError();
}

void Lexer::lexMagic() {
  uint32_t Begin = Pos;
  while (!atEnd() && !atNewline())
    ++Pos;
  uint32_t End = Pos;
  while (End > Begin && (Text[End - 1] == ' ' || Text[End - 1] == '\t' ||
                         Text[End - 1] == '\f'))
    --End;
  addToken(TokenKind::Magic, Begin, End);
}

void Lexer::lexPunctuation() {
  char C = peek();
  if (C == '!' && peek(1) != '=') {
    lexMagic();
    return;
  }
  // `x = %timeit ...`: a line magic used as a value.
  if (C == '%' && Brackets.empty() && LineHasTokens && !Tokens.empty() &&
      Tokens.back().is(TokenKind::Equal)) {
    lexMagic();
    return;
  }
  uint32_t Begin = Pos;
  if (isCloser(C)) {
    ++Pos;
    if (Brackets.empty()) {
      error(Begin, Pos, DiagKind::UnmatchedBracket, {std::string(1, C)});
      addToken(TokenKind::Error, Begin, Pos);
      return;
    }
    OpenBracket Open = Brackets.back();
    Brackets.pop_back();
    if (Open.Char != openerOf(C)) {
      error(Begin, Pos, DiagKind::MismatchedBracket,
            {std::string(1, C), std::string(1, Open.Char)});
      addToken(TokenKind::Error, Begin, Pos);
      return;
    }
    addToken(C == ')'   ? TokenKind::RParen
             : C == ']' ? TokenKind::RSquare
                        : TokenKind::RBrace,
             Begin, Pos);
    return;
  }
  const PunctSpelling *P = matchPunct(Text.substr(Pos, 3));
  if (!P) {
    lexInvalid();
    return;
  }
  if (isOpener(C))
    Brackets.push_back({C, Begin});
  Pos += static_cast<uint32_t>(P->Text.size());
  addToken(P->Kind, Begin, Pos);
}

void Lexer::lexInvalid() {
  uint32_t Begin = Pos++;
  while (!atEnd() && !startsKnownToken(peek()) && !isDigit(peek()))
    ++Pos;
  error(Begin, Pos, DiagKind::InvalidCharacter, {printable(Text[Begin])});
  addToken(TokenKind::Error, Begin, Pos);
}

void Lexer::finish() {
  if (!Brackets.empty()) {
    OpenBracket Open = Brackets.back();
    error(Open.Offset, Open.Offset + 1, DiagKind::UnclosedBracket,
          {std::string(1, Open.Char)});
    // An empty Error token keeps the parser quiet about this logical line.
    addToken(TokenKind::Error, Pos, Pos);
    Brackets.clear();
  }
  if (LineHasTokens)
    addToken(TokenKind::Newline, Pos, Pos);
  LineHasTokens = false;
  for (size_t I = Levels.size(); I-- > 1;)
    if (Levels[I].Real)
      addToken(TokenKind::Dedent, Pos, Pos);
  Levels.resize(1);
  addToken(TokenKind::EndOfFile, Pos, Pos);
}

} // namespace detail

std::vector<Token> tokenize(const SourceFile &File, DiagnosticEngine &Diags) {
  return detail::Lexer(File, Diags).run();
}

} // namespace pykc::frontend
