//===- StringLiteral.h - Decoding of literal tokens -------------*- C++ -*-===//
///
/// \file
/// Turns the spelling of a String or Number token into its value. The lexer
/// uses the same functions to validate literals (and report bad escapes), the
/// parser to build ConstantExprs, so both agree on what a literal means.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pykc::frontend {

/// The prefix letters of a string literal (`rb`, `F`, ...), any case.
struct StringPrefix {
  bool Raw = false;
  bool Bytes = false;
  bool Format = false;
  size_t Length = 0; ///< Number of prefix characters.
};

/// Reads the prefix of \p Spelling; Length is 0 when there is none. Returns
/// false when the letters before the quote are not a valid prefix.
bool parseStringPrefix(std::string_view Spelling, StringPrefix &Prefix);

/// An escape sequence that cannot be decoded (`\x4`, `\N` without a name),
/// as a byte range of the token spelling.
struct EscapeError {
  size_t Offset = 0;
  size_t Length = 0;
};

/// Decodes the spelling of one String token (prefix and quotes included).
/// Str values are UTF-8; bytes values are raw bytes. An invalid escape is kept
/// literally and recorded in \p Errors when given. `\N{...}` is kept as
/// written. A missing closing quote is tolerated.
std::string decodeStringLiteral(std::string_view Spelling,
                                std::vector<EscapeError> *Errors = nullptr);

/// The value of a Number token.
struct NumberValue {
  enum KindType { Int, Float, Imaginary } Kind = Int;
  uint64_t IntValue = 0;
  bool TooLarge = false; ///< Int that does not fit in 64 unsigned bits.
  double FloatValue = 0; ///< Float, or the imaginary part of Imaginary.
};

/// Decodes a Number token spelling (underscores, prefixes and `j` allowed).
/// Never fails: a malformed spelling (already reported by the lexer) gives
/// the value of its longest valid beginning.
NumberValue decodeNumber(std::string_view Spelling);

/// Appends the UTF-8 encoding of \p CodePoint to \p Out.
void appendUTF8(std::string &Out, uint32_t CodePoint);

} // namespace pykc::frontend
