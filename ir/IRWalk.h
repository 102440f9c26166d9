//===- IRWalk.h - Visiting the children of typed IR nodes -------*- C++ -*-===//
///
/// \file
/// One place that knows which nodes a node holds, so that checks over the
/// typed IR (ir/PrecisionCheck.h, ir/BarrierCheck.h) need not repeat a switch
/// over every node kind.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

#include <functional>

namespace pykc::ir {

using NodeVisitor = std::function<void(const Node &)>;
/// Given each expression slot of a node: it may read the expression or
/// put another one in its place.
using ExprSlotVisitor = std::function<void(Expr *&)>;
using StmtVisitor = std::function<void(Stmt &)>;

/// Calls \p Visit on each direct child of \p N (expressions and statements)
/// in the order Python evaluates them; absent optional parts are skipped.
void forEachChild(const Node &N, const NodeVisitor &Visit);

/// The same walk for passes that rewrite the IR: \p OnExpr gets each
/// child expression's slot, \p OnStmt each child statement, in the order
/// Python evaluates them.
void forEachChildSlot(Node &N, const ExprSlotVisitor &OnExpr, const StmtVisitor &OnStmt);

/// Calls \p Visit on \p N and then on every node below it, parents first.
void forEachNode(const Node &N, const NodeVisitor &Visit);

/// forEachNode over every statement of \p Body.
void forEachNode(const StmtList &Body, const NodeVisitor &Visit);

/// Whether \p Test holds for a node of \p Body, in forEachNode's order; the
/// walk goes no deeper once one does.
bool anyNode(const StmtList &Body, const std::function<bool(const Node &)> &Test);

} // namespace pykc::ir
