//===- ReduceCommand.cpp - `pykc reduce` ----------------------------------===//
#include "ReduceCommand.h"

#include "DeviceCode.h"
#include "DiagnosticFlags.h"
#include "Npy.h"
#include "Numbers.h"
#include "Output.h"
#include "Pipeline.h"
#include "RunOptions.h"
#include "UnknownOption.h"

#include "ir/Reduction.h"

#include "frontend/Suggest.h"

#include <pykc/Device.h>
#include <pykc/Memory.h>
#include <pykc/Reduce.h>

#include <cstring>
#include <iostream>

namespace pykc::driver {

namespace {

const char *ReduceHelp = R"(USAGE: pykc reduce FILE.py FUNC ARRAY.npy [options]

Compiles the @cuda.reduce function FUNC for the array's dtype, reduces the
1-d array with it, as Numba's FUNC(array, size, init=...) does, and prints
the result alone on stdout.

  --init V              Combined once with the total, FUNC(total, V), and the
                        result of an empty array (default 0), in the array's
                        dtype.
  --size N              Reduce only the first N elements.

The array streams through the device in chunks sized from its free memory,
so it may be larger than the device; PYKC_DEVICE_MEMORY=64M caps the CPU
device's memory (to see how a small GPU fares).
  --backend KIND        cpu, cuda or auto (default: CUDA when a GPU is
                        present, else the CPU).
  -O0 .. -O3            Optimization level (default -O3).
  --fmad=true|false     Fused multiply-adds, as for pykc (default true).
  -D NAME[=VALUE], -I DIR
                        Module-level values and import roots, as for pykc
                        (pykc --help).
  -w, -Werror, -W<Kind>, -Wno-<Kind>, -Werror=<Kind>, -Wall, -ferror-limit=N
                        Warning control, as for pykc (pykc --help).
)";

struct ReduceOptions {
  std::string File, Function, Array, Init = "0", Backend = "auto";
  std::optional<uint64_t> Size;
  unsigned OptLevel = 3;
  bool Fmad = true;
};

int usage(const std::string &Message) {
  std::cerr << "pykc: error: " << Message << "\nRun 'pykc reduce --help' for usage.\n";
  return 2;
}

/// The result as Python prints the NumPy scalar Numba returns.
std::string formatResult(const std::string &Dtype, uint64_t Bits) {
  if (Dtype == "float32") {
    float F;
    uint32_t B = uint32_t(Bits);
    std::memcpy(&F, &B, 4);
    return pythonFloatText(F);
  }
  if (Dtype == "float64") {
    double D;
    std::memcpy(&D, &Bits, 8);
    return pythonFloatText(D);
  }
  if (Dtype == "bool")
    return Bits & 1 ? "True" : "False";
  if (Dtype[0] == 'u')
    return std::to_string(Bits);
  // Signed: sign-extend from the dtype's width.
  unsigned Width = unsigned(std::stoi(Dtype.substr(3)));
  int64_t V = Width == 64 ? int64_t(Bits) : int64_t(Bits << (64 - Width)) >> (64 - Width);
  return std::to_string(V);
}

} // namespace

