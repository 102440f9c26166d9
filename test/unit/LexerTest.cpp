//===- LexerTest.cpp - Tokenizer unit tests -------------------------------===//
#include "frontend/Lexer.h"
#include "frontend/StringLiteral.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace pykc::frontend;

namespace {

/// Tokenizes \p Text, keeping the file and the diagnostics alive.
struct Lexed {
  explicit Lexed(std::string Text)
      : File("test.py", std::move(Text)), Diags(nullptr),
        Tokens(tokenize(File, Diags)) {}

  std::vector<TokenKind> kinds() const {
    std::vector<TokenKind> K;
    for (const Token &T : Tokens)
      K.push_back(T.Kind);
    return K;
  }
  std::vector<std::string> texts() const {
    std::vector<std::string> R;
    for (const Token &T : Tokens)
      R.emplace_back(T.Text);
    return R;
  }
  const Diagnostic &diag(size_t I = 0) const {
    return Diags.diagnostics().at(I);
  }
  size_t diagCount() const { return Diags.diagnostics().size(); }

  SourceFile File;
  DiagnosticEngine Diags;
  std::vector<Token> Tokens;
};

using TK = TokenKind;

TEST(Lexer, SimpleLineEndsWithNewlineAndEndOfFile) {
  Lexed L("x = 1\n");
  EXPECT_EQ(L.kinds(), (std::vector<TK>{TK::Name, TK::Equal, TK::Number,
                                        TK::Newline, TK::EndOfFile}));
  EXPECT_EQ(L.diagCount(), 0u);
}

TEST(Lexer, MissingFinalNewlineStillGetsNewlineToken) {
  Lexed L("pass");
  EXPECT_EQ(L.kinds(),
            (std::vector<TK>{TK::KwPass, TK::Newline, TK::EndOfFile}));
}

TEST(Lexer, EmptyFileIsJustEndOfFile) {
  Lexed L("");
  EXPECT_EQ(L.kinds(), (std::vector<TK>{TK::EndOfFile}));
  Lexed Blank("\n\n   \n# comment\n");
  EXPECT_EQ(Blank.kinds(), (std::vector<TK>{TK::EndOfFile}));
}

TEST(Lexer, BlankAndCommentLinesProduceNoTokens) {
  Lexed L("a\n\n   # just a comment\n\t\nb  # trailing\n");
  EXPECT_EQ(L.kinds(), (std::vector<TK>{TK::Name, TK::Newline, TK::Name,
                                        TK::Newline, TK::EndOfFile}));
}

TEST(Lexer, IndentAndDedentFollowTheIndentationStack) {
  Lexed L("if x:\n    y\n    if z:\n        w\nv\n");
  EXPECT_EQ(L.kinds(),
            (std::vector<TK>{TK::KwIf, TK::Name, TK::Colon, TK::Newline,
                             TK::Indent, TK::Name, TK::Newline, TK::KwIf,
                             TK::Name, TK::Colon, TK::Newline, TK::Indent,
                             TK::Name, TK::Newline, TK::Dedent, TK::Dedent,
                             TK::Name, TK::Newline, TK::EndOfFile}));
}

TEST(Lexer, DedentsAreClosedAtEndOfFile) {
  Lexed L("def f():\n  if x:\n    return");
  std::vector<TK> K = L.kinds();
  ASSERT_GE(K.size(), 4u);
  EXPECT_EQ(
      std::vector<TK>(K.end() - 4, K.end()),
      (std::vector<TK>{TK::Newline, TK::Dedent, TK::Dedent, TK::EndOfFile}));
}

TEST(Lexer, TabsIndentToMultiplesOfEight) {
  // A tab and eight spaces are the same level, as in CPython; the second
  // line is not a new indent but the tab-vs-space mix is ambiguous.
  Lexed Same("if x:\n\ty\n\tz\n");
  EXPECT_EQ(Same.diagCount(), 0u);
  Lexed L("if x:\n  \ty\n        z\n");
  // "  \t" is column 8, like eight spaces: no INDENT/DEDENT between y and z.
  std::vector<TK> K = L.kinds();
  EXPECT_EQ(std::count(K.begin(), K.end(), TK::Indent), 1);
  EXPECT_EQ(std::count(K.begin(), K.end(), TK::Dedent), 1);
}

TEST(Lexer, InconsistentTabsAreReportedOnce) {
  Lexed L("if x:\n\ty\n        z\n        w\n");
  ASSERT_EQ(L.diagCount(), 1u);
  EXPECT_EQ(L.diag().Kind, DiagKind::InconsistentTabs);
  EXPECT_EQ(L.diag().Range.Begin.Line, 3u);
  EXPECT_EQ(L.diag().Range.Begin.Column, 9u);
}

TEST(Lexer, UnindentToUnknownLevelIsReported) {
  Lexed L("if x:\n    y\n  z\n  w\n");
  ASSERT_EQ(L.diagCount(), 1u);
  EXPECT_EQ(L.diag().Kind, DiagKind::UnindentMismatch);
  EXPECT_EQ(L.diag().Range.Begin.Line, 3u);
  // Recovery keeps INDENT and DEDENT balanced.
  std::vector<TK> K = L.kinds();
  EXPECT_EQ(std::count(K.begin(), K.end(), TK::Indent),
            std::count(K.begin(), K.end(), TK::Dedent));
}

TEST(Lexer, BracketsJoinLinesAndSuppressIndentation) {
  Lexed L("x = (1,\n        2,\n  3)\ny\n");
  EXPECT_EQ(
      L.kinds(),
      (std::vector<TK>{TK::Name, TK::Equal, TK::LParen, TK::Number, TK::Comma,
                       TK::Number, TK::Comma, TK::Number, TK::RParen,
                       TK::Newline, TK::Name, TK::Newline, TK::EndOfFile}));
}

TEST(Lexer, BackslashJoinsLines) {
  Lexed L("x = 1 + \\\n    2\n");
  EXPECT_EQ(L.kinds(),
            (std::vector<TK>{TK::Name, TK::Equal, TK::Number, TK::Plus,
                             TK::Number, TK::Newline, TK::EndOfFile}));
  EXPECT_EQ(L.Tokens[4].Range.Begin.Line, 2u);
}

TEST(Lexer, CharacterAfterBackslashIsBadContinuation) {
  Lexed L("x = 1 \\ 2\n");
  ASSERT_EQ(L.diagCount(), 1u);
  EXPECT_EQ(L.diag().Kind, DiagKind::BadLineContinuation);
  EXPECT_EQ(L.diag().Range.Begin.Column, 7u);
}

TEST(Lexer, UnmatchedClosingBracketIsReported) {
  Lexed L("x = 1)\n");
  ASSERT_EQ(L.diagCount(), 1u);
  EXPECT_EQ(L.diag().Kind, DiagKind::UnmatchedBracket);
  EXPECT_EQ(L.diag().Message, "unmatched ')'");
  EXPECT_EQ(L.diag().Range.Begin.Column, 6u);
}

TEST(Lexer, MismatchedBracketNamesBoth) {
  Lexed L("x = [1, 2)\n");
  ASSERT_EQ(L.diagCount(), 1u);
  EXPECT_EQ(L.diag().Kind, DiagKind::MismatchedBracket);
  EXPECT_EQ(L.diag().Message,
            "closing parenthesis ')' does not match opening parenthesis '['");
}

TEST(Lexer, UnclosedBracketPointsAtTheOpener) {
  Lexed L("x = f(1,\n  [2,\n");
  ASSERT_EQ(L.diagCount(), 1u);
  EXPECT_EQ(L.diag().Kind, DiagKind::UnclosedBracket);
  EXPECT_EQ(L.diag().Range.Begin.Line, 2u);
  EXPECT_EQ(L.diag().Range.Begin.Column, 3u);
  EXPECT_EQ(L.Tokens.back().Kind, TK::EndOfFile);
}

TEST(Lexer, TokensCarryExactRangesAndText) {
  Lexed L("def  foo(a):\n    return a**2\n");
  const Token &Foo = L.Tokens[1];
  EXPECT_EQ(Foo.Text, "foo");
  EXPECT_EQ(Foo.Range.Begin.Line, 1u);
  EXPECT_EQ(Foo.Range.Begin.Column, 6u);
  EXPECT_EQ(Foo.Range.End.Column, 9u);
  EXPECT_EQ(Foo.Range.Begin.Offset, 5u);
  const Token &Pow = L.Tokens[10];
  EXPECT_EQ(Pow.Kind, TK::StarStar);
  EXPECT_EQ(Pow.Range.Begin.Line, 2u);
  EXPECT_EQ(Pow.Range.Begin.Column, 13u);
}

TEST(Lexer, OperatorsUseLongestMatch) {
  Lexed L("a **= b //= c >>= d <<= e ... f -> g := h != i == j <= k >= l @= m");
  std::vector<TK> Ops;
  for (const Token &T : L.Tokens)
    if (!T.is(TK::Name) && !T.is(TK::Newline) && !T.is(TK::EndOfFile))
      Ops.push_back(T.Kind);
  EXPECT_EQ(Ops, (std::vector<TK>{TK::StarStarEqual, TK::SlashSlashEqual,
                                  TK::GreaterGreaterEqual, TK::LessLessEqual,
                                  TK::Ellipsis, TK::Arrow, TK::ColonEqual,
                                  TK::NotEqual, TK::EqualEqual, TK::LessEqual,
                                  TK::GreaterEqual, TK::AtEqual}));
}

TEST(Lexer, KeywordsAreRecognizedAndSoftKeywordsAreNames) {
  Lexed L("async await lambda nonlocal match case _ True None");
  EXPECT_EQ(L.kinds(), (std::vector<TK>{TK::KwAsync, TK::KwAwait, TK::KwLambda,
                                        TK::KwNonlocal, TK::Name, TK::Name,
                                        TK::Name, TK::KwTrue, TK::KwNone,
                                        TK::Newline, TK::EndOfFile}));
}

TEST(Lexer, NonAsciiIdentifiersAndBomAreAccepted) {
  Lexed L("\xEF\xBB\xBF\xCF\x80 = 3.14\n");
  ASSERT_EQ(L.diagCount(), 0u);
  EXPECT_EQ(L.Tokens[0].Kind, TK::Name);
  EXPECT_EQ(L.Tokens[0].Text, "\xCF\x80");
  EXPECT_EQ(L.Tokens[0].Range.Begin.Column, 4u);
}

TEST(Lexer, InvalidCharacterRunIsOneDiagnostic) {
  Lexed L("x = $$ + y ? z\n");
  ASSERT_EQ(L.diagCount(), 2u);
  EXPECT_EQ(L.diag(0).Kind, DiagKind::InvalidCharacter);
  EXPECT_EQ(L.diag(0).Message, "invalid character '$' in source");
  EXPECT_EQ(L.diag(0).Range.Begin.Column, 5u);
  EXPECT_EQ(L.diag(0).Range.End.Column, 7u);
  EXPECT_EQ(L.diag(1).Range.Begin.Column, 12u);
  // Tokenizing goes on after the bad characters.
  EXPECT_EQ(L.Tokens[L.Tokens.size() - 3].Text, "z");
}

TEST(Lexer, EveryNumberForm) {
  Lexed L("0 7 1_000 0x_1F 0XFF 0o17 0O7 0b1010 0B1 1. .5 1.5 1e10 1E+5 "
          "1.5e-3 1_0.0_1 10j 1.5J 0j 00 0_0 012.5 012e1 012j");
  EXPECT_EQ(L.diagCount(), 0u);
  for (const Token &T : L.Tokens)
    if (!T.is(TK::Newline) && !T.is(TK::EndOfFile))
      EXPECT_EQ(T.Kind, TK::Number) << T.Text;
  EXPECT_EQ(L.Tokens.size(), 26u);
}

TEST(Lexer, InvalidNumbersAreReported) {
  for (const char *Bad : {"0b2", "1__0", "1_", "012", "0x", "0o8", "1e", "1.5x",
                          "0_7", "1._5", "0b"}) {
    Lexed L(std::string("x = ") + Bad + "\n");
    ASSERT_EQ(L.diagCount(), 1u) << Bad;
    EXPECT_EQ(L.diag().Kind, DiagKind::InvalidNumber) << Bad;
    EXPECT_EQ(L.diag().Range.Begin.Column, 5u) << Bad;
    // The whole malformed literal is one token.
    EXPECT_EQ(L.Tokens[2].Text, Bad);
  }
  Lexed Bin("0b2\n");
  EXPECT_EQ(Bin.diag().Message, "invalid binary literal");
  Lexed Dec("012\n");
  EXPECT_EQ(Dec.diag().Message, "invalid decimal literal");
}

TEST(Lexer, NumberDirectlyBeforeKeywordIsAccepted) {
  Lexed L("x = 1if y else 2\n");
  EXPECT_EQ(L.diagCount(), 0u);
  EXPECT_EQ(L.Tokens[2].Text, "1");
  EXPECT_EQ(L.Tokens[3].Kind, TK::KwIf);
}

TEST(Lexer, NumbersDecodeToTheirValues) {
  EXPECT_EQ(decodeNumber("1_000").IntValue, 1000u);
  EXPECT_EQ(decodeNumber("0x_1F").IntValue, 31u);
  EXPECT_EQ(decodeNumber("0o17").IntValue, 15u);
  EXPECT_EQ(decodeNumber("0b1010").IntValue, 10u);
  EXPECT_EQ(decodeNumber("18446744073709551615").IntValue, UINT64_MAX);
  EXPECT_TRUE(decodeNumber("18446744073709551616").TooLarge);
  EXPECT_EQ(decodeNumber("1.5e-3").Kind, NumberValue::Float);
  EXPECT_DOUBLE_EQ(decodeNumber("1.5e-3").FloatValue, 1.5e-3);
  EXPECT_DOUBLE_EQ(decodeNumber(".5").FloatValue, 0.5);
  EXPECT_DOUBLE_EQ(decodeNumber("1.").FloatValue, 1.0);
  EXPECT_EQ(decodeNumber("10j").Kind, NumberValue::Imaginary);
  EXPECT_DOUBLE_EQ(decodeNumber("10j").FloatValue, 10.0);
  EXPECT_EQ(decodeNumber("012.5").Kind, NumberValue::Float);
}

TEST(Lexer, EveryStringPrefixAndQuoteForm) {
  Lexed L(
      "'a' \"b\" '''c''' \"\"\"d\"\"\" r'e' u'f' b'g' br'h' rb'i' f'j' fr'k' "
      "rf'l' R'm' U'n' B'o' BR'p' Rb'q' F'r' fR'u' Rf'v'");
  EXPECT_EQ(L.diagCount(), 0u);
  for (const Token &T : L.Tokens)
    if (!T.is(TK::Newline) && !T.is(TK::EndOfFile))
      EXPECT_EQ(T.Kind, TK::String) << T.Text;
  EXPECT_EQ(L.Tokens.size(), 22u);
  EXPECT_EQ(L.Tokens[9].Text, "f'j'");
}

TEST(Lexer, TripleQuotedStringsSpanLines) {
  Lexed L("s = '''one\n'two'\nthree'''\nx\n");
  ASSERT_EQ(L.diagCount(), 0u);
  EXPECT_EQ(L.Tokens[2].Kind, TK::String);
  EXPECT_EQ(L.Tokens[2].Range.End.Line, 3u);
  EXPECT_EQ(L.Tokens[4].Text, "x");
}

TEST(Lexer, UnterminatedStringsAreReported) {
  Lexed L("s = 'abc\nt = 1\n");
  ASSERT_EQ(L.diagCount(), 1u);
  EXPECT_EQ(L.diag().Kind, DiagKind::UnterminatedString);
  EXPECT_EQ(L.diag().Range.Begin.Column, 5u);
  Lexed T("s = \"\"\"abc\n\nt = 1\n");
  ASSERT_EQ(T.diagCount(), 1u);
  EXPECT_EQ(T.diag().Kind, DiagKind::UnterminatedTripleQuotedString);
  EXPECT_EQ(T.diag().Range.End.Column, 8u);
}

TEST(Lexer, BackslashNewlineContinuesAString) {
  Lexed L("s = 'abc\\\ndef'\n");
  EXPECT_EQ(L.diagCount(), 0u);
  EXPECT_EQ(decodeStringLiteral(L.Tokens[2].Text), "abcdef");
}

TEST(Lexer, EscapesDecode) {
  EXPECT_EQ(decodeStringLiteral(R"('a\nb\t\\\'\"')"), "a\nb\t\\'\"");
  EXPECT_EQ(decodeStringLiteral(R"('\x41\101\u00e9\U0001F600')"),
            "AA\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(decodeStringLiteral(R"(b'\xff\u00e9')"), "\xff\\u00e9");
  EXPECT_EQ(decodeStringLiteral(R"(r'\d\n')"), "\\d\\n");
  EXPECT_EQ(decodeStringLiteral(R"('\d')"), "\\d");
  EXPECT_EQ(decodeStringLiteral(R"('\N{DASH}')"), "\\N{DASH}");
  EXPECT_EQ(decodeStringLiteral("'''a\nb'''"), "a\nb");
}

TEST(Lexer, TruncatedEscapesAreReported) {
  Lexed L("s = 'ok\\x4g'\n");
  ASSERT_EQ(L.diagCount(), 1u);
  EXPECT_EQ(L.diag().Kind, DiagKind::InvalidEscape);
  EXPECT_EQ(L.diag().Message, "invalid escape sequence '\\x4'");
  EXPECT_EQ(L.diag().Range.Begin.Column, 8u);
  Lexed U("s = '\\u12' + '\\N' + r'\\x'\n");
  EXPECT_EQ(U.diagCount(), 2u);
}

TEST(Lexer, MagicLineIsOneToken) {
  Lexed L("%timeit -r 5 f(x)  \n!pip install numba\n  %%time\n");
  EXPECT_EQ(L.kinds(),
            (std::vector<TK>{TK::Magic, TK::Newline, TK::Magic, TK::Newline,
                             TK::Indent, TK::Magic, TK::Newline, TK::Dedent,
                             TK::EndOfFile}));
  EXPECT_EQ(L.Tokens[0].Text, "%timeit -r 5 f(x)");
  EXPECT_EQ(L.Tokens[2].Text, "!pip install numba");
}

TEST(Lexer, BangOutsideNotEqualStartsMagic) {
  Lexed L("files = !ls *.py\nx = a != b\n");
  EXPECT_EQ(L.Tokens[2].Kind, TK::Magic);
  EXPECT_EQ(L.Tokens[2].Text, "!ls *.py");
  EXPECT_EQ(L.Tokens[7].Kind, TK::NotEqual);
}

TEST(Lexer, PercentAfterAssignmentIsMagic) {
  Lexed L("t = %timeit -o $x\ny = a % b\n");
  EXPECT_EQ(L.diagCount(), 0u);
  EXPECT_EQ(L.Tokens[2].Kind, TK::Magic);
  EXPECT_EQ(L.Tokens[7].Kind, TK::Percent);
}

TEST(Lexer, CarriageReturnLineEndings) {
  Lexed L("if x:\r\n    y\r\nz\rw\n");
  EXPECT_EQ(L.diagCount(), 0u);
  EXPECT_EQ(
      L.kinds(),
      (std::vector<TK>{TK::KwIf, TK::Name, TK::Colon, TK::Newline, TK::Indent,
                       TK::Name, TK::Newline, TK::Dedent, TK::Name, TK::Newline,
                       TK::Name, TK::Newline, TK::EndOfFile}));
  EXPECT_EQ(L.Tokens[10].Range.Begin.Line, 4u);
}

} // namespace
