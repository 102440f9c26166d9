//===- Run.cpp - `pykc run` -----------------------------------------------===//
//
// The phases of a run: read the arguments (.npy files and scalars), type the
// kernel for them, compile it for the chosen device (ORC JIT for the CPU,
// PTX for CUDA), copy the arrays in, launch, copy them out, and only then
// replace the .npy files, so a failed run leaves every input untouched.
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "CudaToolkit.h"
#include "Output.h"
#include "Npy.h"

#include "codegen/CPUBackend.h"
#include "codegen/Codegen.h"
#include "frontend/Parser.h"
#include "ir/ModuleScope.h"
#include "ir/Sema.h"

#include <pykc/CpuABI.h>
#include <pykc/Runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <unistd.h>

namespace pykc::driver {

namespace fs = std::filesystem;

namespace {

struct RunOptions {
  std::string File, Kernel;
  Dim3 Grid, Block;
  std::string Backend = "auto";
  uint64_t SharedBytes = 0;
  unsigned OptLevel = 3;
  unsigned TimedLaunches = 0; ///< --time N: launch N more times and report.
  std::vector<std::string> Args;
};

int usage(const std::string &Message) {
  std::cerr << "pykc: error: " << Message << "\nRun 'pykc run --help' for usage.\n";
  return 2;
}


const char *RunHelp = R"(USAGE: pykc run FILE.py KERNEL --grid G --block B [options] ARG...

Compiles KERNEL for the types of its arguments and launches it once.

