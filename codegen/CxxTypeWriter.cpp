//===- codegen/CxxTypeWriter.cpp - The IR's data types as C++ -------------===//
//
// A record dtype becomes a struct whose members sit at NumPy's offsets:
// explicit padding where the layout has gaps, `__attribute__((packed))` for
// a record that is not aligned, and static_asserts on the size and every
// offset, so a compiler that would lay it out otherwise stops the build.
//
//===----------------------------------------------------------------------===//
#include "codegen/CxxTypeWriter.h"

#include "codegen/CudaSourceWriter.h"
#include "codegen/CxxKeywords.h"
#include "support/InternalError.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>

namespace pykc::codegen {

namespace {

/// The names the header itself uses at its namespace's scope.
bool takenByHeader(const std::string &S) {
  static const std::set<std::string> Taken = {"pykc", "pykc_impl", "compiled_module", "std"};
  return isCxxKeyword(S) || Taken.count(S);
}

/// \p S inside a C++ string literal: '"' and '\' escaped, a byte below ' '
/// as three octal digits (which, unlike \x, cannot run into the next).
std::string stringLiteral(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    unsigned char U = C;
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += C;
    } else if (U < 0x20 || U == 0x7f) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\%03o", unsigned(U));
      Out += Buf;
    } else {
      Out += C;
    }
  }
  return Out + "\"";
}

/// \p S on one line, for a comment (a field's name may hold a newline).
std::string oneLine(std::string S) {
  std::replace_if(S.begin(), S.end(), [](char C) { return C == '\n' || C == '\r'; }, ' ');
  return S;
}

} // namespace

std::string cxxName(const std::string &Py) { return takenByHeader(Py) ? Py + "_" : Py; }

bool isXoroshiroState(const ir::RecordType *R) {
  const auto &F = R->fields();
  auto U64 = [](const ir::Type *T) {
    auto *S = ir::dynCast<ir::ScalarType>(T);
    return S && S->scalarKind() == ir::ScalarKind::UInt64;
  };
  return R->size() == 16 && F.size() == 2 && F[0].Name == "s0" && F[0].Offset == 0 &&
         U64(F[0].Ty) && F[1].Name == "s1" && F[1].Offset == 8 && U64(F[1].Ty);
}

std::string CxxTypeWriter::identifier(const std::string &Py) const {
  return D == CxxDialect::Host ? cxxName(Py) : cudaIdentifier(Py);
}

std::string CxxTypeWriter::memberName(const std::string &Field) const {
  std::string N;
  for (char C : Field)
    N += std::isalnum(static_cast<unsigned char>(C)) || C == '_' ? C : '_';
  if (N.empty() || std::isdigit(static_cast<unsigned char>(N[0])))
    N = "_" + N;
  return (D == CxxDialect::Host ? takenByHeader(N) : isReservedCudaName(N)) ? N + "_" : N;
}

// --- Scalars ----------------------------------------------------------------

std::string CxxTypeWriter::scalar(const ir::ScalarType *S) {
  if (S->isBoolean())
    return "bool";
  if (S->isComplex())
    return complex(S);
  if (S->isFloat()) {
    if (S->bitWidth() == 16) {
      // Clang's and GCC's half type on the host; cuda_fp16.h's __half, as
      // Numba's float16 is, on the device.
      if (D == CxxDialect::Host)
        return "_Float16";
      UsesHalf = true;
      return "__half";
    }
    return S->bitWidth() == 32 ? "float" : "double";
  }
  return std::string(S->isSigned() ? "int" : "uint") + std::to_string(S->bitWidth()) + "_t";
}

std::string CxxTypeWriter::qualifiedScalar(const ir::ScalarType *S) {
  return (S->isBoolean() || S->isFloat() || S->isComplex() ? "" : "::std::") + scalar(S);
}

std::string CxxTypeWriter::complex(const ir::ScalarType *S) {
  // std::complex on the host, where the user's code computes with it;
  // the prelude's pykc_complex on the device, where std::complex's
  // functions are host code. Both are NumPy's layout: real, imaginary.
  const char *Part = S->bitWidth() == 64 ? "float>" : "double>";
  if (D == CxxDialect::Host)
    return std::string("::std::complex<") + Part;
  UsesComplex = true;
  return std::string("pykc_complex<") + Part;
}

std::string CxxTypeWriter::element(const ir::ArrayType *A) {
  if (auto *R = A->record())
    return record(R);
  return scalar(A->dtype());
}

// --- Records ----------------------------------------------------------------

std::string CxxTypeWriter::recordName(const ir::RecordType *R) const {
  R = R->writable();
  // The runtime's own struct for Numba's generator states, which its
  // create_xoroshiro128p_states fills.
  if (D == CxxDialect::Host && isXoroshiroState(R))
    return "::pykc::random::xoroshiro128p_state";
  const char *Prefix = D == CxxDialect::Host ? "" : "pykc_record_";
  if (!R->name().empty())
    return Prefix + identifier(R->name());
  // FNV-1a of Numba's spelling: the same name for the same layout.
  uint32_t H = 2166136261u;
  for (char C : R->str())
    H = (H ^ uint8_t(C)) * 16777619u;
  char Buf[16];
  std::snprintf(Buf, sizeof Buf, "record_%08x", H);
  return Prefix + std::string(Buf);
}

