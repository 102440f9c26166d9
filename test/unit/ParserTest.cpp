//===- ParserTest.cpp - Parser unit tests ---------------------------------===//
#include "frontend/Parser.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

using namespace pykc::frontend;

namespace {

/// Parses \p Text, keeping everything alive for the assertions.
struct Parsed {
  explicit Parsed(std::string Text, std::string Name = "test.py")
      : File(std::move(Name), std::move(Text)), Diags(nullptr),
        M(parseModule(File, Ctx, Diags)) {}

  std::string dump() const {
    std::ostringstream OS;
    dumpAST(M, OS);
    return OS.str();
  }
  const Diagnostic &diag(size_t I = 0) const {
    return Diags.diagnostics().at(I);
  }
  size_t diagCount() const { return Diags.diagnostics().size(); }
  template <class T> T *stmt(size_t I) const {
    return I < M.Body.size() ? dyn_cast<T>(M.Body[I]) : nullptr;
  }
  /// The value of the I-th statement, an expression statement or assignment.
  Expr *value(size_t I = 0) const {
    if (auto *E = stmt<ExprStmtStmt>(I))
      return E->Value;
    if (auto *A = stmt<AssignStmt>(I))
      return A->Value;
    return nullptr;
  }

  SourceFile File;
  DiagnosticEngine Diags;
  ASTContext Ctx;
  Module M;
};

std::string rangeText(SourceRange R) {
  return std::to_string(R.Begin.Line) + ":" + std::to_string(R.Begin.Column) +
         "-" + std::to_string(R.End.Line) + ":" + std::to_string(R.End.Column);
}

std::string where(const Diagnostic &D) { return rangeText(D.Range); }

// Names, not literals: parseModule folds `**` of literals (LiteralPowers.h).
TEST(Parser, PowerBindsTighterThanUnaryMinusOnItsLeft) {
  Parsed P("-a**b\n");
  auto *U = dyn_cast<UnaryExpr>(P.value());
  ASSERT_NE(U, nullptr);
  EXPECT_EQ(U->Op, UnaryOp::USub);
  auto *Pow = dyn_cast<BinaryExpr>(U->Operand);
  ASSERT_NE(Pow, nullptr);
  EXPECT_EQ(Pow->Op, BinaryOp::Pow);
}

TEST(Parser, PowerIsRightAssociativeAndTakesUnaryOnItsRight) {
  Parsed P("a**-b**c\n");
  auto *Pow = dyn_cast<BinaryExpr>(P.value());
  ASSERT_NE(Pow, nullptr);
  auto *Neg = dyn_cast<UnaryExpr>(Pow->RHS);
  ASSERT_NE(Neg, nullptr);
  EXPECT_TRUE(isa<BinaryExpr>(Neg->Operand));
}

TEST(Parser, MultiplicationBindsTighterThanAddition) {
  Parsed P("a + b * c - d\n");
  auto *Sub = dyn_cast<BinaryExpr>(P.value());
  ASSERT_NE(Sub, nullptr);
  EXPECT_EQ(Sub->Op, BinaryOp::Sub);
  auto *Add = dyn_cast<BinaryExpr>(Sub->LHS);
  ASSERT_NE(Add, nullptr);
  EXPECT_EQ(Add->Op, BinaryOp::Add);
  EXPECT_TRUE(isa<BinaryExpr>(Add->RHS));
  EXPECT_EQ(rangeText(Sub->Range), "1:1-1:14");
  EXPECT_EQ(rangeText(Sub->OpRange), "1:11-1:12");
}

TEST(Parser, ComparisonsChainIntoOneNode) {
  Parsed P("a < b <= c is not d not in e\n");
  auto *C = dyn_cast<CompareExpr>(P.value());
  ASSERT_NE(C, nullptr);
  EXPECT_EQ(C->Ops, (std::vector<CmpOp>{CmpOp::Lt, CmpOp::LtE, CmpOp::IsNot,
                                        CmpOp::NotIn}));
  EXPECT_EQ(rangeText(C->OpRanges[2]), "1:12-1:18");
  EXPECT_EQ(C->Comparators.size(), 4u);
}

TEST(Parser, BooleanOperatorsNestByPrecedence) {
  Parsed P("a or b and not c or d\n");
  auto *Or = dyn_cast<BoolOpExpr>(P.value());
  ASSERT_NE(Or, nullptr);
  EXPECT_EQ(Or->Op, BoolOpKind::Or);
  ASSERT_EQ(Or->Values.size(), 3u);
  auto *And = dyn_cast<BoolOpExpr>(Or->Values[1]);
  ASSERT_NE(And, nullptr);
  EXPECT_TRUE(isa<UnaryExpr>(And->Values[1]));
}

TEST(Parser, ConditionalExpressionAndLambda) {
  Parsed P("f = lambda x, *a, k=1, **kw: x if k else a\n");
  auto *L = dyn_cast<LambdaExpr>(P.value());
  ASSERT_NE(L, nullptr);
  ASSERT_EQ(L->Params.size(), 4u);
  EXPECT_EQ(L->Params[1].Kind, ParamKind::VarArgs);
  EXPECT_EQ(L->Params[2].Kind, ParamKind::KeywordOnly);
  EXPECT_EQ(L->Params[3].Kind, ParamKind::VarKeywords);
  EXPECT_TRUE(isa<IfExpExpr>(L->Body));
}

TEST(Parser, FunctionDefinitionRanges) {
  Parsed P("@cuda.jit\ndef  kernel(a, b: int = 2, /, c=3, *, d, **e) -> None:\n"
           "    x = 1\n    return x\n");
  ASSERT_EQ(P.diagCount(), 0u);
  auto *F = P.stmt<FunctionDefStmt>(0);
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Name, "kernel");
  EXPECT_EQ(rangeText(F->Range), "2:1-4:13");
  EXPECT_EQ(rangeText(F->NameRange), "2:6-2:12");
  EXPECT_EQ(rangeText(F->ParamsRange), "2:12-2:46");
  ASSERT_EQ(F->Params.size(), 5u);
  EXPECT_EQ(F->Params[0].Kind, ParamKind::PositionalOnly);
  EXPECT_EQ(F->Params[1].Kind, ParamKind::PositionalOnly);
  EXPECT_NE(F->Params[1].Annotation, nullptr);
  EXPECT_NE(F->Params[1].Default, nullptr);
  EXPECT_EQ(F->Params[2].Kind, ParamKind::Normal);
  EXPECT_EQ(F->Params[3].Kind, ParamKind::KeywordOnly);
  EXPECT_EQ(F->Params[4].Kind, ParamKind::VarKeywords);
  EXPECT_NE(F->Returns, nullptr);
  ASSERT_EQ(F->Decorators.size(), 1u);
  EXPECT_EQ(rangeText(F->Decorators[0]->Range), "1:2-1:10");
  EXPECT_EQ(F->Body.size(), 2u);
}

