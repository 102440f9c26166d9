//===- Signature.cpp - Parsing Numba signature strings --------------------===//
#include "ir/Signature.h"

#include "ir/RecordDtype.h"

#include "frontend/Suggest.h"

#include <cctype>

namespace pykc::ir {

using namespace frontend;

namespace {

/// "; did you mean ..." for a type name Numba does not know, or "".
std::string typeSuggestion(const std::string &Name) {
  if (Name == "float")
    return "; did you mean 'float32' or 'float64'?";
  if (Name == "int")
    return "; did you mean 'int32' or 'int64'?";
  if (Name == "double")
    return "; did you mean 'float64'?";
  if (Name == "long")
    return "; did you mean 'int64'?";
  if (Name == "complex")
    return "; did you mean 'complex64' or 'complex128'?";
  static const std::vector<std::string> Scalars = {
      "int8",    "int16",   "int32",     "int64",      "uint8",   "uint16", "uint32",
      "uint64",  "float16", "float32",   "float64",    "complex64", "complex128",
      "boolean", "bool_",   "intp",      "uintp",      "byte"};
  std::string Near = frontend::nearestSpelling(Name, Scalars);
  return Near.empty() ? "" : "; did you mean '" + Near + "'?";
}


class SignatureParser {
public:
  SignatureParser(std::string_view Text, const SourceFile &File, uint32_t Base,
                  TypeContext &Types, DiagnosticEngine &Diags)
      : Text(Text), File(File), Base(Base), Types(Types), Diags(Diags) {}

  std::optional<ParsedSignature> parse(bool AllowName, std::string *Name) {
    ParsedSignature Sig;
    Sig.File = &File;
    Sig.Range = range(0, Text.size());
    skipSpace();
    size_t Start = Pos;
    std::string First = identifier();
    skipSpace();
    // A tuple return type is a call itself: UniTuple(float64, 2)(float64).
    bool TupleReturn = !AllowName && (First == "Tuple" || First == "UniTuple");
    if (!First.empty() && peek() == '(' && !TupleReturn) {
      if (AllowName) {
        if (Name)
          *Name = First;
      } else if (First == "void" || First == "none") {
        Sig.Return = Types.none();
      } else if (const ScalarType *S = Types.scalarByName(First)) {
        Sig.Return = S;
      } else {
        return error(Start, Pos, "unknown return type '" + First + "'");
      }
    } else if (!First.empty()) {
      // A return type that is an array, or text that is not a signature.
      Pos = Start;
      if (AllowName)
        return error(Start, Start + First.size(), "expected NAME(ARGTYPES...)");
      const Type *Ret = type();
      if (!Ret)
        return std::nullopt;
      Sig.Return = Ret;
      skipSpace();
    }
    if (peek() != '(')
      return error(Pos, Pos + 1, "expected '(' before the argument types");
    ++Pos;
    skipSpace();
    while (peek() != ')') {
      size_t ArgStart = Pos;
      const Type *T = type();
      if (!T)
        return std::nullopt;
      Sig.Args.push_back(T);
      Sig.ArgRanges.push_back(range(ArgStart, Pos));
      skipSpace();
      if (peek() == ',') {
        ++Pos;
        skipSpace();
        continue;
      }
      if (peek() != ')')
        return error(Pos, Pos + 1, "expected ',' or ')' after an argument type");
    }
    ++Pos;
    skipSpace();
    if (Pos != Text.size())
      return error(Pos, Text.size(), "unexpected text after the signature");
    return Sig;
  }

private:
  char peek() const { return Pos < Text.size() ? Text[Pos] : '\0'; }
  void skipSpace() {
    while (Pos < Text.size() && std::isspace(static_cast<unsigned char>(Text[Pos])))
      ++Pos;
  }
  std::string identifier() {
    size_t Start = Pos;
    while (Pos < Text.size() &&
           (std::isalnum(static_cast<unsigned char>(Text[Pos])) || Text[Pos] == '_' ||
            static_cast<unsigned char>(Text[Pos]) >= 0x80 || // Python's non-ASCII names
            (Text[Pos] == '.' && Pos > Start)))
      ++Pos;
    return std::string(Text.substr(Start, Pos - Start));
  }
  SourceRange range(size_t B, size_t E) const {
    if (E <= B)
      E = B + 1;
    SourceLocation LB = File.locationOf(Base + uint32_t(B));
    SourceLocation LE = File.locationOf(Base + uint32_t(std::min(E, Text.size() + 1)));
    return SourceRange(LB, LE);
  }
  std::nullopt_t error(size_t B, size_t E, const std::string &Message) {
    Diags.report(&File, range(B, E), DiagKind::InvalidSignature, {Message});
    return std::nullopt;
  }

