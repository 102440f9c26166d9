//===- ParserImpl.h - Recursive-descent parser state (private) --*- C++ -*-===//
///
/// \file
/// The parser behind parseModule(), split by grammar area: Parser.cpp (token
/// handling, errors, recovery, blocks), ParserStmt.cpp (simple statements),
/// ParserCompound.cpp (compound statements),
/// ParserExpr.cpp (operators by precedence), ParserAtom.cpp (atoms, displays,
/// comprehensions, calls, subscripts) and ParserParams.cpp (parameter lists
/// and assignment targets). Private to the frontend.
///
/// Error handling: a parse function that fails reports one diagnostic and
/// returns null; the statement level then skips to the end of the logical
/// line (and over the indented block of a failed compound statement header).
/// Only the first error of a logical line is reported, and none where the
/// lexer already produced an Error token on that line.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"
#include "frontend/Diagnostic.h"
#include "frontend/LexerImpl.h"
#include "frontend/Token.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace pykc::frontend::detail {

class Parser {
public:
  /// \p LexDiags are the lexer's diagnostics, reported in source order
  /// together with the parser's.
  Parser(const SourceFile &File, ASTContext &Ctx, DiagnosticEngine &Diags,
         std::vector<Token> Tokens, std::vector<PendingDiag> LexDiags);
  Module parseFile();

  /// Deepest nesting of brackets, blocks and unary operators.
  static constexpr unsigned MaxDepth = 200;
  /// Tallest tree, counting left-associative operator chains too, so every
  /// recursive walk over the AST stays shallow.
  static constexpr unsigned MaxHeight = 1000;

private:
  /// Counts one level of nesting while alive.
  class DepthGuard {
  public:
    explicit DepthGuard(Parser &P) : P(P) {
      ++P.Depth;
      ++P.Height;
    }
    ~DepthGuard() {
      --P.Depth;
      --P.Height;
    }

  private:
    Parser &P;
  };

  // --- Parser.cpp: tokens, diagnostics, recovery, blocks ---
  const Token &tok() const { return Tokens[Pos]; }
  const Token &peekTok(size_t Ahead = 1) const;
  bool at(TokenKind K) const { return tok().Kind == K; }
  const Token &consume();
  bool consumeIf(TokenKind K);
  /// Consumes a \p K or reports "expected <What>".
  bool expect(TokenKind K, const char *What);
  /// The begin of the current token and the end of the last consumed one.
  SourceLocation beginLoc() const { return tok().Range.Begin; }
  SourceRange rangeFrom(SourceLocation Begin) const {
    return SourceRange(Begin, LastEnd);
  }
  /// Checks the nesting limits; reports "too deeply nested" when exceeded.
  bool tooDeep();

  /// Reports the queued lexer diagnostics that start before \p Offset.
  void flushLexDiags(uint32_t Offset);
  void report(SourceRange Range, DiagKind Kind,
              std::vector<std::string> Args = {});
  /// Reports that the current token is unexpected.
  void reportUnexpected();
  void reportExpected(const char *What);
  bool lineHasLexError() const;
  static std::string describe(const Token &T);
  /// True when \p T can begin an expression (to end lists at a trailing comma).
  static bool startsExpression(const Token &T);
  /// After a list element: "perhaps you forgot a comma?" or "expected ',' or
  /// <Closer>".
  void reportMissingComma(const char *Closer);

  void skipToLineEnd();
  /// Skips the rest of a failed compound statement header and its block.
  /// With \p CheckBlock the block's statements are still parsed (to report
  /// their own errors) and dropped; without, the block is skipped silently,
  /// for lines whose block is of unknown syntax (`match` and its `case`s).
  void recoverHeader(bool CheckBlock = true);
  void skipBlockTokens();

