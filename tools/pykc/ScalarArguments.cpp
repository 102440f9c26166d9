//===- ScalarArguments.cpp - pykc run's scalar and tuple arguments --------===//
#include "ScalarArguments.h"

#include "DeclaredSignature.h"
#include "RunOptions.h"

#include <algorithm>
#include <cctype>

namespace pykc::driver {

std::optional<std::vector<std::string>> tupleElements(const std::string &Text) {
  if (Text.size() < 2 || Text.front() != '(' || Text.back() != ')')
    return std::nullopt;
  if (Text.find_first_not_of(" \t", 1) == Text.size() - 1)
    return std::vector<std::string>{}; // (), the empty tuple
  std::vector<std::string> Elements;
  std::string Current;
  int Depth = 0;
  bool Comma = false;
  for (size_t I = 1; I + 1 < Text.size(); ++I) {
    char C = Text[I];
    Depth += C == '(' ? 1 : C == ')' ? -1 : 0;
    if (Depth < 0)
      return std::nullopt;
    if (C == ',' && Depth == 0) {
      Comma = true;
      Elements.push_back(Current);
      Current.clear();
      continue;
    }
    Current += C;
  }
  if (!Comma || Depth != 0)
    return std::nullopt;
  auto Trim = [](std::string S) {
    size_t B = S.find_first_not_of(" \t"), E = S.find_last_not_of(" \t");
    return B == std::string::npos ? std::string() : S.substr(B, E - B + 1);
  };
  for (std::string &E : Elements)
    E = Trim(E);
  if (!Trim(Current).empty())
    Elements.push_back(Trim(Current)); // no trailing comma
  return Elements;
}

std::optional<std::pair<std::string, std::vector<std::string>>>
namedTupleElements(const std::string &Text) {
  size_t Open = Text.find('(');
  if (Open == std::string::npos || Open == 0 || Text.back() != ')')
    return std::nullopt;
  std::string Name = Text.substr(0, Open);
  if (std::isdigit(static_cast<unsigned char>(Name[0])) ||
      !std::all_of(Name.begin(), Name.end(),
                   [](char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }))
    return std::nullopt;
  std::string Inner = Text.substr(Open + 1, Text.size() - Open - 2);
  if (Inner.find_first_not_of(" \t") == std::string::npos)
    return std::pair{Name, std::vector<std::string>{}};
  // As a tuple display with a trailing comma, which makes one element a tuple too.
  auto Elements = tupleElements("(" + Inner + ",)");
  if (!Elements)
    return std::nullopt;
  return std::pair{Name, std::move(*Elements)};
}

std::optional<Argument> parseScalarArgument(const std::string &Text, std::string &Error) {
  Argument A;
  A.Spelling = Text;
  if (isEnumMemberSpelling(Text)) {
    A.EnumMember = Text;
    return A;
  }
  auto S = parseScalar(Text, Error);
  if (!S)
    return std::nullopt;
  A.ScalarType = S->Type;
  A.ScalarBits = S->Bits;
  A.ScalarImagBits = S->ImagBits;
  return A;
}

std::string scalarSignatureType(const Argument &A) {
  if (!A.IsTuple)
    return A.ScalarType;
  std::string S = A.TupleClass + "(";
  for (size_t I = 0; I < A.Elements.size(); ++I)
    S += (I ? ", " : "") + scalarSignatureType(A.Elements[I]);
  return S + (A.Elements.size() == 1 && A.TupleClass.empty() ? ",)" : ")");
}

const ir::Type *scalarArgumentType(const Argument &A, ir::TypeContext &Types) {
  if (A.IsTuple) {
    std::vector<const ir::Type *> Elements;
    for (const Argument &E : A.Elements)
      Elements.push_back(scalarArgumentType(E, Types));
    if (const std::vector<std::string> *Fields = Types.tupleClassFields(A.TupleClass))
      return Types.namedTuple(A.TupleClass, *Fields, Elements);
    return Types.tuple(Elements);
  }
  if (const ir::EnumType *E = Types.enumByName(A.ScalarType))
    return E;
  return Types.scalarByName(A.ScalarType);
}

void convertScalarArgument(Argument &A, const ir::Type *To, ir::TypeContext &Types) {
  if (auto *T = ir::dynCast<ir::TupleType>(To)) {
    for (size_t I = 0; I < A.Elements.size() && I < T->size(); ++I)
      convertScalarArgument(A.Elements[I], T->elements()[I], Types);
    return;
  }
  auto *S = ir::dynCast<ir::ScalarType>(To);
  const ir::ScalarType *FromType = Types.scalarByName(A.ScalarType);
  if (!S || !FromType)
    return; // an enum member is its class already
  const ir::ScalarType &From = *FromType;
  if (S->isComplex()) { // each part as a float; a real number's imaginary is 0
    const ir::ScalarType &Part = *Types.complexPart(S);
    const ir::ScalarType &FromPart = From.isComplex() ? *Types.complexPart(&From) : From;
    A.ScalarImagBits = From.isComplex() ? convertScalarBits(A.ScalarImagBits, FromPart, Part) : 0;
    A.ScalarBits = convertScalarBits(A.ScalarBits, FromPart, Part);
  } else {
    A.ScalarBits = convertScalarBits(A.ScalarBits, From, *S);
  }
  A.ScalarType = S->str();
}

void addScalarArgument(const Argument &A, KernelArgs &Params) {
  if (A.IsTuple) {
    for (const Argument &E : A.Elements)
      addScalarArgument(E, Params);
    return;
  }
  Params.addScalarBits(A.ScalarBits);
  if (A.isComplexScalar()) // KernelABI.h: real, then imaginary
    Params.addScalarBits(A.ScalarImagBits);
}

} // namespace pykc::driver
