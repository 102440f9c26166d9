//===- ForeignFunction.cpp - Foreign signatures and link files ------------===//
#include "ir/ForeignFunction.h"

#include <cctype>

namespace pykc::ir {

using namespace frontend;

std::optional<LinkFileKind> linkFileKind(std::string_view Path) {
  auto Ends = [&](std::string_view Ext) {
    return Path.size() > Ext.size() && Path.substr(Path.size() - Ext.size()) == Ext;
  };
  if (Ends(".cu"))
    return LinkFileKind::Cuda;
  if (Ends(".ptx"))
    return LinkFileKind::Ptx;
  if (Ends(".ltoir"))
    return LinkFileKind::LtoIr;
  if (Ends(".o"))
    return LinkFileKind::Object;
  if (Ends(".a"))
    return LinkFileKind::Archive;
  if (Ends(".fatbin"))
    return LinkFileKind::Fatbin;
  if (Ends(".cubin"))
    return LinkFileKind::Cubin;
  return std::nullopt;
}

std::string ForeignParam::str() const {
  switch (K) {
  case Kind::Scalar:
    return Ty->str();
  case Kind::Pointer:
    return "CPointer(" + Ty->str() + ")";
  case Kind::VoidPointer:
    return "voidptr";
  }
  return "?";
}

std::string ForeignFunction::signatureText() const {
  std::string Out = Return && Return->str() != "none" ? Return->str() : "void";
  Out += "(";
  for (size_t I = 0; I < Params.size(); ++I)
    Out += (I ? ", " : "") + Params[I].str();
  return Out + ")";
}

namespace {

/// A scalar by its Numba name or one of the aliases Numba's types module
/// has for it.
const ScalarType *scalarNamed(std::string_view Name, TypeContext &Types) {
  // Complex numbers have no one C ABI: they are refused.
#define SCALAR(Kind, NumbaName, Bits, IsInt, IsSigned, IsFloat, IsComplex)                         \
  if (!IsComplex && Name == NumbaName)                                                             \
    return Types.scalar(ScalarKind::Kind);
#include "ir/Types.def"
  static const std::pair<const char *, ScalarKind> Aliases[] = {
      {"boolean", ScalarKind::Boolean}, {"bool_", ScalarKind::Boolean},
      {"intp", ScalarKind::Int64},      {"uintp", ScalarKind::UInt64},
      {"intc", ScalarKind::Int32},      {"uintc", ScalarKind::UInt32},
      {"float_", ScalarKind::Float32},  {"double", ScalarKind::Float64},
      {"f4", ScalarKind::Float32},      {"f8", ScalarKind::Float64},
      {"i4", ScalarKind::Int32},        {"i8", ScalarKind::Int64},
      {"u4", ScalarKind::UInt32},       {"u8", ScalarKind::UInt64},
      {"byte", ScalarKind::UInt8},      {"char", ScalarKind::Int8}};
  for (const auto &[Alias, Kind] : Aliases)
    if (Name == Alias)
      return Types.scalar(Kind);
  return nullptr;
}

/// A flat reader of the signature text: identifiers and punctuation, with
/// blanks skipped; errors point at the token that is wrong.
class Reader {
public:
  Reader(std::string_view Text, const SourceFile &File, uint32_t Base, DiagnosticEngine &Diags)
      : Text(Text), File(File), Base(Base), Diags(Diags) {}

  void skipBlanks() {
    while (Pos < Text.size() && std::isspace(static_cast<unsigned char>(Text[Pos])))
      ++Pos;
  }
  bool atEnd() {
    skipBlanks();
    return Pos >= Text.size();
  }
  std::string_view identifier() {
    skipBlanks();
    size_t Start = Pos;
    while (Pos < Text.size() &&
           (std::isalnum(static_cast<unsigned char>(Text[Pos])) || Text[Pos] == '_'))
      ++Pos;
    return Text.substr(Start, Pos - Start);
  }
  bool accept(char C) {
    skipBlanks();
    if (Pos < Text.size() && Text[Pos] == C) {
      ++Pos;
      return true;
    }
    return false;
  }
  size_t pos() const { return Pos; }
  char peek() {
    skipBlanks();
    return Pos < Text.size() ? Text[Pos] : '\0';
  }
  bool fail(size_t Begin, size_t End, const std::string &Message) {
    if (End <= Begin)
      End = std::min(Text.size(), Begin + 1);
    SourceRange R(File.locationOf(Base + uint32_t(Begin)), File.locationOf(Base + uint32_t(End)));
    Diags.report(&File, R, DiagKind::BadForeignSignature, {Message});
    return false;
  }
  /// Fails at the next token (or the end).
  bool failHere(const std::string &Message) {
    skipBlanks();
    return fail(Pos, Pos + 1, Message);
  }

private:
  std::string_view Text;
  const SourceFile &File;
  uint32_t Base;
  DiagnosticEngine &Diags;
  size_t Pos = 0;
};

} // namespace

bool parseForeignSignature(std::string_view Text, const SourceFile &File, uint32_t BaseOffset,
                           TypeContext &Types, DiagnosticEngine &Diags, ForeignFunction &Out) {
  Reader R(Text, File, BaseOffset, Diags);
  R.skipBlanks();
  size_t RetBegin = R.pos();
  std::string_view Ret = R.identifier();
  if (Ret.empty())
    return R.failHere("expected a return type such as 'float32' or 'void'");
  if (Ret == "void" || Ret == "none")
    Out.Return = Types.none();
  else if (const ScalarType *S = scalarNamed(Ret, Types))
    Out.Return = S;
  else
    return R.fail(RetBegin, R.pos(),
                  "'" + std::string(Ret) + "' is not a return type a foreign function can have "
                  "(a scalar such as 'float32', or 'void')");
  if (!R.accept('('))
    return R.failHere("expected '(' after the return type");
  if (!R.accept(')')) {
    do {
      R.skipBlanks();
      size_t Begin = R.pos();
      std::string_view Name = R.identifier();
      ForeignParam P;
      if (Name == "voidptr") {
        P.K = ForeignParam::Kind::VoidPointer;
      } else if (Name == "CPointer") {
        if (!R.accept('('))
          return R.failHere("expected '(' after 'CPointer'");
        size_t PointeeBegin = R.pos();
        std::string_view Pointee = R.identifier();
        P.K = ForeignParam::Kind::Pointer;
        P.Ty = scalarNamed(Pointee, Types);
        if (!P.Ty)
          return R.fail(PointeeBegin, R.pos(),
                        "'" + std::string(Pointee) + "' is not a dtype a pointer can point to");
        if (!R.accept(')'))
          return R.failHere("expected ')' after the pointer's dtype");
      } else if (const ScalarType *S = scalarNamed(Name, Types)) {
        P.Ty = S;
      } else {
        return R.fail(Begin, R.pos(),
                      Name.empty() ? "expected a parameter type"
                                   : "'" + std::string(Name) +
                                         "' is not a parameter type a foreign function can have "
                                         "(a scalar, 'CPointer(dtype)' or 'voidptr')");
      }
      Out.Params.push_back(P);
      if (R.peek() == '[')
        return R.failHere("an array parameter is a pointer to its data in a foreign signature: "
                          "write 'CPointer(" + std::string(Name) + ")' and pass the array");
    } while (R.accept(','));
    if (!R.accept(')'))
      return R.failHere("expected ',' or ')' after a parameter type");
  }
  if (!R.atEnd())
    return R.failHere("unexpected text after the signature");
  return true;
}

} // namespace pykc::ir