std::string CxxTypeWriter::record(const ir::RecordType *R) {
  R = R->writable();
  auto It = Records.find(R);
  if (It != Records.end())
    return It->second;
  std::string Name = recordName(R);
  if (D == CxxDialect::Host && isXoroshiroState(R)) {
    // Declared by pykc/Random.h; the module's name for it an alias.
    if (!R->name().empty() && identifier(R->name()) != "xoroshiro128p_state")
      Declarations << comment() << "numba.cuda.random's generator state (Numba's "
                   << "xoroshiro128p_dtype).\nusing " << identifier(R->name()) << " = " << Name
                   << ";\n";
  } else {
    writeRecord(R, Name);
  }
  Records[R] = Name;
  return Name;
}

void CxxTypeWriter::writeRecord(const ir::RecordType *R, const std::string &Name) {
  std::vector<const ir::RecordType::Field *> Fields;
  for (const ir::RecordType::Field &F : R->fields())
    Fields.push_back(&F);
  std::stable_sort(Fields.begin(), Fields.end(),
                   [](auto *A, auto *B) { return A->Offset < B->Offset; });
  std::ostringstream Members, Asserts;
  uint64_t End = 0;
  unsigned Pads = 0;
  auto Pad = [&](uint64_t To) {
    if (To > End)
      Members << "  unsigned char pykc_pad" << Pads++ << "[" << To - End << "];\n";
  };
  for (const ir::RecordType::Field *F : Fields) {
    if (F->Offset < End) { // a dict dtype whose fields share bytes: no struct says that
      std::string What = "a record whose fields overlap (" + R->str() + ")";
      if (Unsupported)
        Unsupported(What);
      PYKC_ICE(What + " reached the C++ type writer");
    }
    Pad(F->Offset);
    const ir::Type *T = F->Ty;
    std::string Dims;
    if (auto *N = ir::dynCast<ir::NestedArrayType>(T)) {
      for (int64_t Extent : N->shape())
        Dims += "[" + std::to_string(Extent) + "]";
      T = N->element();
    }
    std::string M = memberName(F->Name);
    auto *Inner = ir::dynCast<ir::RecordType>(T);
    Members << "  " << (Inner ? record(Inner) : scalar(ir::dynCast<ir::ScalarType>(T))) << " "
            << M << Dims << ";\n";
    Asserts << "static_assert(offsetof(" << Name << ", " << M << ") == " << F->Offset << ", "
            << stringLiteral("NumPy's offset of '" + F->Name + "'") << ");\n";
    End = F->Offset + ir::storageSize(F->Ty);
  }
  Pad(R->size());
  // The runtime's ArrayView and DeviceRecord take a struct so marked as a
  // record dtype (pykc/ArrayView.h); device code has no use for it.
  if (D == CxxDialect::Host)
    Members << "  static constexpr bool pykc_record_dtype = true;\n";
  Declarations << comment()
               << (R->name().empty() ? "A record dtype" : "The module's dtype " + R->name())
               << ": " << oneLine(R->str()) << "\nstruct "
               << (R->aligned() ? "" : "__attribute__((packed)) ") << Name << " {\n"
               << Members.str() << "};\nstatic_assert(sizeof(" << Name << ") == " << R->size()
               << ", \"NumPy's itemsize\");\n"
               << Asserts.str();
}

// --- Tuples and enums -------------------------------------------------------

std::string CxxTypeWriter::tuple(const ir::TupleType *T, const ElementFn &Element) {
  if (auto It = Tuples.find(T); It != Tuples.end())
    return It->second;
  std::vector<std::string> Elements;
  for (const ir::Type *E : T->elements()) {
    auto *Tu = ir::dynCast<ir::TupleType>(E);
    std::string Text = Tu ? tuple(Tu, Element) : Element(E);
    while (!Text.empty() && Text.back() == ' ')
      Text.pop_back();
    Elements.push_back(Text);
  }
  if (D == CxxDialect::Host) {
    // What the user's code makes: std::forward_as_tuple(2.5f, a).
    std::string S = "::std::tuple<";
    for (size_t I = 0; I < Elements.size(); ++I)
      S += (I ? ", " : "") + Elements[I];
    return S + ">";
  }
  // std::tuple is host code: one struct per tuple type.
  std::string Name = "pykc_tuple" + std::to_string(Tuples.size());
  Declarations << comment() << oneLine(T->str()) << "\nstruct " << Name << " {\n";
  for (size_t I = 0; I < Elements.size(); ++I)
    Declarations << "  " << Elements[I] << " e" << I << ";\n";
  Declarations << "};\n";
  Tuples[T] = Name;
  return Name;
}

std::string CxxTypeWriter::enumType(const ir::EnumType *E) {
  // The kernel receives a member's value (for a class whose values are
  // not ints, its index): the header's callers name the member, device
  // code computes with the value.
  if (D == CxxDialect::Cuda)
    return "int64_t";
  auto It = Enums.find(E);
  if (It != Enums.end())
    return It->second;
  std::string Name = identifier(E->name());
  Declarations << comment() << "The module's enum.Enum " << E->name() << ".\n";
  Declarations << "enum class " << Name << " : ::std::int64_t {";
  for (size_t I = 0; I < E->members().size(); ++I)
    Declarations << (I ? ", " : " ") << identifier(E->members()[I].first) << " = "
                 << E->members()[I].second;
  Declarations << " };\n";
  Enums[E] = Name;
  return Name;
}

std::string CxxTypeWriter::takeDeclarations() {
  std::string S = Declarations.str();
  Declarations.str("");
  return S;
}

} // namespace pykc::codegen
