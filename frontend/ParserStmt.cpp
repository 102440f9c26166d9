//===- ParserStmt.cpp - Statements ----------------------------------------===//
#include "frontend/ParserImpl.h"

namespace pykc::frontend::detail {

namespace {

/// `+=` and friends.
bool augmentedOp(TokenKind K, BinaryOp &Op) {
  switch (K) {
  case TokenKind::PlusEqual:
    Op = BinaryOp::Add;
    return true;
  case TokenKind::MinusEqual:
    Op = BinaryOp::Sub;
    return true;
  case TokenKind::StarEqual:
    Op = BinaryOp::Mult;
    return true;
  case TokenKind::AtEqual:
    Op = BinaryOp::MatMult;
    return true;
  case TokenKind::SlashEqual:
    Op = BinaryOp::Div;
    return true;
  case TokenKind::SlashSlashEqual:
    Op = BinaryOp::FloorDiv;
    return true;
  case TokenKind::PercentEqual:
    Op = BinaryOp::Mod;
    return true;
  case TokenKind::StarStarEqual:
    Op = BinaryOp::Pow;
    return true;
  case TokenKind::LessLessEqual:
    Op = BinaryOp::LShift;
    return true;
  case TokenKind::GreaterGreaterEqual:
    Op = BinaryOp::RShift;
    return true;
  case TokenKind::PipeEqual:
    Op = BinaryOp::BitOr;
    return true;
  case TokenKind::CaretEqual:
    Op = BinaryOp::BitXor;
    return true;
  case TokenKind::AmpEqual:
    Op = BinaryOp::BitAnd;
    return true;
  default:
    return false;
  }
}

bool isSingleTarget(const Expr *E) {
  return isa<NameExpr>(E) || isa<AttributeExpr>(E) || isa<SubscriptExpr>(E);
}

} // namespace

void Parser::parseStatement(StmtList &Out) {
  LineFailed = false;
  DepthGuard Guard(*this);
  if (tooDeep()) {
    skipToLineEnd();
    if (at(TokenKind::Indent))
      skipBlockTokens();
    return;
  }
  switch (tok().Kind) {
  case TokenKind::KwDef:
  case TokenKind::KwClass:
  case TokenKind::KwIf:
  case TokenKind::KwWhile:
  case TokenKind::KwFor:
  case TokenKind::KwTry:
  case TokenKind::KwWith:
  case TokenKind::KwAsync:
  case TokenKind::At:
    if (Stmt *S = parseCompound())
      Out.push_back(S);
    return;
  case TokenKind::KwElif:
  case TokenKind::KwElse:
  case TokenKind::KwExcept:
  case TokenKind::KwFinally:
    reportUnexpected();
    recoverHeader();
    return;
  default:
    parseSimpleStatements(Out);
    return;
  }
}

bool Parser::parseSimpleStatements(StmtList &Out) {
  while (true) {
    Stmt *S = parseSmallStatement();
    if (!S) {
      recoverHeader(/*CheckBlock=*/false);
      return false;
    }
    Out.push_back(S);
    if (!consumeIf(TokenKind::Semi))
      break;
    if (at(TokenKind::Newline) || at(TokenKind::EndOfFile))
      break;
  }
  if (consumeIf(TokenKind::Newline) || at(TokenKind::EndOfFile))
    return true;
  reportUnexpected();
  recoverHeader(/*CheckBlock=*/false);
  return false;
}

Stmt *Parser::parseSmallStatement() {
  SourceLocation B = beginLoc();
  auto AtEnd = [&] {
    return at(TokenKind::Newline) || at(TokenKind::Semi) ||
           at(TokenKind::EndOfFile);
  };
  switch (tok().Kind) {
  case TokenKind::KwPass:
    consume();
    return make<PassStmt>(rangeFrom(B));
  case TokenKind::KwBreak:
    consume();
    return make<BreakStmt>(rangeFrom(B));
  case TokenKind::KwContinue:
    consume();
    return make<ContinueStmt>(rangeFrom(B));
  case TokenKind::Magic: {
    auto *S = make<MagicStmt>(tok().Range);
    S->Text = std::string(consume().Text);
    return S;
  }
  case TokenKind::KwReturn: {
    consume();
    Expr *Value = nullptr;
    if (!AtEnd() && !(Value = parseStarExpressions()))
      return nullptr;
    auto *S = make<ReturnStmt>(rangeFrom(B));
    S->Value = Value;
    return S;
  }
  case TokenKind::KwDel: {
    consume();
    Expr *Targets = parseTargetList(false);
    if (!Targets)
      return nullptr;
    auto *S = make<DeleteStmt>(SourceRange());
    if (auto *T = dyn_cast<TupleExpr>(Targets); T && !T->Parenthesized)
      S->Targets = T->Elts;
    else
      S->Targets.push_back(Targets);
    for (Expr *T : S->Targets)
      checkTarget(T, /*Del=*/true);
    S->Range = rangeFrom(B);
    return S;
  }
  case TokenKind::KwRaise: {
    consume();
    auto *S = make<RaiseStmt>(SourceRange());
    if (!AtEnd()) {
      if (!(S->Exc = parseTest()))
        return nullptr;
      if (consumeIf(TokenKind::KwFrom) && !(S->Cause = parseTest()))
        return nullptr;
    }
    S->Range = rangeFrom(B);
    return S;
  }
  case TokenKind::KwAssert: {
    consume();
    auto *S = make<AssertStmt>(SourceRange());
    if (!(S->Test = parseTest()))
      return nullptr;
    if (consumeIf(TokenKind::Comma) && !(S->Msg = parseTest()))
      return nullptr;
    S->Range = rangeFrom(B);
    return S;
  }
  case TokenKind::KwGlobal:
  case TokenKind::KwNonlocal:
    return parseGlobal();
  case TokenKind::KwImport:
    return parseImport();
  case TokenKind::KwFrom:
    return parseImportFrom();
  default:
    return parseExpressionStatement();
  }
}

Stmt *Parser::parseExpressionStatement() {
  SourceLocation B = beginLoc();
  auto ParseValue = [&]() -> Expr * {
    return at(TokenKind::KwYield) ? parseYield() : parseStarExpressions();
  };
  Expr *First = ParseValue();
  if (!First)
    return nullptr;
  BinaryOp Op;
  if (at(TokenKind::Equal)) {
    ExprList Chain{First};
    while (consumeIf(TokenKind::Equal)) {
      Expr *E = ParseValue();
      if (!E)
        return nullptr;
      Chain.push_back(E);
    }
    auto *S = make<AssignStmt>(rangeFrom(B));
    S->Value = Chain.back();
    Chain.pop_back();
    for (Expr *T : Chain)
      checkTarget(T);
    S->Targets = std::move(Chain);
    return S;
  }
  if (augmentedOp(tok().Kind, Op)) {
    if (!isSingleTarget(First))
      report(First->Range, DiagKind::InvalidSyntax,
             {"'" + targetDescription(First) +
              "' is an illegal expression for augmented assignment"});
    auto *S = make<AugAssignStmt>(SourceRange());
    S->Target = First;
    S->Op = Op;
    S->OpRange = consume().Range;
    if (!(S->Value = ParseValue()))
      return nullptr;
    S->Range = rangeFrom(B);
    return S;
  }
  if (at(TokenKind::Colon)) {
    if (isa<TupleExpr>(First))
      report(First->Range, DiagKind::InvalidSyntax,
             {"only single target (not tuple) can be annotated"});
    else if (!isSingleTarget(First))
      report(First->Range, DiagKind::InvalidSyntax,
             {"illegal target for annotation"});
    consume();
    auto *S = make<AnnAssignStmt>(SourceRange());
    S->Target = First;
    if (!(S->Annotation = parseTest()))
      return nullptr;
    if (consumeIf(TokenKind::Equal) && !(S->Value = ParseValue()))
      return nullptr;
    S->Range = rangeFrom(B);
    return S;
  }
  auto *S = make<ExprStmtStmt>(rangeFrom(B));
  S->Value = First;
  return S;
}

bool Parser::parseDottedName(std::string &Name) {
  if (!at(TokenKind::Name)) {
    reportExpected("a module name");
    return false;
  }
  Name = std::string(consume().Text);
  while (at(TokenKind::Dot) && peekTok().is(TokenKind::Name)) {
    consume();
    Name += '.';
    Name += consume().Text;
  }
  if (at(TokenKind::Dot)) {
    consume();
    reportExpected("a name after '.'");
    return false;
  }
  return true;
}

Stmt *Parser::parseImport() {
  SourceLocation B = beginLoc();
  consume();
  auto *S = make<ImportStmt>(SourceRange());
  do {
    ImportAlias A;
    SourceLocation AB = beginLoc();
    if (!parseDottedName(A.Name))
      return nullptr;
    if (consumeIf(TokenKind::KwAs)) {
      if (!at(TokenKind::Name)) {
        reportExpected("a name after 'as'");
        return nullptr;
      }
      A.AsName = std::string(consume().Text);
    }
    A.Range = rangeFrom(AB);
    S->Names.push_back(std::move(A));
  } while (consumeIf(TokenKind::Comma));
  S->Range = rangeFrom(B);
  return S;
}

Stmt *Parser::parseImportFrom() {
  SourceLocation B = beginLoc();
  consume();
  auto *S = make<ImportFromStmt>(SourceRange());
  while (at(TokenKind::Dot) || at(TokenKind::Ellipsis))
    S->Level += at(TokenKind::Dot) ? 1 : 3, consume();
  if (at(TokenKind::Name) || S->Level == 0)
    if (!parseDottedName(S->Module))
      return nullptr;
  if (!expect(TokenKind::KwImport, "'import'"))
    return nullptr;
  if (at(TokenKind::Star)) {
    ImportAlias A;
    A.Name = "*";
    A.Range = consume().Range;
    S->Names.push_back(std::move(A));
    S->Range = rangeFrom(B);
    return S;
  }
  bool Parens = consumeIf(TokenKind::LParen);
  do {
    if (Parens && at(TokenKind::RParen))
      break;
    ImportAlias A;
    SourceLocation AB = beginLoc();
    if (!at(TokenKind::Name)) {
      reportExpected("a name to import");
      return nullptr;
    }
    A.Name = std::string(consume().Text);
    if (consumeIf(TokenKind::KwAs)) {
      if (!at(TokenKind::Name)) {
        reportExpected("a name after 'as'");
        return nullptr;
      }
      A.AsName = std::string(consume().Text);
    }
    A.Range = rangeFrom(AB);
    S->Names.push_back(std::move(A));
  } while (consumeIf(TokenKind::Comma));
  if (Parens && !expect(TokenKind::RParen, "',' or ')'"))
    return nullptr;
  if (!Parens && S->Names.empty()) {
    reportExpected("a name to import");
    return nullptr;
  }
  if (S->Names.empty()) {
    report(tok().Range, DiagKind::ExpectedToken, {"a name to import"});
    return nullptr;
  }
  S->Range = rangeFrom(B);
  return S;
}

Stmt *Parser::parseGlobal() {
  SourceLocation B = beginLoc();
  auto *S = make<GlobalStmt>(SourceRange());
  S->IsNonlocal = consume().is(TokenKind::KwNonlocal);
  do {
    if (!at(TokenKind::Name)) {
      reportExpected("a name");
      return nullptr;
    }
    S->Names.emplace_back(consume().Text);
  } while (consumeIf(TokenKind::Comma));
  S->Range = rangeFrom(B);
  return S;
}

} // namespace pykc::frontend::detail