  /// The element types of a tuple, after its '(' up to its ')':
  /// "int64, float32[:]" or Numba's "int64 x 3".
  const Type *tupleElements(size_t Start) {
    std::vector<const Type *> Elements;
    skipSpace();
    while (peek() != ')') {
      const Type *T = type();
      if (!T)
        return nullptr;
      Elements.push_back(T);
      skipSpace();
      if (peek() == 'x' && Elements.size() == 1) { // UniTuple(int64 x 3)
        ++Pos;
        skipSpace();
        size_t N = 0, Digits = Pos;
        while (std::isdigit(static_cast<unsigned char>(peek())))
          N = N * 10 + size_t(Text[Pos++] - '0');
        if (Pos == Digits || N == 0 || N > 64) {
          error(Digits, Pos + 1, "expected a count from 1 to 64 after 'x'");
          return nullptr;
        }
        Elements.assign(N, T);
        skipSpace();
        break;
      }
      if (peek() != ',')
        break;
      ++Pos;
      skipSpace();
    }
    if (peek() != ')') {
      error(Pos, Pos + 1, "expected ')' to close the tuple type");
      return nullptr;
    }
    ++Pos;
    return Types.tuple(Elements); // () is Numba's empty Tuple()
  }

  /// UniTuple's elements after its '(': Numba's UniTuple(int64, 3), or
  /// its repr's UniTuple(int64 x 3).
  const Type *uniTuple(size_t Start) {
    skipSpace();
    size_t Element = Pos;
    const Type *T = type();
    if (!T)
      return nullptr;
    skipSpace();
    if (peek() != ',') {
      Pos = Element; // `x N`, or an error tupleElements reports
      return tupleElements(Start);
    }
    ++Pos;
    skipSpace();
    size_t N = 0, Digits = Pos;
    while (std::isdigit(static_cast<unsigned char>(peek())) && N <= 64)
      N = N * 10 + size_t(Text[Pos++] - '0');
    if (Pos == Digits || N == 0 || N > 64) {
      error(Digits, Pos + 1, "expected a count from 1 to 64 after the element type");
      return nullptr;
    }
    if (!expect(')', "to close the tuple type"))
      return nullptr;
    return Types.tuple(std::vector<const Type *>(N, T));
  }

  /// Expects \p C (after spaces); false after an error.
  bool expect(char C, const char *What) {
    skipSpace();
    if (peek() != C) {
      error(Pos, Pos + 1, std::string("expected '") + C + "' " + What);
      return false;
    }
    ++Pos;
    return true;
  }

  /// An unsigned decimal of at most \p Max.
  std::optional<uint64_t> count(uint64_t Max, const char *What) {
    skipSpace();
    size_t Start = Pos;
    uint64_t N = 0;
    while (std::isdigit(static_cast<unsigned char>(peek()))) {
      N = N * 10 + uint64_t(Text[Pos++] - '0');
      if (N > Max) {
        error(Start, Pos, std::string(What) + " is too large");
        return std::nullopt;
      }
    }
    if (Pos == Start) {
      error(Start, Start + 1, std::string("expected ") + What);
      return std::nullopt;
    }
    return N;
  }

