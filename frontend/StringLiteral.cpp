//===- StringLiteral.cpp - Decoding of literal tokens ---------------------===//
#include "frontend/StringLiteral.h"

#include <charconv>
#include <cstdlib>

namespace pykc::frontend {

namespace {

int hexValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return -1;
}

bool isOctal(char C) { return C >= '0' && C <= '7'; }

/// Decodes the body of a non-raw literal, between the quotes.
void decodeEscapes(std::string_view Body, size_t BodyOffset, bool Bytes,
                   std::string &Out, std::vector<EscapeError> *Errors) {
  auto Fail = [&](size_t At, size_t Len) {
    if (Errors)
      Errors->push_back({BodyOffset + At, Len});
    Out.append(Body.substr(At, Len));
  };
  size_t I = 0;
  while (I < Body.size()) {
    char C = Body[I];
    if (C != '\\' || I + 1 >= Body.size()) {
      Out += C;
      ++I;
      continue;
    }
    char E = Body[I + 1];
    size_t Start = I;
    I += 2;
    switch (E) {
    case '\n':
      break;
    case '\r':
      if (I < Body.size() && Body[I] == '\n')
        ++I;
      break;
    case '\\':
    case '\'':
    case '"':
      Out += E;
      break;
    case 'a':
      Out += '\a';
      break;
    case 'b':
      Out += '\b';
      break;
    case 'f':
      Out += '\f';
      break;
    case 'n':
      Out += '\n';
      break;
    case 'r':
      Out += '\r';
      break;
    case 't':
      Out += '\t';
      break;
    case 'v':
      Out += '\v';
      break;
    case 'x':
    case 'u':
    case 'U': {
      if (Bytes && E != 'x') {
        Out.append(Body.substr(Start, 2));
        break;
      }
      size_t Digits = E == 'x' ? 2 : E == 'u' ? 4 : 8;
      uint32_t Value = 0;
      size_t N = 0;
      while (N < Digits && I + N < Body.size() && hexValue(Body[I + N]) >= 0)
        Value = Value * 16 + static_cast<uint32_t>(hexValue(Body[I + N++]));
      if (N < Digits || Value > 0x10FFFF) {
        Fail(Start, 2 + N);
        I += N;
        break;
      }
      I += N;
      if (Bytes)
        Out += static_cast<char>(Value);
      else
        appendUTF8(Out, Value);
      break;
    }
    case 'N': {
      if (Bytes) {
        Out.append(Body.substr(Start, 2));
        break;
      }
      // Character names are not looked up: the escape is kept as written.
      size_t Close = I < Body.size() && Body[I] == '{' ? Body.find('}', I)
                                                       : std::string_view::npos;
      if (Close == std::string_view::npos || Close == I + 1) {
        Fail(Start, 2);
        break;
      }
      Out.append(Body.substr(Start, Close + 1 - Start));
      I = Close + 1;
      break;
    }
    default:
      if (isOctal(E)) {
        uint32_t Value = static_cast<uint32_t>(E - '0');
        for (int K = 0; K < 2 && I < Body.size() && isOctal(Body[I]); ++K)
          Value = Value * 8 + static_cast<uint32_t>(Body[I++] - '0');
        if (Bytes)
          Out += static_cast<char>(Value & 0xFF);
        else
          appendUTF8(Out, Value);
        break;
      }
      // Unknown escapes keep their backslash (Python only warns about them).
      Out += '\\';
      Out += E;
      break;
    }
  }
}

/// Drops underscores from a number spelling.
std::string withoutUnderscores(std::string_view S) {
  std::string R;
  R.reserve(S.size());
  for (char C : S)
    if (C != '_')
      R += C;
  return R;
}

double parseDouble(const std::string &S) {
  double Value = 0;
  auto Result = std::from_chars(S.data(), S.data() + S.size(), Value);
  if (Result.ec == std::errc::result_out_of_range)
    return std::strtod(S.c_str(), nullptr);
  return Value;
}

} // namespace

void appendUTF8(std::string &Out, uint32_t CP) {
  if (CP < 0x80) {
    Out += static_cast<char>(CP);
  } else if (CP < 0x800) {
    Out += static_cast<char>(0xC0 | (CP >> 6));
    Out += static_cast<char>(0x80 | (CP & 0x3F));
  } else if (CP < 0x10000) {
    Out += static_cast<char>(0xE0 | (CP >> 12));
    Out += static_cast<char>(0x80 | ((CP >> 6) & 0x3F));
    Out += static_cast<char>(0x80 | (CP & 0x3F));
  } else {
    Out += static_cast<char>(0xF0 | ((CP >> 18) & 0x07));
    Out += static_cast<char>(0x80 | ((CP >> 12) & 0x3F));
    Out += static_cast<char>(0x80 | ((CP >> 6) & 0x3F));
    Out += static_cast<char>(0x80 | (CP & 0x3F));
  }
}