TEST(Parser, ElifIsANestedIfInOrElse) {
  Parsed P("if a:\n  x\nelif b:\n  y\nelse:\n  z\n");
  auto *If = P.stmt<IfStmt>(0);
  ASSERT_NE(If, nullptr);
  EXPECT_FALSE(If->IsElif);
  ASSERT_EQ(If->OrElse.size(), 1u);
  auto *Elif = dyn_cast<IfStmt>(If->OrElse[0]);
  ASSERT_NE(Elif, nullptr);
  EXPECT_TRUE(Elif->IsElif);
  EXPECT_EQ(rangeText(Elif->Range), "3:1-6:4");
  EXPECT_EQ(Elif->OrElse.size(), 1u);
  EXPECT_EQ(rangeText(If->Range), "1:1-6:4");
}

TEST(Parser, SingleLineCompoundBodies) {
  Parsed P("if x: a = 1; b = 2\nwhile y: pass\nfor i in r: continue\n");
  ASSERT_EQ(P.diagCount(), 0u);
  ASSERT_EQ(P.M.Body.size(), 3u);
  EXPECT_EQ(P.stmt<IfStmt>(0)->Body.size(), 2u);
}

TEST(Parser, AssignmentChainsTuplesAndStarredTargets) {
  Parsed P("a = b = 1\nx, *y = z\n(p, q), [r, s] = t\n");
  ASSERT_EQ(P.diagCount(), 0u);
  EXPECT_EQ(P.stmt<AssignStmt>(0)->Targets.size(), 2u);
  auto *T = dyn_cast<TupleExpr>(P.stmt<AssignStmt>(1)->Targets[0]);
  ASSERT_NE(T, nullptr);
  EXPECT_FALSE(T->Parenthesized);
  EXPECT_TRUE(isa<StarredExpr>(T->Elts[1]));
}