  --grid G, --block B   Blocks per grid and threads per block: 4, 4,2 or 4,2,2.
  --backend KIND        cpu, cuda or auto (default: CUDA when a GPU is
                        present, else the CPU; says which on stderr).
  --shared BYTES        Dynamic shared memory per block.
  --time N              After the launch, launch N more times and print the
                        median and fastest launch time (the arrays then hold
                        the result of all N+1 launches).
  -O0 .. -O3            Optimization level (default -O3).
  ARG                   An array: a .npy file (dtype, shape and C/F order from
                        the file; written back after the launch). A scalar:
                        5 (int64), 2.5 (float64), or TYPE:VALUE such as
                        float32:1.25, int32:7, uint8:3, bool:1.
)";

std::optional<Dim3> parseDim3(const std::string &Text) {
  std::vector<uint32_t> Parts;
  std::stringstream SS(Text);
  std::string Item;
  while (std::getline(SS, Item, ',')) {
    if (Item.empty() || Item.find_first_not_of("0123456789") != std::string::npos ||
        Item.size() > 10)
      return std::nullopt;
    unsigned long long V = std::stoull(Item);
    if (V == 0 || V > 0xffffffffULL)
      return std::nullopt;
    Parts.push_back(uint32_t(V));
  }
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  Dim3 D;
  D.x = Parts[0];
  D.y = Parts.size() > 1 ? Parts[1] : 1;
  D.z = Parts.size() > 2 ? Parts[2] : 1;
  return D;
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
};

std::optional<Argument> parseScalar(const std::string &Text, std::string &Error) {
  Argument A;
  A.Spelling = Text;
  std::string Type, Value = Text;
  if (size_t Colon = Text.find(':'); Colon != std::string::npos) {
    Type = Text.substr(0, Colon);
    Value = Text.substr(Colon + 1);
  }
  auto IsInteger = [](const std::string &S) {
    size_t I = (!S.empty() && (S[0] == '-' || S[0] == '+')) ? 1 : 0;
    return I < S.size() && S.find_first_not_of("0123456789", I) == std::string::npos;
  };
  if (Type.empty())
    Type = IsInteger(Value) ? "int64" : "float64";
  if (Type == "bool" && (Value == "True" || Value == "true"))
    Value = "1";
  if (Type == "bool" && (Value == "False" || Value == "false"))
    Value = "0";
  char *End = nullptr;
  errno = 0;
  if (Type == "float32" || Type == "float64") {
    double D = std::strtod(Value.c_str(), &End);
    if (Value.empty() || *End) {
      Error = "'" + Value + "' is not a number";
      return std::nullopt;
    }
    if (Type == "float32") {
      float F = float(D);
      std::memcpy(&A.ScalarBits, &F, sizeof F);
    } else {
      std::memcpy(&A.ScalarBits, &D, sizeof D);
    }
  } else {
    static const std::vector<std::pair<std::string, std::pair<bool, unsigned>>> Ints = {
        {"bool", {false, 1}},   {"int8", {true, 8}},    {"int16", {true, 16}},
        {"int32", {true, 32}},  {"int64", {true, 64}},  {"uint8", {false, 8}},
        {"uint16", {false, 16}}, {"uint32", {false, 32}}, {"uint64", {false, 64}}};
    auto It = std::find_if(Ints.begin(), Ints.end(), [&](auto &P) { return P.first == Type; });
    if (It == Ints.end()) {
      Error = "unknown scalar type '" + Type + "' (bool, int8..int64, uint8..uint64, float32, float64)";
      return std::nullopt;
    }
    if (!IsInteger(Value)) {
      Error = "'" + Value + "' is not an integer";
      return std::nullopt;
    }
    auto [Signed, Bits] = It->second;
    if (Signed) {
      long long V = std::strtoll(Value.c_str(), &End, 10);
      long long Min = Bits == 64 ? LLONG_MIN : -(1LL << (Bits - 1));
      long long Max = Bits == 64 ? LLONG_MAX : (1LL << (Bits - 1)) - 1;
      if (errno == ERANGE || V < Min || V > Max) {
        Error = Value + " does not fit in " + Type;
        return std::nullopt;
      }
      A.ScalarBits = uint64_t(V);
    } else {
      if (Value[0] == '-') {
        Error = Value + " does not fit in " + Type;
        return std::nullopt;
      }
      unsigned long long V = std::strtoull(Value.c_str(), &End, 10);
      unsigned long long Max = Bits == 64 ? ULLONG_MAX : (1ULL << Bits) - 1;
      if (errno == ERANGE || V > Max) {
        Error = Value + " does not fit in " + Type;
        return std::nullopt;
      }
      A.ScalarBits = V;
    }
  }
  A.ScalarType = Type;
  return A;
}

std::optional<RunOptions> parseRunOptions(int Argc, char **Argv, std::string &Error,
                                          bool &Help) {
  RunOptions O;
  std::vector<std::string> Positional;
  bool HaveGrid = false, HaveBlock = false;
  for (int I = 0; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Value = [&](const std::string &Name, std::string &Out) {
      if (A.rfind(Name + "=", 0) == 0) {
        Out = A.substr(Name.size() + 1);
        return true;
      }
      if (A != Name)
        return false;
      if (I + 1 >= Argc) {
        Error = "missing value after '" + Name + "'";
        return true;
      }
      Out = Argv[++I];
      return true;
    };
    std::string V;
    if (A == "--help" || A == "-h") {
      Help = true;
      return O;
    }
    if (Value("--grid", V) || Value("--block", V)) {
      bool IsGrid = A.rfind("--grid", 0) == 0;
      if (!Error.empty())
        return std::nullopt;
      auto D = parseDim3(V);
      if (!D) {
        Error = std::string("invalid ") + (IsGrid ? "--grid" : "--block") + " '" + V +
                "' (expected N, N,N or N,N,N with positive N)";
        return std::nullopt;
      }
      (IsGrid ? O.Grid : O.Block) = *D;
      (IsGrid ? HaveGrid : HaveBlock) = true;
    } else if (Value("--backend", V)) {
      if (V != "cpu" && V != "cuda" && V != "auto") {
        Error = "invalid --backend '" + V + "' (expected cpu, cuda or auto)";
        return std::nullopt;
      }
      O.Backend = V;
    } else if (Value("--shared", V)) {
      if (V.empty() || V.find_first_not_of("0123456789") != std::string::npos) {
        Error = "invalid --shared '" + V + "' (expected a number of bytes)";
        return std::nullopt;
      }
      O.SharedBytes = std::stoull(V);
    } else if (Value("--time", V)) {
      if (V.empty() || V.size() > 6 || V.find_first_not_of("0123456789") != std::string::npos) {
        Error = "invalid --time '" + V + "' (expected a number of launches)";
        return std::nullopt;
      }
      O.TimedLaunches = unsigned(std::stoul(V));
    } else if (A.size() == 3 && A.rfind("-O", 0) == 0 && A[2] >= '0' && A[2] <= '3') {
      O.OptLevel = unsigned(A[2] - '0');
    } else if (A.size() > 1 && A[0] == '-' && !(A.size() > 1 && (std::isdigit(A[1]) || A[1] == '.'))) {
      Error = "unknown option '" + A + "'";
      return std::nullopt;
    } else {
      Positional.push_back(A);
    }
    if (!Error.empty())
      return std::nullopt;
  }
  if (Positional.size() < 2) {
    Error = "expected FILE.py and KERNEL";
    return std::nullopt;
  }
  if (!HaveGrid || !HaveBlock) {
    Error = "--grid and --block are required";
    return std::nullopt;
  }
  O.File = Positional[0];
  O.Kernel = Positional[1];
  O.Args.assign(Positional.begin() + 2, Positional.end());
  return O;
}

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
    bool LooksLikeFile = Text.size() > 4 && Text.compare(Text.size() - 4, 4, ".npy") == 0;
    if (LooksLikeFile || fs::exists(Text)) {
      Argument A;
      A.Spelling = Text;
      for (size_t J = 0; J < Args.size(); ++J) {
        std::error_code EC;
        if (Args[J].Array && Args[J].AliasOf < 0 && fs::equivalent(Args[J].Spelling, Text, EC)) {
          A = Args[J];
          A.AliasOf = int(J);
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
    Args.push_back(std::move(*S));
  }

  // Type the kernel for these arguments.
  frontend::SourceManager Sources;
  frontend::DiagnosticEngine Diags(&std::cerr);
  std::string ReadError;
  const frontend::SourceFile *File = Sources.loadFile(O->File, ReadError);
  if (!File)
    return fail(ReadError);
  frontend::ASTContext AST;
  frontend::Module Module = frontend::parseModule(*File, AST, Diags);
  if (Diags.hasErrors())
    return 1;
  ir::TypeContext Types;
  ir::ModuleScope Scope(Module, Types, Diags);
  ir::FunctionInfo *Fn = Scope.function(O->Kernel);
  if (!Fn || Fn->Role != ir::FunctionRole::Kernel)
    return fail("'" + O->Kernel + "' is not a @cuda.jit kernel in '" + O->File + "'");
  if (Args.size() != Fn->Def->Params.size())
    return fail("'" + O->Kernel + "' takes " + std::to_string(Fn->Def->Params.size()) +
                (Fn->Def->Params.size() == 1 ? " argument" : " arguments") + " but " +
                std::to_string(Args.size()) + (Args.size() == 1 ? " was" : " were") + " given");
  std::string SigText = O->Kernel + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    SigText += (I ? ", " : "") + signatureType(Args[I]);
  SigText += ")";
  const frontend::SourceFile *SigFile = Sources.addBuffer("<arguments>", SigText);
  std::string SigName;
  auto Sig = ir::parseSignature(SigText, *SigFile, 0, Types, Diags, true, &SigName);
  if (!Sig)
    return 1;
  ir::SemaResult Typed = ir::lowerModule(Scope, Types, Diags, {{O->Kernel, *Sig}}, O->Kernel);
  if (Diags.hasErrors() || !Typed.KernelsCompiled)
    return 1;
  const ir::Function *Kernel = nullptr;
  for (const auto &F : Typed.IR->functions())
    if (F->Kind == ir::FunctionKind::Kernel)
      Kernel = F.get();

  try {
    // The device.
    if (O->Backend == "cpu") {
      select_device(cpu_device_id());
    } else if (O->Backend == "cuda") {
      if (!cuda_available())
        return fail("--backend cuda: no usable CUDA device (" + cuda_unavailable_reason() +
                    "); use --backend cpu to run on the CPU");
      select_device(0);
    } else {
      select_device(cuda_available() ? 0 : cpu_device_id());
    }
    const DeviceInfo &Device = current_device();
    if (O->Backend == "auto")
      std::cerr << "pykc: running '" << O->Kernel << "' on " << Device.Name
                << (Device.Kind == DeviceKind::CPU ? " (the CPU backend)" : " (CUDA)") << '\n';

    // Compile for it.
    KernelImage Image{};
    Image.Name = Kernel->SymbolName.c_str();
    std::string PTX;
    std::unique_ptr<codegen::CPUJit> JIT;
    if (Device.Kind == DeviceKind::CPU) {
      JIT = codegen::CPUJit::create({{"pykc_cpu_barrier", reinterpret_cast<void *>(&pykc_cpu_barrier)}}, Error);
      if (!JIT || !JIT->add(*Typed.IR, O->OptLevel, Error))
        return fail("cannot compile for the CPU: " + Error);
      auto K = JIT->lookup(Kernel->SymbolName, Error);
      if (!K)
        return fail("cannot compile for the CPU: " + Error);
      Image.CpuEntry = reinterpret_cast<pykc_cpu_kernel_fn>(K->Entry);
      Image.CpuSharedBytes = K->SharedBytes;
      Image.CpuUsesBarrier = K->UsesBarrier;
      Image.CpuBlockEntry = reinterpret_cast<pykc_cpu_kernel_fn>(K->BlockEntry);
    } else {
      codegen::CodegenOptions CO;
      int CC = Device.ComputeCapabilityMajor * 10 + Device.ComputeCapabilityMinor;
      // The newest architecture pykc knows that the device can run.
      for (const std::string &Arch : codegen::supportedArchs())
        if (Arch != "sm_90a" && std::stoi(Arch.substr(3)) <= CC)
          CO.Arch = Arch;
      CO.OptLevel = O->OptLevel;
      CO.LibdevicePath = findLibdevice("", "");
      codegen::NVPTXBackend Backend(CO);
      llvm::LLVMContext Ctx;
      auto M = Backend.compile(*Typed.IR, Ctx, Error);
      if (!M || !Backend.emitPTX(*M, PTX, Error))
        return fail(Error);
      Image.Ptx = PTX.c_str();
    }

    // Copy in, launch, copy out.
    int Dev = Device.Id;
    struct Buffer {
      void *Ptr = nullptr;
      int Dev = 0;
      ~Buffer() { deviceFree(Dev, Ptr); }
    };
    std::vector<std::unique_ptr<Buffer>> Buffers;
    std::vector<void *> Pointers(Args.size(), nullptr);
    std::vector<uint64_t> Storage; // the flattened parameter values
    Storage.reserve(Args.size() * 7);
    std::vector<size_t> Slots;
    for (size_t I = 0; I < Args.size(); ++I) {
      Argument &A = Args[I];
      if (!A.Array) {
        Slots.push_back(Storage.size());
        Storage.push_back(A.ScalarBits);
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
      // KernelABI.h: data, extents, byte strides (C or F order).
      Slots.push_back(Storage.size());
      Storage.push_back(uint64_t(reinterpret_cast<uintptr_t>(Pointers[I])));
      size_t Dims = N.Shape.size();
      std::vector<int64_t> Strides(Dims);
      int64_t Stride = N.ItemSize;
      for (size_t K = 0; K < Dims; ++K) {
        size_t D = N.FortranOrder ? K : Dims - 1 - K;
        Strides[D] = Stride;
        Stride *= N.Shape[D];
      }
      for (int64_t E : N.Shape)
        Storage.push_back(uint64_t(E));
      for (int64_t S : Strides)
        Storage.push_back(uint64_t(S));
    }
    std::vector<void *> Params;
    for (uint64_t &V : Storage)
      Params.push_back(&V);
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
    for (size_t I = 0; I < Args.size(); ++I)
      if (Args[I].Array && Args[I].AliasOf < 0 && !Args[I].Array->Data.empty())
        copyDeviceToHost(Dev, Args[I].Array->Data.data(), Pointers[I], Args[I].Array->Data.size());
  } catch (const std::exception &E) {
    return fail(E.what());
  }

  // Write every array to a temporary beside it, then replace the originals.
  std::vector<std::pair<std::string, std::string>> Renames;
  for (const Argument &A : Args) {
    if (!A.Array || A.AliasOf >= 0)
      continue;
    std::string Temp = A.Spelling + ".pykc-tmp" + std::to_string(getpid());
    if (!writeNpy(Temp, *A.Array, Error)) {
      for (auto &R : Renames)
        fs::remove(R.first);
      fs::remove(Temp);
      return fail(Error + "; no file was changed");
    }
    Renames.push_back({Temp, A.Spelling});
  }
  for (auto &[Temp, Path] : Renames) {
    std::error_code EC;
    fs::rename(Temp, Path, EC);
    if (EC)
      return fail("cannot replace '" + Path + "': " + EC.message());
  }
  return 0;
}

} // namespace pykc::driver
