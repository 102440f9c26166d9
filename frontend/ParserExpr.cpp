//===- ParserExpr.cpp - Expressions by operator precedence ----------------===//
#include "frontend/ParserImpl.h"

namespace pykc::frontend::detail {

namespace {

/// Binary operators by level, loosest first: | ^ & shifts additive
/// multiplicative. Returns false when \p K is not an operator of \p Level.
bool binaryOpAt(int Level, TokenKind K, BinaryOp &Op) {
  switch (Level) {
  case 0:
    Op = BinaryOp::BitOr;
    return K == TokenKind::Pipe;
  case 1:
    Op = BinaryOp::BitXor;
    return K == TokenKind::Caret;
  case 2:
    Op = BinaryOp::BitAnd;
    return K == TokenKind::Amp;
  case 3:
    Op = K == TokenKind::LessLess ? BinaryOp::LShift : BinaryOp::RShift;
    return K == TokenKind::LessLess || K == TokenKind::GreaterGreater;
  case 4:
    Op = K == TokenKind::Plus ? BinaryOp::Add : BinaryOp::Sub;
    return K == TokenKind::Plus || K == TokenKind::Minus;
  case 5:
    switch (K) {
    case TokenKind::Star:
      Op = BinaryOp::Mult;
      return true;
    case TokenKind::Slash:
      Op = BinaryOp::Div;
      return true;
    case TokenKind::SlashSlash:
      Op = BinaryOp::FloorDiv;
      return true;
    case TokenKind::Percent:
      Op = BinaryOp::Mod;
      return true;
    case TokenKind::At:
      Op = BinaryOp::MatMult;
      return true;
    default:
      return false;
    }
  default:
    return false;
  }
}
constexpr int FactorLevel = 6;

} // namespace

bool Parser::startsExpression(const Token &T) {
  switch (T.Kind) {
  case TokenKind::Name:
  case TokenKind::Number:
  case TokenKind::String:
  case TokenKind::Magic:
  case TokenKind::LParen:
  case TokenKind::LSquare:
  case TokenKind::LBrace:
  case TokenKind::Plus:
  case TokenKind::Minus:
  case TokenKind::Tilde:
  case TokenKind::Star:
  case TokenKind::Ellipsis:
  case TokenKind::KwNone:
  case TokenKind::KwTrue:
  case TokenKind::KwFalse:
  case TokenKind::KwNot:
  case TokenKind::KwLambda:
  case TokenKind::KwAwait:
    return true;
  default:
    return false;
  }
}

void Parser::reportMissingComma(const char *Closer) {
  if (startsExpression(tok()) && !at(TokenKind::Star)) {
    report(tok().Range, DiagKind::InvalidSyntax,
           {"perhaps you forgot a comma?"});
    return;
  }
  std::string What = std::string("',' or '") + Closer + "'";
  reportExpected(What.c_str());
}

Expr *Parser::makeTuple(ExprList Elts, SourceLocation Begin,
                        bool Parenthesized) {
  auto *T = make<TupleExpr>(rangeFrom(Begin));
  T->Elts = std::move(Elts);
  T->Parenthesized = Parenthesized;
  return T;
}

Expr *Parser::parseStarExpressions() {
  SourceLocation B = beginLoc();
  ExprList Elts;
  bool SawComma = false;
  while (true) {
    Expr *E = at(TokenKind::Star) ? parseStarNamed() : parseTest();
    if (!E)
      return nullptr;
    Elts.push_back(E);
    if (!at(TokenKind::Comma))
      break;
    consume();
    SawComma = true;
    if (!startsExpression(tok()))
      break;
  }
  if (!SawComma)
    return Elts.front();
  return makeTuple(std::move(Elts), B, false);
}

Expr *Parser::parseStarNamed() {
  if (!at(TokenKind::Star))
    return parseNamedExpr();
  SourceLocation B = beginLoc();
  consume();
  Expr *Value = parseBinary(0);
  if (!Value)
    return nullptr;
  auto *S = make<StarredExpr>(rangeFrom(B));
  S->Value = Value;
  return S;
}

Expr *Parser::parseNamedExpr() {
  SourceLocation B = beginLoc();
  if (at(TokenKind::Name) && peekTok().is(TokenKind::ColonEqual)) {
    auto *Target = make<NameExpr>(tok().Range);
    Target->Id = std::string(consume().Text);
    consume();
    Expr *Value = parseTest();
    if (!Value)
      return nullptr;
    auto *N = make<NamedExprExpr>(rangeFrom(B));
    N->Target = Target;
    N->Value = Value;
    return N;
  }
  Expr *E = parseTest();
  if (E && at(TokenKind::ColonEqual)) {
    report(E->Range, DiagKind::InvalidSyntax,
           {"cannot use assignment expressions with " + targetDescription(E)});
    return nullptr;
  }
  return E;
}

Expr *Parser::parseTest() {
  DepthGuard Guard(*this);
  if (tooDeep())
    return nullptr;
  if (at(TokenKind::KwLambda))
    return parseLambda();
  SourceLocation B = beginLoc();
  Expr *Body = parseOr();
  if (!Body || !at(TokenKind::KwIf))
    return Body;
  consume();
  auto *E = make<IfExpExpr>(SourceRange());
  E->Body = Body;
  if (!(E->Test = parseOr()))
    return nullptr;
  if (!expect(TokenKind::KwElse, "'else' after 'if' expression"))
    return nullptr;
  if (!(E->OrElse = parseTest()))
    return nullptr;
  E->Range = rangeFrom(B);
  return E;
}

Expr *Parser::parseLambda() {
  SourceLocation B = beginLoc();
  consume(); // lambda
  auto *L = make<LambdaExpr>(SourceRange());
  if (!parseParameters(L->Params, TokenKind::Colon, false))
    return nullptr;
  if (!(L->Body = parseTest()))
    return nullptr;
  L->Range = rangeFrom(B);
  return L;
}

Expr *Parser::parseOr() {
  SourceLocation B = beginLoc();
  Expr *First = parseAnd();
  if (!First || !at(TokenKind::KwOr))
    return First;
  auto *E = make<BoolOpExpr>(SourceRange());
  E->Op = BoolOpKind::Or;
  E->Values.push_back(First);
  while (consumeIf(TokenKind::KwOr)) {
    Expr *Next = parseAnd();
    if (!Next)
      return nullptr;
    E->Values.push_back(Next);
  }
  E->Range = rangeFrom(B);
  return E;
}

Expr *Parser::parseAnd() {
  SourceLocation B = beginLoc();
  Expr *First = parseNot();
  if (!First || !at(TokenKind::KwAnd))
    return First;
  auto *E = make<BoolOpExpr>(SourceRange());
  E->Op = BoolOpKind::And;
  E->Values.push_back(First);
  while (consumeIf(TokenKind::KwAnd)) {
    Expr *Next = parseNot();
    if (!Next)
      return nullptr;
    E->Values.push_back(Next);
  }
  E->Range = rangeFrom(B);
  return E;
}

Expr *Parser::parseNot() {
  if (!at(TokenKind::KwNot))
    return parseComparison();
  DepthGuard Guard(*this);
  if (tooDeep())
    return nullptr;
  SourceLocation B = beginLoc();
  auto *U = make<UnaryExpr>(SourceRange());
  U->Op = UnaryOp::Not;
  U->OpRange = consume().Range;
  if (!(U->Operand = parseNot()))
    return nullptr;
  U->Range = rangeFrom(B);
  return U;
}

Expr *Parser::parseComparison() {
  SourceLocation B = beginLoc();
  Expr *Left = parseBinary(0);
  if (!Left)
    return nullptr;
  CompareExpr *C = nullptr;
  while (true) {
    CmpOp Op;
    SourceRange OpRange = tok().Range;
    switch (tok().Kind) {
    case TokenKind::Less:
      Op = CmpOp::Lt;
      break;
    case TokenKind::Greater:
      Op = CmpOp::Gt;
      break;
    case TokenKind::LessEqual:
      Op = CmpOp::LtE;
      break;
    case TokenKind::GreaterEqual:
      Op = CmpOp::GtE;
      break;
    case TokenKind::EqualEqual:
      Op = CmpOp::Eq;
      break;
    case TokenKind::NotEqual:
      Op = CmpOp::NotEq;
      break;
    case TokenKind::KwIn:
      Op = CmpOp::In;
      break;
    case TokenKind::KwIs:
      Op = peekTok().is(TokenKind::KwNot) ? CmpOp::IsNot : CmpOp::Is;
      break;
    case TokenKind::KwNot:
      if (!peekTok().is(TokenKind::KwIn))
        return C ? C : Left;
      Op = CmpOp::NotIn;
      break;
    default:
      if (C)
        C->Range = rangeFrom(B);
      return C ? C : Left;
    }
    consume();
    if (Op == CmpOp::IsNot || Op == CmpOp::NotIn)
      OpRange.End = consume().Range.End;
    Expr *Right = parseBinary(0);
    if (!Right)
      return nullptr;
    if (!C) {
      C = make<CompareExpr>(SourceRange());
      C->Left = Left;
    }
    C->Ops.push_back(Op);
    C->OpRanges.push_back(OpRange);
    C->Comparators.push_back(Right);
    C->Range = rangeFrom(B);
  }
}

Expr *Parser::parseBinary(int Level) {
  if (Level == FactorLevel)
    return parseFactor();
  SourceLocation B = beginLoc();
  Expr *LHS = parseBinary(Level + 1);
  if (!LHS)
    return nullptr;
  // Each operator of a left-associative chain makes the tree one taller.
  unsigned Raised = 0;
  BinaryOp Op;
  while (binaryOpAt(Level, tok().Kind, Op)) {
    ++Height;
    ++Raised;
    if (tooDeep()) {
      LHS = nullptr;
      break;
    }
    auto *E = make<BinaryExpr>(SourceRange());
    E->Op = Op;
    E->OpRange = consume().Range;
    E->LHS = LHS;
    if (!(E->RHS = parseBinary(Level + 1))) {
      LHS = nullptr;
      break;
    }
    E->Range = rangeFrom(B);
    LHS = E;
  }
  Height -= Raised;
  return LHS;
}

Expr *Parser::parseFactor() {
  UnaryOp Op;
  switch (tok().Kind) {
  case TokenKind::Plus:
    Op = UnaryOp::UAdd;
    break;
  case TokenKind::Minus:
    Op = UnaryOp::USub;
    break;
  case TokenKind::Tilde:
    Op = UnaryOp::Invert;
    break;
  default:
    return parsePower();
  }
  DepthGuard Guard(*this);
  if (tooDeep())
    return nullptr;
  SourceLocation B = beginLoc();
  auto *U = make<UnaryExpr>(SourceRange());
  U->Op = Op;
  U->OpRange = consume().Range;
  if (!(U->Operand = parseFactor()))
    return nullptr;
  U->Range = rangeFrom(B);
  return U;
}

Expr *Parser::parsePower() {
  SourceLocation B = beginLoc();
  Expr *Base = parseAwaitPrimary();
  if (!Base || !at(TokenKind::StarStar))
    return Base;
  // `**` is right-associative and its right operand may be unary: 2**-1.
  DepthGuard Guard(*this);
  if (tooDeep())
    return nullptr;
  auto *E = make<BinaryExpr>(SourceRange());
  E->Op = BinaryOp::Pow;
  E->OpRange = consume().Range;
  E->LHS = Base;
  if (!(E->RHS = parseFactor()))
    return nullptr;
  E->Range = rangeFrom(B);
  return E;
}

Expr *Parser::parseAwaitPrimary() {
  if (!at(TokenKind::KwAwait))
    return parsePrimary();
  SourceLocation B = beginLoc();
  consume();
  Expr *Value = parsePrimary();
  if (!Value)
    return nullptr;
  auto *A = make<AwaitExpr>(rangeFrom(B));
  A->Value = Value;
  return A;
}

Expr *Parser::parseYield() {
  SourceLocation B = beginLoc();
  consume(); // yield
  auto *Y = make<YieldExpr>(SourceRange());
  if (consumeIf(TokenKind::KwFrom)) {
    Y->IsFrom = true;
    if (!(Y->Value = parseTest()))
      return nullptr;
  } else if (startsExpression(tok()) && !(Y->Value = parseStarExpressions())) {
    return nullptr;
  }
  Y->Range = rangeFrom(B);
  return Y;
}

} // namespace pykc::frontend::detail
