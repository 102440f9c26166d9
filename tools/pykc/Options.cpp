//===- Options.cpp - Parsing the pykc command line ------------------------===//
#include "Options.h"

#include "codegen/Codegen.h"

#include <algorithm>

namespace pykc::driver {

std::string helpText() {
  return R"(USAGE: pykc FILE.py [options]
       pykc run FILE.py KERNEL --grid G --block B [options] ARG...

Compiles the @cuda.jit kernels of a Numba Python file to PTX.

OPTIONS:
  --sig 'NAME(TYPES)'   Compile kernel NAME for these argument types, e.g.
                        --sig 'increment(float32[:], int32)'. Repeatable; adds
                        to the signatures in the kernel's decorator. Array
                        types: float32[:] (any layout), float32[:, ::1]
                        (C order), float32[::1, :] (F order).
  --emit=KIND           Stop after a phase and write its result:
                          ast   the syntax tree
                          ir    the typed IR (Numba types, explicit casts)
                          llvm  the optimized LLVM IR
                          ptx   PTX assembly (the default)
  -o FILE               Write the output to FILE ('-' for stdout). Default:
                        FILE.ptx (.ll, .ir, .ast) next to the input.
  --arch sm_XX          GPU architecture: sm_75 (default), sm_80, sm_86,
                        sm_87, sm_89, sm_90, sm_90a.
  -O0 -O1 -O2 -O3       Optimization level (default -O3).
  --cuda-path DIR       The CUDA toolkit (for libdevice); default $CUDA_HOME,
                        then the toolkit found at build time.
  --libdevice FILE      libdevice.10.bc to link for math functions.
  --help                Show this help.
  --version             Show the version.

  pykc run FILE.py KERNEL --grid G --block B ARG...
                        Launch a kernel once on .npy arrays and scalars, on
                        the CPU backend or a GPU ('pykc run --help').

EXIT STATUS:
  0 success, 1 a compile error, 2 a usage error.
)";
}

std::optional<Options> parseOptions(int Argc, char **Argv, std::string &Error) {
  Options O;
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  bool HaveOptLevel = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
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
    if (A == "--help" || A == "-h") {
      O.Help = true;
    } else if (A == "--version") {
      O.Version = true;
    } else if (Value("--sig", V)) {
      O.Signatures.push_back(V);
    } else if (Value("--emit", V)) {
      if (V == "ast")
        O.Emit = EmitKind::AST;
      else if (V == "ir")
        O.Emit = EmitKind::IR;
      else if (V == "llvm")
        O.Emit = EmitKind::LLVM;
      else if (V == "ptx")
        O.Emit = EmitKind::PTX;
      else if (Error.empty())
        Error = "invalid --emit value '" + V + "' (expected ast, ir, llvm or ptx)";
    } else if (Value("--arch", V)) {
      const auto &Archs = codegen::supportedArchs();
      if (std::find(Archs.begin(), Archs.end(), V) == Archs.end()) {
        if (Error.empty())
          Error = "invalid --arch '" + V + "' (expected " + Archs.front() + " to " + Archs.back() + ")";
      } else {
        O.Arch = V;
      }
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
        Error = "unknown option '" + A + "'";
    } else {
      if (!O.Input.empty() && Error.empty())
        Error = "more than one input file ('" + O.Input + "' and '" + A + "')";
      O.Input = A;
    }
    if (!Error.empty())
      break;
  }
  (void)HaveOptLevel;
  if (!Error.empty())
    return std::nullopt;
  if (O.Input.empty() && !O.Help && !O.Version) {
    Error = "no input file";
    return std::nullopt;
  }
  return O;
}

std::string defaultOutputPath(const Options &O) {
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
  case EmitKind::PTX:
    return Base + ".ptx";
  }
  return Base + ".ptx";
}

} // namespace pykc::driver