TEST(Parser, AugmentedAssignmentKeepsOperatorRange) {
  Parsed P("an_array[pos] //= 3\n");
  auto *A = P.stmt<AugAssignStmt>(0);
  ASSERT_NE(A, nullptr);
  EXPECT_EQ(A->Op, BinaryOp::FloorDiv);
  EXPECT_EQ(rangeText(A->OpRange), "1:15-1:18");
  EXPECT_EQ(rangeText(A->Range), "1:1-1:20");
}

TEST(Parser, AnnotatedAssignment) {
  Parsed P("x: int = 5\ny: list[int]\n");
  ASSERT_EQ(P.diagCount(), 0u);
  auto *A = P.stmt<AnnAssignStmt>(0);
  ASSERT_NE(A, nullptr);
  EXPECT_NE(A->Value, nullptr);
  EXPECT_EQ(P.stmt<AnnAssignStmt>(1)->Value, nullptr);
}

TEST(Parser, SubscriptsWithSlicesAndTuples) {
  Parsed P("a[1:2, ::1]\n");
  auto *S = dyn_cast<SubscriptExpr>(P.value());
  ASSERT_NE(S, nullptr);
  auto *T = dyn_cast<TupleExpr>(S->Index);
  ASSERT_NE(T, nullptr);
  ASSERT_EQ(T->Elts.size(), 2u);
  auto *First = dyn_cast<SliceExpr>(T->Elts[0]);
  ASSERT_NE(First, nullptr);
  EXPECT_NE(First->Lower, nullptr);
  EXPECT_NE(First->Upper, nullptr);
  EXPECT_EQ(First->Step, nullptr);
  auto *Second = dyn_cast<SliceExpr>(T->Elts[1]);
  ASSERT_NE(Second, nullptr);
  EXPECT_EQ(Second->Lower, nullptr);
  EXPECT_NE(Second->Step, nullptr);
  EXPECT_EQ(rangeText(Second->Range), "1:8-1:11");
}

TEST(Parser, CallArgumentsOfEveryKind) {
  Parsed P("f(a, *b, c=1, **d)\ng(x for x in y)\n");
  ASSERT_EQ(P.diagCount(), 0u);
  auto *C = dyn_cast<CallExpr>(P.value(0));
  ASSERT_NE(C, nullptr);
  EXPECT_EQ(C->Args.size(), 2u);
  ASSERT_EQ(C->Keywords.size(), 2u);
  EXPECT_EQ(C->Keywords[0].Name, "c");
  EXPECT_EQ(rangeText(C->Keywords[0].NameRange), "1:10-1:11");
  EXPECT_TRUE(C->Keywords[1].Name.empty());
  auto *G = dyn_cast<CallExpr>(P.value(1));
  ASSERT_NE(G, nullptr);
  auto *Gen = dyn_cast<ComprehensionExpr>(G->Args[0]);
  ASSERT_NE(Gen, nullptr);
  EXPECT_EQ(Gen->CompKind, ComprehensionKind::Generator);
}

