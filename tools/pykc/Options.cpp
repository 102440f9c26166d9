//===- Options.cpp - Parsing the pykc command line ------------------------===//
#include "Options.h"

#include "codegen/CxxKeywords.h"

#include "Numbers.h"
#include "OutputFiles.h"
#include "ArgParser.h"
#include "UnknownOption.h"
#include "SharedOptions.h"

#include "codegen/Codegen.h"

#include <algorithm>
#include <cctype>
#include <sys/stat.h>
#include <unistd.h>

namespace pykc::driver {

namespace {

/// Why \p NS cannot be the header's namespace, or "" when it can.
std::string namespaceProblem(const std::string &NS) {
  size_t Start = 0;
  while (true) {
    size_t End = NS.find("::", Start);
    std::string Part = NS.substr(Start, End == std::string::npos ? std::string::npos : End - Start);
    bool Identifier = !Part.empty() && !std::isdigit(static_cast<unsigned char>(Part[0]));
    for (char C : Part)
      Identifier = Identifier && (std::isalnum(static_cast<unsigned char>(C)) || C == '_');
    if (!Identifier)
      return "expected C++ identifiers separated by '::', e.g. my_app::kernels";
    if (codegen::isCxxKeyword(Part))
      return "'" + Part + "' is a C++ keyword";
    if (Start == 0 && (Part == "std" || Part == "pykc"))
      return "'" + Part + "' is the namespace of " +
             (Part == "std" ? "the C++ standard library" : "pykc's runtime");
    if (End == std::string::npos)
      return "";
    Start = End + 2;
  }
}

/// Adds the comma-separated architectures \p V (sm_80, or nvcc's
/// compute_80, which pykc's objects hold as PTX anyway) to \p Archs.
void addArchs(const std::string &Flag, const std::string &V, std::vector<std::string> &Archs,
              std::string &Error) {
  const auto &Known = gpuArchs();
  size_t Start = 0;
  while (Error.empty()) {
    size_t Comma = V.find(',', Start);
    std::string Given = V.substr(Start, Comma == std::string::npos ? std::string::npos : Comma - Start);
    std::string One = Given.rfind("compute_", 0) == 0 ? "sm_" + Given.substr(8) : Given;
    unsigned Number = 0;
    bool Old = One.size() == 5 && One.rfind("sm_", 0) == 0 && std::isdigit((unsigned char)One[3]) &&
               std::isdigit((unsigned char)One[4]) && (Number = unsigned(std::stoi(One.substr(3)))) < 75;
    if (Old)
      Error = "invalid " + Flag + " '" + Given + "': CUDA 13 builds code for sm_75 (Turing) and newer";
    else if (std::find(Known.begin(), Known.end(), One) == Known.end())
      Error = "invalid " + Flag + " '" + Given + "' (expected one of sm_75, sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, "
              "sm_90a, sm_100, sm_103, sm_110, sm_120, sm_121, with a or f after the newer ones: "
              "sm_100a, sm_120f)";
    else if (std::find(Archs.begin(), Archs.end(), One) == Archs.end())
      Archs.push_back(One);
    if (Comma == std::string::npos)
      break;
    Start = Comma + 1;
  }
}

/// Adds -Xptxas's comma-separated options, as nvcc splits them.
void addPtxasOptions(const std::string &V, std::vector<std::string> &Out) {
  size_t Start = 0;
  while (true) {
    size_t Comma = V.find(',', Start);
    std::string One = V.substr(Start, Comma == std::string::npos ? std::string::npos : Comma - Start);
    if (!One.empty())
      Out.push_back(One);
    if (Comma == std::string::npos)
      return;
    Start = Comma + 1;
  }
}

/// Records the compile command's own option \p P in \p O.
void applyCompileOption(const ParsedOption &P, Options &O, std::string &Error) {
  const std::string &V = P.Value;
  switch (P.Id) {
  case OptionId::Help:
    O.Help = true;
    break;
  case OptionId::Version:
    O.Version = true;
    break;
  case OptionId::Man:
    O.Man = true;
    break;
  case OptionId::Completion:
    if (V != "bash" && V != "zsh")
      Error = "invalid --completion '" + V + "' (expected bash or zsh)";
    O.Completion = V;
    break;
  case OptionId::Verbose:
    O.Verbose = true;
    break;
  case OptionId::TimeTrace:
    // -ftime-trace or -ftime-trace=FILE; anything else glued on is not it.
    if (!V.empty() && (V[0] != '=' || V.size() == 1))
      Error = V[0] == '=' ? "-ftime-trace= needs a file name (or write -ftime-trace alone)"
                          : unknownOption("-ftime-trace" + V, {"-ftime-trace"});
    O.TimeTrace = true;
    O.TimeTraceFile = V.empty() ? "" : V.substr(1);
    break;
  case OptionId::NoCache:
    O.NoCache = true;
    break;
  case OptionId::CacheClear:
    O.CacheClear = true;
    break;
  case OptionId::Sig:
    O.Signatures.push_back(V);
    break;
  case OptionId::Emit: {
    static const std::pair<const char *, EmitKind> Kinds[] = {
#define PYKC_EMIT_KIND(Id, Name, Help) {Name, EmitKind::Id},
#include "EmitKinds.def"
    };
    std::string Expected;
    for (size_t I = 0; I < std::size(Kinds); ++I) {
      if (V == Kinds[I].first) {
        O.Emit = Kinds[I].second;
        return;
      }
      Expected += std::string(I == 0 ? "" : I + 1 == std::size(Kinds) ? " or " : ", ") + Kinds[I].first;
    }
    Error = "invalid --emit value '" + V + "' (expected " + Expected + ")";
    break;
  }
  case OptionId::Arch:
    // Repeatable and comma-separated: --arch sm_80,sm_90 --arch sm_75;
    // nvcc's spellings too.
    addArchs(P.Spelling, V, O.Archs, Error);
    break;
  case OptionId::Xptxas:
    addPtxasOptions(V, O.PtxasOptions);
    break;
  case OptionId::LineInfo:
    O.LineInfo = true;
    break;
  case OptionId::Object:
    O.Emit = EmitKind::Object;
    break;
  case OptionId::Header:
    O.Header = V;
    if (V.empty())
      Error = "empty file name after '--header'";
    break;
  case OptionId::Link:
    O.LinkFiles.push_back(V);
    if (V.empty())
      Error = "empty file name after '--link'";
    break;
  case OptionId::Namespace:
    O.Namespace = V;
    if (V.empty())
      Error = "invalid --namespace '' (" + namespaceProblem(V) + ")";
    break;
  case OptionId::HostCpu:
    O.HostCpu = V;
    break;
  case OptionId::NoSass:
    O.Sass = false;
    break;
  case OptionId::ObjectCheck:
    O.Check = true;
    break;
  case OptionId::SharedLibrary:
    O.Shared = true;
    break;
  case OptionId::Jobs:
  case OptionId::Threads: {
    uint64_t N = 0;
    if (parseDecimal(V, 1024, N) != DecimalStatus::Ok || N == 0)
      Error = "invalid " + P.Spelling + " '" + V + "' (expected a number of threads, 1 to 1024)";
    O.Jobs = unsigned(N);
    break;
  }
  case OptionId::AllowUnusedSig:
    O.AllowUnusedSignatures = true;
    break;
  case OptionId::CudaPath:
    O.CudaPath = V;
    break;
  case OptionId::Libdevice:
    O.Libdevice = V;
    break;
  case OptionId::Output:
    O.Output = V;
    // -o '' (not -o'', which is -o alone).
    if (V.empty() && P.Arg == "-o")
      Error = "empty file name after '-o' (use '-o -' for standard output)";
    break;
  default:
    break;
  }
}

/// The usage errors of options that do not go together.
std::string combinationProblem(const Options &O) {
  if (O.Emit != EmitKind::Object) {
    if (O.Archs.size() > 1)
      return "--emit=" + std::string(O.Emit == EmitKind::LLVM ? "llvm" : "ptx") +
             " writes one architecture but " + std::to_string(O.Archs.size()) +
             " were given (several --arch are for objects, -c)";
    if (!O.Header.empty())
      return "--header is for objects; add -c";
    if (!O.Namespace.empty())
      return "--namespace is for objects; add -c";
    if (!O.PtxasOptions.empty())
      return "-Xptxas is for objects, whose SASS ptxas builds; add -c";
    if (O.Shared)
      return "--shared links an object into a shared library; add -c";
  }
  if (!O.Namespace.empty()) {
    std::string Problem = namespaceProblem(O.Namespace);
    if (!Problem.empty())
      return "invalid --namespace '" + O.Namespace + "' (" + Problem + ")";
  }
  return "";
}

} // namespace

std::optional<Options> parseOptions(int Argc, char **Argv, std::string &Error) {
  Options O;
  SharedOptionTargets Shared{&O.OptLevel, &O.Fmad, &O.Modules, &O.Diagnostics, nullptr,
                             &O.BoundsCheck};
  auto OnOption = [&](const ParsedOption &P, std::string &Err) {
    if (!applySharedOption(Command::Compile, P, Shared, Err))
      applyCompileOption(P, O, Err);
    return ParseStep::Continue;
  };
  auto OnPositional = [&](const std::string &A, std::string &Err) {
    if (!O.Input.empty())
      Err = A == "-" ? "more than one input file"
                     : "more than one input file ('" + O.Input + "' and '" + A + "')";
    O.Input = A;
  };
  if (!parseCommandLine(Command::Compile, std::vector<std::string>(Argv + 1, Argv + Argc),
                        OnOption, OnPositional, Error))
    return std::nullopt;
  Error = combinationProblem(O);
  if (!Error.empty())
    return std::nullopt;
  bool Alone = O.Help || O.Version || O.CacheClear || O.Man || !O.Completion.empty();
  if (O.Input.empty() && !Alone) {
    Error = "no input file";
    return std::nullopt;
  }
  // /dev/stdin is standard input, as "-": read as such, named <stdin>.
  if (O.Input != "-" && descriptorNamed(O.Input) == STDIN_FILENO)
    O.Input = "-";
  return O;
}

const std::vector<std::string> &defaultObjectArchs() {
  // SASS for the GPUs people have (Turing to Blackwell) plus their PTX,
  // which the driver JIT-compiles for newer GPUs.
  static const std::vector<std::string> Archs = {"sm_75", "sm_80", "sm_86", "sm_89",
                                                 "sm_90", "sm_100", "sm_120"};
  return Archs;
}

const std::vector<std::string> &gpuArchs() {
  static const std::vector<std::string> Archs = {
      "sm_75",  "sm_80",   "sm_86",   "sm_87",   "sm_88",   "sm_89",   "sm_90",   "sm_90a",
      "sm_100", "sm_100a", "sm_100f", "sm_103",  "sm_103a", "sm_103f", "sm_110",  "sm_110a",
      "sm_110f", "sm_120", "sm_120a", "sm_120f", "sm_121",  "sm_121a", "sm_121f"};
  return Archs;
}

std::string ptxTargetFor(const std::string &Arch) {
  const auto &Llvm = codegen::supportedArchs();
  if (std::find(Llvm.begin(), Llvm.end(), Arch) != Llvm.end())
    return Arch;
  return Arch == "sm_88" ? "sm_87" : "sm_90";
}

std::string defaultOutputPath(const Options &O) {
  // Standard input's output goes to standard output, and a name is never
  // made from a device's or a descriptor's (/dev/fd/63.ptx).
  struct stat St;
  if (O.Input == "-" || descriptorNamed(O.Input) >= 0 || O.Input.rfind("/dev/", 0) == 0 ||
      O.Input.rfind("/proc/", 0) == 0 || ::stat(O.Input.c_str(), &St) != 0 || !S_ISREG(St.st_mode))
    return "-";
  std::string Base = O.Input;
  size_t Slash = Base.find_last_of('/');
  size_t Dot = Base.rfind('.');
  if (Dot != std::string::npos && (Slash == std::string::npos || Dot > Slash))
    Base = Base.substr(0, Dot);
  switch (O.Emit) {
  case EmitKind::AST:
    return Base + ".ast";
  case EmitKind::IR:
    return Base + ".ir";
  case EmitKind::LLVM:
    return Base + ".ll";
  case EmitKind::CpuLLVM:
    return Base + ".cpu.ll";
  case EmitKind::PTX:
    return Base + ".ptx";
  case EmitKind::Object:
    return Base + (O.Shared ? ".so" : ".o");
  case EmitKind::Cuda:
    return Base + ".cu";
  }
  return Base + ".ptx";
}

} // namespace pykc::driver
