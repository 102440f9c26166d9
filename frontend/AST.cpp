//===- AST.cpp - Operator spellings and the --emit=ast dump ---------------===//
#include "frontend/AST.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace pykc::frontend {

std::string_view spelling(BinaryOp Op) {
  switch (Op) {
#define BINARY_OP(K, S)                                                        \
  case BinaryOp::K:                                                            \
    return S;
#include "frontend/AST.def"
  }
  return "?";
}

std::string_view spelling(UnaryOp Op) {
  switch (Op) {
#define UNARY_OP(K, S)                                                         \
  case UnaryOp::K:                                                             \
    return S;
#include "frontend/AST.def"
  }
  return "?";
}

std::string_view spelling(BoolOpKind Op) {
  switch (Op) {
#define BOOL_OP(K, S)                                                          \
  case BoolOpKind::K:                                                          \
    return S;
#include "frontend/AST.def"
  }
  return "?";
}

std::string_view spelling(CmpOp Op) {
  switch (Op) {
#define CMP_OP(K, S)                                                           \
  case CmpOp::K:                                                               \
    return S;
#include "frontend/AST.def"
  }
  return "?";
}

std::string_view nodeKindName(NodeKind Kind) {
  if (Kind == NodeKind::MagicExpr)
    return "MagicExpr"; // Told apart from the Magic statement.
  switch (Kind) {
#define EXPR(K)                                                                \
  case NodeKind::K##Expr:                                                      \
    return #K;
#define STMT(K)                                                                \
  case NodeKind::K##Stmt:                                                      \
    return #K;
#include "frontend/AST.def"
  }
  return "?";
}

namespace {

/// A float as Python's repr() writes it: the shortest round-trip digits,
/// positional between 1e-4 and 1e16, else with an exponent.
std::string pythonFloat(double V) {
  if (std::isnan(V))
    return "nan";
  if (std::isinf(V))
    return V < 0 ? "-inf" : "inf";
  char Buf[64];
  auto Res =
      std::to_chars(Buf, Buf + sizeof(Buf), V, std::chars_format::scientific);
  std::string Sci(Buf, Res.ptr);
  size_t EPos = Sci.find('e');
  std::string Mantissa = Sci.substr(0, EPos);
  int Exp = std::atoi(Sci.c_str() + EPos + 1);
  bool Negative = Mantissa[0] == '-';
  if (Negative)
    Mantissa.erase(0, 1);
  std::string Digits;
  for (char C : Mantissa)
    if (C != '.')
      Digits += C;
  std::string Out = Negative ? "-" : "";
  if (Exp >= -4 && Exp < 16) {
    if (Exp < 0) {
      Out += "0." + std::string(static_cast<size_t>(-Exp - 1), '0') + Digits;
    } else if (static_cast<size_t>(Exp) + 1 >= Digits.size()) {
      Out += Digits +
             std::string(static_cast<size_t>(Exp) + 1 - Digits.size(), '0') +
             ".0";
    } else {
      Out += Digits.substr(0, static_cast<size_t>(Exp) + 1) + "." +
             Digits.substr(static_cast<size_t>(Exp) + 1);
    }
    return Out;
  }
  Out += Digits.substr(0, 1);
  if (Digits.size() > 1)
    Out += "." + Digits.substr(1);
  char ExpBuf[16];
  std::snprintf(ExpBuf, sizeof(ExpBuf), "e%c%02d", Exp < 0 ? '-' : '+',
                std::abs(Exp));
  return Out + ExpBuf;
}

/// A string as Python's repr() writes it (bytes get a `b` and \x escapes).
std::string pythonString(std::string_view S, bool Bytes) {
  bool HasSingle = S.find('\'') != std::string_view::npos;
  bool HasDouble = S.find('"') != std::string_view::npos;
  char Quote = HasSingle && !HasDouble ? '"' : '\'';
  std::string Out = Bytes ? "b" : "";
  Out += Quote;
  for (char C : S) {
    unsigned char U = static_cast<unsigned char>(C);
    switch (C) {
    case '\\':
      Out += "\\\\";
      continue;
    case '\n':
      Out += "\\n";
      continue;
    case '\r':
      Out += "\\r";
      continue;
    case '\t':
      Out += "\\t";
      continue;
    default:
      break;
    }
    if (C == Quote) {
      Out += '\\';
      Out += C;
    } else if (U < 0x20 || U == 0x7F || (Bytes && U >= 0x80)) {
      char Buf[8];
      std::snprintf(Buf, sizeof(Buf), "\\x%02x", U);
      Out += Buf;
    } else {
      Out += C;
    }
  }
  Out += Quote;
  return Out;
}

std::string quoted(std::string_view S) { return "'" + std::string(S) + "'"; }

class Dumper {
public:
  Dumper(const Module &M, std::ostream &OS) : M(M), OS(OS) {}