  /// Numba's types.Array(dtype, ndim, layout) after its '(': layout 'C',
  /// 'F' or 'A' (quoted either way), as float64[:, ::1] and its kin spell
  /// it; readonly=... is not taken (pykc's arrays are all writable).
  const Type *arraySpelling(size_t Start) {
    skipSpace();
    const Type *Dtype = type();
    if (!Dtype || !expect(',', "after the array's dtype"))
      return nullptr;
    if (!dynCast<ScalarType>(Dtype) && !dynCast<RecordType>(Dtype)) {
      error(Start, Pos, "an array's dtype must be a scalar or record type");
      return nullptr;
    }
    std::optional<uint64_t> NDim = count(32, "the number of dimensions");
    if (!NDim || !expect(',', "after the number of dimensions"))
      return nullptr;
    if (*NDim == 0) {
      error(Start, Pos, "an array has at least one dimension");
      return nullptr;
    }
    skipSpace();
    char Quote = peek();
    size_t LayoutAt = Pos;
    if ((Quote != '\'' && Quote != '"') || Pos + 2 >= Text.size() || Text[Pos + 2] != Quote ||
        (Text[Pos + 1] != 'C' && Text[Pos + 1] != 'F' && Text[Pos + 1] != 'A')) {
      error(LayoutAt, LayoutAt + 1, "expected the layout 'C', 'F' or 'A'");
      return nullptr;
    }
    char Layout = Text[Pos + 1];
    Pos += 3;
    if (!expect(')', "to close 'Array('"))
      return nullptr;
    return Types.array(Dtype, unsigned(*NDim),
                       Layout == 'C' ? ArrayLayout::C : Layout == 'F' ? ArrayLayout::F : ArrayLayout::A);
  }

  /// A field's type in Numba's Record spelling: a scalar, a Record(...) or
  /// nestedarray(T, (d, ...)).
  const Type *fieldType() {
    skipSpace();
    size_t Start = Pos;
    std::string Name = identifier();
    if (Name != "nestedarray") {
      Pos = Start;
      return type();
    }
    if (!expect('(', "after 'nestedarray'"))
      return nullptr;
    const Type *Element = type();
    if (!Element || !expect(',', "after the nested array's dtype") ||
        !expect('(', "before the nested array's shape"))
      return nullptr;
    std::vector<int64_t> Shape;
    uint64_t Bytes = Element->kind() == TypeKind::Array ? 0 : storageSize(Element);
    for (;;) {
      skipSpace();
      if (peek() == ')')
        break;
      auto D = count(MaxRecordBytes, "a dimension");
      if (!D)
        return nullptr;
      if (*D && Bytes > MaxRecordBytes / *D) {
        error(Start, Pos, "the nested array is larger than " + std::to_string(MaxRecordBytes) +
                              " bytes");
        return nullptr;
      }
      Bytes *= *D;
      Shape.push_back(int64_t(*D));
      skipSpace();
      if (peek() == ',')
        ++Pos;
    }
    ++Pos;
    if (Shape.empty() || !expect(')', "to close 'nestedarray('"))
      return Shape.empty() ? error(Start, Pos, "a nested array needs a shape"), nullptr : nullptr;
    if (!dynCast<ScalarType>(Element) && !dynCast<RecordType>(Element)) {
      error(Start, Pos, "a nested array's elements must be scalars or records");
      return nullptr;
    }
    return Types.nestedArray(Element, Shape);
  }

