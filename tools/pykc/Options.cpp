//===- Options.cpp - Parsing the pykc command line ------------------------===//
#include "Options.h"

#include "Numbers.h"
#include "OutputFiles.h"
#include "UnknownOption.h"

#include "Header.h"

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
    if (isCxxKeyword(Part))
      return "'" + Part + "' is a C++ keyword";
    if (Start == 0 && (Part == "std" || Part == "pykc"))
      return "'" + Part + "' is the namespace of " +
             (Part == "std" ? "the C++ standard library" : "pykc's runtime");
    if (End == std::string::npos)
      return "";
    Start = End + 2;
  }
}

/// The flags of `pykc FILE`, for "did you mean".
const std::vector<std::string> &knownFlags() {
  static const std::vector<std::string> Flags = {
      "--sig",        "--emit",       "--arch",      "-arch",        "--gpu-architecture",
      "-code",        "--gpu-code",   "-c",          "--header",     "--namespace",
      "--host-cpu",   "--no-sass",    "--fmad",      "--boundscheck", "--allow-unused-sig",
      "--shared",     "--link",
      "--cuda-path",  "--libdevice",  "-o",          "-O0",          "-O1",
      "-O2",          "-O3",          "-Xptxas",     "--ptxas-options", "-lineinfo",
      "--generate-line-info", "-g", "-w",           "-Werror",      "-Wall",
      "-ferror-limit", "-D",          "-I",          "--help",       "--version",
      "-v",           "--verbose",    "--no-cache",  "--cache-clear"};
  return Flags;
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

} // namespace

std::string helpText() {
  return std::string() + R"(USAGE: pykc FILE.py [options]
       pykc FILE.py -c [-o FILE.o] [--header FILE.h] [options]
       pykc run FILE.py KERNEL --grid G --block B [options] ARG...
       pykc reduce FILE.py FUNC ARRAY.npy [options]
       pykc call FILE.py FUNC ARG... [options]

Compiles the @cuda.jit kernels of a Numba Python file to PTX, or with -c to
an object and a typed C++ header for host programs.

OPTIONS:
  --sig 'NAME(TYPES)'   Compile kernel NAME for these argument types, e.g.
                        --sig 'increment(float32[:], int32)'. Repeatable; adds
                        to the signatures in the kernel's decorator. Array
                        types: float32[:] (any layout), float32[:, ::1]
                        (C order), float32[::1, :] (F order).
  --emit=KIND           Stop after a phase and write its result:
                          ast   the syntax tree
                          ir    the typed IR (Numba types, explicit casts)
                          llvm  the optimized LLVM IR (NVPTX)
                          cpu-llvm  the CPU backend's optimized LLVM IR
                                (for --host-cpu, as -c compiles it)
                          ptx   PTX assembly (the default)
                          cuda  CUDA C++ source that nvcc and clang compile
                                (kernels take KernelABI.h's parameters)
                          obj   a host object, as -c
  -c                    Compile to a host object (x86-64 ELF, PIC) holding
                        the GPU code of every --arch (PTX, and SASS when
                        ptxas and fatbinary are found), the CPU backend's
                        code of every kernel, and their registration; link
                        it with the runtime (libpykcRuntime).
  --shared              With -c: link the object into a shared library
                        (-o libk.so; default FILE.so) against the shared
                        runtime, describing its kernels, reductions and
                        @njit functions for Python's pykc.load() (README,
                        "The compiled kernels from Python").
  --header FILE         With -c: also write a C++ header declaring one typed
                        kernel object per kernel, in namespace NS:
                          NS::increment[{blocks, threads}](device_array);
  --link FILE           Link the kernels with FILE (.cu, .ptx, .ltoir, .o, .a,
                        .fatbin, .cubin), as @cuda.jit(link=[FILE]): it
                        defines cuda.declare_device functions. Repeatable.
  --namespace NS        With -c: the header's namespace (default: the file's
                        stem, e.g. kernels for kernels.py; a::b nests).
)" + std::string(moduleFlagsHelp()) + diagnosticFlagsHelp() + R"(  --allow-unused-sig    Ignore --sig for kernels this file does not define.
  --no-sass             With -c: embed PTX only (no ptxas/fatbinary).
  --check               With -c: the object also carries the CPU kernels
                        instrumented as `pykc run --check` runs them; a
                        program run with PYKC_CHECK=1 launches those and
                        reports what they find (README, "Checking kernels").
  --host-cpu CPU        With -c or --emit=cpu-llvm: the CPU the CPU
                        backend's code targets (default x86-64, any x86-64
                        machine; e.g. native, x86-64-v3).
  -o FILE               Write the output to FILE ('-' for stdout). Default:
                        FILE.ptx (.ll, .ir, .ast, .o) next to the input.
  --arch sm_XX[,sm_YY]  GPU architecture: sm_75, sm_80, sm_86, sm_87, sm_88,
                        sm_89, sm_90, sm_90a, sm_100, sm_103, sm_110, sm_120,
                        sm_121 (and their a/f variants: sm_100a, sm_120f).
                        One for PTX (default sm_75); any number for -c
                        (default sm_75,sm_80,sm_86,sm_89,sm_90,sm_100,sm_120).
                        LLVM 19 writes PTX up to sm_90a: for sm_100 and newer
                        pykc writes sm_90 PTX and -c has ptxas build each
                        one's SASS from it. nvcc's spellings work too:
                        -arch=sm_80, -arch sm_80, --gpu-architecture=sm_80,
                        -code=sm_80 (compute_80 is taken as sm_80).
  -Xptxas OPT[,OPT]     With -c: pass options to ptxas (e.g. -Xptxas -v).
  -lineinfo, -g         PTX .loc/.file directives pointing at the .py lines,
                        so that Nsight Compute, compute-sanitizer and cuda-gdb
                        show Python lines (as @cuda.jit(lineinfo=True)).
  -O0 -O1 -O2 -O3       Optimization level (default -O3).
  --fmad=true|false     Fuse `a * b + c` written in one expression into one
                        multiply-add, rounded once (default true, as nvcc
                        and Numba). Either way every backend rounds alike;
                        false rounds every operation, as Numba's simulator.
  --boundscheck         Check every array index in every function: one out
                        of range is not accessed and the launch fails, naming
                        the source line, index, extent, thread and block (the
                        GPU prints it and traps). boundscheck=True in
                        @cuda.jit does it for one function.
  --cuda-path DIR       The CUDA toolkit (for libdevice); default $CUDA_HOME,
                        then the toolkit found at build time.
  --libdevice FILE      libdevice.10.bc to link for math functions.
  -v, --verbose         Print each phase's time and the cache's hits and
                        misses to stderr.
  --no-cache            Do not read or write the compile cache (also
                        PYKC_CACHE=0). The cache keeps what PTX, LLVM and -c
                        compiles wrote, keyed by everything they read, in
                        $PYKC_CACHE_DIR or $XDG_CACHE_HOME/pykc (default
                        ~/.cache/pykc), at most PYKC_CACHE_SIZE (default 1G).
  --cache-clear         Empty the compile cache (with no input: only that).
  --help                Show this help.
  --version             Show the version.