TEST(Parser, DisplaysAndComprehensions) {
  Parsed P(
      "[x for x in a if x for y in b]\n{k: v for k, v in d}\n{s for s in t}\n"
      "{1, 2}\n{}\n{'a': 1, **e}\n(1,)\n()\n[q async for q in r]\n");
  EXPECT_EQ(P.diagCount(), 0u) << P.Diags.diagnostics()[0].Message;
  auto *L = dyn_cast<ComprehensionExpr>(P.value(0));
  ASSERT_NE(L, nullptr);
  EXPECT_EQ(L->Generators.size(), 2u);
  EXPECT_EQ(L->Generators[0].Ifs.size(), 1u);
  EXPECT_EQ(dyn_cast<ComprehensionExpr>(P.value(1))->CompKind,
            ComprehensionKind::Dict);
  EXPECT_EQ(dyn_cast<ComprehensionExpr>(P.value(2))->CompKind,
            ComprehensionKind::Set);
  EXPECT_TRUE(isa<SetExpr>(P.value(3)));
  EXPECT_TRUE(isa<DictExpr>(P.value(4)));
  EXPECT_EQ(dyn_cast<DictExpr>(P.value(5))->Keys[1], nullptr);
  auto *One = dyn_cast<TupleExpr>(P.value(6));
  ASSERT_NE(One, nullptr);
  EXPECT_TRUE(One->Parenthesized);
  EXPECT_EQ(rangeText(One->Range), "7:1-7:5");
  EXPECT_TRUE(isa<TupleExpr>(P.value(7)));
}

TEST(Parser, ParenthesizedExpressionKeepsItsOwnRange) {
  Parsed P("x = (a + b)\n");
  auto *B = dyn_cast<BinaryExpr>(P.value());
  ASSERT_NE(B, nullptr);
  EXPECT_EQ(rangeText(B->Range), "1:6-1:11");
}

TEST(Parser, WalrusAndAwaitAndYield) {
  Parsed P("async def f():\n  if (n := g()) > 1:\n    await h()\n"
           "  x = yield\n  y = yield from z\n  w = (yield a, b)\n");
  ASSERT_EQ(P.diagCount(), 0u);
  auto *F = P.stmt<FunctionDefStmt>(0);
  ASSERT_NE(F, nullptr);
  EXPECT_TRUE(F->IsAsync);
  auto *If = dyn_cast<IfStmt>(F->Body[0]);
  auto *C = dyn_cast<CompareExpr>(If->Test);
  ASSERT_NE(C, nullptr);
  EXPECT_TRUE(isa<NamedExprExpr>(C->Left));
  auto *Y = dyn_cast<YieldExpr>(dyn_cast<AssignStmt>(F->Body[2])->Value);
  ASSERT_NE(Y, nullptr);
  EXPECT_TRUE(Y->IsFrom);
}

TEST(Parser, StringConcatenationAndFStrings) {
  Parsed P("'a' \"b\" '\\x41'\nf'{x}' 'y'\nb'\\xff' b'z'\n");
  ASSERT_EQ(P.diagCount(), 0u);
  auto *S = dyn_cast<ConstantExpr>(P.value(0));
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->StringValue, "abA");
  EXPECT_EQ(rangeText(S->Range), "1:1-1:15");
  auto *F = dyn_cast<ConstantExpr>(P.value(1));
  EXPECT_TRUE(F->IsFString);
  EXPECT_EQ(F->StringValue, "f'{x}' 'y'");
  auto *B = dyn_cast<ConstantExpr>(P.value(2));
  EXPECT_EQ(B->CK, ConstantKind::Bytes);
  EXPECT_EQ(B->StringValue, "\xffz");
}