  void dumpModule() {
    OS << "Module\n";
    ++Level;
    for (const Stmt *S : M.Body)
      dump(S);
    --Level;
  }

private:
  void line(std::string_view Text, SourceRange R) {
    indent();
    OS << Text;
    if (R.isValid())
      OS << " <" << R.Begin.Line << ':' << R.Begin.Column << '-' << R.End.Line
         << ':' << R.End.Column << '>';
    OS << '\n';
  }
  void indent() {
    for (unsigned I = 0; I < Level; ++I)
      OS << "  ";
  }
  void label(std::string_view Name) {
    indent();
    OS << Name << ":\n";
  }
  /// The helpers below are called at the parent's level: a label goes one
  /// level deeper than the parent and the labelled nodes two.
  template <class List> void list(std::string_view Name, const List &Items) {
    if (Items.empty())
      return;
    ++Level;
    if (!Name.empty()) {
      label(Name);
      ++Level;
    }
    for (const auto *N : Items)
      dump(N);
    if (!Name.empty())
      --Level;
    --Level;
  }
  void child(std::string_view Name, const Node *N) {
    if (!N)
      return;
    ++Level;
    label(Name);
    nested(N);
    --Level;
  }
  void nested(const Node *N) {
    ++Level;
    dump(N);
    --Level;
  }

  std::string constantText(const ConstantExpr *C) const {
    switch (C->CK) {
    case ConstantKind::Int:
      if (C->IntTooLarge && M.File)
        return std::string(M.File->text(C->Range));
      return std::to_string(C->IntValue);
    case ConstantKind::Float:
      return pythonFloat(C->FloatValue);
    case ConstantKind::Imaginary: {
      std::string F = pythonFloat(C->FloatValue);
      if (F.size() > 2 && F.compare(F.size() - 2, 2, ".0") == 0)
        F.resize(F.size() - 2);
      return F + "j";
    }
    case ConstantKind::String:
      return C->IsFString ? C->StringValue
                          : pythonString(C->StringValue, false);
    case ConstantKind::Bytes:
      return C->IsFString ? C->StringValue : pythonString(C->StringValue, true);
    case ConstantKind::Bool:
      return C->BoolValue ? "True" : "False";
    case ConstantKind::None:
      return "None";
    case ConstantKind::Ellipsis:
      return "...";
    }
    return "?";
  }

  void params(const std::vector<Param> &Params) {
    if (Params.empty())
      return;
    ++Level;
    label("params");
    ++Level;
    for (const Param &P : Params) {
      static constexpr std::string_view KindNames[] = {"posonly", "", "vararg",
                                                       "kwonly", "kwarg"};
      std::string Text = "Param " + quoted(P.Name);
      std::string_view K = KindNames[static_cast<int>(P.Kind)];
      if (!K.empty())
        Text += " " + std::string(K);
      line(Text, P.Range);
      child("annotation", P.Annotation);
      child("default", P.Default);
    }
    Level -= 2;
  }

  void keywords(const std::vector<Keyword> &Keywords) {
    if (Keywords.empty())
      return;
    ++Level;
    label("keywords");
    ++Level;
    for (const Keyword &K : Keywords) {
      line(K.Name.empty() ? "Keyword **" : "Keyword " + quoted(K.Name),
           K.Range);
      nested(K.Value);
    }
    Level -= 2;
  }

  void dump(const Node *N);
  void dumpExpr(const Expr *E, const std::string &Head);
  void dumpStmt(const Stmt *S, const std::string &Head);

