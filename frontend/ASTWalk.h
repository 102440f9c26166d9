//===- ASTWalk.h - Visiting the parts of statements and expressions -*- C++ -*-===//
///
/// \file
/// The children of AST nodes, for the passes that look through whole
/// function bodies or module code without caring what each node means
/// (lifting nested functions, finding what module code changes). Each
/// visit gets the slot, so a pass may replace what it finds.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

namespace pykc::frontend {

using ExprSlot = std::function<void(Expr *&)>;

/// Each expression slot of \p E's children.
void forEachChild(Expr &E, const ExprSlot &Visit);

/// Each expression slot of statement \p S and each block of statements in
/// it (a nested def's body is not the statement's: only its defaults,
/// decorators and annotations are).
void forEachPart(Stmt &S, const ExprSlot &Visit, const std::function<void(StmtList &)> &Block);

/// Every statement of \p Body and of the blocks inside it, outside nested
/// functions' bodies.
void forEachStmt(StmtList &Body, const std::function<void(Stmt &)> &Visit);

/// Every expression of \p Body, recursively (into lambdas' bodies too).
void forEachExpr(StmtList &Body, const std::function<void(Expr &)> &Visit);

/// The names (NameExpr ids) that \p Exprs and \p Blocks mention, each
/// once, sorted: all that an if or a loop made of them can read or bind,
/// for passes that save and restore per-name state around one.
std::vector<std::string> namesMentioned(std::initializer_list<const Expr *> Exprs,
                                        std::initializer_list<const StmtList *> Blocks);

} // namespace pykc::frontend