TEST(Parser, ConstantsOfEveryKind) {
  Parsed P("16\n0.\n1e400\n2j\nTrue\nNone\n...\n99999999999999999999999\n");
  EXPECT_EQ(dyn_cast<ConstantExpr>(P.value(0))->IntValue, 16u);
  EXPECT_EQ(dyn_cast<ConstantExpr>(P.value(1))->CK, ConstantKind::Float);
  EXPECT_EQ(dyn_cast<ConstantExpr>(P.value(3))->CK, ConstantKind::Imaginary);
  EXPECT_TRUE(dyn_cast<ConstantExpr>(P.value(4))->BoolValue);
  EXPECT_EQ(dyn_cast<ConstantExpr>(P.value(5))->CK, ConstantKind::None);
  EXPECT_EQ(dyn_cast<ConstantExpr>(P.value(6))->CK, ConstantKind::Ellipsis);
  EXPECT_TRUE(dyn_cast<ConstantExpr>(P.value(7))->IntTooLarge);
  EXPECT_NE(P.dump().find("Constant 99999999999999999999999 <8:1-8:24>"),
            std::string::npos);
}

TEST(Parser, ImportsOfEveryForm) {
  Parsed P("import a.b as c, d\nfrom ..e import (f as g, h,)\nfrom . import *\n"
           "from ... import i\n");
  ASSERT_EQ(P.diagCount(), 0u);
  auto *I = P.stmt<ImportStmt>(0);
  ASSERT_EQ(I->Names.size(), 2u);
  EXPECT_EQ(I->Names[0].Name, "a.b");
  EXPECT_EQ(I->Names[0].AsName, "c");
  auto *F = P.stmt<ImportFromStmt>(1);
  EXPECT_EQ(F->Level, 2u);
  EXPECT_EQ(F->Module, "e");
  EXPECT_EQ(F->Names.size(), 2u);
  EXPECT_EQ(P.stmt<ImportFromStmt>(2)->Names[0].Name, "*");
  EXPECT_EQ(P.stmt<ImportFromStmt>(3)->Level, 3u);
}

TEST(Parser, TryWithAndOtherStatements) {
  Parsed P(
      "try:\n  pass\nexcept* (A, B) as e:\n  raise X from e\nexcept:\n  pass\n"
      "else:\n  pass\nfinally:\n  del a, b[0]\n"
      "with (open(a) as f, open(b) as g):\n  global x, y\n"
      "with a as (b, c), d:\n  assert x, 'm'\nclass K(B, metaclass=M):\n  "
      "pass\n");
  ASSERT_EQ(P.diagCount(), 0u);
  auto *T = P.stmt<TryStmt>(0);
  ASSERT_EQ(T->Handlers.size(), 2u);
  EXPECT_TRUE(T->Handlers[0].IsStar);
  EXPECT_EQ(T->Handlers[0].Name, "e");
  EXPECT_EQ(T->Handlers[1].Type, nullptr);
  EXPECT_EQ(T->FinalBody.size(), 1u);
  EXPECT_EQ(P.stmt<WithStmt>(1)->Items.size(), 2u);
  EXPECT_EQ(P.stmt<WithStmt>(2)->Items.size(), 2u);
  auto *K = P.stmt<ClassDefStmt>(3);
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->Bases.size(), 1u);
  EXPECT_EQ(K->Keywords.size(), 1u);
}

TEST(Parser, MagicLinesAndMagicValues) {
  Parsed P("%matplotlib inline\n!nvidia-smi\nt1 = %timeit -r 5 -n 800 -q -o "
           "A.sum()\n"
           "files = !ls\n");
  ASSERT_EQ(P.diagCount(), 0u);
  EXPECT_EQ(P.stmt<MagicStmt>(0)->Text, "%matplotlib inline");
  EXPECT_EQ(P.stmt<MagicStmt>(1)->Text, "!nvidia-smi");
  auto *M = dyn_cast<MagicExpr>(P.value(2));
  ASSERT_NE(M, nullptr);
  EXPECT_EQ(M->Text, "%timeit -r 5 -n 800 -q -o A.sum()");
  EXPECT_EQ(rangeText(M->Range), "3:6-3:39");
  EXPECT_TRUE(isa<MagicExpr>(P.value(3)));
}

