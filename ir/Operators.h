//===- Operators.h - The IR's own operators ---------------------*- C++ -*-===//
///
/// \file
/// The operators typed IR nodes carry (ir/Operators.def). They are the IR's,
/// not Python's: lowering maps the syntax tree's operators onto them and
/// rejects the rest, so typing tables and backends switch over closed lists
/// with no case that can only be an internal error.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <string_view>

namespace pykc::ir {

enum class ArithOp {
#define ARITH_OP(Id, Spelling) Id,
#include "ir/Operators.def"
};

enum class CompareOp {
#define COMPARE_OP(Id, Spelling) Id,
#include "ir/Operators.def"
};

enum class UnaryArithOp {
#define UNARY_OP(Id, Spelling) Id,
#include "ir/Operators.def"
};

/// How Python spells the operator, for --emit=ir and diagnostics.
std::string_view spelling(ArithOp Op);
std::string_view spelling(CompareOp Op);
std::string_view spelling(UnaryArithOp Op);

} // namespace pykc::ir
