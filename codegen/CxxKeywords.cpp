//===- codegen/CxxKeywords.cpp - C++'s reserved words, once ---------------===//
#include "codegen/CxxKeywords.h"

#include <algorithm>
#include <iterator>

namespace pykc::codegen {

namespace {
/// Sorted, for a binary search.
constexpr std::string_view Keywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
    "case", "catch", "char", "char16_t", "char32_t", "char8_t", "class", "co_await",
    "co_return", "co_yield", "compl", "concept", "const", "const_cast", "consteval",
    "constexpr", "constinit", "continue", "decltype", "default", "delete", "do", "double",
    "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "final", "float",
    "for", "friend", "goto", "if", "import", "inline", "int", "long", "module", "mutable",
    "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq",
    "override", "private", "protected", "public", "register", "reinterpret_cast", "requires",
    "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
    "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid",
    "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t",
    "while", "xor", "xor_eq"};
static_assert(std::is_sorted(std::begin(Keywords), std::end(Keywords)));
} // namespace

bool isCxxKeyword(std::string_view S) {
  return std::binary_search(std::begin(Keywords), std::end(Keywords), S);
}

} // namespace pykc::codegen
