//===- Arguments.cpp - The arguments of `pykc run` and `pykc call` --------===//
#include "Arguments.h"

#include "DeclaredSignature.h"
#include "Output.h"
#include "OutputFiles.h"
#include "RunOptions.h"
#include "ScalarArguments.h"

#include "ir/Sema.h"
#include "ir/Signature.h"

#include "frontend/Suggest.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sys/stat.h>

namespace pykc::driver {

namespace fs = std::filesystem;

namespace {

void collectLeaves(std::vector<Argument> &Args, std::vector<Argument *> &Out, bool ArraysOnly) {
  for (Argument &A : Args) {
    if (A.IsTuple)
      collectLeaves(A.Elements, Out, ArraysOnly);
    else if (!ArraysOnly || A.Array)
      Out.push_back(&A);
  }
}

/// Reads one argument (a .npy file, a scalar, or a tuple of these) into
/// \p A; \p Arrays are the arrays read so far (for aliases). Returns the
/// problem, or "".
std::string readArgument(const std::string &Text, Argument &A, std::vector<Argument *> &Arrays) {
  std::string Error;
  A.Spelling = Text;
  std::error_code EC;
  bool LooksLikeFile = Text.size() > 4 && Text.compare(Text.size() - 4, 4, ".npy") == 0;
  if (LooksLikeFile || (!Text.empty() && Text.front() != '(' && fs::exists(Text, EC))) {
    for (size_t J = 0; J < Arrays.size(); ++J) {
      if (Arrays[J]->AliasOf < 0 && fs::equivalent(Arrays[J]->Spelling, Text, EC)) {
        const NpyArray &Same = *Arrays[J]->Array;
        // The same file again: its type and shape, no data (the launch
        // passes the first one's pointer).
        A.Array = NpyArray{};
        A.Array->Dtype = Same.Dtype;
        A.Array->ItemSize = Same.ItemSize;
        A.Array->Shape = Same.Shape;
        A.Array->FortranOrder = Same.FortranOrder;
        A.Array->Fields = Same.Fields;
        A.AliasOf = int(J);
        Arrays.push_back(&A);
        return "";
      }
    }
    A.Array = readNpy(Text, Error, NpyData::Defer); // read where the command uses it
    if (!A.Array)
      return Error;
    struct stat St;
    bool Found = ::stat(Text.c_str(), &St) == 0;
    if (!Found || !S_ISREG(St.st_mode))
      A.NotRegular = !Found                 ? "not a regular file"
                     : S_ISFIFO(St.st_mode) ? "a pipe or FIFO"
                     : S_ISCHR(St.st_mode)  ? "a character device"
                     : S_ISSOCK(St.st_mode) ? "a socket"
                                            : "not a regular file";
    size_t N = A.Array->Shape.size();
    // A 0-d structured array is one record (np.save of a[i]): a record
    // argument, passed by reference as Numba passes one.
    bool Record = N == 0 && A.Array->Dtype == "record";
    // Numba has no limit below NumPy's own (32 dimensions in NumPy 1.x).
    if (!Record && (N < 1 || N > 32))
      return "a " + std::to_string(N) +
             "-dimensional array; kernels take 1 to 32 dimensions (pass a 0-d value as a "
             "scalar)";
    Arrays.push_back(&A);
    return "";
  }
  auto Named = namedTupleElements(Text);
  if (auto Elements = Named ? std::optional(Named->second) : tupleElements(Text)) {
    A.IsTuple = true;
    if (Named)
      A.TupleClass = Named->first;
    A.Elements.resize(Elements->size());
    for (size_t I = 0; I < Elements->size(); ++I) {
      const std::string &E = (*Elements)[I];
      if (E.empty())
        return "an empty element in the tuple '" + Text + "'";
      std::string Problem = readArgument(E, A.Elements[I], Arrays);
      if (!Problem.empty())
        return E == Text ? Problem : "'" + E + "': " + Problem;
    }
    return "";
  }
  auto S = parseScalarArgument(Text, Error);
  if (!S)
    return Error;
  A = std::move(*S);
  return "";
}

} // namespace

std::vector<Argument *> argumentLeaves(std::vector<Argument> &Args) {
  std::vector<Argument *> Out;
  collectLeaves(Args, Out, false);
  return Out;
}

std::vector<Argument *> arrayLeaves(std::vector<Argument> &Args) {
  std::vector<Argument *> Out;
  collectLeaves(Args, Out, true);
  return Out;
}

int readArguments(const std::vector<std::string> &Texts, std::vector<Argument> &Args) {
  // Every problem names the argument it is about. Elements are read in
  // place (Args does not grow after), so the array pointers stay valid.
  Args.resize(Texts.size());
  std::vector<Argument *> Arrays;
  for (size_t I = 0; I < Texts.size(); ++I) {
    // Tuples are read, typed and spelled recursively: a bound on their
    // nesting keeps any text from exhausting the stack (as --sig's has).
    static constexpr int MaxNesting = 64;
    int Depth = 0, Deepest = 0;
    for (char C : Texts[I])
      Deepest = std::max(Deepest, Depth += C == '(' ? 1 : C == ')' ? -1 : 0);
    if (Deepest > MaxNesting)
      return fail("argument " + std::to_string(I + 1) + ": tuples nest more than " +
                  std::to_string(MaxNesting) + " deep");
    std::string Problem = readArgument(Texts[I], Args[I], Arrays);
    if (!Problem.empty())
      return fail("argument " + std::to_string(I + 1) + " ('" + Texts[I] + "'): " + Problem);
  }
  return 0;
}

namespace {

/// The record type of a structured dtype's fields.
const ir::RecordType *recordOf(const std::vector<NpyField> &Fields, uint64_t Size,
                               ir::TypeContext &Types) {
  std::vector<ir::RecordType::Field> Out;
  for (const NpyField &F : Fields) {
    const ir::Type *T = F.Fields.empty()
                            ? static_cast<const ir::Type *>(Types.scalarByName(F.Dtype))
                            : recordOf(F.Fields, F.RecordSize, Types);
    if (!F.Shape.empty())
      T = Types.nestedArray(T, F.Shape);
    Out.push_back({F.Name, T, F.Offset});
  }
  return Types.record(std::move(Out), Size);
}

/// The ir type of an argument (a scalar's, an array's with its layout, or a
/// record's: a 0-d structured array).
const ir::Type *argumentType(const Argument &A, ir::TypeContext &Types) {
  if (A.Array) {
    const NpyArray &N = *A.Array;
    const ir::Type *Element = N.Dtype == "record"
                                  ? static_cast<const ir::Type *>(
                                        recordOf(N.Fields, N.ItemSize, Types))
                                  : Types.scalarByName(N.Dtype);
    if (N.Shape.empty())
      return Element;
    return Types.array(Element, unsigned(N.Shape.size()),
                       N.FortranOrder ? ir::ArrayLayout::F : ir::ArrayLayout::C);
  }
  if (A.IsTuple) {
    std::vector<const ir::Type *> Elements;
    for (const Argument &E : A.Elements)
      Elements.push_back(argumentType(E, Types));
    if (const std::vector<std::string> *Fields = Types.tupleClassFields(A.TupleClass))
      return Types.namedTuple(A.TupleClass, *Fields, Elements);
    return Types.tuple(Elements);
  }
  return scalarArgumentType(A, Types);
}

/// Resolves the `Class.member` arguments against the module's enum
/// classes; a problem when one names no member.
std::string resolveEnumMembers(const ir::ModuleScope &Scope, std::vector<Argument> &Args) {
  for (Argument &A : Args) {
    if (A.IsTuple)
      if (std::string Problem = resolveEnumMembers(Scope, A.Elements); !Problem.empty())
        return Problem;
    if (!A.TupleClass.empty()) { // Point(1, 2): a named tuple class of the module
      const ir::Symbol *Class = Scope.lookup(A.TupleClass);
      if (!Class || Class->K != ir::Symbol::Kind::Constant ||
          Class->Value.K != ir::ConstantValue::Kind::NamedTupleClass ||
          Class->Value.String != A.TupleClass)
        return "'" + A.TupleClass + "' is not a named tuple class of the module " +
               "(collections.namedtuple or typing.NamedTuple)";
      if (Class->Value.Fields.size() != A.Elements.size())
        return A.TupleClass + " has " + std::to_string(Class->Value.Fields.size()) +
               " field(s), but '" + A.Spelling + "' gives " + std::to_string(A.Elements.size());
    }
    if (A.EnumMember.empty())
      continue;
    size_t Dot = A.EnumMember.find('.');
    const ir::Symbol *Class = Scope.lookup(A.EnumMember.substr(0, Dot));
    std::optional<ir::ConstantValue> Member;
    if (Class && Class->K == ir::Symbol::Kind::Constant &&
        Class->Value.K == ir::ConstantValue::Kind::EnumClass)
      Member = ir::enumMember(*Class->Value.Enum, A.EnumMember.substr(Dot + 1));
    if (!Member)
      return "'" + A.EnumMember + "' is not a member of an enum.Enum or enum.IntEnum class " +
             "of the module";
    A.ScalarBits = uint64_t(Member->Int);
    A.ScalarType = Class->Value.Enum->name(); // an IntEnum member too: its class
  }
  return "";
}

} // namespace

bool isEnumMemberSpelling(const std::string &Text) {
  // Class.member: two Python identifiers.
  size_t Dot = Text.find('.');
  auto Identifier = [](std::string_view S) {
    return !S.empty() && !std::isdigit(static_cast<unsigned char>(S[0])) &&
           std::all_of(S.begin(), S.end(),
                       [](char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; });
  };
  return Dot != std::string::npos &&
         Identifier(std::string_view(Text).substr(0, Dot)) &&
         Identifier(std::string_view(Text).substr(Dot + 1));
}

namespace {

/// The Numba type of an argument, spelled for a signature.
std::string signatureType(const Argument &A) {
  if (A.IsTuple) {
    std::string S = A.TupleClass + "(";
    for (size_t I = 0; I < A.Elements.size(); ++I)
      S += (I ? ", " : "") + signatureType(A.Elements[I]);
    return S + (A.Elements.size() == 1 && A.TupleClass.empty() ? ",)" : ")");
  }
  if (!A.Array)
    return scalarSignatureType(A);
  if (A.Array->Dtype == "record") { // Numba's Record(...) spelling
    ir::TypeContext Types;
    return ir::signatureSpelling(argumentType(A, Types));
  }
  std::string S = A.Array->Dtype + "[";
  size_t N = A.Array->Shape.size();
  for (size_t D = 0; D < N; ++D) {
    bool Unit = A.Array->FortranOrder ? D == 0 : D + 1 == N;
    S += (D ? ", " : "") + std::string(Unit ? "::1" : ":");
  }
  return S + "]";
}

/// The declared signature of \p Fn that \p Args fit, as \p Sigs, with the
/// scalars converted to it; a problem when none fits.
std::string useDeclaredSignature(const ir::FunctionInfo &Fn, const std::string &Kernel,
                                 ir::TypeContext &Types, std::vector<Argument> &Args,
                                 std::vector<std::string> &Sigs) {
  std::vector<const ir::Type *> ArgTypes;
  std::string Given;
  for (const Argument &A : Args) {
    ArgTypes.push_back(argumentType(A, Types));
    Given += (Given.empty() ? "" : ", ") + signatureType(A);
  }
  const ir::ParsedSignature *Chosen = ir::chooseSignature(Fn, ArgTypes);
  if (!Chosen) {
    std::string Declared;
    for (const ir::ParsedSignature &S : Fn.Signatures) {
      std::string Text;
      for (const ir::Type *T : S.Args)
        Text += (Text.empty() ? "" : ", ") + ir::signatureSpelling(T);
      Declared += (Declared.empty() ? "" : "; ") + ("(" + Text + ")");
    }
    return "the arguments (" + Given + ") fit no signature declared for '" + Kernel +
           "': " + Declared;
  }
  const ir::ParsedSignature &Sig = *Chosen;
  std::string Text = Kernel + "(";
  for (size_t I = 0; I < Args.size(); ++I) {
    Text += (I ? ", " : "") + ir::signatureSpelling(Sig.Args[I]);
    if (!Args[I].Array)
      convertScalarArgument(Args[I], Sig.Args[I], Types);
  }
  Sigs = {Text + ")"};
  return "";
}

/// `name(T1, T2, ...)`: the signature \p Args give \p Name.
std::string signatureText(const std::string &Name, const std::vector<Argument> &Args) {
  std::string Text = Name + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    Text += (I ? ", " : "") + signatureType(Args[I]);
  return Text + ")";
}

/// A constant default as an argument's text ("int64:3", "float64:2.5").
std::string defaultText(const ir::ConstantValue &V) {
  using K = ir::ConstantValue::Kind;
  std::string Type = V.Typed ? V.Typed->str() : "";
  char Number[40];
  switch (V.K) {
  case K::Bool:
    return Type.empty() ? (V.Bool ? "true" : "false") : Type + ":" + (V.Bool ? "1" : "0");
  case K::Int:
    return (Type.empty() ? "int64" : Type) + ":" + std::to_string(V.Int);
  case K::Float:
    std::snprintf(Number, sizeof Number, "%.17g", V.Float);
    return (Type.empty() ? "float64" : Type) + ":" + Number;
  default:
    return ""; // None, strings, tuples: not a scalar argument
  }
}

/// Python's defaults for the parameters past \p Args (constants of the
/// function's module, `scale=2.0`), appended as arguments; whether any was.
bool appendDefaults(const ir::FunctionInfo &Fn, std::vector<Argument> &Args) {
  bool Appended = false;
  const auto &Params = Fn.Def->Params;
  for (size_t I = Args.size(); I < Params.size(); ++I) {
    const frontend::Param &P = Params[I];
    std::optional<ir::ConstantValue> V;
    bool Positional = P.Kind == frontend::ParamKind::Normal || P.Kind == frontend::ParamKind::PositionalOnly;
    if (P.Default && Positional && Fn.Scope)
      V = Fn.Scope->evaluate(*P.Default);
    std::string Text = V ? defaultText(*V) : "";
    std::vector<Argument> One;
    if (Text.empty() || readArguments({Text}, One) != 0 || One.size() != 1)
      break;
    One[0].Spelling = P.Name + "=" + V->str();
    Args.push_back(std::move(One[0]));
    Appended = true;
  }
  return Appended;
}

} // namespace

void requestForArguments(FrontendRequest &R, Compilation &C, const std::string &File,
                         const std::string &Name, ir::FunctionRole Role,
                         const std::string &RoleText, std::vector<Argument> &Args) {
  R.Input = File;
  R.Signatures = {signatureText(Name, Args)};
  R.SignatureOrigin = "<arguments>";
  R.OnlyKernel = Name;
  R.CheckScope = [&C, &Args, File, Name, Role, RoleText](const ir::ModuleScope &Scope,
                                                          std::vector<std::string> &Sigs) {
    ir::FunctionInfo *Fn = Scope.function(Name);
    if (!Fn || Fn->Role != Role) {
      // A name module code binds in a way pykc could not follow says how.
      const ir::Symbol *Sym = Scope.lookup(Name);
      if (!Fn && Sym && Sym->K == ir::Symbol::Kind::Host && !Sym->HostReason.empty())
        return "'" + Name + "' is not " + RoleText + " in '" + File + "': '" + Name + "' " +
               Sym->HostReason;
      return "'" + Name + "' is not " + RoleText + " in '" + File + "'" +
             (Fn ? "" : frontend::didYouMean(Name, Scope.functionNames(Role)));
    }
    size_t Params = Fn->Def->Params.size();
    size_t Given = Args.size();
    bool Defaulted = appendDefaults(*Fn, Args);
    if (Args.size() != Params) {
      size_t Required = 0; // those before the first default
      while (Required < Params && !Fn->Def->Params[Required].Default)
        ++Required;
      std::string Takes = Required < Params && Given < Params
                              ? std::to_string(Required) + " to " + std::to_string(Params)
                              : std::to_string(Params);
      return "'" + Name + "' takes " + Takes + (Takes == "1" ? " argument" : " arguments") +
             " but " + std::to_string(Given) + (Given == 1 ? " was" : " were") + " given";
    }
    bool Enums = std::any_of(Args.begin(), Args.end(), [](const Argument &A) {
      return !A.EnumMember.empty() || A.IsTuple;
    });
    if (std::string Problem = resolveEnumMembers(Scope, Args); !Problem.empty())
      return Problem;
    if (Enums || Defaulted) // the signature again: the members' types, the defaults
      Sigs = {signatureText(Name, Args)};
    if (Fn->Signatures.empty() || Fn->HasSignatureErrors)
      return std::string();
    return useDeclaredSignature(*Fn, Name, C.Types, Args, Sigs);
  };
}

std::vector<int64_t> byteStrides(const NpyArray &N) {
  size_t Dims = N.Shape.size();
  std::vector<int64_t> Strides(Dims);
  int64_t Stride = N.ItemSize;
  for (size_t K = 0; K < Dims; ++K) {
    size_t D = N.FortranOrder ? K : Dims - 1 - K;
    Strides[D] = Stride;
    Stride *= N.Shape[D];
  }
  return Strides;
}

int writeBackChanged(std::vector<Argument> &Args) {
  std::string Error;
  // Each changed array to a temporary beside it, then every original
  // replaced.
  OutputFiles Out;
  for (const Argument *Leaf : arrayLeaves(Args)) {
    const Argument &A = *Leaf;
    if (!A.Changed)
      continue;
    if (!A.NotRegular.empty()) {
      std::cerr << "pykc: note: the kernel changed the array of '" << A.Spelling << "', "
                << A.NotRegular << ", which is read-only: its new contents were not written\n";
      continue;
    }
    const NpyArray &N = *A.Array;
    std::string_view Data = N.NewData;
    if (!Out.add(A.Spelling, {N.Header, Data}, Error))
      return fail(Error + "; no file was changed");
  }
  if (!Out.commit(Error))
    return fail(Error);
  return 0;
}

} // namespace pykc::driver