int reduceCommand(int Argc, char **Argv) {
  ReduceOptions O;
  std::vector<std::string> Positional;
  ModuleFlags Modules;
  frontend::DiagnosticOptions Diagnostics;
  for (int I = 0; I < Argc; ++I) {
    std::string A = Argv[I];
    if (std::string FlagError; parseModuleFlag(Argc, Argv, I, Modules, FlagError) ||
                               parseDiagnosticFlag(A, Diagnostics, FlagError)) {
      if (!FlagError.empty())
        return usage(FlagError);
      continue;
    }
    auto Value = [&](const std::string &Name, std::string &Out) -> int {
      if (A.rfind(Name + "=", 0) == 0) {
        Out = A.substr(Name.size() + 1);
        return 1;
      }
      if (A != Name)
        return 0;
      if (I + 1 >= Argc)
        return -1;
      Out = Argv[++I];
      return 1;
    };
    std::string V;
    int Got = 0;
    if (A == "--help" || A == "-h") {
      std::cout << ReduceHelp;
      return 0;
    }
    if ((Got = Value("--init", O.Init)) || (Got = Value("--backend", O.Backend))) {
      if (Got < 0)
        return usage("missing value after '" + A + "'");
    } else if ((Got = Value("--size", V))) {
      uint64_t N = 0;
      if (Got < 0 || parseDecimal(V, uint64_t(INT64_MAX), N) != DecimalStatus::Ok)
        return usage("invalid --size '" + V + "' (expected a number of elements)");
      O.Size = N;
    } else if ((Got = Value("--fmad", V))) {
      if (Got < 0 || !parseFmad(V, O.Fmad))
        return usage("invalid --fmad '" + V + "' (expected true or false)");
    } else if (A.size() == 3 && A.rfind("-O", 0) == 0 && A[2] >= '0' && A[2] <= '3') {
      O.OptLevel = unsigned(A[2] - '0');
    } else if (A.size() > 1 && A[0] == '-') {
      return usage(unknownOption(A, {"--init", "--size", "--backend", "--fmad", "-O0", "-O1", "-O2",
                                     "-O3", "-D", "-I", "-w", "-Werror", "-Wall", "-ferror-limit",
                                     "--help"}));
    } else {
      Positional.push_back(A);
    }
  }
  if (Positional.size() != 3)
    return usage("expected FILE.py FUNC ARRAY.npy");
  O.File = Positional[0];
  O.Function = Positional[1];
  O.Array = Positional[2];
  if (O.Backend != "cpu" && O.Backend != "cuda" && O.Backend != "auto")
    return usage("invalid --backend '" + O.Backend + "' (expected cpu, cuda or auto)");

  std::string Error;
  auto Array = readNpy(O.Array, Error);
  if (!Array)
    return fail("'" + O.Array + "': " + Error);
  if (Array->Shape.size() != 1)
    return fail("'" + O.Array + "': a reduction takes a 1-d array, not " +
                std::to_string(Array->Shape.size()) + "-d");
  auto Init = parseScalar(Array->Dtype + ":" + O.Init, Error);
  if (!Init)
    return fail("--init: " + Error);

  FrontendRequest R;
  R.Input = O.File;
  R.Signatures = {O.Function + "(" + Array->Dtype + ")"};
  R.SignatureOrigin = "<array dtype>";
  R.OnlyKernel = O.Function;
  R.Fmad = O.Fmad;
  R.Modules = Modules;
  R.Diagnostics = Diagnostics;
  R.CheckScope = [&](const ir::ModuleScope &Scope, std::vector<std::string> &) -> std::string {
    ir::FunctionInfo *Fn = Scope.function(O.Function);
    if (!Fn || Fn->Role != ir::FunctionRole::Reduce)
      return "'" + O.Function + "' is not a @cuda.reduce function in '" + O.File + "'" +
             (Fn ? "" : frontend::didYouMean(O.Function, Scope.functionNames(ir::FunctionRole::Reduce)));
    return "";
  };
  Compilation C;
  if (int Status = runFrontend(R, C))
    return Status;

  try {
    if (std::string Problem = selectBackend(O.Backend); !Problem.empty())
      return fail(Problem);
    bool Cpu = current_device().Kind == DeviceKind::CPU;
    auto Code = DeviceCode::compile(*C.Typed.IR, O.OptLevel, O.Fmad, Error);
    const ir::ScalarType *Dtype = C.Types.scalarByName(Array->Dtype);
    std::optional<KernelImage> Image =
        Code ? Code->image(ir::reduceKernelSymbol(O.Function, Dtype, Cpu), Error) : std::nullopt;
    if (!Image)
      return fail(Error);
    ReduceKernels Kernels{*Image, *Image};

    int64_t N = Array->Shape[0];
    if (O.Size && int64_t(*O.Size) < N)
      N = int64_t(*O.Size);
    uint64_t Result = Init->Bits;
    if (N > 0 && !Array->load(Error))
      return fail("'" + O.Array + "': " + Error);
    if (N > 0)
      detail::reduceHost(Kernels, Array->ItemSize, Array->Data.data(), uint64_t(N), &Init->Bits,
                         nullptr, &Result, nullptr, StreamLimits::forCurrentDevice());
    std::cout << formatResult(Array->Dtype, Result) << '\n';
  } catch (const std::bad_alloc &) {
    return fail("out of memory");
  } catch (const std::exception &E) {
    return fail(E);
  }
  return 0;
}

} // namespace pykc::driver
