//===- ParserCompound.cpp - Compound statements ---------------------------===//
#include "frontend/ParserImpl.h"

namespace pykc::frontend::detail {

namespace {

/// Keeps the tree height counter raised while alive (elif chains).
struct HeightRaise {
  unsigned &Height;
  unsigned Amount = 0;
  explicit HeightRaise(unsigned &H) : Height(H) {}
  void raise() {
    ++Height;
    ++Amount;
  }
  ~HeightRaise() { Height -= Amount; }
};

} // namespace

/// Skips the clauses that belong to a compound statement whose header failed
/// (`else:` after a broken `for`, `except:` after a broken `try`), so they are
/// not reported again as stray.
void Parser::skipClauses(std::initializer_list<TokenKind> Clauses) {
  while (true) {
    bool Match = false;
    for (TokenKind K : Clauses)
      Match = Match || at(K);
    if (!Match)
      return;
    LineFailed = true; // The broken statement already has its diagnostic.
    recoverHeader();
  }
}

Stmt *Parser::failHeader(std::initializer_list<TokenKind> Clauses) {
  recoverHeader();
  skipClauses(Clauses);
  return nullptr;
}

Stmt *Parser::parseCompound() {
  SourceLocation B = beginLoc();
  switch (tok().Kind) {
  case TokenKind::At:
    return parseDecorated();
  case TokenKind::KwDef:
    return parseFunctionDef(B, false);
  case TokenKind::KwClass:
    return parseClassDef();
  case TokenKind::KwIf:
    return parseIf();
  case TokenKind::KwWhile:
    return parseWhile();
  case TokenKind::KwFor:
    return parseFor(B, false);
  case TokenKind::KwTry:
    return parseTry();
  case TokenKind::KwWith:
    return parseWith(B, false);
  case TokenKind::KwAsync:
    consume();
    if (at(TokenKind::KwDef))
      return parseFunctionDef(B, true);
    if (at(TokenKind::KwFor))
      return parseFor(B, true);
    if (at(TokenKind::KwWith))
      return parseWith(B, true);
    reportExpected("'def', 'for' or 'with' after 'async'");
    return failHeader({});
  default:
    reportUnexpected();
    return failHeader({});
  }
}

Stmt *Parser::parseDecorated() {
  ExprList Decorators;
  while (at(TokenKind::At)) {
    LineFailed = false;
    consume();
    Expr *E = parseNamedExpr();
    if (!E)
      return failHeader({});
    Decorators.push_back(E);
    if (!at(TokenKind::Newline)) {
      reportExpected("end of line after a decorator");
      return failHeader({});
    }
    consume();
  }
  LineFailed = false;
  SourceLocation B = beginLoc();
  Stmt *S = nullptr;
  if (at(TokenKind::KwDef)) {
    S = parseFunctionDef(B, false);
  } else if (at(TokenKind::KwAsync) && peekTok().is(TokenKind::KwDef)) {
    consume();
    S = parseFunctionDef(B, true);
  } else if (at(TokenKind::KwClass)) {
    S = parseClassDef();
  } else {
    reportExpected("a function or class definition after a decorator");
    return failHeader({});
  }
  if (auto *F = dyn_cast<FunctionDefStmt>(S))
    F->Decorators = std::move(Decorators);
  else if (auto *C = dyn_cast<ClassDefStmt>(S))
    C->Decorators = std::move(Decorators);
  return S;
}

Stmt *Parser::parseFunctionDef(SourceLocation B, bool IsAsync) {
  consume(); // def
  auto *F = make<FunctionDefStmt>(SourceRange());
  F->IsAsync = IsAsync;
  if (!at(TokenKind::Name)) {
    reportExpected("a function name");
    return failHeader({});
  }
  F->NameRange = tok().Range;
  F->Name = std::string(consume().Text);
  SourceLocation ParamsBegin = beginLoc();
  if (!expect(TokenKind::LParen, "'('"))
    return failHeader({});
  if (!parseParameters(F->Params, TokenKind::RParen, true))
    return failHeader({});
  F->ParamsRange = rangeFrom(ParamsBegin);
  if (consumeIf(TokenKind::Arrow) && !(F->Returns = parseTest()))
    return failHeader({});
  if (!parseSuite(F->Body, headerName("def", B), B))
    return failHeader({});
  F->Range = rangeFrom(B);
  return F;
}

Stmt *Parser::parseClassDef() {
  SourceLocation B = beginLoc();
  consume(); // class
  auto *C = make<ClassDefStmt>(SourceRange());
  if (!at(TokenKind::Name)) {
    reportExpected("a class name");
    return failHeader({});
  }
  C->NameRange = tok().Range;
  C->Name = std::string(consume().Text);
  if (consumeIf(TokenKind::LParen) &&
      !parseCallArguments(C->Bases, C->Keywords, false))
    return failHeader({});
  if (!parseSuite(C->Body, headerName("class", B), B))
    return failHeader({});
  C->Range = rangeFrom(B);
  return C;
}

Stmt *Parser::parseIf() {
  SourceLocation B = beginLoc();
  consume(); // if
  auto *Root = make<IfStmt>(SourceRange());
  if (!(Root->Test = parseNamedExpr()) ||
      !parseSuite(Root->Body, headerName("if", B), B))
    return failHeader({TokenKind::KwElif, TokenKind::KwElse});
  // elif chains are parsed in a loop and nested afterwards.
  std::vector<std::pair<IfStmt *, SourceLocation>> Chain{{Root, B}};
  IfStmt *Last = Root;
  HeightRaise Raise(Height);
  while (at(TokenKind::KwElif)) {
    LineFailed = false;
    SourceLocation EB = beginLoc();
    Raise.raise();
    if (tooDeep()) {
      failHeader({TokenKind::KwElif, TokenKind::KwElse});
      break;
    }
    consume();
    auto *Elif = make<IfStmt>(SourceRange());
    Elif->IsElif = true;
    if (!(Elif->Test = parseNamedExpr()) ||
        !parseSuite(Elif->Body, headerName("elif", EB), EB)) {
      recoverHeader();
      continue;
    }
    Last->OrElse.push_back(Elif);
    Chain.push_back({Elif, EB});
    Last = Elif;
  }
  if (at(TokenKind::KwElse)) {
    LineFailed = false;
    SourceLocation EB = beginLoc();
    consume();
    if (!parseSuite(Last->OrElse, headerName("else", EB), EB))
      recoverHeader();
  }
  for (auto &[If, Begin] : Chain)
    If->Range = rangeFrom(Begin);
  return Root;
}

bool Parser::parseElseClause(StmtList &OrElse) {
  if (!at(TokenKind::KwElse))
    return true;
  LineFailed = false;
  SourceLocation EB = beginLoc();
  consume();
  if (!parseSuite(OrElse, headerName("else", EB), EB)) {
    recoverHeader();
    return false;
  }
  return true;
}

Stmt *Parser::parseWhile() {
  SourceLocation B = beginLoc();
  consume(); // while
  auto *W = make<WhileStmt>(SourceRange());
  if (!(W->Test = parseNamedExpr()) ||
      !parseSuite(W->Body, headerName("while", B), B))
    return failHeader({TokenKind::KwElse});
  parseElseClause(W->OrElse);
  W->Range = rangeFrom(B);
  return W;
}

Stmt *Parser::parseFor(SourceLocation B, bool IsAsync) {
  consume(); // for
  auto *F = make<ForStmt>(SourceRange());
  F->IsAsync = IsAsync;
  if (!(F->Target = parseTargetList(true)))
    return failHeader({TokenKind::KwElse});
  checkTarget(F->Target);
  if (!expect(TokenKind::KwIn, "'in'") || !(F->Iter = parseStarExpressions()) ||
      !parseSuite(F->Body, headerName("for", B), B))
    return failHeader({TokenKind::KwElse});
  parseElseClause(F->OrElse);
  F->Range = rangeFrom(B);
  return F;
}

bool Parser::parseWithItem(std::vector<WithItem> &Items) {
  WithItem Item;
  if (!(Item.Context = parseTest()))
    return false;
  if (consumeIf(TokenKind::KwAs)) {
    if (!(Item.Vars = parseTargetList(false, /*Single=*/true)))
      return false;
    checkTarget(Item.Vars);
  }
  Items.push_back(Item);
  return true;
}

Stmt *Parser::parseWith(SourceLocation B, bool IsAsync) {
  consume(); // with
  auto *W = make<WithStmt>(SourceRange());
  W->IsAsync = IsAsync;
  // `with (a as b, c as d):` -- parenthesized items, told apart from a
  // parenthesized expression by the ':' right after the closing parenthesis.
  bool Parenthesized = false;
  if (at(TokenKind::LParen)) {
    int Level = 0;
    for (size_t I = Pos; I < Tokens.size(); ++I) {
      TokenKind K = Tokens[I].Kind;
      if (K == TokenKind::LParen || K == TokenKind::LSquare ||
          K == TokenKind::LBrace)
        ++Level;
      else if (K == TokenKind::RParen || K == TokenKind::RSquare ||
               K == TokenKind::RBrace)
        --Level;
      else if (K == TokenKind::Newline || K == TokenKind::EndOfFile)
        break;
      if (Level == 0) {
        Parenthesized =
            I + 1 < Tokens.size() && Tokens[I + 1].is(TokenKind::Colon);
        break;
      }
    }
  }
  if (Parenthesized) {
    consume();
    do {
      if (at(TokenKind::RParen) && !W->Items.empty())
        break;
      if (!parseWithItem(W->Items))
        return failHeader({});
    } while (consumeIf(TokenKind::Comma));
    if (!expect(TokenKind::RParen, "',' or ')'"))
      return failHeader({});
  } else {
    do {
      if (!parseWithItem(W->Items))
        return failHeader({});
    } while (consumeIf(TokenKind::Comma));
  }
  if (!parseSuite(W->Body, headerName("with", B), B))
    return failHeader({});
  W->Range = rangeFrom(B);
  return W;
}

Stmt *Parser::parseTry() {
  SourceLocation B = beginLoc();
  consume(); // try
  auto *T = make<TryStmt>(SourceRange());
  if (!parseSuite(T->Body, headerName("try", B), B))
    return failHeader(
        {TokenKind::KwExcept, TokenKind::KwElse, TokenKind::KwFinally});
  bool SawClause = false;
  while (at(TokenKind::KwExcept)) {
    LineFailed = false;
    SawClause = true;
    ExceptHandler H;
    SourceLocation HB = beginLoc();
    consume();
    H.IsStar = consumeIf(TokenKind::Star);
    bool Ok = true;
    if (!at(TokenKind::Colon)) {
      Ok = (H.Type = parseTest()) != nullptr;
      if (Ok && at(TokenKind::Comma)) {
        report(tok().Range, DiagKind::InvalidSyntax,
               {"multiple exception types must be parenthesized"});
        Ok = false;
      }
      if (Ok && consumeIf(TokenKind::KwAs)) {
        if (at(TokenKind::Name)) {
          H.Name = std::string(consume().Text);
        } else {
          reportExpected("a name after 'as'");
          Ok = false;
        }
      }
    }
    if (!Ok || !parseSuite(H.Body, headerName("except", HB), HB)) {
      recoverHeader();
      continue;
    }
    H.Range = rangeFrom(HB);
    T->Handlers.push_back(std::move(H));
  }
  if (SawClause)
    parseElseClause(T->OrElse);
  if (at(TokenKind::KwFinally)) {
    LineFailed = false;
    SawClause = true;
    SourceLocation FB = beginLoc();
    consume();
    if (!parseSuite(T->FinalBody, headerName("finally", FB), FB))
      recoverHeader();
  }
  if (!SawClause) {
    LineFailed = false;
    report(tok().Range, DiagKind::ExpectedToken,
           {"'except' or 'finally' block"});
    LineFailed = false;
  }
  T->Range = rangeFrom(B);
  return T;
}

} // namespace pykc::frontend::detail
