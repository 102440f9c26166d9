//===- GpuImages.cpp - PTX per architecture, SASS through ptxas -----------===//
#include "GpuImages.h"
#include "Pipeline.h"

#include "CudaToolkit.h"
#include "ForeignLinkGpu.h"
#include "NvJitLink.h"
#include "Nvrtc.h"
#include "TempFiles.h"

#include "codegen/Codegen.h"

#include <llvm/Support/Program.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <thread>

#include <pykc/ModuleABI.h>


namespace pykc::driver {

using codegen::GpuImage;

namespace {

uint32_t smNumber(const std::string &Arch) {
  return uint32_t(std::stoul(Arch.substr(3))); // "sm_90a" -> 90
}

/// Whether \p Log says the program could not write a file because of the
/// system (a size limit, a full disk), not because of its input.
bool systemWriteFailure(const std::string &Log) {
  for (int Err : {EFBIG, ENOSPC, EDQUOT})
    if (Log.find(std::strerror(Err)) != std::string::npos)
      return true;
  return false;
}

/// Runs a toolkit program; its stderr lands in Log. Only its rejecting the
/// PTX pykc made is blamed on pykc: a program that cannot be started, is
/// killed by a signal (Ctrl-C, SIGXFSZ past `ulimit -f`) or cannot write
/// its output says so.
bool run(const std::string &Program, const std::vector<std::string> &Args, const TempDir &Dir,
         const std::string &LogName, std::string &Error) {
  std::vector<llvm::StringRef> Argv = {Program};
  for (const std::string &A : Args)
    Argv.push_back(A);
  std::string LogPath = Dir.file(LogName);
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(LogPath),
                                                llvm::StringRef(LogPath)};
  std::string ExecError;
  int Status = llvm::sys::ExecuteAndWait(Program, Argv, std::nullopt, Redirects, 0, 0, &ExecError);
  if (Status == 0)
    return true;
  std::string Log;
  readFile(LogPath, Log);
  while (!Log.empty() && Log.back() == '\n')
    Log.pop_back();
  std::string Command;
  for (llvm::StringRef A : Argv)
    Command += (Command.empty() ? "" : " ") + A.str();
  std::string LogText = Log.empty() ? "" : ":\n" + Log;
  std::string NoSass = "\nTo build without SASS, add --no-sass";
  if (Status == -1) { // not started
    Error = "cannot run `" + Command + "`: " + ExecError + NoSass;
  } else if (Status == -2) { // ExecError is strsignal()'s text
    Error = "`" + Command + "` was killed by a signal (" + ExecError + ")";
    if (ExecError.rfind(strsignal(SIGXFSZ), 0) == 0)
      Error += ": a file it wrote reached the file size limit (`ulimit -f`); raise the limit";
    Error += LogText + NoSass;
  } else if (systemWriteFailure(Log)) {
    Error = "`" + Command + "` could not write its output (exit status " +
            std::to_string(Status) + ")" + LogText + NoSass;
  } else {
    Error = "`" + Command + "` failed (exit status " + std::to_string(Status) + ")" + LogText +
            "\nThis is a pykc bug; to build without SASS meanwhile, add --no-sass";
  }
  return false;
}

/// One architecture's SASS and what ptxas said.
struct ArchImages {
  GpuImage Cubin;
  std::string Error;
  std::string PtxasLog; ///< What ptxas printed, shown with -Xptxas.
};

/// The tools SASS comes from: ptxas (a path) or libnvJitLink, or neither
/// (--no-sass), and the folder ptxas reads and writes in.
struct SassTools {
  std::string Ptxas;
  const NvJitLink *Jit = nullptr;
  const TempDir *Dir = nullptr;
  /// Kernels that call foreign functions: their link files go to
  /// nvJitLink beside the PTX (a .cu through NVRTC, Rtc).
  const ir::Module *ForeignIR = nullptr;
  const Nvrtc *Rtc = nullptr;
};

/// Builds \p Arch's SASS from the PTX \p P into \p A.
void buildSass(const std::string &Arch, const GpuImage &P, const Options &O, bool LineInfo,
               const SassTools &Tools, ArchImages &A, PhaseTimes *Times, Progress *Shown) {
  const NvJitLink *Jit = Tools.Jit;
  const std::string &Ptxas = Tools.Ptxas;
  const TempDir &Dir = *Tools.Dir;
  PhaseTimes::Scope T(Jit || !Ptxas.empty() ? Times : nullptr, "sass/" + Arch);
  if (Jit) { // SASS in the process: no ptxas, no temporary files
    std::string Log;
    std::vector<NvJitLink::Input> Extra;
    if (Tools.ForeignIR && !foreignLinkInputs(*Tools.ForeignIR, Tools.Rtc, Arch, Extra, A.Error))
      return;
    std::optional<std::string> Cubin = Jit->compile(P.Data, Arch, O.OptLevel, Log, Extra);
    if (!Cubin && Tools.ForeignIR) { // most likely the link files' problem
      A.Error = "libnvJitLink (" + Jit->path() + ") could not link the kernels' PTX with their "
                "link files for " + Arch + ":\n" + Log;
      return;
    }
    if (!Cubin) {
      A.Error = "libnvJitLink (" + Jit->path() + ") could not compile the PTX for " + Arch +
                ":\n" + Log + "\nThis is a pykc bug; to build without SASS meanwhile, add --no-sass";
      return;
    }
    A.Cubin = {PYKC_IMAGE_CUBIN, smNumber(Arch), Arch, std::move(*Cubin)};
    if (Shown)
      Shown->sassDone();
    return;
  }
  if (Ptxas.empty())
    return;
  std::string In = Dir.file(Arch + ".ptx"), Out = Dir.file(Arch + ".cubin");
  if (!writeFile(In, P.Data)) {
    A.Error = "cannot write '" + In + "': " + std::strerror(errno);
    return;
  }
  std::vector<std::string> PtxasArgs = {"-arch=" + Arch,
                                        "-O" + std::to_string(std::min(O.OptLevel, 3u))};
  if (LineInfo) // the .loc directives become the cubin's line table
    PtxasArgs.push_back("-lineinfo");
  PtxasArgs.insert(PtxasArgs.end(), O.PtxasOptions.begin(), O.PtxasOptions.end()); // -Xptxas
  PtxasArgs.insert(PtxasArgs.end(), {In, "-o", Out});
  if (!run(Ptxas, PtxasArgs, Dir, Arch + ".log", A.Error))
    return;
  if (!O.PtxasOptions.empty()) // e.g. -Xptxas -v: its report is wanted
    readFile(Dir.file(Arch + ".log"), A.PtxasLog);
  A.Cubin = {PYKC_IMAGE_CUBIN, smNumber(Arch), Arch, ""};
  if (!readFile(Out, A.Cubin.Data))
    A.Error = "ptxas wrote no '" + Out + "'";
  else if (Shown)
    Shown->sassDone();
}

/// Calls \p Work(0 .. N-1), each on its own thread (the calling thread
/// takes the first), and returns when all are done.
template <class Fn> void runEach(size_t N, const Fn &Work) {
  std::vector<std::thread> Workers;
  for (size_t K = 1; K < N; ++K)
    Workers.emplace_back([&Work, K] { Work(K); });
  if (N)
    Work(0);
  for (std::thread &W : Workers)
    W.join();
}

} // namespace