  /// Parses `: suite` after a compound statement header. \p What names the
  /// header for "expected an indented block after ...".
  bool parseSuite(StmtList &Body, const std::string &What,
                  SourceLocation HeaderBegin);
  void parseBlock(StmtList &Body);
  void parseUnexpectedIndent(StmtList &Body);

  // --- ParserStmt.cpp and ParserCompound.cpp ---
  void parseStatement(StmtList &Out);
  bool parseSimpleStatements(StmtList &Out);
  Stmt *parseSmallStatement();
  Stmt *parseExpressionStatement();
  Stmt *parseImport();
  Stmt *parseImportFrom();
  bool parseDottedName(std::string &Name);
  Stmt *parseGlobal();
  Stmt *parseCompound();
  void skipClauses(std::initializer_list<TokenKind> Clauses);
  /// Recovers from a failed compound statement header; returns null.
  Stmt *failHeader(std::initializer_list<TokenKind> Clauses);
  Stmt *parseDecorated();
  Stmt *parseFunctionDef(SourceLocation Begin, bool IsAsync);
  Stmt *parseClassDef();
  Stmt *parseIf();
  bool parseElseClause(StmtList &OrElse);
  Stmt *parseWhile();
  Stmt *parseFor(SourceLocation Begin, bool IsAsync);
  Stmt *parseWith(SourceLocation Begin, bool IsAsync);
  bool parseWithItem(std::vector<WithItem> &Items);
  Stmt *parseTry();
  std::string headerName(const char *Keyword, SourceLocation Begin) const;

  // --- ParserParams.cpp: parameters and targets ---
  bool parseParameters(std::vector<Param> &Params, TokenKind Closer,
                       bool AllowAnnotations);
  /// Reports (once) when \p E cannot be assigned to; \p Del for `del`.
  bool checkTarget(Expr *E, bool Del = false, bool InSequence = false);
  static std::string targetDescription(const Expr *E);
  /// A `for`/`del`/`with ... as` target: comma-separated expressions at
  /// the `|` level (so `in` ends them); \p Single stops at the first one.
  Expr *parseTargetList(bool AllowStar, bool Single = false);

  // --- ParserExpr.cpp: operators by precedence ---
  /// star_expressions: `a, *b` as an unparenthesized tuple, or one expression.
  Expr *parseStarExpressions();
  Expr *parseStarNamed();
  Expr *parseNamedExpr();
  Expr *parseTest();
  Expr *parseLambda();
  Expr *parseOr();
  Expr *parseAnd();
  Expr *parseNot();
  Expr *parseComparison();
  Expr *parseBinary(int Level);
  Expr *parseFactor();
  Expr *parsePower();
  Expr *parseAwaitPrimary();
  Expr *parseYield();
  Expr *makeTuple(ExprList Elts, SourceLocation Begin, bool Parenthesized);

  // --- ParserAtom.cpp: atoms and trailers ---
  Expr *parsePrimary();
  Expr *parseAtom();
  Expr *parseStrings();
  Expr *parseNumber();
  Expr *parseMagicExpr();
  Expr *parseParenthesized();
  Expr *parseListDisplay();
  Expr *parseBraceDisplay();
  bool parseComprehensionClauses(std::vector<ComprehensionFor> &Gens);
  bool parseCallArguments(ExprList &Args, std::vector<Keyword> &Keywords,
                          bool AllowGenerator);
  Expr *parseSubscriptIndex();
  Expr *parseSliceItem();

  template <class T> T *make(SourceRange R) { return Ctx.create<T>(R); }

  const SourceFile &File;
  ASTContext &Ctx;
  DiagnosticEngine &Diags;
  std::vector<Token> Tokens;
  std::vector<PendingDiag> LexDiags;
  size_t NextLexDiag = 0;
  size_t Pos = 0;
  SourceLocation LastEnd;
  unsigned Depth = 0;
  unsigned Height = 0;
  /// An error was reported (or suppressed) on the current logical line.
  bool LineFailed = false;
};

} // namespace pykc::frontend::detail
