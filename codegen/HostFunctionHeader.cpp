//===- codegen/HostFunctionHeader.cpp - @njit functions in the header -----===//
#include "codegen/HostFunctionHeader.h"

#include "codegen/HostObject.h"
#include "ir/IRWalk.h"
#include "ir/Signature.h"
#include "support/InternalError.h"

#include <map>
#include <set>

namespace pykc::codegen {

namespace {

/// The variable an array expression reads, through views of it.
const ir::Variable *rootVariable(const ir::Expr *E) {
  while (true) {
    if (auto *V = ir::dynCast<ir::ArrayViewExpr>(E))
      E = V->Array;
    else if (auto *R = ir::dynCast<ir::ArrayReinterpretExpr>(E))
      E = R->Array;
    else
      break;
  }
  auto *Ref = ir::dynCast<ir::VarRefExpr>(E);
  return Ref ? Ref->Var : nullptr;
}

/// Whether \p F may write the array its parameter \p P holds: a store or
/// an atomic through it, or it goes somewhere a write cannot be ruled out
/// (another variable, a call whose parameter is written, a parallel loop's
/// body that writes it).
bool mayWrite(const ir::Function &F, const ir::Variable *P, unsigned Depth = 0) {
  if (Depth > 16)
    return true;
  // A record of the array may be written through a reference to it: not
  // followed here.
  if (auto *A = ir::dynCast<ir::ArrayType>(P->Ty); A && A->record())
    return true;
  bool Writes = false;
  forEachNode(F.Body, [&](const ir::Node &N) {
    if (Writes)
      return;
    if (auto *S = ir::dynCast<ir::StoreStmt>(&N))
      Writes = rootVariable(S->Array) == P;
    else if (auto *A = ir::dynCast<ir::AtomicRMWExpr>(&N))
      Writes = rootVariable(A->Array) == P;
    else if (auto *A = ir::dynCast<ir::AssignStmt>(&N))
      Writes = ir::dynCast<ir::ArrayType>(A->Value->Ty) && rootVariable(A->Value) == P;
    else if (auto *C = ir::dynCast<ir::CallExpr>(&N)) {
      for (size_t I = 0; I < C->Args.size() && !Writes; ++I)
        Writes = rootVariable(C->Args[I]) == P && mayWrite(*C->Callee, C->Callee->Params[I], Depth + 1);
    } else if (auto *L = ir::dynCast<ir::ParallelForExpr>(&N)) {
      // The body's last parameters are the captures.
      size_t First = L->Body->Params.size() - L->Captures.size();
      for (size_t I = 0; I < L->Captures.size() && !Writes; ++I)
        Writes = rootVariable(L->Captures[I]) == P &&
                 mayWrite(*L->Body, L->Body->Params[First + I], Depth + 1);
    }
  });
  return Writes;
}

std::string cxxType(CxxTypeWriter &Types, const ir::Type *Ty) {
  if (auto *O = ir::dynCast<ir::OptionalType>(Ty)) // None is std::nullopt
    return "::std::optional<" + cxxType(Types, O->base()) + ">";
  if (auto *T = ir::dynCast<ir::TupleType>(Ty))
    return Types.tuple(T, [&](const ir::Type *E) { return cxxType(Types, E); });
  if (auto *S = ir::dynCast<ir::ScalarType>(Ty))
    return Types.qualifiedScalar(S);
  if (!Ty || Ty->kind() == ir::TypeKind::None)
    return "void";
  PYKC_ICE("an @njit function's result of type " + Ty->str() + " reached the header writer");
}

/// The C++ expression of the result's value from its 64-bit slots.
std::string resultValue(CxxTypeWriter &Types, const ir::Type *Ty, unsigned &Slot) {
  if (auto *O = ir::dynCast<ir::OptionalType>(Ty)) {
    std::string Holds = "pykc_result[" + std::to_string(Slot++) + "] != 0";
    std::string Value = resultValue(Types, O->base(), Slot);
    return "(" + Holds + " ? " + cxxType(Types, Ty) + "(" + Value + ") : " + cxxType(Types, Ty) + "())";
  }
  if (auto *T = ir::dynCast<ir::TupleType>(Ty)) {
    std::string S = cxxType(Types, Ty) + "{";
    for (size_t I = 0; I < T->size(); ++I)
      S += (I ? ", " : "") + resultValue(Types, T->elements()[I], Slot);
    return S + "}";
  }
  auto *S = ir::dynCast<ir::ScalarType>(Ty);
  if (S->isComplex()) { // two slots: the real part's bits, the imaginary's
    unsigned Bits = S->bitWidth() / 2;
    std::string Part = Bits == 32 ? "float" : "double", Parts;
    for (int I = 0; I < 2; ++I)
      Parts += std::string(I ? ", " : "") + "::std::bit_cast<" + Part + ">(static_cast<::std::uint" +
               std::to_string(Bits) + "_t>(pykc_result[" + std::to_string(Slot++) + "]))";
    return cxxType(Types, S) + "{" + Parts + "}";
  }
  std::string V = "pykc_result[" + std::to_string(Slot++) + "]";
  if (S->isBoolean())
    return "(" + V + " != 0)";
  if (S->isFloat()) {
    unsigned Bits = S->bitWidth();
    return "::std::bit_cast<" + Types.scalar(S) + ">(static_cast<::std::uint" +
           std::to_string(Bits) + "_t>(" + V + "))";
  }
  return "static_cast<" + cxxType(Types, S) + ">(" + V + ")";
}

} // namespace

bool hasHostFunctions(const ir::Module &IR) {
  for (const auto &F : IR.functions())
    if (F->HostEntry)
      return true;
  return false;
}

void writeHostEntryDeclarations(std::ostream &OS, const ir::Module &IR,
                                const std::string &Namespace) {
  for (const auto &F : IR.functions())
    if (F->HostEntry)
      OS << "extern \"C\" const char *" << hostEntrySymbol(Namespace, F->SymbolName)
         << "(void **, void *);\n";
}

void writeHostFunctions(std::ostream &OS, CxxTypeWriter &Types, const ir::Module &IR,
                        const std::string &Namespace) {
  std::set<std::string> Written; // C++ signatures: one function each
  std::map<std::string, unsigned> Signatures; // per Python name
  for (const auto &F : IR.functions())
    Signatures[F->PyName] += F->HostEntry;
  for (const auto &F : IR.functions()) {
    if (!F->HostEntry)
      continue;
    std::string Params, Slots;
    for (const ir::Variable *P : F->Params) {
      std::string Name = cxxName(P->Name);
      Params += Params.empty() ? "" : ", ";
      if (auto *A = ir::dynCast<ir::ArrayType>(P->ArgType)) {
        std::string Elt = Types.element(A);
        Params += "::pykc::HostArray<" + std::string(mayWrite(*F, P) ? "" : "const ") + Elt +
                  ", " + std::to_string(A->ndim()) + "> " + Name;
        Slots += "&" + Name + ".data, ";
        for (unsigned D = 0; D < A->ndim(); ++D)
          Slots += "&" + Name + ".shape[" + std::to_string(D) + "], ";
        for (unsigned D = 0; D < A->ndim(); ++D)
          Slots += "&" + Name + ".strides[" + std::to_string(D) + "], ";
      } else if (ir::kernelSlots(P->ArgType) == 2) {
        // A complex: its parts, which std::complex lays out as an array.
        Params += cxxType(Types, P->ArgType) + " " + Name;
        std::string Parts = "reinterpret_cast<" + cxxType(Types, P->ArgType) + "::value_type *>(&" + Name + ")";
        Slots += Parts + ", " + Parts + " + 1, ";
      } else {
        Params += cxxType(Types, P->ArgType) + " " + Name;
        Slots += "&" + Name + ", ";
      }
    }
    std::string Ret = cxxType(Types, F->ReturnType);
    std::string Key = cxxName(F->PyName) + "(" + Params + ")";
    // A function compiled for several signatures has C++ overloads, and
    // each signature also its symbol's name: signatures that differ only
    // in layout have one C++ signature, whose plain name is the first's.
    std::vector<std::string> Names;
    if (Written.insert(Key).second)
      Names.push_back(cxxName(F->PyName));
    if (Signatures[F->PyName] > 1)
      Names.push_back(F->SymbolName);
    for (const std::string &Name : Names) {
      OS << "/// @njit " << F->PyName << kernelSignatureText(*F) << " -> "
         << ir::signatureSpelling(F->ReturnType) << ", run on the calling thread"
         << (F->Parallel ? " (its prange loops on the runtime's threads)" : "") << ".\n";
      OS << "inline " << Ret << " " << Name << "(" << Params << ") {\n";
      OS << "  void *pykc_args[] = {" << (Slots.empty() ? "nullptr" : Slots.substr(0, Slots.size() - 2))
         << "};\n";
      unsigned N = ir::scalarCount(F->ReturnType);
      OS << "  ::std::uint64_t pykc_result[" << (N ? N : 1) << "] = {};\n";
      OS << "  if (const char *pykc_raised = " << hostEntrySymbol(Namespace, F->SymbolName)
         << "(pykc_args, pykc_result))\n";
      OS << "    throw ::pykc::Error(::pykc::ErrorCode::Kernel, pykc_raised);\n";
      if (N) {
        unsigned Slot = 0;
        OS << "  return " << resultValue(Types, F->ReturnType, Slot) << ";\n";
      }
      OS << "}\n\n";
    }
  }
}

} // namespace pykc::codegen
