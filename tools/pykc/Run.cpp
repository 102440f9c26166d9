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
#include "ForeignLink.h"

#include "Arguments.h"
#include "CheckReport.h"
#include "DeviceCode.h"
#include "HelpText.h"
#include "Npy.h"
#include "Output.h"
#include "Pipeline.h"
#include "RunOptions.h"
#include "ScalarArguments.h"

#include <pykc/Check.h>
#include <pykc/CpuABI.h>
#include <pykc/Runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
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

} // namespace

int runCommand(int Argc, char **Argv) {
  std::string Error;
  bool Help = false;
  auto O = parseRunOptions(Argc, Argv, Error, Help);
  if (Help) {
    std::cout << helpText(Command::Run);
    return 0;
  }
  if (!O)
    return usage(Error);

  std::vector<Argument> Args;
  if (int Status = readArguments(O->Args, Args))
    return Status;

  // Type the kernel for these arguments: the shared phases, with the
  // arguments spelled as one signature.
  FrontendRequest R;
  R.BoundsCheck = O->BoundsCheck || O->Check; // memcheck is --boundscheck's check
  R.Modules = O->Modules;
  R.Diagnostics = O->Diagnostics;
  Compilation C;
  requestForArguments(R, C, O->File, O->Kernel, ir::FunctionRole::Kernel, "a @cuda.jit kernel",
                      Args);
  if (int Status = runFrontend(R, C))
    return Status;
  ir::SemaResult &Typed = C.Typed;
  const ir::Function *Kernel = nullptr;
  for (const auto &F : Typed.IR->functions())
    if (F->Kind == ir::FunctionKind::Kernel)
      Kernel = F.get();

  // The arrays' device memory lives until the write-back, which on the CPU
  // device writes changed arrays straight from it.
  struct Buffer {
    void *Ptr = nullptr;
    int Dev = 0;
    ~Buffer() { deviceFree(Dev, Ptr); }
  };
  std::vector<std::unique_ptr<Buffer>> Buffers;
  try {
    // The device, and the kernel compiled for it.
    if (O->Check && O->Backend == "cuda")
      return usage("--check runs on the CPU backend; use --backend cpu or auto");
    if (std::string Problem = selectBackend(O->Check ? "cpu" : O->Backend); !Problem.empty())
      return fail(Problem);
    const DeviceInfo &Device = current_device();
    // The CPU backend links the foreign functions' .cu files compiled for the
    // host; a GPU, the cubin nvJitLink links (DeviceCode.h).
    if (Device.Kind == DeviceKind::CPU && !compileHostLinks(*Typed.IR, C.Diags))
      return 1;
    if (O->Backend == "auto")
      std::cerr << "pykc: running '" << O->Kernel << "' on " << Device.Name
                << (Device.Kind == DeviceKind::CPU ? " (the CPU backend)" : " (CUDA)") << '\n';
    auto Code = DeviceCode::compile(*Typed.IR, O->OptLevel, O->Fmad, Error, {}, O->Check);
    std::optional<KernelImage> Compiled = Code ? Code->image(Kernel->SymbolName, Error) : std::nullopt;
    if (!Compiled)
      return fail(Error);
    Compiled->Cooperative = Kernel->UsesGridSync;
    const KernelImage &Image = *Compiled;

    // Copy in, launch, copy out.
    int Dev = Device.Id;
    bool HostMemory = Device.Kind == DeviceKind::CPU;
    if (O->Check)
      track_array_initialization(true); // (every array here is copied in whole)
    std::vector<Argument *> Arrays = arrayLeaves(Args);
    std::vector<void *> Pointers(Arrays.size(), nullptr);
    // Each array is read from its file straight into the device's memory
    // (NpyFileData.h): on the CPU device that is host memory; a GPU's gets
    // it through a staging chunk. Nothing is held twice.
    std::vector<uint8_t> Chunk;
    auto ChunkFor = [&](uint64_t Bytes) {
      Chunk.resize(size_t(std::min<uint64_t>(Bytes, uint64_t(4) << 20)));
      return uint64_t(Chunk.size());
    };
    KernelArgs Params; // the runtime's flattening, as typed launches use
    size_t I = 0;      // the next array
    for (Argument *Leaf : argumentLeaves(Args)) {
      Argument &A = *Leaf;
      if (!A.Array) {
        addScalarArgument(A, Params);
        continue;
      }
      NpyArray &N = *A.Array;
      if (A.AliasOf >= 0) {
        Pointers[I] = Pointers[size_t(A.AliasOf)];
      } else {
        auto B = std::make_unique<Buffer>();
        B->Dev = Dev;
        B->Ptr = deviceMalloc(Dev, std::max<size_t>(N.byteCount(), 1));
        Pointers[I] = B->Ptr;
        Buffers.push_back(std::move(B));
        // (--check learns what a copy wrote: its arrays go through copies.)
        if (!N.File) {
          copyHostToDevice(Dev, Pointers[I], N.Data.data(), N.Data.size());
        } else if (HostMemory && !O->Check) {
          if (!N.readInto(Pointers[I], Error))
            return fail("'" + A.Spelling + "': " + Error);
        } else {
          for (uint64_t Done = 0, Step = ChunkFor(N.byteCount()); Done < N.byteCount(); Done += Step) {
            uint64_t Part = std::min(Step, N.byteCount() - Done);
            if (!N.File->read(Done, Chunk.data(), Part, Error))
              return fail("'" + A.Spelling + "': " + Error);
            copyHostToDevice(Dev, static_cast<char *>(Pointers[I]) + Done, Chunk.data(), Part);
          }
        }
      }
      std::vector<int64_t> Strides = byteStrides(N);
      Params.addArray(Pointers[I++], N.Shape, Strides);
    }
    LaunchConfig Config;
    Config.Grid = O->Grid;
    Config.Block = O->Block;
    Config.DynamicSharedBytes = O->SharedBytes;
    take_check_findings(); // only this launch's
    launch(Image, Config, Params.data());
    synchronize();
    if (O->Check) {
      // What the checker found; any error leaves every file as it was.
      CheckFindings Found = take_check_findings();
      std::cerr << withSourceLines(Found.Reports) << Found.summary(O->Kernel) << '\n';
      if (Found.total())
        return 1;
    }
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
      // Nanoseconds: a small launch on the CPU device takes well under a
      // microsecond, which four decimals of a millisecond would round.
      std::fprintf(stderr, "pykc: %u launches of '%s' on %s: median %.6f ms, fastest %.6f ms\n",
                   O->TimedLaunches, O->Kernel.c_str(), Device.Name.c_str(),
                   Millis[Millis.size() / 2], Millis.front());
    }
    // What changed, compared with the file (or the data read) a chunk at
    // a time; a changed array is written back from the CPU device's memory
    // itself, or from one host copy of a GPU's.
    for (size_t K = 0; K < Arrays.size(); ++K) {
      Argument &A = *Arrays[K];
      NpyArray &N = *A.Array;
      uint64_t Bytes = N.byteCount();
      if (A.AliasOf >= 0 || !Bytes)
        continue;
      const char *Dev0 = static_cast<const char *>(Pointers[K]);
      if (HostMemory) {
        A.Changed = N.differs(0, Dev0, Bytes);
      } else {
        for (uint64_t Done = 0, Step = ChunkFor(Bytes); Done < Bytes && !A.Changed; Done += Step) {
          uint64_t Part = std::min(Step, Bytes - Done);
          copyDeviceToHost(Dev, Chunk.data(), Dev0 + Done, Part);
          A.Changed = N.differs(Done, Chunk.data(), Part);
        }
      }
      if (!A.Changed)
        continue;
      if (HostMemory) {
        N.NewData = std::string_view(Dev0, size_t(Bytes));
      } else {
        N.File.reset();
        N.Data.resize(size_t(Bytes));
        copyDeviceToHost(Dev, N.Data.data(), Dev0, Bytes);
        N.NewData = std::string_view(reinterpret_cast<const char *>(N.Data.data()), N.Data.size());
      }
    }
  } catch (const std::bad_alloc &) {
    return fail("out of memory");
  } catch (const std::exception &E) {
    return fail(E);
  }

  return writeBackChanged(Args);
}

} // namespace pykc::driver
