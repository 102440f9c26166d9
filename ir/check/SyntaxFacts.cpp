//===- check/SyntaxFacts.cpp - What the syntax alone says -----------------===//
#include "ir/check/SyntaxFacts.h"

#include "ir/ModuleScope.h"

#include <unordered_map>
#include <vector>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

std::optional<ArithOp> arithOpOf(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::Add:
    return ArithOp::Add;
  case BinaryOp::Sub:
    return ArithOp::Sub;
  case BinaryOp::Mult:
    return ArithOp::Mul;
  case BinaryOp::Div:
    return ArithOp::TrueDiv;
  case BinaryOp::FloorDiv:
    return ArithOp::FloorDiv;
  case BinaryOp::Mod:
    return ArithOp::Mod;
  case BinaryOp::Pow:
    return ArithOp::Pow;
  case BinaryOp::LShift:
    return ArithOp::Shl;
  case BinaryOp::RShift:
    return ArithOp::Shr;
  case BinaryOp::BitAnd:
    return ArithOp::BitAnd;
  case BinaryOp::BitOr:
    return ArithOp::BitOr;
  case BinaryOp::BitXor:
    return ArithOp::BitXor;
  case BinaryOp::MatMult:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<CompareOp> compareOpOf(CmpOp Op) {
  switch (Op) {
  case CmpOp::Eq:
    return CompareOp::Eq;
  case CmpOp::NotEq:
    return CompareOp::Ne;
  case CmpOp::Lt:
    return CompareOp::Lt;
  case CmpOp::LtE:
    return CompareOp::Le;
  case CmpOp::Gt:
    return CompareOp::Gt;
  case CmpOp::GtE:
    return CompareOp::Ge;
  default:
    return std::nullopt;
  }
}

std::optional<OperatorFunction> operatorFunctionOf(const std::string &Path) {
  using Shape = OperatorFunction::Shape;
  static const std::unordered_map<std::string, OperatorFunction> Rows = {
#define OPERATOR_BINARY(P, O) {P, {Shape::Binary, int(BinaryOp::O)}},
#define OPERATOR_UNARY(P, O) {P, {Shape::Unary, int(UnaryOp::O)}},
#define OPERATOR_COMPARE(P, O) {P, {Shape::Compare, int(CompareOp::O)}},
#include "ir/Builtins.def"
  };
  auto It = Rows.find(Path);
  return It == Rows.end() ? std::nullopt : std::optional(It->second);
}

bool isNoneLiteral(const fe::Expr &E) {
  auto *K = dyn_cast<fe::ConstantExpr>(&E);
  return K && K->CK == ConstantKind::None;
}

bool isEllipsis(const fe::Expr &E) {
  auto *K = dyn_cast<fe::ConstantExpr>(&E);
  return K && K->CK == ConstantKind::Ellipsis;
}

std::vector<const fe::Expr *> subscriptParts(const fe::Expr &Index, unsigned NDim) {
  std::vector<const fe::Expr *> Written;
  if (auto *T = dyn_cast<fe::TupleExpr>(&Index))
    Written.assign(T->Elts.begin(), T->Elts.end());
  else
    Written.push_back(&Index);
  size_t Others = Written.size() - 1;
  std::vector<const fe::Expr *> Parts;
  for (const fe::Expr *P : Written) {
    if (!isEllipsis(*P)) {
      Parts.push_back(P);
      continue;
    }
    for (size_t K = Others; K < NDim; ++K)
      Parts.push_back(P);
  }
  return Parts;
}

BoundArguments bindArguments(const std::vector<std::string> &Names, size_t PositionalOnly,
                             const fe::CallExpr &C) {
  BoundArguments B;
  B.ForParam.assign(Names.size(), nullptr);
  for (size_t I = 0; I < C.Args.size() && I < Names.size(); ++I)
    B.ForParam[I] = C.Args[I];
  for (const fe::Keyword &K : C.Keywords) {
    size_t I = PositionalOnly;
    while (I < Names.size() && (Names[I] != K.Name || K.Name.empty()))
      ++I;
    if (I == Names.size() || B.ForParam[I]) {
      B.Bad = &K;
      B.Repeated = I < Names.size();
      return B;
    }
    B.ForParam[I] = K.Value;
  }
  return B;
}

BoundArguments bindArguments(const std::vector<fe::Param> &Params, const fe::CallExpr &C) {
  std::vector<std::string> Names;
  size_t PositionalOnly = 0;
  for (const fe::Param &P : Params) {
    Names.push_back(P.Name);
    if (P.Kind == fe::ParamKind::PositionalOnly)
      PositionalOnly = Names.size(); // they come first (`/` ends them)
  }
  return bindArguments(Names, PositionalOnly, C);
}

std::optional<SliceBounds> sliceBoundsOf(const fe::Expr &Part) {
  if (auto *Sl = dyn_cast<fe::SliceExpr>(&Part))
    return SliceBounds{Sl->Lower, Sl->Upper, Sl->Step};
  if (isEllipsis(Part))
    return SliceBounds{};
  return std::nullopt;
}

bool breaksItsLoop(const fe::StmtList &Body) {
  for (const fe::Stmt *St : Body) {
    if (St->Kind == fe::NodeKind::BreakStmt)
      return true;
    if (auto *I = dyn_cast<fe::IfStmt>(St))
      if (breaksItsLoop(I->Body) || breaksItsLoop(I->OrElse))
        return true;
  }
  return false;
}

namespace {

/// The name \p C tests against None (`x is None`, `None is not x`), and
/// whether the test is `is not`; null for any other comparison.
const fe::NameExpr *noneTest(const fe::CompareExpr &C, bool &IsNot) {
  if (C.Ops.size() != 1 ||
      (C.Ops[0] != fe::CmpOp::Is && C.Ops[0] != fe::CmpOp::IsNot))
    return nullptr;
  IsNot = C.Ops[0] == fe::CmpOp::IsNot;
  const fe::Expr &L = *C.Left, &R = *C.Comparators[0];
  if (isNoneLiteral(R))
    return dyn_cast<fe::NameExpr>(&L);
  if (isNoneLiteral(L))
    return dyn_cast<fe::NameExpr>(&R);
  return nullptr;
}

} // namespace

Narrowing narrowingOf(const fe::Expr &Cond) {
  Narrowing N;
  if (auto *C = dyn_cast<fe::CompareExpr>(&Cond)) {
    bool IsNot = false;
    if (const fe::NameExpr *Name = noneTest(*C, IsNot))
      (IsNot ? N.WhenTrue : N.WhenFalse).insert(Name->Id);
  } else if (auto *U = dyn_cast<fe::UnaryExpr>(&Cond);
             U && U->Op == fe::UnaryOp::Not) {
    N = narrowingOf(*U->Operand);
    std::swap(N.WhenTrue, N.WhenFalse);
  } else if (auto *B = dyn_cast<fe::BoolOpExpr>(&Cond)) {
    // `a and b` is true when both are; `a or b` false when both are.
    bool And = B->Op == fe::BoolOpKind::And;
    for (const fe::Expr *E : B->Values) {
      Narrowing Part = narrowingOf(*E);
      auto &Into = And ? N.WhenTrue : N.WhenFalse;
      auto &From = And ? Part.WhenTrue : Part.WhenFalse;
      Into.insert(From.begin(), From.end());
    }
  }
  return N;
}

std::string displayPath(const std::string &Path) {
  if (Path.rfind("numba.", 0) == 0)
    return Path.substr(6);
  if (Path.rfind("builtins.", 0) == 0)
    return Path.substr(9);
  return Path;
}

std::string plural(size_t N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

std::string unsupportedStatementName(const fe::Stmt &St) {
  switch (St.Kind) {
  case fe::NodeKind::WithStmt: return "a 'with' statement";
  case fe::NodeKind::TryStmt: return "a 'try' statement";
  case fe::NodeKind::RaiseStmt: return "'raise'";
  case fe::NodeKind::AssertStmt: return "'assert'";
  case fe::NodeKind::DeleteStmt: return "'del'";
  case fe::NodeKind::ImportStmt:
  case fe::NodeKind::ImportFromStmt: return "an import";
  case fe::NodeKind::GlobalStmt: return "a 'global' or 'nonlocal' declaration";
  case fe::NodeKind::MagicStmt: return "an IPython magic";
  default: return "'" + std::string(fe::nodeKindName(St.Kind)) + "'";
  }
}

std::string unsupportedExpressionName(const fe::Expr &E) {
  switch (E.Kind) {
  case fe::NodeKind::ListExpr: return "a list";
  case fe::NodeKind::SetExpr: return "a set";
  case fe::NodeKind::DictExpr: return "a dict";
  case fe::NodeKind::LambdaExpr: return "a lambda";
  case fe::NodeKind::ComprehensionExpr: return "a comprehension";
  case fe::NodeKind::StarredExpr: return "unpacking with '*'";
  case fe::NodeKind::NamedExprExpr: return "':='";
  case fe::NodeKind::SliceExpr: return "a slice";
  case fe::NodeKind::AwaitExpr: return "'await'";
  case fe::NodeKind::YieldExpr: return "'yield'";
  case fe::NodeKind::MagicExpr: return "an IPython magic";
  default: return "this expression";
  }
}

std::string printForm(std::string_view Source) {
  std::string Fallback = "print(\"i =\", i)";
  size_t Quote = Source.find_first_of("'\"");
  if (Quote == std::string_view::npos)
    return Fallback;
  size_t QuoteLen = 1;
  if (Source.size() >= Quote + 6 && Source[Quote + 1] == Source[Quote] &&
      Source[Quote + 2] == Source[Quote])
    QuoteLen = 3;
  if (Source.size() < Quote + 2 * QuoteLen)
    return Fallback;
  std::string_view Body = Source.substr(Quote + QuoteLen, Source.size() - Quote - 2 * QuoteLen);
  // One string token only: "a" f"{b}" falls back to the example.
  if (Body.find(Source[Quote]) != std::string_view::npos)
    return Fallback;
  std::vector<std::string> Args;
  std::string Text;
  auto Flush = [&] {
    // print separates its arguments with spaces: ", a =" is "a =".
    size_t B = Text.find_first_not_of(Args.empty() ? " " : " ,;"), E = Text.find_last_not_of(' ');
    if (B != std::string::npos)
      Args.push_back("\"" + Text.substr(B, E - B + 1) + "\"");
    Text.clear();
  };
  for (size_t I = 0; I < Body.size(); ++I) {
    char C = Body[I];
    if ((C == '{' || C == '}') && I + 1 < Body.size() && Body[I + 1] == C) {
      Text += C;
      ++I;
      continue;
    }
    if (C != '{') {
      Text += C;
      continue;
    }
    Flush();
    size_t Depth = 0, End = I + 1, ExprEnd = std::string_view::npos;
    for (; End < Body.size(); ++End) {
      char D = Body[End];
      if (D == '{' || D == '(' || D == '[')
        ++Depth;
      else if ((D == ')' || D == ']') && Depth)
        --Depth;
      else if (D == '}' && Depth)
        --Depth;
      else if (D == '}')
        break;
      else if ((D == '!' || D == ':' || D == '=') && !Depth && ExprEnd == std::string_view::npos &&
               !(D == '=' && End + 1 < Body.size() && Body[End + 1] == '='))
        ExprEnd = End;
    }
    if (End >= Body.size())
      return Fallback;
    std::string Expr(Body.substr(I + 1, std::min(End, ExprEnd) - I - 1));
    size_t B = Expr.find_first_not_of(' '), E = Expr.find_last_not_of(' ');
    if (B == std::string::npos)
      return Fallback;
    Args.push_back(Expr.substr(B, E - B + 1));
    I = End;
  }
  Flush();
  std::string Out = "print(";
  for (size_t I = 0; I < Args.size(); ++I)
    Out += (I ? ", " : "") + Args[I];
  return Out + ")";
}

const EnumType *intEnumOf(const fe::Expr &E, const Type *ArgType, const ModuleScope &Scope) {
  if (auto *T = dynCast<EnumType>(ArgType); T && T->isIntEnum())
    return T;
  const fe::Expr *Class = nullptr;
  if (auto *A = dyn_cast<fe::AttributeExpr>(&E))
    Class = A->Value;
  else if (auto *Sub = dyn_cast<fe::SubscriptExpr>(&E))
    Class = Sub->Value;
  if (Class)
    if (auto C = Scope.constantOf(*Class);
        C && C->K == ConstantValue::Kind::EnumClass && C->Enum->isIntEnum())
      return C->Enum;
  return nullptr;
}

const fe::ExprList *unpackTargets(const fe::Expr &Target) {
  if (auto *T = dyn_cast<fe::TupleExpr>(&Target))
    return &T->Elts;
  if (auto *L = dyn_cast<fe::ListExpr>(&Target))
    return &L->Elts;
  return nullptr;
}

} // namespace pykc::ir
