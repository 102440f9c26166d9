//===- AST.h - Python syntax tree -------------------------------*- C++ -*-===//
///
/// \file
/// The parse tree of a whole Python module, close to Python's own `ast`
/// module. Every node has the exact source range it was parsed from. Nodes
/// live in an ASTContext arena and point to each other with plain pointers.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/SourceManager.h"

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace pykc::frontend {

enum class NodeKind {
#define EXPR(K) K##Expr,
#define STMT(K) K##Stmt,
#include "frontend/AST.def"
};

enum class BinaryOp {
#define BINARY_OP(K, S) K,
#include "frontend/AST.def"
};
enum class UnaryOp {
#define UNARY_OP(K, S) K,
#include "frontend/AST.def"
};
enum class BoolOpKind {
#define BOOL_OP(K, S) K,
#include "frontend/AST.def"
};
enum class CmpOp {
#define CMP_OP(K, S) K,
#include "frontend/AST.def"
};

std::string_view spelling(BinaryOp Op);
std::string_view spelling(UnaryOp Op);
std::string_view spelling(BoolOpKind Op);
std::string_view spelling(CmpOp Op);
std::string_view nodeKindName(NodeKind Kind);

struct Node {
  NodeKind Kind;
  SourceRange Range;
  virtual ~Node() = default;

protected:
  explicit Node(NodeKind K) : Kind(K) {}
};

struct Expr : Node {
  using Node::Node;
  static bool classof(const Node *N) { return N->Kind <= NodeKind::MagicExpr; }
};

struct Stmt : Node {
  using Node::Node;
  static bool classof(const Node *N) { return N->Kind >= NodeKind::FunctionDefStmt; }
};

/// isa / cast / dyn_cast in the LLVM manner, over NodeKind.
template <class T> bool isa(const Node *N) { return N && T::classof(N); }
template <class T> T *dyn_cast(Node *N) { return isa<T>(N) ? static_cast<T *>(N) : nullptr; }
template <class T> const T *dyn_cast(const Node *N) {
  return isa<T>(N) ? static_cast<const T *>(N) : nullptr;
}
template <class T> T *cast(Node *N) { return static_cast<T *>(N); }
template <class T> const T *cast(const Node *N) { return static_cast<const T *>(N); }
template <class T> const T &cast(const Node &N) { return static_cast<const T &>(N); }
template <class T> T &cast(Node &N) { return static_cast<T &>(N); }

using ExprList = std::vector<Expr *>;
using StmtList = std::vector<Stmt *>;

#define PYKC_NODE(Class, KindName, Base)                                        \
  Class() : Base(NodeKind::KindName) {}                                         \
  static bool classof(const Node *N) { return N->Kind == NodeKind::KindName; }

//===--- Expressions ------------------------------------------------------===//

struct NameExpr : Expr {
  PYKC_NODE(NameExpr, NameExpr, Expr)
  std::string Id;
};

enum class ConstantKind { Int, Float, Imaginary, String, Bytes, Bool, None, Ellipsis };

struct ConstantExpr : Expr {
  PYKC_NODE(ConstantExpr, ConstantExpr, Expr)
  ConstantKind CK = ConstantKind::None;
  /// Int: the value when it fits in 64 unsigned bits (IntTooLarge otherwise).
  uint64_t IntValue = 0;
  bool IntTooLarge = false;
  /// Float and Imaginary: the value (the imaginary part for Imaginary).
  double FloatValue = 0;
  /// String and Bytes: the decoded value, adjacent literals concatenated.
  /// An f-string keeps its source text here and sets IsFString.
  std::string StringValue;
  bool IsFString = false;
  bool BoolValue = false;
};

struct AttributeExpr : Expr {
  PYKC_NODE(AttributeExpr, AttributeExpr, Expr)
  Expr *Value = nullptr;
  std::string Attr;
  SourceRange AttrRange; ///< The range of the attribute name alone.
};

struct SubscriptExpr : Expr {
  PYKC_NODE(SubscriptExpr, SubscriptExpr, Expr)
  Expr *Value = nullptr;
  /// `a[i]`: the index; `a[i, j]`: a TupleExpr; `a[1:2]`: a SliceExpr.
  Expr *Index = nullptr;
};

struct SliceExpr : Expr {
  PYKC_NODE(SliceExpr, SliceExpr, Expr)
  Expr *Lower = nullptr; ///< Each part may be null.
  Expr *Upper = nullptr;
  Expr *Step = nullptr;
};

struct TupleExpr : Expr {
  PYKC_NODE(TupleExpr, TupleExpr, Expr)
  ExprList Elts;
  bool Parenthesized = false;
};

struct ListExpr : Expr {
  PYKC_NODE(ListExpr, ListExpr, Expr)
  ExprList Elts;
};

struct SetExpr : Expr {
  PYKC_NODE(SetExpr, SetExpr, Expr)
  ExprList Elts;
};

struct DictExpr : Expr {
  PYKC_NODE(DictExpr, DictExpr, Expr)
  ExprList Keys; ///< A null key means `**Values[i]`.
  ExprList Values;
};

struct UnaryExpr : Expr {
  PYKC_NODE(UnaryExpr, UnaryExpr, Expr)
  UnaryOp Op = UnaryOp::UAdd;
  SourceRange OpRange;
  Expr *Operand = nullptr;
};

struct BinaryExpr : Expr {
  PYKC_NODE(BinaryExpr, BinaryExpr, Expr)
  BinaryOp Op = BinaryOp::Add;
  SourceRange OpRange;
  Expr *LHS = nullptr;
  Expr *RHS = nullptr;
};

struct BoolOpExpr : Expr {
  PYKC_NODE(BoolOpExpr, BoolOpExpr, Expr)
  BoolOpKind Op = BoolOpKind::And;
  ExprList Values; ///< At least two: `a and b and c` is one node.
};

struct CompareExpr : Expr {
  PYKC_NODE(CompareExpr, CompareExpr, Expr)
  Expr *Left = nullptr;
  std::vector<CmpOp> Ops;
  std::vector<SourceRange> OpRanges;
  ExprList Comparators; ///< Same length as Ops.
};

struct IfExpExpr : Expr {
  PYKC_NODE(IfExpExpr, IfExpExpr, Expr)
  Expr *Test = nullptr;
  Expr *Body = nullptr;
  Expr *OrElse = nullptr;
};

struct Keyword {
  std::string Name; ///< Empty for `**kwargs`.
  SourceRange NameRange;
  Expr *Value = nullptr;
  SourceRange Range;
};

struct CallExpr : Expr {
  PYKC_NODE(CallExpr, CallExpr, Expr)
  Expr *Func = nullptr;
  ExprList Args; ///< `*x` arguments are StarredExpr.
  std::vector<Keyword> Keywords;
};

enum class ParamKind { PositionalOnly, Normal, VarArgs, KeywordOnly, VarKeywords };

struct Param {
  std::string Name;
  SourceRange Range; ///< The name alone.
  ParamKind Kind = ParamKind::Normal;
  Expr *Annotation = nullptr;
  Expr *Default = nullptr;
};

struct LambdaExpr : Expr {
  PYKC_NODE(LambdaExpr, LambdaExpr, Expr)
  std::vector<Param> Params;
  Expr *Body = nullptr;
};

struct ComprehensionFor {
  Expr *Target = nullptr;
  Expr *Iter = nullptr;
  ExprList Ifs;
  bool IsAsync = false;
};

enum class ComprehensionKind { List, Set, Dict, Generator };

struct ComprehensionExpr : Expr {
  PYKC_NODE(ComprehensionExpr, ComprehensionExpr, Expr)
  ComprehensionKind CompKind = ComprehensionKind::List;
  Expr *Elt = nullptr;   ///< The key for a dict comprehension.
  Expr *Value = nullptr; ///< Dict comprehensions only.
  std::vector<ComprehensionFor> Generators;
};

struct StarredExpr : Expr {
  PYKC_NODE(StarredExpr, StarredExpr, Expr)
  Expr *Value = nullptr;
  bool DoubleStar = false;
};

struct NamedExprExpr : Expr {
  PYKC_NODE(NamedExprExpr, NamedExprExpr, Expr)
  NameExpr *Target = nullptr;
  Expr *Value = nullptr;
};

struct AwaitExpr : Expr {
  PYKC_NODE(AwaitExpr, AwaitExpr, Expr)
  Expr *Value = nullptr;
};

struct YieldExpr : Expr {
  PYKC_NODE(YieldExpr, YieldExpr, Expr)
  Expr *Value = nullptr; ///< May be null.
  bool IsFrom = false;
};

struct MagicExpr : Expr {
  PYKC_NODE(MagicExpr, MagicExpr, Expr)
  std::string Text; ///< From the `%` or `!` to the end of the line.
};

//===--- Statements -------------------------------------------------------===//

struct FunctionDefStmt : Stmt {
  PYKC_NODE(FunctionDefStmt, FunctionDefStmt, Stmt)
  std::string Name;
  SourceRange NameRange;
  std::vector<Param> Params;
  SourceRange ParamsRange; ///< From `(` to `)` inclusive.
  Expr *Returns = nullptr;
  ExprList Decorators;
  StmtList Body;
  bool IsAsync = false;
  /// A function written inside this one and lifted out of it to module
  /// level (frontend/NestedFunctions.h); null for one written there.
  const FunctionDefStmt *LiftedFrom = nullptr;
  /// For a nested function that pass left where it is: why ("with
  /// decorators"), for the error that refuses it.
  std::string NotLiftedBecause;
};

struct ClassDefStmt : Stmt {
  PYKC_NODE(ClassDefStmt, ClassDefStmt, Stmt)
  std::string Name;
  SourceRange NameRange;
  ExprList Bases;
  std::vector<Keyword> Keywords;
  ExprList Decorators;
  StmtList Body;
};

struct ReturnStmt : Stmt {
  PYKC_NODE(ReturnStmt, ReturnStmt, Stmt)
  Expr *Value = nullptr; ///< May be null.
};

struct DeleteStmt : Stmt {
  PYKC_NODE(DeleteStmt, DeleteStmt, Stmt)
  ExprList Targets;
};

struct AssignStmt : Stmt {
  PYKC_NODE(AssignStmt, AssignStmt, Stmt)
  ExprList Targets; ///< `a = b = v` has two targets.
  Expr *Value = nullptr;
};

struct AugAssignStmt : Stmt {
  PYKC_NODE(AugAssignStmt, AugAssignStmt, Stmt)
  Expr *Target = nullptr;
  BinaryOp Op = BinaryOp::Add;
  SourceRange OpRange; ///< The `+=` token.
  Expr *Value = nullptr;
};

struct AnnAssignStmt : Stmt {
  PYKC_NODE(AnnAssignStmt, AnnAssignStmt, Stmt)
  Expr *Target = nullptr;
  Expr *Annotation = nullptr;
  Expr *Value = nullptr; ///< May be null.
};

struct ForStmt : Stmt {
  PYKC_NODE(ForStmt, ForStmt, Stmt)
  Expr *Target = nullptr;
  Expr *Iter = nullptr;
  StmtList Body;
  StmtList OrElse;
  bool IsAsync = false;
};

struct WhileStmt : Stmt {
  PYKC_NODE(WhileStmt, WhileStmt, Stmt)
  Expr *Test = nullptr;
  StmtList Body;
  StmtList OrElse;
};

/// `elif` chains are nested IfStmts in OrElse, as in Python's ast.
struct IfStmt : Stmt {
  PYKC_NODE(IfStmt, IfStmt, Stmt)
  Expr *Test = nullptr;
  StmtList Body;
  StmtList OrElse;
  bool IsElif = false; ///< This node was spelled `elif`.
};

struct WithItem {
  Expr *Context = nullptr;
  Expr *Vars = nullptr; ///< May be null.
};

struct WithStmt : Stmt {
  PYKC_NODE(WithStmt, WithStmt, Stmt)
  std::vector<WithItem> Items;
  StmtList Body;
  bool IsAsync = false;
};

struct RaiseStmt : Stmt {
  PYKC_NODE(RaiseStmt, RaiseStmt, Stmt)
  Expr *Exc = nullptr;   ///< May be null.
  Expr *Cause = nullptr; ///< May be null.
};

struct ExceptHandler {
  Expr *Type = nullptr; ///< May be null (bare except).
  std::string Name;     ///< `except E as Name`; may be empty.
  StmtList Body;
  SourceRange Range;
  bool IsStar = false; ///< `except*`
};

struct TryStmt : Stmt {
  PYKC_NODE(TryStmt, TryStmt, Stmt)
  StmtList Body;
  std::vector<ExceptHandler> Handlers;
  StmtList OrElse;
  StmtList FinalBody;
};

struct AssertStmt : Stmt {
  PYKC_NODE(AssertStmt, AssertStmt, Stmt)
  Expr *Test = nullptr;
  Expr *Msg = nullptr; ///< May be null.
};

struct ImportAlias {
  std::string Name;   ///< Dotted module or imported name; "*" for a star import.
  std::string AsName; ///< Empty when there is no `as`.
  SourceRange Range;
};

struct ImportStmt : Stmt {
  PYKC_NODE(ImportStmt, ImportStmt, Stmt)
  std::vector<ImportAlias> Names;
};

struct ImportFromStmt : Stmt {
  PYKC_NODE(ImportFromStmt, ImportFromStmt, Stmt)
  std::string Module; ///< Dotted; empty for `from . import x`.
  unsigned Level = 0; ///< Leading dots.
  std::vector<ImportAlias> Names;
};

struct GlobalStmt : Stmt {
  PYKC_NODE(GlobalStmt, GlobalStmt, Stmt)
  std::vector<std::string> Names;
  bool IsNonlocal = false;
};

struct ExprStmtStmt : Stmt {
  PYKC_NODE(ExprStmtStmt, ExprStmtStmt, Stmt)
  Expr *Value = nullptr;
};

struct PassStmt : Stmt {
  PYKC_NODE(PassStmt, PassStmt, Stmt)
};

struct BreakStmt : Stmt {
  PYKC_NODE(BreakStmt, BreakStmt, Stmt)
};

struct ContinueStmt : Stmt {
  PYKC_NODE(ContinueStmt, ContinueStmt, Stmt)
};

struct MagicStmt : Stmt {
  PYKC_NODE(MagicStmt, MagicStmt, Stmt)
  std::string Text; ///< The whole line from `%`/`!`.
};

#undef PYKC_NODE

/// A parsed file.
struct Module {
  const SourceFile *File = nullptr;
  StmtList Body;
};

/// Owns every node of one or more modules.
class ASTContext {
public:
  template <class T> T *create(SourceRange Range = SourceRange()) {
    auto Owned = std::make_unique<T>();
    T *Raw = Owned.get();
    Raw->Range = Range;
    Nodes.push_back(std::move(Owned));
    return Raw;
  }

private:
  std::vector<std::unique_ptr<Node>> Nodes;
};

/// Writes the tree, one node a line with its range, for `--emit=ast`.
void dumpAST(const Module &M, std::ostream &OS);

} // namespace pykc::frontend
