//===- ReduceCommand.cpp - `pykc reduce` ----------------------------------===//
#include "ReduceCommand.h"

#include "DeviceCode.h"
#include "Npy.h"
#include "Numbers.h"
#include "Output.h"
#include "Pipeline.h"
#include "RunOptions.h"
#include "SharedOptions.h"
#include "HelpText.h"

#include "ir/Reduction.h"

#include "frontend/Suggest.h"

#include <pykc/Device.h>
#include <pykc/Memory.h>
#include <pykc/Reduce.h>

#include <cstring>
#include <iostream>

namespace pykc::driver {

namespace {

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
  bool Help = false;
  SharedOptionTargets Shared{&O.OptLevel, &O.Fmad, &Modules, &Diagnostics, &O.Backend, nullptr};
  auto OnOption = [&](const ParsedOption &P, std::string &Err) {
    if (applySharedOption(Command::Reduce, P, Shared, Err))
      return ParseStep::Continue;
    if (P.Id == OptionId::Help) {
      Help = true;
      return ParseStep::Stop;
    }
    if (P.Id == OptionId::Init)
      O.Init = P.Value;
    if (P.Id == OptionId::Size) {
      uint64_t N = 0;
      if (parseDecimal(P.Value, uint64_t(INT64_MAX), N) != DecimalStatus::Ok)
        Err = "invalid --size '" + P.Value + "' (expected a number of elements)";
      O.Size = N;
    }
    return ParseStep::Continue;
  };
  auto OnPositional = [&](const std::string &A, std::string &) { Positional.push_back(A); };
  if (std::string FlagError; !parseCommandLine(Command::Reduce,
                                               std::vector<std::string>(Argv, Argv + Argc),
                                               OnOption, OnPositional, FlagError))
    return usage(FlagError);
  if (Help) {
    std::cout << helpText(Command::Reduce);
    return 0;
  }
  if (Positional.size() != 3)
    return usage("expected FILE.py FUNC ARRAY.npy");
  O.File = Positional[0];
  O.Function = Positional[1];
  O.Array = Positional[2];

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