  /// Numba's spelling of a record, after "Record(":
  /// a[type=float64;offset=0],b[type=int32;offset=8];16;True)
  const Type *recordSpelling(size_t Start) {
    std::vector<RecordType::Field> Fields;
    for (;;) {
      skipSpace();
      size_t NameStart = Pos;
      while (Pos < Text.size() && Text[Pos] != '[' && Text[Pos] != ';' && Text[Pos] != ')')
        ++Pos;
      std::string Name(Text.substr(NameStart, Pos - NameStart));
      if (peek() != '[') {
        if (Fields.empty()) {
          error(NameStart, Pos + 1, "expected a field such as 'x[type=float32;offset=0]'");
          return nullptr;
        }
        Pos = NameStart;
        break;
      }
      ++Pos;
      skipSpace();
      if (Text.substr(Pos, 5) != "type=") {
        error(Pos, Pos + 1, "expected 'type=' in field '" + Name + "'");
        return nullptr;
      }
      Pos += 5;
      const Type *Ty = fieldType();
      if (!Ty || !expect(';', "after a field's type"))
        return nullptr;
      skipSpace();
      if (Text.substr(Pos, 7) != "offset=") {
        error(Pos, Pos + 1, "expected 'offset=' in field '" + Name + "'");
        return nullptr;
      }
      Pos += 7;
      auto Offset = count(MaxRecordBytes, "an offset");
      if (!Offset)
        return nullptr;
      // Numba may add ';alignment=N' or ';title=...': not part of the layout.
      while (Pos < Text.size() && Text[Pos] != ']')
        ++Pos;
      if (!expect(']', "to close a field"))
        return nullptr;
      for (const RecordType::Field &F : Fields)
        if (F.Name == Name) {
          error(NameStart, Pos, "the field '" + Name + "' is given twice");
          return nullptr;
        }
      Fields.push_back({Name, Ty, *Offset});
      skipSpace();
      if (peek() != ',')
        break;
      ++Pos;
    }
    if (!expect(';', "before the record's size"))
      return nullptr;
    auto Size = count(MaxRecordBytes, "the record's size");
    if (!Size || !expect(';', "after the record's size"))
      return nullptr;
    skipSpace();
    std::string Flag = identifier();
    if (Flag != "True" && Flag != "False") {
      error(Pos, Pos + 1, "expected True or False (aligned) at the end of the record");
      return nullptr;
    }
    if (!expect(')', "to close 'Record('"))
      return nullptr;
    for (const RecordType::Field &F : Fields)
      if (F.Offset + storageSize(F.Ty) > *Size) {
        error(Start, Pos, "field '" + F.Name + "' ends past the record's " +
                              std::to_string(*Size) + " bytes");
        return nullptr;
      }
    return Types.record(std::move(Fields), *Size);
  }

  /// dtype, dtype[dims], an enum class, a record (a record dtype of the
  /// module, or Numba's Record(...) spelling), or a tuple: (T, U),
  /// Tuple(T, U), UniTuple(T x N). Types nest at most MaxNesting deep: the
  /// parser recurses, and text from anywhere must not exhaust its stack.
  const Type *type() {
    static constexpr unsigned MaxNesting = 64;
    if (Depth == MaxNesting) {
      error(Pos, Pos + 1, "types nest more than " + std::to_string(MaxNesting) + " deep");
      return nullptr;
    }
    ++Depth;
    const Type *T = typeAt();
    --Depth;
    return T;
  }

