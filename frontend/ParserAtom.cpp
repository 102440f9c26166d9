//===- ParserAtom.cpp - Atoms, displays, calls and subscripts -------------===//
#include "frontend/ParserImpl.h"
#include "frontend/StringLiteral.h"

namespace pykc::frontend::detail {

namespace {

bool isKeyword(TokenKind K) {
  return K >= TokenKind::KwFalse && K <= TokenKind::KwYield;
}

} // namespace

Expr *Parser::parsePrimary() {
  SourceLocation B = beginLoc();
  Expr *E = parseAtom();
  unsigned Raised = 0;
  while (E) {
    if (at(TokenKind::Dot)) {
      consume();
      if (!at(TokenKind::Name)) {
        reportExpected("an attribute name");
        E = nullptr;
        break;
      }
      auto *A = make<AttributeExpr>(SourceRange());
      A->Value = E;
      A->AttrRange = tok().Range;
      A->Attr = std::string(consume().Text);
      A->Range = rangeFrom(B);
      E = A;
    } else if (at(TokenKind::LParen)) {
      consume();
      auto *C = make<CallExpr>(SourceRange());
      C->Func = E;
      if (!parseCallArguments(C->Args, C->Keywords, true)) {
        E = nullptr;
        break;
      }
      C->Range = rangeFrom(B);
      E = C;
    } else if (at(TokenKind::LSquare)) {
      consume();
      auto *S = make<SubscriptExpr>(SourceRange());
      S->Value = E;
      if (!(S->Index = parseSubscriptIndex()) ||
          !expect(TokenKind::RSquare, "']'")) {
        E = nullptr;
        break;
      }
      S->Range = rangeFrom(B);
      E = S;
    } else {
      break;
    }
    // Trailers nest to the left, like a left-associative operator chain.
    ++Height;
    ++Raised;
    if (tooDeep()) {
      E = nullptr;
      break;
    }
  }
  Height -= Raised;
  return E;
}

Expr *Parser::parseAtom() {
  SourceRange R = tok().Range;
  switch (tok().Kind) {
  case TokenKind::Name: {
    auto *N = make<NameExpr>(R);
    N->Id = std::string(consume().Text);
    return N;
  }
  case TokenKind::Number:
    return parseNumber();
  case TokenKind::String:
    return parseStrings();
  case TokenKind::KwNone:
  case TokenKind::KwTrue:
  case TokenKind::KwFalse:
  case TokenKind::Ellipsis: {
    auto *C = make<ConstantExpr>(R);
    C->CK = at(TokenKind::KwNone)     ? ConstantKind::None
            : at(TokenKind::Ellipsis) ? ConstantKind::Ellipsis
                                      : ConstantKind::Bool;
    C->BoolValue = at(TokenKind::KwTrue);
    consume();
    return C;
  }
  case TokenKind::LParen:
    return parseParenthesized();
  case TokenKind::LSquare:
    return parseListDisplay();
  case TokenKind::LBrace:
    return parseBraceDisplay();
  case TokenKind::Magic: {
    auto *M = make<MagicExpr>(R);
    M->Text = std::string(consume().Text);
    return M;
  }
  case TokenKind::Percent:
    return parseMagicExpr();
  default:
    if (isKeyword(tok().Kind))
      reportUnexpected();
    else
      reportExpected("an expression");
    return nullptr;
  }
}

Expr *Parser::parseMagicExpr() {
  // `t = %timeit -r 5 f()`: the rest of the logical line is the magic.
  SourceLocation B = beginLoc();
  while (!at(TokenKind::Newline) && !at(TokenKind::EndOfFile) &&
         !at(TokenKind::Indent) && !at(TokenKind::Dedent))
    consume();
  auto *M = make<MagicExpr>(rangeFrom(B));
  M->Text =
      std::string(File.text().substr(B.Offset, LastEnd.Offset - B.Offset));
  return M;
}

Expr *Parser::parseNumber() {
  auto *C = make<ConstantExpr>(tok().Range);
  NumberValue V = decodeNumber(consume().Text);
  switch (V.Kind) {
  case NumberValue::Int:
    C->CK = ConstantKind::Int;
    C->IntValue = V.IntValue;
    C->IntTooLarge = V.TooLarge;
    break;
  case NumberValue::Float:
    C->CK = ConstantKind::Float;
    C->FloatValue = V.FloatValue;
    break;
  case NumberValue::Imaginary:
    C->CK = ConstantKind::Imaginary;
    C->FloatValue = V.FloatValue;
    break;
  }
  return C;
}

Expr *Parser::parseStrings() {
  SourceLocation B = beginLoc();
  bool AnyBytes = false, AnyStr = false, AnyFormat = false;
  std::string Value;
  while (at(TokenKind::String)) {
    StringPrefix P;
    parseStringPrefix(tok().Text, P);
    (P.Bytes ? AnyBytes : AnyStr) = true;
    std::string Part = decodeStringLiteral(consume().Text);
    if (P.Format) {
      // An f-string without replacement fields is its text, with {{ and }}
      // read as { and }, as Python reads it.
      std::string Plain;
      for (size_t I = 0; I < Part.size() && !AnyFormat; ++I) {
        char C = Part[I];
        if ((C == '{' || C == '}') && I + 1 < Part.size() && Part[I + 1] == C)
          ++I;
        else if (C == '{' || C == '}')
          AnyFormat = true;
        Plain += C;
      }
      Part = std::move(Plain);
    }
    Value += Part;
  }
  SourceRange R = rangeFrom(B);
  if (AnyBytes && AnyStr) {
    report(R, DiagKind::InvalidSyntax,
           {"cannot mix bytes and nonbytes literals"});
    return nullptr;
  }
  auto *C = make<ConstantExpr>(R);
  C->CK = AnyBytes ? ConstantKind::Bytes : ConstantKind::String;
  if (AnyFormat) {
    // f-strings are not evaluated: keep their source text.
    C->IsFString = true;
    C->StringValue =
        std::string(File.text().substr(B.Offset, R.End.Offset - B.Offset));
  } else {
    C->StringValue = std::move(Value);
  }
  return C;
}

Expr *Parser::parseParenthesized() {
  SourceLocation B = beginLoc();
  consume(); // (
  if (consumeIf(TokenKind::RParen))
    return makeTuple({}, B, true);
  if (at(TokenKind::KwYield)) {
    Expr *Y = parseYield();
    if (!Y || !expect(TokenKind::RParen, "')'"))
      return nullptr;
    return Y;
  }
  Expr *First = parseStarNamed();
  if (!First)
    return nullptr;
  if (at(TokenKind::KwFor) ||
      (at(TokenKind::KwAsync) && peekTok().is(TokenKind::KwFor))) {
    auto *C = make<ComprehensionExpr>(SourceRange());
    C->CompKind = ComprehensionKind::Generator;
    C->Elt = First;
    if (!parseComprehensionClauses(C->Generators) ||
        !expect(TokenKind::RParen, "')'"))
      return nullptr;
    C->Range = rangeFrom(B);
    return C;
  }
  if (consumeIf(TokenKind::RParen))
    return First;
  if (!at(TokenKind::Comma)) {
    reportMissingComma(")");
    return nullptr;
  }
  ExprList Elts{First};
  while (consumeIf(TokenKind::Comma) && !at(TokenKind::RParen)) {
    Expr *E = parseStarNamed();
    if (!E)
      return nullptr;
    Elts.push_back(E);
  }
  if (!at(TokenKind::RParen)) {
    reportMissingComma(")");
    return nullptr;
  }
  consume();
  return makeTuple(std::move(Elts), B, true);
}

Expr *Parser::parseListDisplay() {
  SourceLocation B = beginLoc();
  consume(); // [
  auto *L = make<ListExpr>(SourceRange());
  if (!at(TokenKind::RSquare)) {
    Expr *First = parseStarNamed();
    if (!First)
      return nullptr;
    if (at(TokenKind::KwFor) ||
        (at(TokenKind::KwAsync) && peekTok().is(TokenKind::KwFor))) {
      auto *C = make<ComprehensionExpr>(SourceRange());
      C->CompKind = ComprehensionKind::List;
      C->Elt = First;
      if (!parseComprehensionClauses(C->Generators) ||
          !expect(TokenKind::RSquare, "']'"))
        return nullptr;
      C->Range = rangeFrom(B);
      return C;
    }
    L->Elts.push_back(First);
    while (consumeIf(TokenKind::Comma) && !at(TokenKind::RSquare)) {
      Expr *E = parseStarNamed();
      if (!E)
        return nullptr;
      L->Elts.push_back(E);
    }
  }
  if (!at(TokenKind::RSquare)) {
    reportMissingComma("]");
    return nullptr;
  }
  consume();
  L->Range = rangeFrom(B);
  return L;
}

Expr *Parser::parseBraceDisplay() {
  SourceLocation B = beginLoc();
  consume(); // {
  if (consumeIf(TokenKind::RBrace))
    return make<DictExpr>(rangeFrom(B));
  auto IsCompFor = [&] {
    return at(TokenKind::KwFor) ||
           (at(TokenKind::KwAsync) && peekTok().is(TokenKind::KwFor));
  };
  Expr *FirstKey = nullptr;
  Expr *FirstValue = nullptr;
  if (consumeIf(TokenKind::StarStar)) {
    if (!(FirstValue = parseBinary(0)))
      return nullptr;
  } else {
    if (!(FirstKey = parseStarNamed()))
      return nullptr;
    if (!at(TokenKind::Colon) || isa<StarredExpr>(FirstKey)) {
      // A set display or set comprehension.
      if (IsCompFor()) {
        auto *C = make<ComprehensionExpr>(SourceRange());
        C->CompKind = ComprehensionKind::Set;
        C->Elt = FirstKey;
        if (!parseComprehensionClauses(C->Generators) ||
            !expect(TokenKind::RBrace, "'}'"))
          return nullptr;
        C->Range = rangeFrom(B);
        return C;
      }
      auto *S = make<SetExpr>(SourceRange());
      S->Elts.push_back(FirstKey);
      while (consumeIf(TokenKind::Comma) && !at(TokenKind::RBrace)) {
        Expr *E = parseStarNamed();
        if (!E)
          return nullptr;
        S->Elts.push_back(E);
      }
      if (!at(TokenKind::RBrace)) {
        reportMissingComma("}");
        return nullptr;
      }
      consume();
      S->Range = rangeFrom(B);
      return S;
    }
    consume(); // :
    if (!(FirstValue = parseTest()))
      return nullptr;
    if (IsCompFor()) {
      auto *C = make<ComprehensionExpr>(SourceRange());
      C->CompKind = ComprehensionKind::Dict;
      C->Elt = FirstKey;
      C->Value = FirstValue;
      if (!parseComprehensionClauses(C->Generators) ||
          !expect(TokenKind::RBrace, "'}'"))
        return nullptr;
      C->Range = rangeFrom(B);
      return C;
    }
  }
  auto *D = make<DictExpr>(SourceRange());
  D->Keys.push_back(FirstKey);
  D->Values.push_back(FirstValue);
  while (consumeIf(TokenKind::Comma) && !at(TokenKind::RBrace)) {
    Expr *K = nullptr, *V = nullptr;
    if (consumeIf(TokenKind::StarStar)) {
      if (!(V = parseBinary(0)))
        return nullptr;
    } else if (!(K = parseTest()) || !expect(TokenKind::Colon, "':'") ||
               !(V = parseTest())) {
      return nullptr;
    }
    D->Keys.push_back(K);
    D->Values.push_back(V);
  }
  if (!at(TokenKind::RBrace)) {
    reportMissingComma("}");
    return nullptr;
  }
  consume();
  D->Range = rangeFrom(B);
  return D;
}

bool Parser::parseComprehensionClauses(std::vector<ComprehensionFor> &Gens) {
  while (at(TokenKind::KwFor) ||
         (at(TokenKind::KwAsync) && peekTok().is(TokenKind::KwFor))) {
    ComprehensionFor F;
    F.IsAsync = consumeIf(TokenKind::KwAsync);
    consume(); // for
    if (!(F.Target = parseTargetList(true)))
      return false;
    checkTarget(F.Target);
    if (!expect(TokenKind::KwIn, "'in'") || !(F.Iter = parseOr()))
      return false;
    while (consumeIf(TokenKind::KwIf)) {
      Expr *Cond = parseOr();
      if (!Cond)
        return false;
      F.Ifs.push_back(Cond);
    }
    Gens.push_back(std::move(F));
  }
  return true;
}

bool Parser::parseCallArguments(ExprList &Args, std::vector<Keyword> &Keywords,
                                bool AllowGenerator) {
  bool SeenKeyword = false, SeenKeywordUnpack = false;
  while (!at(TokenKind::RParen)) {
    SourceLocation AB = beginLoc();
    if (consumeIf(TokenKind::StarStar)) {
      Keyword K;
      if (!(K.Value = parseTest()))
        return false;
      K.Range = rangeFrom(AB);
      Keywords.push_back(std::move(K));
      SeenKeywordUnpack = true;
    } else if (consumeIf(TokenKind::Star)) {
      Expr *V = parseTest();
      if (!V)
        return false;
      auto *S = make<StarredExpr>(rangeFrom(AB));
      S->Value = V;
      if (SeenKeywordUnpack)
        report(
            S->Range, DiagKind::InvalidSyntax,
            {"iterable argument unpacking follows keyword argument unpacking"});
      Args.push_back(S);
    } else if (at(TokenKind::Name) && peekTok().is(TokenKind::Equal)) {
      Keyword K;
      K.NameRange = tok().Range;
      K.Name = std::string(consume().Text);
      consume(); // =
      if (!(K.Value = parseTest()))
        return false;
      K.Range = rangeFrom(AB);
      Keywords.push_back(std::move(K));
      SeenKeyword = true;
    } else {
      Expr *E = parseNamedExpr();
      if (!E)
        return false;
      if (at(TokenKind::KwFor) ||
          (at(TokenKind::KwAsync) && peekTok().is(TokenKind::KwFor))) {
        auto *C = make<ComprehensionExpr>(SourceRange());
        C->CompKind = ComprehensionKind::Generator;
        C->Elt = E;
        if (!parseComprehensionClauses(C->Generators))
          return false;
        C->Range = rangeFrom(AB);
        bool Alone =
            Args.empty() && Keywords.empty() &&
            (at(TokenKind::RParen) ||
             (at(TokenKind::Comma) && peekTok().is(TokenKind::RParen)));
        if (!AllowGenerator || !Alone) {
          report(C->Range, DiagKind::InvalidSyntax,
                 {"a generator expression must be parenthesized"});
          return false;
        }
        E = C;
      }
      if (at(TokenKind::Equal)) {
        report(E->Range, DiagKind::InvalidSyntax,
               {"expression cannot contain assignment, perhaps you meant "
                "\"==\"?"});
        return false;
      }
      if (SeenKeyword || SeenKeywordUnpack)
        report(E->Range, DiagKind::InvalidSyntax,
               {SeenKeywordUnpack
                    ? "positional argument follows keyword argument unpacking"
                    : "positional argument follows keyword argument"});
      Args.push_back(E);
    }
    if (!consumeIf(TokenKind::Comma))
      break;
  }
  if (!at(TokenKind::RParen)) {
    reportMissingComma(")");
    return false;
  }
  consume();
  return true;
}

Expr *Parser::parseSubscriptIndex() {
  SourceLocation B = beginLoc();
  Expr *First = parseSliceItem();
  if (!First || !at(TokenKind::Comma))
    return First;
  ExprList Elts{First};
  while (consumeIf(TokenKind::Comma) && !at(TokenKind::RSquare)) {
    Expr *E = parseSliceItem();
    if (!E)
      return nullptr;
    Elts.push_back(E);
  }
  return makeTuple(std::move(Elts), B, false);
}

Expr *Parser::parseSliceItem() {
  SourceLocation B = beginLoc();
  Expr *Lower = nullptr;
  if (!at(TokenKind::Colon)) {
    Lower = parseStarNamed();
    if (!Lower || !at(TokenKind::Colon))
      return Lower;
  }
  consume(); // :
  auto *S = make<SliceExpr>(SourceRange());
  S->Lower = Lower;
  auto AtPartEnd = [&] {
    return at(TokenKind::Colon) || at(TokenKind::Comma) ||
           at(TokenKind::RSquare);
  };
  if (!AtPartEnd() && !(S->Upper = parseTest()))
    return nullptr;
  if (consumeIf(TokenKind::Colon) && !at(TokenKind::Comma) &&
      !at(TokenKind::RSquare) && !(S->Step = parseTest()))
    return nullptr;
  S->Range = rangeFrom(B);
  return S;
}

} // namespace pykc::frontend::detail