bool parseStringPrefix(std::string_view S, StringPrefix &P) {
  P = StringPrefix();
  size_t I = 0;
  while (I < S.size() && S[I] != '\'' && S[I] != '"') {
    switch (S[I]) {
    case 'r':
    case 'R':
      if (P.Raw)
        return false;
      P.Raw = true;
      break;
    case 'b':
    case 'B':
      if (P.Bytes || P.Format)
        return false;
      P.Bytes = true;
      break;
    case 'f':
    case 'F':
      if (P.Bytes || P.Format)
        return false;
      P.Format = true;
      break;
    case 'u':
    case 'U':
      // `u` only stands alone.
      if (I != 0 || (I + 1 < S.size() && S[I + 1] != '\'' && S[I + 1] != '"'))
        return false;
      break;
    default:
      return false;
    }
    ++I;
  }
  P.Length = I;
  return I <= 2;
}

std::string decodeStringLiteral(std::string_view S,
                                std::vector<EscapeError> *Errors) {
  StringPrefix P;
  parseStringPrefix(S, P);
  size_t Begin = P.Length;
  if (Begin >= S.size())
    return {};
  char Quote = S[Begin];
  size_t QuoteLen = 1;
  if (S.size() >= Begin + 6 && S[Begin + 1] == Quote && S[Begin + 2] == Quote)
    QuoteLen = 3;
  size_t BodyBegin = Begin + QuoteLen;
  size_t BodyEnd = S.size();
  // Strip the closing quotes when they are there.
  if (BodyEnd >= BodyBegin + QuoteLen) {
    bool Closed = true;
    for (size_t K = 0; K < QuoteLen; ++K)
      Closed = Closed && S[BodyEnd - 1 - K] == Quote;
    if (Closed)
      BodyEnd -= QuoteLen;
  }
  if (BodyEnd < BodyBegin)
    BodyEnd = BodyBegin;
  std::string_view Body = S.substr(BodyBegin, BodyEnd - BodyBegin);
  std::string Out;
  if (P.Raw) {
    Out.assign(Body);
    return Out;
  }
  decodeEscapes(Body, BodyBegin, P.Bytes, Out, Errors);
  return Out;
}

NumberValue decodeNumber(std::string_view S) {
  NumberValue V;
  std::string Digits = withoutUnderscores(S);
  if (Digits.size() >= 2 && Digits[0] == '0' &&
      (Digits[1] == 'x' || Digits[1] == 'X' || Digits[1] == 'o' ||
       Digits[1] == 'O' || Digits[1] == 'b' || Digits[1] == 'B')) {
    char P = static_cast<char>(Digits[1] | 0x20);
    unsigned Base = P == 'x' ? 16 : P == 'o' ? 8 : 2;
    for (size_t I = 2; I < Digits.size(); ++I) {
      int D = hexValue(Digits[I]);
      if (D < 0 || static_cast<unsigned>(D) >= Base)
        break;
      if (V.IntValue > (UINT64_MAX - static_cast<uint64_t>(D)) / Base)
        V.TooLarge = true;
      V.IntValue = V.IntValue * Base + static_cast<uint64_t>(D);
    }
    if (V.TooLarge)
      V.IntValue = 0;
    return V;
  }
  bool IsImaginary =
      !Digits.empty() && (Digits.back() == 'j' || Digits.back() == 'J');
  if (IsImaginary)
    Digits.pop_back();
  bool IsFloat = Digits.find_first_of(".eE") != std::string::npos;
  if (IsImaginary || IsFloat) {
    V.Kind = IsImaginary ? NumberValue::Imaginary : NumberValue::Float;
    V.FloatValue = parseDouble(Digits);
    return V;
  }
  for (char C : Digits) {
    if (C < '0' || C > '9')
      break;
    uint64_t D = static_cast<uint64_t>(C - '0');
    if (V.IntValue > (UINT64_MAX - D) / 10)
      V.TooLarge = true;
    V.IntValue = V.IntValue * 10 + D;
  }
  if (V.TooLarge)
    V.IntValue = 0;
  return V;
}

} // namespace pykc::frontend
