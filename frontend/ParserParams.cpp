//===- ParserParams.cpp - Parameter lists and assignment targets ----------===//
#include "frontend/ParserImpl.h"

#include <algorithm>

namespace pykc::frontend::detail {

bool Parser::parseParameters(std::vector<Param> &Params, TokenKind Closer,
                             bool AllowAnnotations) {
  bool SeenSlash = false, SeenStar = false, SeenDefault = false;
  bool SeenVarKeywords = false;
  SourceRange BareStar;
  auto Fail = [&](SourceRange R, std::string Message) {
    report(R, DiagKind::InvalidParameter, {std::move(Message)});
    return false;
  };
  auto ParseName = [&](Param &P, const char *After) {
    if (!at(TokenKind::Name)) {
      return Fail(tok().Range, std::string("expected a parameter name") +
                                   After + ", not " + describe(tok()));
    }
    P.Range = tok().Range;
    P.Name = std::string(consume().Text);
    for (const Param &Other : Params)
      if (Other.Name == P.Name)
        return Fail(P.Range, "duplicate parameter '" + P.Name + "'");
    if (AllowAnnotations && consumeIf(TokenKind::Colon) &&
        !(P.Annotation = parseTest()))
      return false;
    return true;
  };
  while (!at(Closer)) {
    if (SeenVarKeywords)
      return Fail(tok().Range,
                  "no parameter may follow '**" + Params.back().Name + "'");
    if (at(TokenKind::Slash)) {
      if (SeenSlash)
        return Fail(tok().Range, "'/' may appear only once");
      if (SeenStar)
        return Fail(tok().Range, "'/' must come before '*'");
      if (Params.empty())
        return Fail(tok().Range, "at least one parameter must come before '/'");
      for (Param &P : Params)
        P.Kind = ParamKind::PositionalOnly;
      SeenSlash = true;
      consume();
    } else if (at(TokenKind::Star)) {
      if (SeenStar)
        return Fail(tok().Range, "'*' may appear only once");
      SeenStar = true;
      SourceRange StarRange = consume().Range;
      if (at(TokenKind::Comma) || at(Closer)) {
        BareStar = StarRange;
      } else {
        Param P;
        P.Kind = ParamKind::VarArgs;
        if (!ParseName(P, " after '*'"))
          return false;
        if (at(TokenKind::Equal))
          return Fail(tok().Range,
                      "'*" + P.Name + "' cannot have a default value");
        Params.push_back(std::move(P));
      }
    } else if (at(TokenKind::StarStar)) {
      consume();
      Param P;
      P.Kind = ParamKind::VarKeywords;
      if (!ParseName(P, " after '**'"))
        return false;
      if (at(TokenKind::Equal))
        return Fail(tok().Range,
                    "'**" + P.Name + "' cannot have a default value");
      Params.push_back(std::move(P));
      SeenVarKeywords = true;
    } else {
      Param P;
      P.Kind = SeenStar ? ParamKind::KeywordOnly : ParamKind::Normal;
      if (!ParseName(P, ""))
        return false;
      if (consumeIf(TokenKind::Equal)) {
        if (!(P.Default = parseTest()))
          return false;
        SeenDefault = SeenDefault || !SeenStar;
      } else if (SeenDefault && !SeenStar) {
        return Fail(P.Range,
                    "parameter '" + P.Name +
                        "' without a default follows one with a default");
      }
      if (SeenStar)
        BareStar = SourceRange();
      Params.push_back(std::move(P));
    }
    if (!consumeIf(TokenKind::Comma))
      break;
  }
  if (!at(Closer)) {
    if (at(TokenKind::Name) || at(TokenKind::Star) || at(TokenKind::StarStar))
      report(tok().Range, DiagKind::InvalidSyntax,
             {"perhaps you forgot a comma?"});
    else
      reportExpected(Closer == TokenKind::RParen ? "',' or ')'" : "',' or ':'");
    return false;
  }
  if (BareStar.isValid())
    return Fail(BareStar, "named parameters must follow a bare '*'");
  consume();
  return true;
}

std::string Parser::targetDescription(const Expr *E) {
  switch (E->Kind) {
  case NodeKind::ConstantExpr:
    switch (cast<ConstantExpr>(E)->CK) {
    case ConstantKind::Bool:
      return cast<ConstantExpr>(E)->BoolValue ? "True" : "False";
    case ConstantKind::None:
      return "None";
    case ConstantKind::Ellipsis:
      return "ellipsis";
    default:
      return "literal";
    }
  case NodeKind::CallExpr:
    return "function call";
  case NodeKind::CompareExpr:
    return "comparison";
  case NodeKind::IfExpExpr:
    return "conditional expression";
  case NodeKind::LambdaExpr:
    return "lambda";
  case NodeKind::DictExpr:
    return "dict literal";
  case NodeKind::SetExpr:
    return "set display";
  case NodeKind::AwaitExpr:
    return "await expression";
  case NodeKind::YieldExpr:
    return "yield expression";
  case NodeKind::NamedExprExpr:
    return "named expression";
  case NodeKind::MagicExpr:
    return "IPython magic";
  case NodeKind::TupleExpr:
    return "tuple";
  case NodeKind::ListExpr:
    return "list";
  case NodeKind::NameExpr:
    return "name";
  case NodeKind::AttributeExpr:
    return "attribute";
  case NodeKind::SubscriptExpr:
    return "subscript";
  case NodeKind::StarredExpr:
    return "starred";
  case NodeKind::SliceExpr:
    return "slice";
  case NodeKind::ComprehensionExpr:
    switch (cast<ComprehensionExpr>(E)->CompKind) {
    case ComprehensionKind::List:
      return "list comprehension";
    case ComprehensionKind::Set:
      return "set comprehension";
    case ComprehensionKind::Dict:
      return "dict comprehension";
    case ComprehensionKind::Generator:
      return "generator expression";
    }
    return "comprehension";
  default:
    return "expression";
  }
}

bool Parser::checkTarget(Expr *E, bool Del, bool InSequence) {
  switch (E->Kind) {
  case NodeKind::NameExpr:
  case NodeKind::AttributeExpr:
  case NodeKind::SubscriptExpr:
    return true;
  case NodeKind::TupleExpr:
  case NodeKind::ListExpr: {
    const ExprList &Elts =
        isa<TupleExpr>(E) ? cast<TupleExpr>(E)->Elts : cast<ListExpr>(E)->Elts;
    bool Ok = true;
    for (Expr *Elt : Elts)
      Ok = checkTarget(Elt, Del, true) && Ok;
    return Ok;
  }
  case NodeKind::StarredExpr: {
    auto *S = cast<StarredExpr>(E);
    if (Del || S->DoubleStar)
      break;
    if (!InSequence) {
      report(E->Range, DiagKind::InvalidSyntax,
             {"a starred assignment target must be in a list or tuple"});
      return false;
    }
    return checkTarget(S->Value, Del, false);
  }
  default:
    break;
  }
  if (Del)
    report(E->Range, DiagKind::InvalidSyntax,
           {"cannot delete " + targetDescription(E)});
  else
    report(E->Range, DiagKind::InvalidTarget, {targetDescription(E)});
  return false;
}

Expr *Parser::parseTargetList(bool AllowStar, bool Single) {
  SourceLocation B = beginLoc();
  ExprList Elts;
  bool SawComma = false;
  while (true) {
    SourceLocation EB = beginLoc();
    Expr *E = nullptr;
    if (AllowStar && at(TokenKind::Star)) {
      consume();
      Expr *Inner = parseBinary(0);
      if (!Inner)
        return nullptr;
      auto *S = make<StarredExpr>(rangeFrom(EB));
      S->Value = Inner;
      E = S;
    } else if (!(E = parseBinary(0))) {
      return nullptr;
    }
    Elts.push_back(E);
    if (Single || !at(TokenKind::Comma))
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

} // namespace pykc::frontend::detail