TEST(Parser, EllipsisParameterIsOneErrorAtTheEllipsis) {
  Parsed P("# comment\n# comment\nfrom numba import cuda\n@cuda.jit\n"
           "def my_kernel(...):\n\t...\n");
  ASSERT_EQ(P.diagCount(), 1u);
  EXPECT_EQ(P.diag().Kind, DiagKind::InvalidParameter);
  EXPECT_EQ(where(P.diag()), "5:15-5:18");
  EXPECT_EQ(P.diag().Message,
            "invalid parameter list: expected a parameter name, not '...'");
}

TEST(Parser, EllipsisExampleFileGivesOneDiagnostic) {
  std::ifstream In(PYKC_SOURCE_DIR
                   "/examples/documents/errors/my_kernel_ellipsis.py");
  if (!In)
    GTEST_SKIP() << "example file not found";
  std::stringstream Buffer;
  Buffer << In.rdbuf();
  Parsed P(Buffer.str());
  ASSERT_EQ(P.diagCount(), 1u);
  EXPECT_EQ(where(P.diag()), "5:15-5:18");
}

TEST(Parser, IndependentErrorsAreEachReportedOnce) {
  Parsed P("x = = 1\ny = 2\nf() = 3\nz = (1 2)\nif a\n    b\nw = ok\n");
  ASSERT_EQ(P.diagCount(), 4u);
  EXPECT_EQ(P.diag(0).Kind, DiagKind::ExpectedToken);
  EXPECT_EQ(where(P.diag(0)), "1:5-1:6");
  EXPECT_EQ(P.diag(1).Kind, DiagKind::InvalidTarget);
  EXPECT_EQ(P.diag(1).Message, "cannot assign to function call");
  EXPECT_EQ(where(P.diag(1)), "3:1-3:4");
  EXPECT_EQ(P.diag(2).Message, "invalid syntax: perhaps you forgot a comma?");
  EXPECT_EQ(where(P.diag(2)), "4:8-4:9");
  EXPECT_EQ(P.diag(3).Message, "expected ':'");
  EXPECT_EQ(where(P.diag(3)), "5:5-5:5");
  // The statements around the errors are kept.
  EXPECT_NE(P.dump().find("Name 'w' <7:1-7:2>"), std::string::npos);
}

TEST(Parser, FailedHeaderSkipsItsBlockAndClauses) {
  Parsed P(
      "for i in :\n    x = 1\nelse:\n    pass\nif x y:\n    pass\nelif z:\n"
      "    pass\nelse:\n    pass\nok = 1\n");
  ASSERT_EQ(P.diagCount(), 2u);
  EXPECT_EQ(P.diag(0).Range.Begin.Line, 1u);
  EXPECT_EQ(P.diag(1).Range.Begin.Line, 5u);
  ASSERT_EQ(P.M.Body.size(), 1u);
  EXPECT_TRUE(isa<AssignStmt>(P.M.Body[0]));
}

TEST(Parser, ErrorsInsideAFailedHeadersBlockAreStillFound) {
  Parsed P("def f(1):\n    x = = 2\n");
  ASSERT_EQ(P.diagCount(), 2u);
  EXPECT_EQ(P.diag(0).Kind, DiagKind::InvalidParameter);
  EXPECT_EQ(P.diag(1).Range.Begin.Line, 2u);
}

TEST(Parser, LexerErrorsSilenceParserErrorsOnTheSameLine) {
  Parsed P("x = $ + 1\ny = (1, 2]\nz = 'abc\n");
  ASSERT_EQ(P.diagCount(), 3u);
  EXPECT_EQ(P.diag(0).Kind, DiagKind::InvalidCharacter);
  EXPECT_EQ(P.diag(1).Kind, DiagKind::MismatchedBracket);
  EXPECT_EQ(P.diag(2).Kind, DiagKind::UnterminatedString);
}

