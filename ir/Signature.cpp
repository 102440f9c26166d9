//===- Signature.cpp - Parsing Numba signature strings --------------------===//
#include "ir/Signature.h"

#include <cctype>

namespace pykc::ir {

using namespace frontend;

namespace {

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
    if (!First.empty() && peek() == '(') {
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
      const Type *T = type();
      if (!T)
        return std::nullopt;
      Sig.Args.push_back(T);
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
    if (Elements.empty()) {
      error(Start, Pos, "a tuple type needs at least one element");
      return nullptr;
    }
    return Types.tuple(Elements);
  }

  /// dtype, dtype[dims], an enum class, or a tuple: (T, U), Tuple(T, U),
  /// UniTuple(T x N).
  const Type *type() {
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
        return tupleElements(Start);
      }
    }
    // `numba.float32`, `types.float32`: only the last component names it.
    std::string Leaf = Name.substr(Name.rfind('.') == std::string::npos ? 0 : Name.rfind('.') + 1);
    const ScalarType *Dtype = Types.scalarByName(Leaf);
    if (Name.empty()) {
      error(Start, Start + 1, "expected a type");
      return nullptr;
    }
    // An enum.Enum class of the module: its members (an IntEnum's are int64).
    if (const EnumType *E = Dtype ? nullptr : Types.enumByName(Name)) {
      if (E->isIntEnum())
        return Types.int64();
      return E;
    }
    if (!Dtype) {
      error(Start, Pos, "unknown type '" + Name + "'");
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
    std::string S = A->dtype()->str() + "[";
    for (unsigned D = 0; D < A->ndim(); ++D) {
      bool Unit = (A->layout() == ArrayLayout::C && D + 1 == A->ndim()) ||
                  (A->layout() == ArrayLayout::F && D == 0);
      S += (D ? ", " : "") + std::string(Unit ? "::1" : ":");
    }
    return S + "]";
  }
  if (auto *E = dynCast<EnumType>(Ty)) // as --sig takes it: the class name
    return E->name();
  if (auto *T = dynCast<TupleType>(Ty)) { // (T, U), which --sig takes
    std::string S = "(";
    for (size_t I = 0; I < T->size(); ++I)
      S += (I ? ", " : "") + signatureSpelling(T->elements()[I]);
    return S + (T->size() == 1 ? ",)" : ")");
  }
  return Ty->str();
}

} // namespace pykc::ir
