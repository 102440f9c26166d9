//===- NpyHeader.cpp ------------------------------------------------------===//
#include "NpyHeader.h"

#include "Npy.h"
#include "Numbers.h"

#include <cstdio>

namespace pykc::driver {

namespace {

/// One Python literal of the header.
struct Literal {
  enum KindT { String, Integer, True, False, None, Tuple, List, Dict } Kind = None;
  std::string Text;           ///< A string's contents; an integer as written.
  std::vector<Literal> Items; ///< Tuple and list items; a dict's keys and
                              ///< values, alternating.
};

/// Recursive descent over the literal grammar, with a depth limit so a
/// header of 10,000 '[' cannot exhaust the stack.
class Parser {
public:
  Parser(std::string_view Text, std::string &Error) : S(Text), Error(Error) {}

  bool parseHeader(Literal &Dict) {
    skipSpace();
    if (peek() != '{')
      return fail("expected '{'");
    if (!parseValue(Dict, 0))
      return false;
    skipSpace();
    if (Pos != S.size())
      return fail("unexpected text after the dict");
    return true;
  }

private:
  static constexpr unsigned MaxDepth = 32;

  std::string_view S;
  size_t Pos = 0;
  std::string &Error;

  char peek() const { return Pos < S.size() ? S[Pos] : '\0'; }
  bool atEnd() const { return Pos >= S.size(); }

  bool fail(const std::string &What) {
    std::string Found;
    if (atEnd()) {
      Found = "the end";
    } else if (S[Pos] >= 0x21 && S[Pos] <= 0x7e) {
      Found = std::string("'") + S[Pos] + "'";
    } else {
      char Hex[8];
      std::snprintf(Hex, sizeof Hex, "0x%02x", unsigned(uint8_t(S[Pos])));
      Found = std::string("byte ") + Hex;
    }
    Error = "invalid .npy header: " + What + " at column " + std::to_string(Pos + 1) + " (found " +
            Found + ")";
    return false;
  }

  void skipSpace() {
    while (!atEnd() && (S[Pos] == ' ' || S[Pos] == '\t' || S[Pos] == '\n' || S[Pos] == '\r'))
      ++Pos;
  }

  static bool isWordChar(char C) {
    return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') || C == '_';
  }

  bool parseValue(Literal &Out, unsigned Depth) {
    if (Depth > MaxDepth)
      return fail("literals nested more than " + std::to_string(MaxDepth) + " deep");
    skipSpace();
    char C = peek();
    if (C == '\'' || C == '"')
      return parseString(Out);
    if (C == '-' || (C >= '0' && C <= '9'))
      return parseInteger(Out);
    if (C == '(' || C == '[' || C == '{')
      return parseBracketed(Out, Depth);
    static const std::pair<const char *, Literal::KindT> Words[] = {
        {"True", Literal::True}, {"False", Literal::False}, {"None", Literal::None}};
    for (auto [Word, Kind] : Words) {
      std::string_view W(Word);
      if (S.substr(Pos, W.size()) == W && !isWordChar(Pos + W.size() < S.size() ? S[Pos + W.size()] : ' ')) {
        Pos += W.size();
        Out.Kind = Kind;
        return true;
      }
    }
    return fail("expected a string, an integer, True, False, None, a tuple or a list");
  }

  bool parseString(Literal &Out) {
    char Quote = S[Pos++];
    Out.Kind = Literal::String;
    while (!atEnd() && S[Pos] != Quote) {
      if (S[Pos] == '\\')
        return fail("escape sequences in header strings are not supported");
      if (S[Pos] == '\n')
        return fail("unterminated string");
      Out.Text += S[Pos++];
    }
    if (atEnd())
      return fail("unterminated string");
    ++Pos;
    return true;
  }

  bool parseInteger(Literal &Out) {
    Out.Kind = Literal::Integer;
    if (peek() == '-') {
      Out.Text = "-";
      ++Pos;
      skipSpace();
    }
    size_t Start = Pos;
    while (!atEnd() && S[Pos] >= '0' && S[Pos] <= '9')
      ++Pos;
    if (Pos == Start)
      return fail("expected digits");
    if (S[Start] == '0' && Pos - Start > 1) {
      Pos = Start;
      return fail("leading zeros are not allowed in an integer");
    }
    Out.Text += S.substr(Start, Pos - Start);
    if (isWordChar(peek()) || peek() == '.')
      return fail("expected an integer (digits only)");
    return true;
  }

