//===- Token.cpp - Token kind spellings -----------------------------------===//
#include "frontend/Token.h"

namespace pykc::frontend {

std::string_view tokenSpelling(TokenKind Kind) {
  switch (Kind) {
#define TOKEN(K, Spelling)                                                     \
  case TokenKind::K:                                                           \
    return Spelling;
#include "frontend/Token.def"
  }
  return "token";
}

} // namespace pykc::frontend