COMMANDS:
  pykc run FILE.py KERNEL --grid G --block B ARG...
                        Launch a kernel once on .npy arrays and scalars, on
                        the CPU backend or a GPU ('pykc run --help').
  pykc reduce FILE.py FUNC ARRAY.npy
                        Reduce an array with a @cuda.reduce function and
                        print the result ('pykc reduce --help').
  pykc call FILE.py FUNC ARG...
                        Run an @njit function on the CPU and print its
                        result ('pykc call --help').

EXIT STATUS:
  0 success, 1 a compile error, 2 a usage error, 70 an internal compiler
  error (please report it with the input file).
)";
}

std::optional<Options> parseOptions(int Argc, char **Argv, std::string &Error) {
  Options O;
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  bool HaveOptLevel = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string A = Args[I];
    // --name=value or --name value.
    auto Value = [&](const std::string &Name, std::string &Out) -> bool {
      if (A.rfind(Name + "=", 0) == 0) {
        Out = A.substr(Name.size() + 1);
        return true;
      }
      if (A == Name) {
        if (I + 1 >= Args.size()) {
          Error = "missing value after '" + Name + "'";
          return true;
        }
        Out = Args[++I];
        return true;
      }
      return false;
    };
    std::string V;
    if (parseModuleFlag(Args, I, O.Modules, Error) ||
        parseDiagnosticFlag(A, O.Diagnostics, Error)) {
      if (!Error.empty())
        break;
    } else if (A == "--help" || A == "-h") {
      O.Help = true;
    } else if (A == "--version") {
      O.Version = true;
    } else if (A == "-v" || A == "--verbose") {
      O.Verbose = true;
    } else if (A == "--no-cache") {
      O.NoCache = true;
    } else if (A == "--cache-clear") {
      O.CacheClear = true;
    } else if (Value("--sig", V)) {
      O.Signatures.push_back(V);
    } else if (Value("--emit", V)) {
      if (V == "ast")
        O.Emit = EmitKind::AST;
      else if (V == "ir")
        O.Emit = EmitKind::IR;
      else if (V == "llvm")
        O.Emit = EmitKind::LLVM;
      else if (V == "cpu-llvm")
        O.Emit = EmitKind::CpuLLVM;
      else if (V == "ptx")
        O.Emit = EmitKind::PTX;
      else if (V == "obj")
        O.Emit = EmitKind::Object;
      else if (V == "cuda")
        O.Emit = EmitKind::Cuda;
      else if (Error.empty())
        Error = "invalid --emit value '" + V + "' (expected ast, ir, llvm, cpu-llvm, ptx, cuda or obj)";
    } else if (Value("--arch", V) || Value("-arch", V) || Value("--gpu-architecture", V) ||
               Value("-code", V) || Value("--gpu-code", V)) {
      // Repeatable and comma-separated: --arch sm_80,sm_90 --arch sm_75;
      // nvcc's spellings too.
      if (Error.empty())
        addArchs(A.substr(0, A.find('=')), V, O.Archs, Error);
    } else if (Value("-Xptxas", V) || Value("--ptxas-options", V)) {
      addPtxasOptions(V, O.PtxasOptions);
    } else if (A == "-lineinfo" || A == "--generate-line-info" || A == "-g") {
      O.LineInfo = true;
    } else if (A == "-c") {
      O.Emit = EmitKind::Object;
    } else if (Value("--link", V)) {
      O.LinkFiles.push_back(V);
      if (V.empty() && Error.empty())
        Error = "empty file name after '--link'";
    } else if (Value("--header", V)) {
      O.Header = V;
      if (V.empty() && Error.empty())
        Error = "empty file name after '--header'";
    } else if (Value("--namespace", V)) {
      O.Namespace = V;
      if (V.empty() && Error.empty())
        Error = "invalid --namespace '' (" + namespaceProblem(V) + ")";
    } else if (Value("--host-cpu", V)) {
      O.HostCpu = V;
    } else if (A == "--no-sass") {
      O.Sass = false;
    } else if (A == "--check") {
      O.Check = true;
    } else if (A == "--shared") {
      O.Shared = true;
    } else if (Value("--fmad", V)) {
      if (!parseFmad(V, O.Fmad) && Error.empty())
        Error = "invalid --fmad '" + V + "' (expected true or false)";
    } else if (A == "--boundscheck") {
      O.BoundsCheck = true;
    } else if (A == "--allow-unused-sig") {
      O.AllowUnusedSignatures = true;
    } else if (Value("--cuda-path", V)) {
      O.CudaPath = V;
    } else if (Value("--libdevice", V)) {
      O.Libdevice = V;
    } else if (A == "-o") {
      if (I + 1 >= Args.size()) {
        Error = "missing value after '-o'";
        break;
      }
      O.Output = Args[++I];
      if (O.Output.empty())
        Error = "empty file name after '-o' (use '-o -' for standard output)";
    } else if (A.rfind("-o", 0) == 0 && A.size() > 2) {
      O.Output = A.substr(2);
    } else if (A.rfind("-O", 0) == 0) {
      std::string Level = A.substr(2);
      if (Level.size() != 1 || Level[0] < '0' || Level[0] > '3') {
        if (Error.empty())
          Error = "invalid optimization level '" + A + "' (expected -O0 to -O3)";
      } else {
        O.OptLevel = unsigned(Level[0] - '0');
        HaveOptLevel = true;
      }
    } else if (A == "-") {
      if (!O.Input.empty() && Error.empty())
        Error = "more than one input file";
      O.Input = A;
    } else if (A.size() > 1 && A[0] == '-') {
      if (Error.empty())
        Error = unknownOption(A, knownFlags());
    } else {
      if (!O.Input.empty() && Error.empty())
        Error = "more than one input file ('" + O.Input + "' and '" + A + "')";
      O.Input = A;
    }
    if (!Error.empty())
      break;
  }
  (void)HaveOptLevel;
  if (Error.empty() && O.Emit != EmitKind::Object) {
    if (O.Archs.size() > 1)
      Error = "--emit=" + std::string(O.Emit == EmitKind::LLVM ? "llvm" : "ptx") +
              " writes one architecture but " + std::to_string(O.Archs.size()) +
              " were given (several --arch are for objects, -c)";
    else if (!O.Header.empty())
      Error = "--header is for objects; add -c";
    else if (!O.Namespace.empty())
      Error = "--namespace is for objects; add -c";
    else if (!O.PtxasOptions.empty())
      Error = "-Xptxas is for objects, whose SASS ptxas builds; add -c";
    else if (O.Shared)
      Error = "--shared links an object into a shared library; add -c";
  }
  if (Error.empty() && !O.Namespace.empty()) {
    std::string Problem = namespaceProblem(O.Namespace);
    if (!Problem.empty())
      Error = "invalid --namespace '" + O.Namespace + "' (" + Problem + ")";
  }
  if (!Error.empty())
    return std::nullopt;
  if (O.Input.empty() && !O.Help && !O.Version && !O.CacheClear) {
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