  /// ( ), [ ] and { }, with Python's rules: a trailing comma is allowed,
  /// and a parenthesised single value without one is not a tuple.
  bool parseBracketed(Literal &Out, unsigned Depth) {
    char Open = S[Pos++];
    char Close = Open == '(' ? ')' : Open == '[' ? ']' : '}';
    Out.Kind = Open == '(' ? Literal::Tuple : Open == '[' ? Literal::List : Literal::Dict;
    bool TrailingComma = false;
    while (true) {
      skipSpace();
      if (peek() == Close) {
        ++Pos;
        break;
      }
      Literal Item;
      if (!parseValue(Item, Depth + 1))
        return false;
      Out.Items.push_back(std::move(Item));
      skipSpace();
      if (Out.Kind == Literal::Dict) {
        if (peek() != ':')
          return fail("expected ':' after a key");
        ++Pos;
        Literal Value;
        if (!parseValue(Value, Depth + 1))
          return false;
        Out.Items.push_back(std::move(Value));
        skipSpace();
      }
      TrailingComma = peek() == ',';
      if (TrailingComma) {
        ++Pos;
        continue;
      }
      if (peek() != Close)
        return fail(std::string("expected ',' or '") + Close + "'");
      ++Pos;
      break;
    }
    if (Out.Kind == Literal::Tuple && Out.Items.size() == 1 && !TrailingComma) {
      Literal Inner = std::move(Out.Items.front());
      Out = std::move(Inner);
    }
    return true;
  }
};

std::string shapeTextOf(const Literal &Shape) {
  std::string S = "(";
  for (size_t I = 0; I < Shape.Items.size(); ++I)
    S += (I ? ", " : "") + Shape.Items[I].Text;
  return S + (Shape.Items.size() == 1 ? ",)" : ")");
}

/// The fields of a structured descr (a list literal), laid out from offset
/// 0 as NumPy lays them out; sets \p Size to the record's itemsize.
bool parseFields(const Literal &List, std::vector<NpyField> &Fields, uint64_t &Size,
                 unsigned Depth, std::string &Error) {
  if (Depth > 16) {
    Error = "the .npy header's dtype nests records more than 16 deep";
    return false;
  }
  uint64_t Offset = 0;
  for (const Literal &Item : List.Items) {
    auto Bad = [&](const std::string &What) {
      Error = "the .npy header's structured dtype has " + What;
      return false;
    };
    if (Item.Kind != Literal::Tuple || Item.Items.size() < 2 || Item.Items.size() > 3)
      return Bad("a field that is not (name, format) or (name, format, shape)");
    const Literal *Name = &Item.Items[0];
    if (Name->Kind == Literal::Tuple && Name->Items.size() == 2) // (title, name)
      Name = &Name->Items[1];
    if (Name->Kind != Literal::String)
      return Bad("a field name that is not a string");
    NpyField F;
    F.Name = Name->Text;
    F.Offset = Offset;
    // Numba's Record spelling, which signatures carry, ends a field's name
    // at '[' and its parts at ';', ']' and ')': such a name would be read as
    // another record. (An empty name is padding, below.)
    if (F.Name.find_first_of("[];()") != std::string::npos)
      return Bad("the field name '" + F.Name +
                 "', which a record type cannot spell (it holds one of [ ] ; ( )); rename "
                 "the field");
    const Literal &Format = Item.Items[1];
    uint64_t Bytes = 0;
    if (Format.Kind == Literal::List) {
      if (!parseFields(Format, F.Fields, F.RecordSize, Depth + 1, Error))
        return false;
      if (F.Fields.empty())
        return Bad("a nested record without fields ('" + F.Name + "')");
      Bytes = F.RecordSize;
    } else if (Format.Kind == Literal::String) {
      // Padding: an unnamed void field, as NumPy writes for aligned dtypes.
      const std::string &T = Format.Text;
      size_t V = T.find('V');
      if (F.Name.empty() && V != std::string::npos && V <= 1 && Item.Items.size() == 2) {
        uint64_t Pad = 0;
        if (parseDecimal(std::string_view(T).substr(V + 1), MaxNpyRecordBytes, Pad) !=
            DecimalStatus::Ok)
          return Bad("padding '" + T + "' of an invalid size");
        Offset += Pad;
        if (Offset > MaxNpyRecordBytes)
          return Bad("records larger than " + std::to_string(MaxNpyRecordBytes) + " bytes");
        continue;
      }
      unsigned ScalarSize = 0;
      std::string Why;
      if (!scalarOfDescr(T, F.Dtype, ScalarSize, Why))
        return Bad("field '" + F.Name + "' of type '" + T + "', which a kernel cannot hold " +
                   (Why.find("big-endian") != std::string::npos
                        ? "(big-endian)"
                        : "(fields are bool, int8..int64, uint8..uint64, float16, float32, "
                          "float64, complex64, complex128, subarrays of these, or records)"));
      Bytes = ScalarSize;
    } else {
      return Bad("a field format that is not a type string or a list of fields");
    }
    if (Item.Items.size() == 3) {
      const Literal &Shape = Item.Items[2];
      std::vector<const Literal *> Dims;
      if (Shape.Kind == Literal::Integer)
        Dims.push_back(&Shape);
      else if (Shape.Kind == Literal::Tuple)
        for (const Literal &D : Shape.Items)
          Dims.push_back(&D);
      else
        return Bad("a subarray shape that is not a tuple of integers ('" + F.Name + "')");
      for (const Literal *D : Dims) {
        uint64_t N = 0;
        if (D->Kind != Literal::Integer ||
            parseDecimal(D->Text, MaxNpyRecordBytes, N) != DecimalStatus::Ok)
          return Bad("a subarray dimension that is not a non-negative integer ('" + F.Name + "')");
        if (N && Bytes > MaxNpyRecordBytes / N)
          return Bad("records larger than " + std::to_string(MaxNpyRecordBytes) + " bytes");
        Bytes *= N;
        F.Shape.push_back(int64_t(N));
      }
    }
    for (const NpyField &Prior : Fields)
      if (Prior.Name == F.Name)
        return Bad("the field name '" + F.Name + "' twice");
    if (Bytes > MaxNpyRecordBytes - Offset)
      return Bad("records larger than " + std::to_string(MaxNpyRecordBytes) + " bytes");
    Offset += Bytes;
    Fields.push_back(std::move(F));
  }
  Size = Offset;
  return true;
}

} // namespace

std::string shapeText(const std::vector<int64_t> &Shape) {
  std::string S = "(";
  for (size_t I = 0; I < Shape.size(); ++I)
    S += (I ? ", " : "") + std::to_string(Shape[I]);
  return S + (Shape.size() == 1 ? ",)" : ")");
}

std::optional<NpyHeaderDict> parseNpyHeaderDict(std::string_view Text, std::string &Error) {
  Literal Dict;
  if (!Parser(Text, Error).parseHeader(Dict))
    return std::nullopt;

  static const char *Keys[] = {"descr", "fortran_order", "shape"};
  const Literal *Values[3] = {nullptr, nullptr, nullptr};
  for (size_t I = 0; I < Dict.Items.size(); I += 2) {
    const Literal &Key = Dict.Items[I];
    if (Key.Kind != Literal::String) {
      Error = "the .npy header has a key that is not a string";
      return std::nullopt;
    }
    int Index = -1;
    for (int K = 0; K < 3; ++K)
      if (Key.Text == Keys[K])
        Index = K;
    if (Index < 0) {
      Error = "the .npy header has an unexpected key '" + Key.Text +
              "' (expected 'descr', 'fortran_order' and 'shape')";
      return std::nullopt;
    }
    if (Values[Index]) {
      Error = "the .npy header gives '" + Key.Text + "' twice";
      return std::nullopt;
    }
    Values[Index] = &Dict.Items[I + 1];
  }
  for (int K = 0; K < 3; ++K) {
    if (!Values[K]) {
      Error = std::string("the .npy header has no '") + Keys[K] + "'";
      return std::nullopt;
    }
  }

  NpyHeaderDict H;
  const Literal &Descr = *Values[0];
  if (Descr.Kind == Literal::List) {
    if (!parseFields(Descr, H.Fields, H.RecordSize, 0, Error))
      return std::nullopt;
    if (H.Fields.empty()) {
      Error = "the .npy header's structured dtype has no fields";
      return std::nullopt;
    }
  } else if (Descr.Kind != Literal::String) {
    Error = "the .npy header's 'descr' is not a string";
    return std::nullopt;
  } else {
    H.Descr = Descr.Text;
  }

  const Literal &Order = *Values[1];
  if (Order.Kind != Literal::True && Order.Kind != Literal::False) {
    Error = "the .npy header's 'fortran_order' is not True or False";
    return std::nullopt;
  }
  H.FortranOrder = Order.Kind == Literal::True;

  const Literal &Shape = *Values[2];
  bool AllIntegers = Shape.Kind == Literal::Tuple;
  for (const Literal &D : Shape.Items)
    AllIntegers = AllIntegers && D.Kind == Literal::Integer;
  if (!AllIntegers) {
    Error = "the .npy header's 'shape' is not a tuple of integers";
    return std::nullopt;
  }
  for (const Literal &D : Shape.Items) {
    bool Negative = D.Text[0] == '-';
    std::string_view Digits = std::string_view(D.Text).substr(Negative ? 1 : 0);
    if (Negative && Digits.find_first_not_of('0') != std::string_view::npos) {
      Error = "the .npy header's shape " + shapeTextOf(Shape) + " has a negative dimension";
      return std::nullopt;
    }
    uint64_t V = 0;
    if (parseDecimal(Digits, INT64_MAX, V) != DecimalStatus::Ok) {
      Error = "the .npy header's shape " + shapeTextOf(Shape) + " has a dimension above " +
              std::to_string(INT64_MAX);
      return std::nullopt;
    }
    H.Shape.push_back(int64_t(V));
  }
  return H;
}

} // namespace pykc::driver
