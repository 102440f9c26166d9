//===- Run.cpp - `pykc run` -----------------------------------------------===//
//
// The phases of a run: read the arguments (.npy files and scalars), type the
// kernel for them, compile it for the chosen device (ORC JIT for the CPU,
// PTX for CUDA), copy the arrays in, launch, copy them out, and only then
// replace the .npy files the launch changed (OutputFiles.h), so a failed run
// leaves every input untouched.
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "DeclaredSignature.h"
#include "DeviceCode.h"
#include "Npy.h"
#include "Output.h"
#include "OutputFiles.h"
#include "Pipeline.h"
#include "RunOptions.h"

#include <pykc/CpuABI.h>
#include <pykc/Runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

namespace pykc::driver {

namespace fs = std::filesystem;

namespace {

int usage(const std::string &Message) {
  std::cerr << "pykc: error: " << Message << "\nRun 'pykc run --help' for usage.\n";
  return 2;
}

/// One kernel argument: an array from a .npy file or a scalar's bytes.
struct Argument {
  std::string Spelling;
  std::optional<NpyArray> Array;
  std::string ScalarType;
  uint64_t ScalarBits = 0; ///< The value in its type's representation.
  /// The same file given twice is one array, as one NumPy array passed
  /// twice is: the later argument aliases the first.
  int AliasOf = -1;
  /// Whether the launch changed the array (only changed files are written
  /// back, so an input the kernel only reads may be read-only).
  bool Changed = false;
};

/// The Numba type of an argument, spelled for a signature.
std::string signatureType(const Argument &A) {
  if (!A.Array)
    return A.ScalarType;
  std::string S = A.Array->Dtype + "[";
  size_t N = A.Array->Shape.size();
  for (size_t D = 0; D < N; ++D) {
    bool Unit = A.Array->FortranOrder ? D == 0 : D + 1 == N;
    S += (D ? ", " : "") + std::string(Unit ? "::1" : ":");
  }
  return S + "]";
}

/// A kernel declared with signatures runs with the one its arguments fit,
/// scalars converted to its types (DeclaredSignature.h); \p Sigs becomes
/// that signature. Returns a problem when none fits, as Numba's dispatcher
/// refuses the call.
std::string useDeclaredSignature(const ir::FunctionInfo &Fn, const std::string &Kernel,
                                 ir::TypeContext &Types, std::vector<Argument> &Args,
                                 std::vector<std::string> &Sigs) {
  std::vector<const ir::Type *> ArgTypes;
  std::string Given;
  for (const Argument &A : Args) {
    if (A.Array) {
      const ir::ScalarType *Dtype = Types.scalarByName(A.Array->Dtype);
      ArgTypes.push_back(Types.array(Dtype, unsigned(A.Array->Shape.size()),
                                     A.Array->FortranOrder ? ir::ArrayLayout::F : ir::ArrayLayout::C));
    } else {
      ArgTypes.push_back(Types.scalarByName(A.ScalarType));
    }
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
    if (auto *S = ir::dynCast<ir::ScalarType>(Sig.Args[I]); S && !Args[I].Array) {
      Args[I].ScalarBits =
          convertScalarBits(Args[I].ScalarBits, *Types.scalarByName(Args[I].ScalarType), *S);
      Args[I].ScalarType = S->str();
    }
  }
  Sigs = {Text + ")"};
  return "";
}

} // namespace

int runCommand(int Argc, char **Argv) {
  std::string Error;
  bool Help = false;
  auto O = parseRunOptions(Argc, Argv, Error, Help);
  if (Help) {
    std::cout << RunHelp;
    return 0;
  }
  if (!O)
    return usage(Error);

  // Arguments: every problem names the argument it is about.
  std::vector<Argument> Args;
  for (size_t I = 0; I < O->Args.size(); ++I) {
    const std::string &Text = O->Args[I];
    std::string Where = "argument " + std::to_string(I + 1) + " ('" + Text + "'): ";
    std::error_code EC;
    bool LooksLikeFile = Text.size() > 4 && Text.compare(Text.size() - 4, 4, ".npy") == 0;
    if (LooksLikeFile || fs::exists(Text, EC)) {
      Argument A;
      A.Spelling = Text;
      for (size_t J = 0; J < Args.size(); ++J) {
        if (Args[J].Array && Args[J].AliasOf < 0 && fs::equivalent(Args[J].Spelling, Text, EC)) {
          const NpyArray &Same = *Args[J].Array;
          A.Array = NpyArray{Same.Dtype, Same.ItemSize, Same.Shape, Same.FortranOrder, "", {}};
          A.AliasOf = int(J);
          break;
        }
      }
      if (A.AliasOf >= 0) {
        Args.push_back(std::move(A));
        continue;
      }
      A.Array = readNpy(Text, Error);
      if (!A.Array)
        return fail(Where + Error);
      size_t N = A.Array->Shape.size();
      if (N < 1 || N > 3)
        return fail(Where + "a " + std::to_string(N) +
                    "-dimensional array; kernels here take 1 to 3 dimensions (pass a 0-d value as a scalar)");
      Args.push_back(std::move(A));
      continue;
    }
    auto S = parseScalar(Text, Error);
    if (!S)
      return fail(Where + Error);
    Argument A;
    A.Spelling = Text;
    A.ScalarType = S->Type;
    A.ScalarBits = S->Bits;
    Args.push_back(std::move(A));
  }

  // Type the kernel for these arguments: the shared phases, with the
  // arguments spelled as one signature.
  std::string SigText = O->Kernel + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    SigText += (I ? ", " : "") + signatureType(Args[I]);
  SigText += ")";
  FrontendRequest R;
  R.Input = O->File;
  R.Signatures = {SigText};
  R.SignatureOrigin = "<arguments>";
  R.OnlyKernel = O->Kernel;
  R.Fmad = O->Fmad;
  R.BoundsCheck = O->BoundsCheck;
  Compilation C; // its TypeContext types the arguments for declared signatures
  R.CheckScope = [&](const ir::ModuleScope &Scope, std::vector<std::string> &Sigs) -> std::string {
    ir::FunctionInfo *Fn = Scope.function(O->Kernel);
    if (!Fn || Fn->Role != ir::FunctionRole::Kernel)
      return "'" + O->Kernel + "' is not a @cuda.jit kernel in '" + O->File + "'";
    size_t Params = Fn->Def->Params.size();
    if (Args.size() != Params)
      return "'" + O->Kernel + "' takes " + std::to_string(Params) +
             (Params == 1 ? " argument" : " arguments") + " but " + std::to_string(Args.size()) +
             (Args.size() == 1 ? " was" : " were") + " given";
    if (Fn->Signatures.empty() || Fn->HasSignatureErrors)
      return "";
    return useDeclaredSignature(*Fn, O->Kernel, C.Types, Args, Sigs);
  };
  if (int Status = runFrontend(R, C))
    return Status;
  ir::SemaResult &Typed = C.Typed;
  const ir::Function *Kernel = nullptr;
  for (const auto &F : Typed.IR->functions())
    if (F->Kind == ir::FunctionKind::Kernel)
      Kernel = F.get();

  try {
    // The device, and the kernel compiled for it.
    if (std::string Problem = selectBackend(O->Backend); !Problem.empty())
      return fail(Problem);
    const DeviceInfo &Device = current_device();
    if (O->Backend == "auto")
      std::cerr << "pykc: running '" << O->Kernel << "' on " << Device.Name
                << (Device.Kind == DeviceKind::CPU ? " (the CPU backend)" : " (CUDA)") << '\n';
    auto Code = DeviceCode::compile(*Typed.IR, O->OptLevel, O->Fmad, Error);
    std::optional<KernelImage> Compiled = Code ? Code->image(Kernel->SymbolName, Error) : std::nullopt;
    if (!Compiled)
      return fail(Error);
    Compiled->Cooperative = Kernel->UsesGridSync;
    const KernelImage &Image = *Compiled;

    // Copy in, launch, copy out.
    int Dev = Device.Id;
    struct Buffer {
      void *Ptr = nullptr;
      int Dev = 0;
      ~Buffer() { deviceFree(Dev, Ptr); }
    };
    std::vector<std::unique_ptr<Buffer>> Buffers;
    std::vector<void *> Pointers(Args.size(), nullptr);
    KernelArgs Params; // the runtime's flattening, as typed launches use
    for (size_t I = 0; I < Args.size(); ++I) {
      Argument &A = Args[I];
      if (!A.Array) {
        Params.addScalarBits(A.ScalarBits);
        continue;
      }
      NpyArray &N = *A.Array;
      if (A.AliasOf >= 0) {
        Pointers[I] = Pointers[size_t(A.AliasOf)];
      } else {
        auto B = std::make_unique<Buffer>();
        B->Dev = Dev;
        B->Ptr = deviceMalloc(Dev, std::max<size_t>(N.Data.size(), 1));
        if (!N.Data.empty())
          copyHostToDevice(Dev, B->Ptr, N.Data.data(), N.Data.size());
        Pointers[I] = B->Ptr;
        Buffers.push_back(std::move(B));
      }
      // Byte strides of a C- or F-order array.
      size_t Dims = N.Shape.size();
      std::vector<int64_t> Strides(Dims);
      int64_t Stride = N.ItemSize;
      for (size_t K = 0; K < Dims; ++K) {
        size_t D = N.FortranOrder ? K : Dims - 1 - K;
        Strides[D] = Stride;
        Stride *= N.Shape[D];
      }
      Params.addArray(Pointers[I], N.Shape, Strides);
    }
    LaunchConfig Config;
    Config.Grid = O->Grid;
    Config.Block = O->Block;
    Config.DynamicSharedBytes = O->SharedBytes;
    launch(Image, Config, Params.data());
    synchronize();
    if (O->TimedLaunches) {
      std::vector<double> Millis;
      for (unsigned I = 0; I < O->TimedLaunches; ++I) {
        auto Start = std::chrono::steady_clock::now();
        launch(Image, Config, Params.data());
        synchronize();
        Millis.push_back(std::chrono::duration<double, std::milli>(
                             std::chrono::steady_clock::now() - Start)
                             .count());
      }
      std::sort(Millis.begin(), Millis.end());
      std::fprintf(stderr, "pykc: %u launches of '%s' on %s: median %.4f ms, fastest %.4f ms\n",
                   O->TimedLaunches, O->Kernel.c_str(), Device.Name.c_str(),
                   Millis[Millis.size() / 2], Millis.front());
    }
    // Copy out one array at a time, keeping only what changed.
    for (size_t I = 0; I < Args.size(); ++I) {
      if (!Args[I].Array || Args[I].AliasOf >= 0 || Args[I].Array->Data.empty())
        continue;
      std::vector<uint8_t> &Data = Args[I].Array->Data;
      std::vector<uint8_t> Result(Data.size());
      copyDeviceToHost(Dev, Result.data(), Pointers[I], Result.size());
      if (Result != Data) {
        Data.swap(Result);
        Args[I].Changed = true;
      }
    }
  } catch (const std::bad_alloc &) {
    return fail("out of memory");
  } catch (const std::exception &E) {
    return fail(E);
  }

  // Write every changed array to a temporary beside it, then replace the
  // originals (OutputFiles.h).
  OutputFiles Out;
  for (const Argument &A : Args) {
    if (!A.Changed)
      continue;
    const NpyArray &N = *A.Array;
    std::string_view Data(reinterpret_cast<const char *>(N.Data.data()), N.Data.size());
    if (!Out.add(A.Spelling, {N.Header, Data}, Error))
      return fail(Error + "; no file was changed");
  }
  if (!Out.commit(Error))
    return fail(Error);
  return 0;
}

} // namespace pykc::driver