bool buildGpuImages(const ir::Module &IR, const Options &O, std::vector<GpuImage> &Images,
                    std::string &PtxasLog, std::string &Error, PhaseTimes *Times,
                    Progress *Shown) {
  bool HasKernel = false;
  bool LineInfo = O.LineInfo; // -lineinfo, or a kernel's lineinfo=True
  for (const auto &F : IR.functions()) {
    HasKernel |= F->Kind == ir::FunctionKind::Kernel;
    LineInfo |= F->LineInfo;
  }
  if (!HasKernel)
    return true;

  const std::vector<std::string> &Archs = O.Archs.empty() ? defaultObjectArchs() : O.Archs;
  codegen::CodegenOptions CO;
  CO.OptLevel = O.OptLevel;
  CO.Float.Fmad = O.Fmad;
  CO.LineInfo = O.LineInfo;
  CO.LibdevicePath = findLibdevice(O.Libdevice, O.CudaPath);
  // SASS from ptxas and fatbinary by default; from libnvJitLink, in the
  // process, with PYKC_NVJITLINK=1 or where the toolkit has no ptxas (a
  // runtime-only install). Measured on the documents' kernels for five
  // architectures, the two take the same time (bench/compile_time), so the
  // long-tested path stays the default.
  const char *JitSetting = std::getenv("PYKC_NVJITLINK");
  std::string UseJit = JitSetting ? JitSetting : "";
  // Kernels that call foreign device functions are linked with their link
  // files by nvJitLink (a .cu compiled by NVRTC first).
  bool Foreign = !IR.Foreign.empty();
  std::string Ptxas =
      O.Sass && UseJit != "1" && !Foreign ? findCudaTool("ptxas", O.CudaPath) : "";
  const NvJitLink *Jit =
      O.Sass && Ptxas.empty() && (UseJit != "0" || Foreign) ? NvJitLink::load(O.CudaPath) : nullptr;
  const Nvrtc *Rtc = nullptr;
  if (Foreign && O.Sass) {
    if (!Jit) {
      Error = "the kernels call foreign device functions, which pykc links for the GPU with the "
              "CUDA toolkit's libnvJitLink, and there is none; add --no-sass to embed their PTX "
              "unlinked (the CPU backend's code runs; the GPU cannot load it)";
      return false;
    }
    for (const ir::LinkFile &L : IR.Links)
      if (L.Kind == ir::LinkFileKind::Cuda && !(Rtc = Nvrtc::load(O.CudaPath))) {
        Error = "the link file '" + L.Spelling + "' is compiled for the GPU with the CUDA "
                "toolkit's NVRTC (libnvrtc.so), and there is none; add --no-sass to embed the "
                "kernels' PTX unlinked";
        return false;
      }
  }
  TempDir Dir;
  if (!Ptxas.empty() && !Dir.create("pykc-sass", Error))
    return false;

  // PTX once per PTX target, each on its own thread with its own
  // LLVMContext (sm_100 and newer share sm_90's: LLVM 19 stops there and
  // ptxas builds their SASS from it), then SASS per architecture, each on
  // its own thread: the work is split by target and architecture, never by
  // the number of cores, so the output is the same on any machine.
  std::vector<GpuImage> Ptx;
  std::vector<std::string> PtxErrors;
  std::vector<size_t> PtxOf; // Archs[K]'s PTX is Ptx[PtxOf[K]]
  for (const std::string &Arch : Archs) {
    std::string Target = ptxTargetFor(Arch);
    auto Same = std::find_if(Ptx.begin(), Ptx.end(), [&](const GpuImage &P) { return P.Arch == Target; });
    PtxOf.push_back(size_t(Same - Ptx.begin()));
    if (Same == Ptx.end())
      Ptx.push_back({PYKC_IMAGE_PTX, smNumber(Target), Target, ""});
  }
  PtxErrors.resize(Ptx.size());
  runEach(Ptx.size(), [&](size_t T) {
    codegen::CodegenOptions Options = CO;
    Options.Arch = Ptx[T].Arch;
    PhaseTimes::Scope Time(Times, "ptx/" + Ptx[T].Arch);
    compilePTX(IR, Options, /*LLVMText=*/false, Ptx[T].Data, PtxErrors[T]);
  });
  for (const std::string &E : PtxErrors)
    if (!E.empty()) {
      Error = E;
      return false;
    }
  if (Shown)
    for (size_t K = 0; K < Archs.size(); ++K)
      Shown->ptxDone();

  std::vector<ArchImages> Built(Archs.size());
  SassTools Tools{Ptxas, Jit, &Dir, Foreign ? &IR : nullptr, Rtc};
  if (Jit || !Ptxas.empty())
    runEach(Archs.size(), [&](size_t K) {
      buildSass(Archs[K], Ptx[PtxOf[K]], O, LineInfo, Tools, Built[K], Times, Shown);
    });
  for (const ArchImages &A : Built)
    PtxasLog += A.PtxasLog;
  for (const ArchImages &A : Built)
    if (!A.Error.empty()) {
      Error = A.Error;
      return false;
    }
  if (Jit) // a cubin per architecture; the runtime picks the one that runs
    for (ArchImages &A : Built)
      Images.push_back(std::move(A.Cubin));

  if (!Ptxas.empty()) {
    std::vector<GpuImage> Cubins;
    std::vector<std::string> FatbinArgs = {"--64", "--create=" + Dir.file("all.fatbin"),
                                           "--compress-mode=none"};
    std::vector<bool> PtxPacked(Ptx.size());
    for (size_t K = 0; K < Built.size(); ++K) {
      Cubins.push_back(std::move(Built[K].Cubin));
      FatbinArgs.push_back("--image3=kind=elf,sm=" + Archs[K].substr(3) +
                           ",file=" + Dir.file(Archs[K] + ".cubin"));
      if (!PtxPacked[PtxOf[K]]) {
        PtxPacked[PtxOf[K]] = true;
        FatbinArgs.push_back("--image3=kind=ptx,sm=" + Ptx[PtxOf[K]].Arch.substr(3) +
                             ",file=" + Dir.file(Archs[K] + ".ptx"));
      }
    }
    std::string Fatbinary = findCudaTool("fatbinary", O.CudaPath);
    GpuImage Fatbin{PYKC_IMAGE_FATBIN, Ptx.front().Sm, "", ""};
    for (const GpuImage &P : Ptx)
      Fatbin.Sm = std::min(Fatbin.Sm, P.Sm);
    for (const std::string &Arch : Archs)
      Fatbin.Arch += (Fatbin.Arch.empty() ? "" : ",") + Arch;
    if (!Fatbinary.empty()) {
      PhaseTimes::Scope T(Times, "fatbinary");
      if (!run(Fatbinary, FatbinArgs, Dir, "fatbinary.log", Error))
        return false;
      if (!readFile(Dir.file("all.fatbin"), Fatbin.Data)) {
        Error = "fatbinary wrote no fatbin";
        return false;
      }
      Images.push_back(std::move(Fatbin));
    } else {
      for (GpuImage &C : Cubins)
        Images.push_back(std::move(C));
    }
  }
  // PTX that calls foreign functions does not load without its link files.
  if (!Foreign)
    for (GpuImage &P : Ptx)
      Images.push_back(std::move(P));
  else if (!Jit)
    for (GpuImage &P : Ptx) // --no-sass: unlinked, for tools that link it
      Images.push_back(std::move(P));
  return true;
}

} // namespace pykc::driver