  const Type *typeAt() {
    size_t Start = Pos;
    if (peek() == '(') {
      ++Pos;
      return tupleElements(Start);
    }
    std::string Name = identifier();
    if (Name == "Tuple" || Name == "UniTuple") {
      skipSpace();
      if (peek() == '(') {
        ++Pos;
        if (Name == "UniTuple")
          return uniTuple(Start);
        // Numba's Tuple takes one sequence of types: Tuple((int64, float32)).
        auto *T = dynCast<TupleType>(tupleElements(Start));
        if (T && T->size() == 1)
          if (auto *Inner = dynCast<TupleType>(T->elements().front()))
            return Inner;
        return T;
      }
    }
    // Point(int64, float64) or Point(int64 x 2): a named tuple class of the
    // module, its elements' types as a tuple's.
    if (const std::vector<std::string> *Fields = Types.tupleClassFields(Name)) {
      skipSpace();
      if (peek() == '(') {
        ++Pos;
        auto *T = dynCast<TupleType>(tupleElements(Start));
        if (!T)
          return nullptr;
        if (T->size() != Fields->size()) {
          error(Start, Pos, Name + " has " + std::to_string(Fields->size()) + " field(s), not " +
                                std::to_string(T->size()));
          return nullptr;
        }
        return Types.namedTuple(Name, *Fields, T->elements());
      }
    }
    // `numba.float32`, `types.float32`: only the last component names it.
    std::string Leaf = Name.substr(Name.rfind('.') == std::string::npos ? 0 : Name.rfind('.') + 1);
    if (Leaf == "Array") {
      skipSpace();
      if (peek() == '(') {
        ++Pos;
        return arraySpelling(Start);
      }
    }
    const Type *Dtype = Types.scalarByName(Leaf);
    if (!Dtype && (Name == "Record" || Leaf == "Record")) {
      skipSpace();
      if (peek() == '(') {
        ++Pos;
        Dtype = recordSpelling(Start);
        if (!Dtype)
          return nullptr;
      }
    }
    if (!Dtype)
      Dtype = Types.recordByName(Name);
    if (Name.empty()) {
      error(Start, Start + 1, "expected a type");
      return nullptr;
    }
    // An enum class of the module: its members (a kernel computes with an
    // IntEnum's as int64s, FunctionBuilder).
    if (const EnumType *E = Dtype ? nullptr : Types.enumByName(Name))
      return E;
    if (!Dtype) {
      error(Start, Pos, "unknown type '" + Name + "'" + typeSuggestion(Name));
      return nullptr;
    }
    skipSpace();
    if (peek() != '[')
      return Dtype;
    ++Pos;
    std::vector<bool> Contiguous;
    size_t DimsStart = Pos;
    for (;;) {
      skipSpace();
      size_t DimStart = Pos;
      if (peek() != ':') {
        error(DimStart, DimStart + 1, "expected ':' or '::1' for an array dimension");
        return nullptr;
      }
      ++Pos;
      bool Unit = false;
      if (peek() == ':') {
        ++Pos;
        skipSpace();
        if (peek() != '1') {
          error(DimStart, Pos + 1, "only '::1' may give an array dimension's step");
          return nullptr;
        }
        ++Pos;
        Unit = true;
      }
      Contiguous.push_back(Unit);
      skipSpace();
      if (peek() == ',') {
        ++Pos;
        continue;
      }
      if (peek() == ']') {
        ++Pos;
        break;
      }
      error(Pos, Pos + 1, "expected ',' or ']' in an array type");
      return nullptr;
    }
    unsigned NDim = unsigned(Contiguous.size());
    unsigned Units = 0;
    for (bool U : Contiguous)
      Units += U;
    ArrayLayout Layout = ArrayLayout::A;
    if (Units == 1 && Contiguous.back())
      Layout = ArrayLayout::C;
    else if (Units == 1 && Contiguous.front())
      Layout = ArrayLayout::F;
    else if (Units > 1 || (Units == 1 && NDim > 1 && !Contiguous.back() && !Contiguous.front())) {
      error(DimsStart, Pos - 1, "'::1' must be on the first (F order) or last (C order) dimension, once");
      return nullptr;
    }
    return Types.array(Dtype, NDim, Layout);
  }

  std::string_view Text;
  const SourceFile &File;
  uint32_t Base;
  TypeContext &Types;
  DiagnosticEngine &Diags;
  size_t Pos = 0;
  unsigned Depth = 0; ///< type() calls under way
};

} // namespace

std::optional<ParsedSignature> parseSignature(std::string_view Text, const SourceFile &File,
                                              uint32_t BaseOffset, TypeContext &Types,
                                              DiagnosticEngine &Diags, bool AllowName,
                                              std::string *Name) {
  return SignatureParser(Text, File, BaseOffset, Types, Diags).parse(AllowName, Name);
}

std::string signatureSpelling(const Type *Ty) {
  if (auto *A = dynCast<ArrayType>(Ty)) {
    std::string S = signatureSpelling(A->element()) + "[";
    for (unsigned D = 0; D < A->ndim(); ++D) {
      bool Unit = (A->layout() == ArrayLayout::C && D + 1 == A->ndim()) ||
                  (A->layout() == ArrayLayout::F && D == 0);
      S += (D ? ", " : "") + std::string(Unit ? "::1" : ":");
    }
    return S + "]";
  }
  if (auto *E = dynCast<EnumType>(Ty)) // as --sig takes it: the class name
    return E->name();
  if (auto *T = dynCast<TupleType>(Ty)) { // (T, U) or Point(T, U), which --sig takes
    std::string S = T->name() + "(";
    for (size_t I = 0; I < T->size(); ++I)
      S += (I ? ", " : "") + signatureSpelling(T->elements()[I]);
    return S + (T->size() == 1 && !T->isNamed() ? ",)" : ")");
  }
  return Ty->str();
}

} // namespace pykc::ir
