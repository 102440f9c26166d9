//===- codegen/HeaderWriter.cpp - Writing the typed C++ header ------------===//
#include "codegen/HeaderWriter.h"

#include "codegen/CxxKeywords.h"
#include "codegen/CxxTypeWriter.h"
#include "codegen/HostFunctionHeader.h"
#include "codegen/HostObject.h"
#include "ir/Signature.h"
#include "support/InternalError.h"

#include <pykc/ModuleABI.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <sstream>

namespace pykc::codegen {

namespace {

// --- What the module has -----------------------------------------------------

/// The records kernel parameters hold (arrays of them, records, in
/// tuples), each after the records nested in it.
std::vector<const ir::RecordType *> kernelRecords(const ir::Module &IR) {
  std::vector<const ir::RecordType *> Out;
  std::function<void(const ir::Type *)> Visit = [&](const ir::Type *T) {
    if (auto *A = ir::dynCast<ir::ArrayType>(T))
      return Visit(A->element());
    if (auto *N = ir::dynCast<ir::NestedArrayType>(T))
      return Visit(N->element());
    if (auto *Tu = ir::dynCast<ir::TupleType>(T)) {
      for (const ir::Type *E : Tu->elements())
        Visit(E);
      return;
    }
    auto *R = ir::dynCast<ir::RecordType>(T);
    if (!R || std::find(Out.begin(), Out.end(), R->writable()) != Out.end())
      return;
    for (const ir::RecordType::Field &F : R->fields())
      Visit(F.Ty);
    Out.push_back(R->writable());
  };
  for (const auto &F : IR.functions())
    if (F->Kind == ir::FunctionKind::Kernel || F->HostEntry)
      for (const ir::Variable *P : F->Params)
        Visit(P->ArgType);
  return Out;
}

/// The enum classes (Enum, IntEnum) kernel parameters take.
std::vector<const ir::EnumType *> kernelEnums(const ir::Module &IR) {
  std::vector<const ir::EnumType *> Enums;
  for (const auto &F : IR.functions())
    if (F->Kind == ir::FunctionKind::Kernel)
      for (const ir::Variable *P : F->Params)
        if (auto *E = ir::dynCast<ir::EnumType>(P->ArgType);
            E && std::find(Enums.begin(), Enums.end(), E) == Enums.end())
          Enums.push_back(E);
  return Enums;
}


/// Whether a kernel or @njit function of \p IR takes or returns a complex
/// (its header then needs pykc/Complex.h).
bool usesComplex(const ir::Module &IR) {
  std::function<bool(const ir::Type *)> InRecord = [&](const ir::Type *T) {
    if (auto *N = ir::dynCast<ir::NestedArrayType>(T))
      T = N->element();
    if (auto *R = ir::dynCast<ir::RecordType>(T)) {
      for (const ir::RecordType::Field &F : R->fields())
        if (InRecord(F.Ty))
          return true;
      return false;
    }
    auto *S = ir::dynCast<ir::ScalarType>(T);
    return S && S->isComplex();
  };
  auto Complex = [&](const ir::Type *T) {
    if (auto *A = ir::dynCast<ir::ArrayType>(T))
      T = A->element();
    if (ir::dynCast<ir::RecordType>(T))
      return InRecord(T);
    if (auto *Tu = ir::dynCast<ir::TupleType>(T))
      for (const ir::Type *E : Tu->elements())
        if (auto *S = ir::dynCast<ir::ScalarType>(E); S && S->isComplex())
          return true;
    auto *S = ir::dynCast<ir::ScalarType>(T);
    return S && S->isComplex();
  };
  for (const auto &F : IR.functions()) {
    if (F->Kind != ir::FunctionKind::Kernel && !F->HostEntry)
      continue;
    if (F->HostEntry && Complex(F->ReturnType))
      return true;
    for (const ir::Variable *P : F->Params)
      if (Complex(P->ArgType))
        return true;
  }
  return false;
}

/// Whether a kernel takes a tuple (its header then needs <tuple>).
bool usesTuples(const ir::Module &IR) {
  for (const auto &F : IR.functions())
    if (F->Kind == ir::FunctionKind::Kernel)
      for (const ir::Variable *P : F->Params)
        if (ir::dynCast<ir::TupleType>(P->ArgType))
          return true;
  return false;
}

/// The C++ parameter type: `const ::pykc::ArrayView<float, 2> &` (a
/// pykc::DeviceArray is one; so is a view of someone else's memory) or a
/// scalar type taken by value; a tuple's std::tuple holds numbers and
/// tuples by value, arrays by reference (std::forward_as_tuple(2.5f, a)
/// makes one).
std::string paramType(CxxTypeWriter &Types, const ir::Type *Ty) {
  if (auto *A = ir::dynCast<ir::ArrayType>(Ty))
    return "const ::pykc::ArrayView<" + Types.element(A) + ", " + std::to_string(A->ndim()) +
           "> &";
  if (auto *R = ir::dynCast<ir::RecordType>(Ty)) // passed by reference, in device memory
    return "const ::pykc::DeviceRecord<" + Types.record(R) + "> &";
  if (auto *S = ir::dynCast<ir::ScalarType>(Ty))
    return Types.qualifiedScalar(S) + " ";
  if (auto *E = ir::dynCast<ir::EnumType>(Ty))
    return Types.enumType(E) + " ";
  if (auto *T = ir::dynCast<ir::TupleType>(Ty)) // flattened by pykc/Kernel.h
    return "const " +
           Types.tuple(T, [&](const ir::Type *E) { return paramType(Types, E); }) + " &";
  PYKC_ICE("kernel parameter of type " + Ty->str() + " reached the header writer");
}

/// The layout a launch must check for an array parameter ("" for none).
std::string layoutCheck(const ir::Type *Ty) {
  auto *A = ir::dynCast<ir::ArrayType>(Ty);
  if (!A || A->ndim() < 2 || A->layout() == ir::ArrayLayout::A)
    return "";
  return A->layout() == ir::ArrayLayout::C ? "::pykc::Layout::C" : "::pykc::Layout::F";
}

unsigned layoutRequirements(const ir::Function &F) {
  unsigned N = 0;
  for (const ir::Variable *P : F.Params)
    N += !layoutCheck(P->ArgType).empty();
  return N;
}

struct Signature {
  const ir::Function *F;
  unsigned Index; ///< In the object's kernel table.
};

/// `kernelParams` of one signature, for the ABI comment.
std::string abiComment(CxxTypeWriter &Types, const ir::Function &F) {
  std::string S;
  for (const ir::Variable *P : F.Params) {
    std::string Piece;
    if (auto *A = ir::dynCast<ir::ArrayType>(P->ArgType)) {
      unsigned N = A->ndim();
      Piece = P->Name + ": data (" + Types.element(A) + "*), shape[" + std::to_string(N) +
              "], strides[" + std::to_string(N) + "] (int64_t, bytes)";
    } else if (ir::dynCast<ir::TupleType>(P->ArgType)) {
      Piece = P->Name + ": its elements' parameters in order (" +
              ir::signatureSpelling(P->ArgType) + ")";
    } else if (auto *E = ir::dynCast<ir::EnumType>(P->ArgType)) {
      Piece = P->Name + ": int64_t (a " + E->name() + " member's value)";
    } else if (auto *R = ir::dynCast<ir::RecordType>(P->ArgType)) {
      Piece = P->Name + ": " + Types.recordName(R) + "* (the record, in device memory)";
    } else if (auto *S = ir::dynCast<ir::ScalarType>(P->ArgType); S && S->isComplex()) {
      const char *Part = S->bitWidth() == 64 ? "float" : "double";
      Piece = P->Name + ": real, imag (" + Part + " each)";
    } else {
      Piece = P->Name + ": " + Types.scalar(ir::dynCast<ir::ScalarType>(P->ArgType));
    }
    S += (S.empty() ? "" : "; ") + Piece;
  }
  return S.empty() ? "none" : S;
}

/// One call operator for signatures whose C++ parameter types are the same
/// (they differ in layout only): the first whose layouts the arrays satisfy
/// runs; the most specific signatures are tried first.
void writeCallOperator(std::ostream &OS, CxxTypeWriter &Types, std::vector<Signature> Group) {
  std::sort(Group.begin(), Group.end(), [](const Signature &A, const Signature &B) {
    unsigned RA = layoutRequirements(*A.F), RB = layoutRequirements(*B.F);
    return RA != RB ? RA > RB : A.Index < B.Index;
  });
  const ir::Function &First = *Group.front().F;
  OS << "    /// " << First.PyName << kernelSignatureText(First);
  for (size_t I = 1; I < Group.size(); ++I)
    OS << ", or " << kernelSignatureText(*Group[I].F);
  OS << "\n    void operator()(";
  std::vector<std::string> Names;
  for (size_t I = 0; I < First.Params.size(); ++I) {
    Names.push_back(cxxName(First.Params[I]->Name));
    OS << (I ? ", " : "") << paramType(Types, First.Params[I]->ArgType) << Names.back();
  }
  OS << ") const {\n";
  for (size_t G = 0; G < Group.size(); ++G) {
    const Signature &Sig = Group[G];
    bool Last = G + 1 == Group.size();
    std::string Call = "this->run(" + std::to_string(Sig.Index), Condition;
    for (size_t I = 0; I < Names.size(); ++I) {
      std::string Layout = layoutCheck(Sig.F->Params[I]->ArgType);
      if (Layout.empty())
        Call += ", " + Names[I];
      else if (Last) // The last candidate reports a mismatch.
        Call += ", this->requireLayout<" + Layout + ">(" + Names[I] + ", " +
                std::to_string(Sig.Index) + ", " + std::to_string(I) + ")";
      else {
        Call += ", " + Names[I];
        Condition += (Condition.empty() ? "" : " && ") + std::string("::pykc::hasLayout<") +
                     Layout + ">(" + Names[I] + ")";
      }
    }
    Call += ")";
    if (Condition.empty()) {
      // Takes any arrays: later candidates could never run.
      OS << "      " << Call << ";\n";
      break;
    }
    OS << "      if (" << Condition << ")\n        return " << Call << ";\n";
  }
  OS << "    }\n";
}

/// A kernel object type named Struct with one call operator per distinct
/// C++ parameter list of Sigs.
void writeKernelStruct(std::ostream &OS, CxxTypeWriter &Types, const std::string &Struct,
                       const std::vector<Signature> &Sigs) {
  OS << "struct " << Struct << " {\n";
  OS << "  struct launch : ::pykc::PendingLaunch {\n";
  OS << "    using PendingLaunch::PendingLaunch;\n";
  std::vector<std::pair<std::string, std::vector<Signature>>> Groups;
  for (const Signature &S : Sigs) {
    std::string Key;
    for (const ir::Variable *P : S.F->Params)
      Key += paramType(Types, P->ArgType) + ",";
    auto It = std::find_if(Groups.begin(), Groups.end(), [&](auto &G) { return G.first == Key; });
    if (It == Groups.end())
      Groups.push_back({Key, {S}});
    else
      It->second.push_back(S);
  }
  for (auto &[Key, Group] : Groups)
    writeCallOperator(OS, Types, Group);
  OS << "  };\n";
  OS << "  /// kernel[{grid, block}] or kernel[{grid, block, shared_bytes, stream}]\n";
  OS << "  launch operator[](const ::pykc::LaunchConfig &Config) const {\n";
  OS << "    return launch(compiled_module, Config);\n";
  OS << "  }\n";
  OS << "};\n";
}

/// The classes around a kernel of a class body as a C++ namespace path,
/// and its own name: Ops.scale is {"Ops", "scale"}, Outer.Inner.k
/// {"Outer::Inner", "k"}, a module-level kernel {"", name}.
std::pair<std::string, std::string> classAndLeaf(const std::string &PyName) {
  size_t Dot = PyName.rfind('.');
  if (Dot == std::string::npos)
    return {"", cxxName(PyName)};
  std::string Class;
  size_t Start = 0;
  for (size_t End; (End = PyName.find('.', Start)) != std::string::npos && End <= Dot;
       Start = End + 1)
    Class += (Class.empty() ? "" : "::") + cxxName(PyName.substr(Start, End - Start));
  return {Class, cxxName(PyName.substr(Dot + 1))};
}

/// The name of a kernel's struct in pykc_impl: Ops.scale is Ops__scale, as
/// its symbol.
std::string implName(const std::string &PyName) {
  std::string S;
  for (char C : PyName)
    S += C == '.' ? std::string("__") : std::string(1, C);
  return cxxName(S);
}

/// A reduction's kernels for one dtype: their indices in the kernel table.
struct ReduceEntry {
  const ir::ScalarType *Dtype = nullptr;
  unsigned Gpu = 0, Cpu = 0;
};

/// One object per @cuda.reduce function, callable like Numba's reduction:
/// ns::sum_reduce(array, {.init = ..., .size = ..., .res = ..., .stream = ...})
/// for each dtype it was compiled for, on device memory (a DeviceArray or any
/// 1-d ArrayView, reduced in place) and host spans (of any size: streamed,
/// optionally within given StreamLimits). The device form is a template
/// constrained to views, so a std::span<T> or a std::vector still means host
/// values (ArrayView's constructor from a span would make them ambiguous).
void writeReduceStruct(std::ostream &OS, CxxTypeWriter &Types, const std::string &Name,
                       const std::vector<ReduceEntry> &Entries) {
  OS << "struct " << cxxName(Name) << "_reduction {\n";
  for (const ReduceEntry &E : Entries) {
    std::string T = Types.scalar(E.Dtype);
    std::string Kernels = "::pykc::ReduceKernels(compiled_module, " + std::to_string(E.Gpu) + ", " +
                          std::to_string(E.Cpu) + ")";
    OS << "  /// " << Name << " over " << E.Dtype->str() << " values (kernels " << E.Gpu << ", "
       << E.Cpu << ")\n";
    OS << "  template <::pykc::ArrayViewOf<" << T << ", 1> Array>\n";
    OS << "  " << T << " operator()(const Array &array, const ::pykc::ReduceOptions<" << T
       << "> &options = {}) const {\n";
    OS << "    return ::pykc::reduce(" << Kernels << ", array, options);\n  }\n";
    OS << "  " << T << " operator()(::std::span<const " << T
       << "> array, const ::pykc::ReduceOptions<" << T << "> &options = {}) const {\n";
    OS << "    return ::pykc::reduce(" << Kernels << ", array, options);\n  }\n";
    // Host arrays stream through the device: with chosen limits, and a
    // report of the chunks, for benchmarks.
    OS << "  " << T << " operator()(::std::span<const " << T
       << "> array, const ::pykc::ReduceOptions<" << T
       << "> &options, const ::pykc::StreamLimits &limits, ::pykc::StreamReport *report = "
          "nullptr) const {\n";
    OS << "    return ::pykc::reduce(" << Kernels << ", array, options, limits, report);\n  }\n";
  }
  OS << "};\n";
}

} // namespace

std::string defaultNamespace(const std::string &SourcePath) {
  std::string Stem = SourcePath;
  size_t Slash = Stem.find_last_of('/');
  if (Slash != std::string::npos)
    Stem = Stem.substr(Slash + 1);
  size_t Dot = Stem.rfind('.');
  if (Dot != std::string::npos && Dot > 0)
    Stem = Stem.substr(0, Dot);
  for (char &C : Stem)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_')
      C = '_';
  if (Stem.empty() || std::isdigit(static_cast<unsigned char>(Stem[0])))
    Stem = "_" + Stem;
  return isCxxKeyword(Stem) || Stem == "pykc" || Stem == "std" ? Stem + "_" : Stem;
}

namespace {

/// A module's kernels in table order, grouped by Python name in order of
/// appearance; reductions' kernels apart, by operator and dtype.
struct KernelTable {
  std::vector<std::pair<std::string, std::vector<Signature>>> Kernels;
  std::vector<std::pair<std::string, std::vector<ReduceEntry>>> Reductions;
};

KernelTable kernelTable(const ir::Module &IR) {
  KernelTable T;
  auto &[Kernels, Reductions] = T;
  unsigned Index = 0;
  for (const auto &F : IR.functions()) {
    if (F->Kind != ir::FunctionKind::Kernel)
      continue;
    if (F->Reduce) {
      auto It = std::find_if(Reductions.begin(), Reductions.end(),
                             [&](auto &R) { return R.first == F->Reduce->Operator; });
      if (It == Reductions.end())
        It = Reductions.insert(Reductions.end(), {F->Reduce->Operator, {}});
      auto E = std::find_if(It->second.begin(), It->second.end(),
                            [&](auto &X) { return X.Dtype == F->Reduce->Dtype; });
      if (E == It->second.end())
        E = It->second.insert(It->second.end(), ReduceEntry{F->Reduce->Dtype});
      (F->Reduce->K == ir::ReduceKernel::Kind::Cpu ? E->Cpu : E->Gpu) = Index++;
      continue;
    }
    auto It = std::find_if(Kernels.begin(), Kernels.end(),
                           [&](auto &K) { return K.first == F->PyName; });
    if (It == Kernels.end())
      Kernels.push_back({F->PyName, {{F.get(), Index}}});
    else
      It->second.push_back({F.get(), Index});
    ++Index;
  }
  return T;
}

/// The comment at the top: what the header is, how it was made, how to
/// use it.
void writeBanner(std::ostream &OS, const HeaderInfo &Info) {
  std::string Symbol = moduleSymbol(Info.Namespace);
  OS << "// C++ launchers for the kernels of " << Info.SourcePath << ".\n";
  OS << "// Generated by pykc " << Info.Version << "; do not edit:\n";
  OS << "//   " << Info.CommandLine << "\n";
  OS << "//\n";
  OS << "// Link " << Info.ObjectPath << " and the pykc runtime (libpykcRuntime), then\n";
  OS << "//   " << Info.Namespace << "::KERNEL[{grid, block}](args...);\n";
  OS << "//   " << Info.Namespace << "::KERNEL[{grid, block, shared_bytes, stream}](args...);\n";
  OS << "// grid and block are integers or pykc::Dim3{x, y, z}; arrays are\n";
  OS << "// pykc::ArrayView<T, N> on the launching device (a pykc::DeviceArray,\n";
  OS << "// or a view of memory from elsewhere: pykc/ArrayView.h); launches are\n";
  OS << "// asynchronous on a GPU (pykc::synchronize() waits).\n";
  OS << "//\n";
  OS << "// Driver-API users: " << Symbol << ".images holds the GPU code\n";
  OS << "// (cuModuleLoadData) and .kernels the entry symbols; parameters are\n";
  OS << "// flattened as pykc/KernelABI.h says and listed per kernel below.\n";
}

/// The #includes the header's types need, the module's image and stamp.
void writeIncludes(std::ostream &OS, const ir::Module &IR, const HeaderInfo &Info,
                   const KernelTable &T) {
  std::string Symbol = moduleSymbol(Info.Namespace);
  OS << "#pragma once\n\n";
  OS << "#include <pykc/Kernel.h>\n";
  if (usesComplex(IR))
    OS << "#include <pykc/Complex.h>\n";
  if (std::vector<const ir::RecordType *> Records = kernelRecords(IR); !Records.empty()) {
    if (std::any_of(Records.begin(), Records.end(), isXoroshiroState))
      OS << "#include <pykc/Random.h>\n";
    OS << "\n#include <cstddef>\n#include <cstdint>\n";
  }
  if (usesTuples(IR))
    OS << "\n#include <tuple>\n";
  if (!T.Reductions.empty())
    OS << "#include <pykc/Reduce.h>\n\n#include <span>\n";
  if (hasHostFunctions(IR))
    OS << "#include <pykc/HostArray.h>\n\n#include <bit>\n#include <cstdint>\n#include <optional>\n#include <tuple>\n";
  OS << "\n";
  OS << "extern \"C\" const pykc_module_image " << Symbol << ";\n";
  if (!Info.StampSymbol.empty()) {
    OS << "\n// " << Info.HeaderPath << " and " << Info.ObjectPath
       << " must come from the same pykc run. This header\n";
    OS << "// references " << Info.StampSymbol << ", which only the object of\n";
    OS << "// that run defines (a hash of the compilation; " << PYKC_ABI_VERSION
       << ": the runtime ABI version).\n";
    OS << "// An undefined reference to it at link time means " << Info.HeaderPath << " and "
       << Info.ObjectPath << "\n";
    OS << "// come from different pykc runs, or the object is for another runtime:\n";
    OS << "// rebuild both with the command above.\n";
    OS << "extern \"C\" const void *const " << Info.StampSymbol << ";\n";
    OS << "__attribute__((used)) static const void *const *const " << Info.StampSymbol
       << "_reference = &" << Info.StampSymbol << ";\n";
  }
}

/// The enum classes and record structs kernel parameters take, each
/// followed by an empty line.
void writeTypes(std::ostream &OS, CxxTypeWriter &Types, const ir::Module &IR) {
  for (const ir::EnumType *E : kernelEnums(IR)) {
    Types.enumType(E);
    OS << Types.takeDeclarations() << "\n";
  }
  // Each after the records nested in it, so each writes one declaration.
  for (const ir::RecordType *R : kernelRecords(IR)) {
    Types.record(R);
    if (std::string D = Types.takeDeclarations(); !D.empty())
      OS << D << "\n";
  }
}

/// pykc_impl: the module's registration, a struct per kernel and per
/// reduction.
void writeImpl(std::ostream &OS, CxxTypeWriter &Types, const HeaderInfo &Info,
               const KernelTable &T) {
  std::string Symbol = moduleSymbol(Info.Namespace);
  OS << "namespace pykc_impl {\n";
  OS << "inline constinit ::pykc::Module compiled_module{" << Symbol << "};\n\n";
  for (const auto &[Name, Sigs] : T.Kernels) {
    for (const Signature &S : Sigs) {
      OS << "// Entry " << S.Index << ": " << S.F->PyName << kernelSignatureText(*S.F)
         << ", symbol \"" << S.F->SymbolName << "\"\n";
      OS << "//   kernelParams: " << abiComment(Types, *S.F) << "\n";
    }
    writeKernelStruct(OS, Types, implName(Name) + "_kernel", Sigs);
    if (Sigs.size() > 1)
      for (const Signature &S : Sigs)
        writeKernelStruct(OS, Types, S.F->SymbolName + "_kernel", {S});
    OS << "\n";
  }
  for (const auto &[Name, Entries] : T.Reductions) {
    OS << "// @cuda.reduce " << Name << "\n";
    writeReduceStruct(OS, Types, Name, Entries);
    OS << "\n";
  }
  OS << "} // namespace pykc_impl\n\n";
}

/// The kernel and reduction objects the user calls.
void writeObjects(std::ostream &OS, const KernelTable &T) {
  // A kernel of a class body, Ops.scale, is NS::Ops::scale: the class a
  // namespace, opened once for its kernels that follow each other.
  std::string Open;
  auto Enter = [&](const std::string &Class) {
    if (Class == Open)
      return;
    if (!Open.empty())
      OS << "} // namespace " << Open << "\n";
    if (!Class.empty())
      OS << "namespace " << Class << " {\n";
    Open = Class;
  };
  for (const auto &[Name, Sigs] : T.Kernels) {
    auto [Class, Leaf] = classAndLeaf(Name);
    Enter(Class);
    OS << "inline constexpr pykc_impl::" << implName(Name) << "_kernel " << Leaf << "{};\n";
    if (Sigs.size() > 1)
      for (const Signature &S : Sigs) {
        // The symbol Ops__scale__float64_1dA is Ops::scale__float64_1dA.
        std::string Own = S.F->SymbolName.substr(
            Class.empty() ? 0 : implName(Name.substr(0, Name.rfind('.'))).size() + 2);
        OS << "inline constexpr pykc_impl::" << S.F->SymbolName << "_kernel " << Own << "{};\n";
      }
  }
  Enter("");
  for (const auto &[Name, Entries] : T.Reductions)
    OS << "inline constexpr pykc_impl::" << cxxName(Name) << "_reduction " << cxxName(Name)
       << "{};\n";
  OS << "\n";
}

} // namespace

std::string writeHeader(const ir::Module &IR, const HeaderInfo &Info) {
  KernelTable T = kernelTable(IR);
  CxxTypeWriter Types(CxxDialect::Host);
  std::ostringstream OS;
  writeBanner(OS, Info);
  writeIncludes(OS, IR, Info, T);
  writeHostEntryDeclarations(OS, IR, Info.Namespace);
  OS << "\n";
  OS << "namespace " << Info.Namespace << " {\n\n";
  writeTypes(OS, Types, IR);
  writeImpl(OS, Types, Info, T);
  OS << "/// The module's registration: image(), load(device) to load it ahead of\n";
  OS << "/// the first launch.\n";
  OS << "inline const ::pykc::Module &compiled_module() { return pykc_impl::compiled_module; }\n\n";
  writeObjects(OS, T);
  writeHostFunctions(OS, Types, IR, Info.Namespace);
  OS << "} // namespace " << Info.Namespace << "\n";
  return OS.str();
}

} // namespace pykc::codegen