TEST(Parser, DiagnosticsComeInSourceOrder) {
  Parsed P("a = = 1\nb = 0b2\nc = = 3\n");
  ASSERT_EQ(P.diagCount(), 3u);
  EXPECT_EQ(P.diag(0).Range.Begin.Line, 1u);
  EXPECT_EQ(P.diag(1).Kind, DiagKind::InvalidNumber);
  EXPECT_EQ(P.diag(2).Range.Begin.Line, 3u);
}

TEST(Parser, IndentationErrors) {
  Parsed P("if x:\npass\n  y = 1\nz = 2\n");
  ASSERT_EQ(P.diagCount(), 2u);
  EXPECT_EQ(P.diag(0).Kind, DiagKind::ExpectedIndent);
  EXPECT_EQ(P.diag(0).Message,
            "expected an indented block after 'if' statement on line 1");
  EXPECT_EQ(where(P.diag(0)), "2:1-2:5");
  EXPECT_EQ(P.diag(1).Kind, DiagKind::UnexpectedIndent);
  EXPECT_EQ(where(P.diag(1)), "3:3-3:4");
}

TEST(Parser, InvalidTargetsNameWhatCannotBeAssigned) {
  struct Case {
    const char *Source;
    const char *Message;
  } Cases[] = {
      {"f() = 1\n", "cannot assign to function call"},
      {"1 = x\n", "cannot assign to literal"},
      {"a + b = c\n", "cannot assign to expression"},
      {"a < b = c\n", "cannot assign to comparison"},
      {"None = 1\n", "cannot assign to None"},
      {"for f() in x: pass\n", "cannot assign to function call"},
      {"x, g() = 1, 2\n", "cannot assign to function call"},
  };
  for (const Case &C : Cases) {
    Parsed P(C.Source);
    ASSERT_EQ(P.diagCount(), 1u) << C.Source;
    EXPECT_EQ(P.diag().Kind, DiagKind::InvalidTarget) << C.Source;
    EXPECT_EQ(P.diag().Message, C.Message) << C.Source;
  }
}

TEST(Parser, ParameterListErrors) {
  const char *Bad[] = {"def f(a=1, b): pass\n",   "def f(*, **k): pass\n",
                       "def f(a, a): pass\n",     "def f(**k, a): pass\n",
                       "def f(/, a): pass\n",     "def f(*a, *b): pass\n",
                       "def f(a, (b, c)): pass\n"};
  for (const char *Source : Bad) {
    Parsed P(Source);
    ASSERT_EQ(P.diagCount(), 1u) << Source;
    EXPECT_EQ(P.diag().Kind, DiagKind::InvalidParameter) << Source;
  }
}

TEST(Parser, KeywordArgumentOrderingErrors) {
  Parsed P("f(a=1, b)\ng(x+1=2)\nh(x for x in y, 1)\n");
  ASSERT_EQ(P.diagCount(), 3u);
  EXPECT_EQ(P.diag(0).Message,
            "invalid syntax: positional argument follows keyword argument");
  EXPECT_EQ(where(P.diag(1)), "2:3-2:6");
}

TEST(Parser, StrayClauseKeywordsAreReported) {
  Parsed P("else:\n    pass\nx = 1\n");
  ASSERT_EQ(P.diagCount(), 1u);
  EXPECT_EQ(P.diag().Message, "invalid syntax: unexpected 'else'");
  EXPECT_EQ(P.M.Body.size(), 1u);
}

TEST(Parser, TryWithoutHandlersIsReported) {
  Parsed P("try:\n    pass\nx = 1\n");
  ASSERT_EQ(P.diagCount(), 1u);
  EXPECT_EQ(P.diag().Message, "expected 'except' or 'finally' block");
}

