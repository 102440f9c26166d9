//===- Parser.cpp - Tokens, diagnostics, recovery and blocks --------------===//
#include "frontend/Parser.h"
#include "frontend/LiteralPowers.h"
#include "frontend/NestedFunctions.h"
#include "frontend/ParserImpl.h"
#include "frontend/RangeVariables.h"

#include <algorithm>
#include <cstdint>

namespace pykc::frontend {
namespace detail {

Parser::Parser(const SourceFile &File, ASTContext &Ctx, DiagnosticEngine &Diags,
               std::vector<Token> Toks, std::vector<PendingDiag> LexDiags)
    : File(File), Ctx(Ctx), Diags(Diags), Tokens(std::move(Toks)),
      LexDiags(std::move(LexDiags)) {
  if (Tokens.empty() || !Tokens.back().is(TokenKind::EndOfFile)) {
    Token End;
    End.Range =
        SourceRange(File.locationOf(static_cast<uint32_t>(File.text().size())));
    Tokens.push_back(End);
  }
}

const Token &Parser::peekTok(size_t Ahead) const {
  return Tokens[std::min(Pos + Ahead, Tokens.size() - 1)];
}

const Token &Parser::consume() {
  const Token &T = Tokens[Pos];
  if (T.is(TokenKind::EndOfFile))
    return T;
  // Structural tokens (and the empty Error token at the end of a file with an
  // unclosed bracket) are not part of any node's range.
  if (!T.Text.empty() && !T.is(TokenKind::Newline))
    LastEnd = T.Range.End;
  ++Pos;
  return T;
}

bool Parser::consumeIf(TokenKind K) {
  if (!at(K))
    return false;
  consume();
  return true;
}

bool Parser::expect(TokenKind K, const char *What) {
  if (consumeIf(K))
    return true;
  reportExpected(What);
  return false;
}

bool Parser::tooDeep() {
  if (Depth <= MaxDepth && Height <= MaxHeight)
    return false;
  report(tok().Range, DiagKind::InvalidSyntax, {"too deeply nested"});
  return true;
}

bool Parser::lineHasLexError() const {
  auto Ends = [](const Token &T) {
    return T.is(TokenKind::Newline) || T.is(TokenKind::Indent) ||
           T.is(TokenKind::Dedent) || T.is(TokenKind::EndOfFile);
  };
  for (size_t I = Pos; I < Tokens.size() && !Ends(Tokens[I]); ++I)
    if (Tokens[I].is(TokenKind::Error))
      return true;
  for (size_t I = Pos; I-- > 0 && !Ends(Tokens[I]);)
    if (Tokens[I].is(TokenKind::Error))
      return true;
  return false;
}

void Parser::flushLexDiags(uint32_t Offset) {
  for (; NextLexDiag < LexDiags.size() &&
         LexDiags[NextLexDiag].Range.Begin.Offset <= Offset;
       ++NextLexDiag) {
    PendingDiag &D = LexDiags[NextLexDiag];
    Diags.report(&File, D.Range, D.Kind, std::move(D.Args));
  }
}

void Parser::report(SourceRange Range, DiagKind Kind,
                    std::vector<std::string> Args) {
  flushLexDiags(Range.Begin.Offset);
  if (LineFailed)
    return;
  LineFailed = true;
  // The lexer already explained what is wrong with this line.
  if (lineHasLexError())
    return;
  Diags.report(&File, Range, Kind, std::move(Args));
}

std::string Parser::describe(const Token &T) {
  switch (T.Kind) {
  case TokenKind::Newline:
    return "end of line";
  case TokenKind::EndOfFile:
    return "end of file";
  case TokenKind::Indent:
    return "indent";
  case TokenKind::Dedent:
    return "dedent";
  case TokenKind::Magic:
    return "IPython magic";
  case TokenKind::Error:
    return "invalid token";
  case TokenKind::String:
    if (T.Text.size() > 24 || T.Text.find('\n') != std::string_view::npos)
      return "string literal";
    return std::string(T.Text);
  default:
    if (T.Text.size() > 24)
      return "'" + std::string(T.Text.substr(0, 20)) + "...'";
    return "'" + std::string(T.Text) + "'";
  }
}

void Parser::reportUnexpected() {
  if (at(TokenKind::Indent)) {
    report(peekTok().Range, DiagKind::UnexpectedIndent);
    return;
  }
  report(tok().Range, DiagKind::InvalidSyntax,
         {"unexpected " + describe(tok())});
}

void Parser::reportExpected(const char *What) {
  // At the end of a line, point just after the last token, as CPython does.
  bool AtLineEnd = at(TokenKind::Newline) || at(TokenKind::EndOfFile) ||
                   at(TokenKind::Indent) || at(TokenKind::Dedent);
  SourceRange R =
      AtLineEnd && LastEnd.isValid() ? SourceRange(LastEnd) : tok().Range;
  report(R, DiagKind::ExpectedToken, {What});
}

void Parser::skipToLineEnd() {
  while (!at(TokenKind::Newline) && !at(TokenKind::EndOfFile) &&
         !at(TokenKind::Indent) && !at(TokenKind::Dedent))
    consume();
  consumeIf(TokenKind::Newline);
  LineFailed = false;
}

void Parser::skipBlockTokens() {
  int Level = 0;
  do {
    if (at(TokenKind::Indent))
      ++Level;
    else if (at(TokenKind::Dedent))
      --Level;
    else if (at(TokenKind::EndOfFile))
      return;
    consume();
  } while (Level > 0);
}

void Parser::recoverHeader(bool CheckBlock) {
  skipToLineEnd();
  if (!at(TokenKind::Indent))
    return;
  if (!CheckBlock) {
    skipBlockTokens();
    LineFailed = false;
    return;
  }
  StmtList Dropped;
  parseBlock(Dropped);
}

bool Parser::parseSuite(StmtList &Body, const std::string &What,
                        SourceLocation HeaderBegin) {
  if (!expect(TokenKind::Colon, "':'"))
    return false;
  if (!at(TokenKind::Newline)) {
    // `if x: y; z` -- simple statements on the header line.
    if (at(TokenKind::EndOfFile)) {
      reportExpected("a statement");
      return true;
    }
    parseSimpleStatements(Body);
    return true;
  }
  consume();
  if (!at(TokenKind::Indent)) {
    LineFailed = false;
    report(tok().Range, DiagKind::ExpectedIndent, {What});
    LineFailed = false;
    return true;
  }
  parseBlock(Body);
  return true;
}

void Parser::parseBlock(StmtList &Body) {
  DepthGuard Guard(*this);
  if (tooDeep()) {
    skipBlockTokens();
    LineFailed = false;
    return;
  }
  consume(); // INDENT
  while (!at(TokenKind::Dedent) && !at(TokenKind::EndOfFile)) {
    size_t Before = Pos;
    if (at(TokenKind::Indent))
      parseUnexpectedIndent(Body);
    else if (at(TokenKind::Newline))
      consume();
    else
      parseStatement(Body);
    if (Pos == Before)
      consume();
  }
  consumeIf(TokenKind::Dedent);
}

void Parser::parseUnexpectedIndent(StmtList &Body) {
  LineFailed = false;
  report(peekTok().Range, DiagKind::UnexpectedIndent);
  LineFailed = false;
  // Parse the block anyway, as if it were not indented, to find later errors.
  parseBlock(Body);
}

std::string Parser::headerName(const char *Keyword,
                               SourceLocation Begin) const {
  std::string Line = " on line " + std::to_string(Begin.Line);
  std::string_view K = Keyword;
  if (K == "def")
    return "function definition" + Line;
  if (K == "class")
    return "class definition" + Line;
  return "'" + std::string(K) + "' statement" + Line;
}

Module Parser::parseFile() {
  Module M;
  M.File = &File;
  while (!at(TokenKind::EndOfFile)) {
    size_t Before = Pos;
    if (at(TokenKind::Indent))
      parseUnexpectedIndent(M.Body);
    else if (at(TokenKind::Dedent) || at(TokenKind::Newline))
      consume();
    else
      parseStatement(M.Body);
    if (Pos == Before)
      consume();
  }
  flushLexDiags(UINT32_MAX);
  return M;
}

} // namespace detail

Module parseModule(const SourceFile &File, ASTContext &Ctx,
                   DiagnosticEngine &Diags) {
  std::vector<detail::PendingDiag> LexDiags;
  std::vector<Token> Tokens = detail::Lexer(File, Diags, &LexDiags).run();
  detail::Parser P(File, Ctx, Diags, std::move(Tokens), std::move(LexDiags));
  unsigned Before = Diags.errorCount();
  Module M = P.parseFile();
  if (Diags.errorCount() == Before) { // a tree with syntax errors may have holes
    foldLiteralPowers(M, Ctx);
    splitRangeVariables(M, Ctx);
    liftNestedFunctions(M, Ctx);
  }
  return M;
}

} // namespace pykc::frontend
