//===- Operators.cpp ------------------------------------------------------===//
#include "ir/Operators.h"

namespace pykc::ir {

std::string_view spelling(ArithOp Op) {
  switch (Op) {
#define ARITH_OP(Id, Spelling)                                                 \
  case ArithOp::Id:                                                            \
    return Spelling;
#include "ir/Operators.def"
  }
  return "?";
}

std::string_view spelling(CompareOp Op) {
  switch (Op) {
#define COMPARE_OP(Id, Spelling)                                               \
  case CompareOp::Id:                                                          \
    return Spelling;
#include "ir/Operators.def"
  }
  return "?";
}

std::string_view spelling(UnaryArithOp Op) {
  switch (Op) {
#define UNARY_OP(Id, Spelling)                                                 \
  case UnaryArithOp::Id:                                                       \
    return Spelling;
#include "ir/Operators.def"
  }
  return "?";
}

} // namespace pykc::ir