TEST(Parser, DeepNestingIsAnErrorNotACrash) {
  std::string Deep =
      "x = " + std::string(5000, '(') + "1" + std::string(5000, ')') + "\n";
  Parsed P(Deep);
  ASSERT_EQ(P.diagCount(), 1u);
  EXPECT_EQ(P.diag().Message, "invalid syntax: too deeply nested");
  std::string Unary = "x = " + std::string(100000, '-') + "1\n";
  Parsed U(Unary);
  EXPECT_EQ(U.diagCount(), 1u);
  std::string Chain = "x = 1";
  for (int I = 0; I < 50000; ++I)
    Chain += " + 1";
  Parsed C(Chain + "\n");
  EXPECT_EQ(C.diagCount(), 1u);
  std::string Blocks;
  for (int I = 0; I < 3000; ++I)
    Blocks += std::string(static_cast<size_t>(I), ' ') + "if x:\n";
  Parsed B(Blocks + std::string(3000, ' ') + "pass\n");
  EXPECT_GE(B.diagCount(), 1u);
  EXPECT_FALSE(B.dump().empty());
}

TEST(Parser, DumpFormatIsOneNodePerLine) {
  Parsed P("def k(a):\n    a[0] = -x**2\n");
  EXPECT_EQ(P.dump(), "Module\n"
                      "  FunctionDef 'k' <1:1-2:17>\n"
                      "    params:\n"
                      "      Param 'a' <1:7-1:8>\n"
                      "    body:\n"
                      "      Assign <2:5-2:17>\n"
                      "        targets:\n"
                      "          Subscript <2:5-2:9>\n"
                      "            Name 'a' <2:5-2:6>\n"
                      "            Constant 0 <2:7-2:8>\n"
                      "        value:\n"
                      "          Unary '-' <2:12-2:17>\n"
                      "            Binary '**' <2:13-2:17>\n"
                      "              Name 'x' <2:13-2:14>\n"
                      "              Constant 2 <2:16-2:17>\n");
}

TEST(Parser, LiteralPowersFoldAsCPythonFoldsThem) {
  // 3 ** -2 is Python's float 0.111..., not an integer power's 0; -2 ** 2
  // is -(2 ** 2); (-2) ** 3 a negative int; 0 ** -1 raises, so stays.
  Parsed P("3 ** -2\n-2 ** 2\n(-2) ** 3\n0 ** -1\n0.3 ** 13\nx ** 2\n");
  std::string D = P.dump();
  EXPECT_NE(D.find("Constant 0.1111111111111111 <1:1-1:8>"), std::string::npos) << D;
  EXPECT_NE(D.find("Unary '-' <2:1-2:8>\n      Constant 4 <2:2-2:8>"), std::string::npos) << D;
  EXPECT_NE(D.find("Unary '-' <3:1-3:10>\n      Constant 8 <3:1-3:10>"), std::string::npos) << D;
  EXPECT_NE(D.find("Binary '**' <4:1-4:8>"), std::string::npos) << D;
  EXPECT_NE(D.find("Constant 1.5943229999999992e-07"), std::string::npos) << D;
  EXPECT_NE(D.find("Binary '**' <6:1-6:7>"), std::string::npos) << D;
}

TEST(Parser, DumpPrintsConstantsPythonStyle) {
  Parsed P(
      "0.\n1e16\n1.5e-5\n0.0001\n'it\\'s'\n'a\\nb'\nb'\\x00'\nFalse\n3j\n");
  std::string D = P.dump();
  for (const char *Expected :
       {"Constant 0.0 ", "Constant 1e+16 ", "Constant 1.5e-05 ",
        "Constant 0.0001 ", "Constant \"it's\" ", "Constant 'a\\nb' ",
        "Constant b'\\x00' ", "Constant False ", "Constant 3j "})
    EXPECT_NE(D.find(Expected), std::string::npos) << Expected << "\n" << D;
}

} // namespace