  const Module &M;
  std::ostream &OS;
  unsigned Level = 0;
};

void Dumper::dump(const Node *N) {
  if (!N) {
    indent();
    OS << "<null>\n";
    return;
  }
  std::string Head(nodeKindName(N->Kind));
  if (const auto *E = dyn_cast<Expr>(N))
    dumpExpr(E, Head);
  else
    dumpStmt(cast<Stmt>(N), Head);
}

void Dumper::dumpExpr(const Expr *E, const std::string &Head) {
  switch (E->Kind) {
  case NodeKind::NameExpr:
    return line(Head + " " + quoted(cast<NameExpr>(E)->Id), E->Range);
  case NodeKind::ConstantExpr:
    return line(Head + " " + constantText(cast<ConstantExpr>(E)), E->Range);
  case NodeKind::AttributeExpr: {
    auto *A = cast<AttributeExpr>(E);
    line(Head + " " + quoted(A->Attr), E->Range);
    return nested(A->Value);
  }
  case NodeKind::SubscriptExpr: {
    auto *S = cast<SubscriptExpr>(E);
    line(Head, E->Range);
    nested(S->Value);
    return nested(S->Index);
  }
  case NodeKind::SliceExpr: {
    auto *S = cast<SliceExpr>(E);
    line(Head, E->Range);
    child("lower", S->Lower);
    child("upper", S->Upper);
    return child("step", S->Step);
  }
  case NodeKind::TupleExpr:
    line(Head, E->Range);
    return list("", cast<TupleExpr>(E)->Elts);
  case NodeKind::ListExpr:
    line(Head, E->Range);
    return list("", cast<ListExpr>(E)->Elts);
  case NodeKind::SetExpr:
    line(Head, E->Range);
    return list("", cast<SetExpr>(E)->Elts);
  case NodeKind::DictExpr: {
    auto *D = cast<DictExpr>(E);
    line(Head, E->Range);
    for (size_t I = 0; I < D->Keys.size(); ++I) {
      if (D->Keys[I])
        child("key", D->Keys[I]);
      child(D->Keys[I] ? "value" : "unpack", D->Values[I]);
    }
    return;
  }
  case NodeKind::UnaryExpr: {
    auto *U = cast<UnaryExpr>(E);
    line(Head + " " + quoted(spelling(U->Op)), E->Range);
    return nested(U->Operand);
  }
  case NodeKind::BinaryExpr: {
    auto *B = cast<BinaryExpr>(E);
    line(Head + " " + quoted(spelling(B->Op)), E->Range);
    nested(B->LHS);
    return nested(B->RHS);
  }
  case NodeKind::BoolOpExpr: {
    auto *B = cast<BoolOpExpr>(E);
    line(Head + " " + quoted(spelling(B->Op)), E->Range);
    return list("", B->Values);
  }
  case NodeKind::CompareExpr: {
    auto *C = cast<CompareExpr>(E);
    std::string Text = Head;
    for (CmpOp Op : C->Ops)
      Text += " " + quoted(spelling(Op));
    line(Text, E->Range);
    nested(C->Left);
    return list("", C->Comparators);
  }
  case NodeKind::IfExpExpr: {
    auto *I = cast<IfExpExpr>(E);
    line(Head, E->Range);
    nested(I->Test);
    child("body", I->Body);
    return child("orelse", I->OrElse);
  }
  case NodeKind::CallExpr: {
    auto *C = cast<CallExpr>(E);
    line(Head, E->Range);
    nested(C->Func);
    list("args", C->Args);
    keywords(C->Keywords);
    return;
  }
  case NodeKind::LambdaExpr: {
    auto *L = cast<LambdaExpr>(E);
    line(Head, E->Range);
    params(L->Params);
    return child("body", L->Body);
  }
  case NodeKind::ComprehensionExpr: {
    auto *C = cast<ComprehensionExpr>(E);
    static constexpr std::string_view Kinds[] = {"list", "set", "dict",
                                                 "generator"};
    line(Head + " " + std::string(Kinds[static_cast<int>(C->CompKind)]),
         E->Range);
    child(C->Value ? "key" : "elt", C->Elt);
    child("value", C->Value);
    ++Level;
    for (const ComprehensionFor &F : C->Generators) {
      label(F.IsAsync ? "async for" : "for");
      nested(F.Target);
      child("in", F.Iter);
      list("if", F.Ifs);
    }
    --Level;
    return;
  }
  case NodeKind::StarredExpr: {
    auto *S = cast<StarredExpr>(E);
    line(S->DoubleStar ? Head + " '**'" : Head, E->Range);
    return nested(S->Value);
  }
  case NodeKind::NamedExprExpr: {
    auto *N = cast<NamedExprExpr>(E);
    line(Head, E->Range);
    nested(N->Target);
    return nested(N->Value);
  }
  case NodeKind::AwaitExpr:
    line(Head, E->Range);
    return nested(cast<AwaitExpr>(E)->Value);
  case NodeKind::YieldExpr: {
    auto *Y = cast<YieldExpr>(E);
    line(Y->IsFrom ? Head + " from" : Head, E->Range);
    return nested(Y->Value);
  }
  case NodeKind::MagicExpr:
    return line(Head + " " + pythonString(cast<MagicExpr>(E)->Text, false),
                E->Range);
  default:
    return line(Head, E->Range);
  }
}

void Dumper::dumpStmt(const Stmt *S, const std::string &Head) {
  switch (S->Kind) {
  case NodeKind::FunctionDefStmt: {
    auto *F = cast<FunctionDefStmt>(S);
    line((F->IsAsync ? Head + " async " : Head + " ") + quoted(F->Name),
         S->Range);
    list("decorators", F->Decorators);
    params(F->Params);
    child("returns", F->Returns);
    list("body", F->Body);
    return;
  }
  case NodeKind::ClassDefStmt: {
    auto *C = cast<ClassDefStmt>(S);
    line(Head + " " + quoted(C->Name), S->Range);
    list("decorators", C->Decorators);
    list("bases", C->Bases);
    keywords(C->Keywords);
    list("body", C->Body);
    return;
  }
  case NodeKind::ReturnStmt:
    line(Head, S->Range);
    if (cast<ReturnStmt>(S)->Value)
      nested(cast<ReturnStmt>(S)->Value);
    return;
  case NodeKind::DeleteStmt:
    line(Head, S->Range);
    return list("", cast<DeleteStmt>(S)->Targets);
  case NodeKind::AssignStmt: {
    auto *A = cast<AssignStmt>(S);
    line(Head, S->Range);
    list("targets", A->Targets);
    child("value", A->Value);
    return;
  }
  case NodeKind::AugAssignStmt: {
    auto *A = cast<AugAssignStmt>(S);
    line(Head + " '" + std::string(spelling(A->Op)) + "='", S->Range);
    nested(A->Target);
    return nested(A->Value);
  }
  case NodeKind::AnnAssignStmt: {
    auto *A = cast<AnnAssignStmt>(S);
    line(Head, S->Range);
    nested(A->Target);
    child("annotation", A->Annotation);
    child("value", A->Value);
    return;
  }
  case NodeKind::ForStmt: {
    auto *F = cast<ForStmt>(S);
    line(F->IsAsync ? Head + " async" : Head, S->Range);
    nested(F->Target);
    child("in", F->Iter);
    list("body", F->Body);
    list("orelse", F->OrElse);
    return;
  }
  case NodeKind::WhileStmt: {
    auto *W = cast<WhileStmt>(S);
    line(Head, S->Range);
    nested(W->Test);
    list("body", W->Body);
    list("orelse", W->OrElse);
    return;
  }
  case NodeKind::IfStmt: {
    auto *I = cast<IfStmt>(S);
    line(I->IsElif ? Head + " elif" : Head, S->Range);
    nested(I->Test);
    list("body", I->Body);
    list("orelse", I->OrElse);
    return;
  }
  case NodeKind::WithStmt: {
    auto *W = cast<WithStmt>(S);
    line(W->IsAsync ? Head + " async" : Head, S->Range);
    ++Level;
    for (const WithItem &Item : W->Items) {
      label("item");
      nested(Item.Context);
      child("as", Item.Vars);
    }
    --Level;
    list("body", W->Body);
    return;
  }
  case NodeKind::RaiseStmt: {
    auto *R = cast<RaiseStmt>(S);
    line(Head, S->Range);
    if (R->Exc)
      nested(R->Exc);
    child("from", R->Cause);
    return;
  }
  case NodeKind::TryStmt: {
    auto *T = cast<TryStmt>(S);
    line(Head, S->Range);
    list("body", T->Body);
    ++Level;
    for (const ExceptHandler &H : T->Handlers) {
      std::string Text = H.IsStar ? "ExceptHandler*" : "ExceptHandler";
      if (!H.Name.empty())
        Text += " " + quoted(H.Name);
      line(Text, H.Range);
      if (H.Type)
        nested(H.Type);
      list("body", H.Body);
    }
    --Level;
    list("orelse", T->OrElse);
    list("finalbody", T->FinalBody);
    return;
  }
  case NodeKind::AssertStmt: {
    auto *A = cast<AssertStmt>(S);
    line(Head, S->Range);
    nested(A->Test);
    child("msg", A->Msg);
    return;
  }
  case NodeKind::ImportStmt:
  case NodeKind::ImportFromStmt: {
    const std::vector<ImportAlias> *Names;
    if (auto *I = dyn_cast<ImportFromStmt>(S)) {
      std::string Text =
          Head + " " + quoted(std::string(I->Level, '.') + I->Module);
      line(Text, S->Range);
      Names = &I->Names;
    } else {
      line(Head, S->Range);
      Names = &cast<ImportStmt>(S)->Names;
    }
    ++Level;
    for (const ImportAlias &A : *Names)
      line("Alias " + quoted(A.Name) +
               (A.AsName.empty() ? "" : " as " + quoted(A.AsName)),
           A.Range);
    --Level;
    return;
  }
  case NodeKind::GlobalStmt: {
    auto *G = cast<GlobalStmt>(S);
    std::string Text = G->IsNonlocal ? "Nonlocal" : Head;
    for (const std::string &Name : G->Names)
      Text += " " + quoted(Name);
    return line(Text, S->Range);
  }
  case NodeKind::ExprStmtStmt:
    line(Head, S->Range);
    return nested(cast<ExprStmtStmt>(S)->Value);
  case NodeKind::MagicStmt:
    return line(Head + " " + pythonString(cast<MagicStmt>(S)->Text, false),
                S->Range);
  default:
    return line(Head, S->Range);
  }
}

} // namespace

void dumpAST(const Module &M, std::ostream &OS) { Dumper(M, OS).dumpModule(); }

} // namespace pykc::frontend
