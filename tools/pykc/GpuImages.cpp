//===- GpuImages.cpp - PTX and SASS per GPU group and architecture ------===//
#include "GpuImages.h"

#include "CacheKey.h"
#include "CompileCache.h"
#include "CudaToolkit.h"
#include "ForeignLinkGpu.h"
#include "HostParts.h"
#include "NvJitLink.h"
#include "Nvrtc.h"
#include "Pipeline.h"
#include "TempFiles.h"
#include "ToolProcess.h"

#include "codegen/Codegen.h"
#include "codegen/GpuGroups.h"
#include "codegen/NVPTXSharedOptimization.h"

#include "support/InternalError.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
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
  int Status = runTool(Program, Argv, Redirects, &ExecError);
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

/// Builds \p Arch's SASS from the PTX \p P into \p A; ptxas's files are
/// named \p Prefix + Arch in the shared folder.
void buildArchSass(const std::string &Arch, const GpuImage &P, const Options &O, bool LineInfo,
                   const SassTools &Tools, ArchImages &A, PhaseTimes *Times, Progress *Shown,
                   const std::string &Prefix) {
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
  std::string In = Dir.file(Prefix + Arch + ".ptx"), Out = Dir.file(Prefix + Arch + ".cubin");
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
  if (!run(Ptxas, PtxasArgs, Dir, Prefix + Arch + ".log", A.Error))
    return;
  if (!O.PtxasOptions.empty()) // e.g. -Xptxas -v: its report is wanted
    readFile(Dir.file(Prefix + Arch + ".log"), A.PtxasLog);
  A.Cubin = {PYKC_IMAGE_CUBIN, smNumber(Arch), Arch, ""};
  if (!readFile(Out, A.Cubin.Data))
    A.Error = "ptxas wrote no '" + Out + "'";
  else if (Shown)
    Shown->sassDone();
}

/// Calls \p Work(0 .. N-1) on \p Threads threads (the calling thread one of
/// them), each taking the next index not yet taken, and returns when all
/// are done: which thread ran a task changes nothing in its result.
template <class Fn> void runTasks(size_t N, unsigned Threads, const Fn &Work) {
  std::atomic<size_t> Next{0};
  auto Take = [&] {
    for (size_t I; (I = Next++) < N;)
      Work(I);
  };
  std::vector<std::thread> Workers;
  for (size_t K = 1; K < std::min<size_t>(Threads, N); ++K)
    Workers.emplace_back(Take);
  Take();
  for (std::thread &W : Workers)
    W.join();
}

/// One GPU group's images as one cache entry's part: per image a line
/// "KIND SM ARCH BYTES" and then its bytes.
std::string packImages(const std::vector<GpuImage> &Images) {
  std::string Packed;
  for (const GpuImage &I : Images)
    Packed += std::to_string(I.Kind) + " " + std::to_string(I.Sm) + " " +
              (I.Arch.empty() ? "-" : I.Arch) + " " + std::to_string(I.Data.size()) + "\n" +
              I.Data;
  return Packed;
}

/// packImages undone; false when \p Packed is not what it wrote.
bool unpackImages(const std::string &Packed, uint32_t Group, std::vector<GpuImage> &Images) {
  size_t At = 0;
  while (At < Packed.size()) {
    size_t End = Packed.find('\n', At);
    if (End == std::string::npos)
      return false;
    unsigned Kind = 0, Sm = 0;
    unsigned long long Bytes = 0;
    char Arch[256] = {};
    std::string Line = Packed.substr(At, End - At);
    if (std::sscanf(Line.c_str(), "%u %u %255s %llu", &Kind, &Sm, Arch, &Bytes) != 4 ||
        Kind > PYKC_IMAGE_FATBIN || Bytes > Packed.size() - End - 1)
      return false;
    GpuImage I{Kind, Sm, std::strcmp(Arch, "-") ? Arch : "", Packed.substr(End + 1, Bytes)};
    I.Group = Group;
    Images.push_back(std::move(I));
    At = End + 1 + size_t(Bytes);
  }
  return !Images.empty();
}

/// One group's work: its PTX per target, SASS per architecture, and the
/// images the object embeds.
struct GroupBuild {
  std::string Key; ///< Its cache key; empty with the cache off.
  bool Hit = false;
  std::vector<GpuImage> Ptx;
  std::vector<std::string> PtxErrors;
  /// Per target, the index of the target whose optimized module it takes
  /// (NVPTXSharedOptimization.h), and per target that leads a class of
  /// several, that module as bitcode; the module before optimization, for
  /// the targets optimized alone.
  std::vector<size_t> SharesWith;
  std::vector<std::string> Optimized;
  std::string Unoptimized;
  std::vector<ArchImages> Sass; ///< Per architecture.
  std::vector<GpuImage> Images;
  std::string PtxasLog;
  std::string Error;
};

/// Packs group \p G's cubins and PTX into one fatbin with fatbinary, its
/// bytes into \p Data.
bool packFatbin(const std::string &Fatbinary, const std::vector<std::string> &Archs,
                const std::vector<size_t> &PtxOf, const std::string &Prefix, const TempDir &Dir,
                const GroupBuild &G, std::string &Data, std::string &Error) {
  std::vector<std::string> FatbinArgs = {"--64", "--create=" + Dir.file(Prefix + "all.fatbin"),
                                         "--compress-mode=none"};
  std::vector<bool> PtxPacked(G.Ptx.size());
  for (size_t K = 0; K < Archs.size(); ++K) {
    FatbinArgs.push_back("--image3=kind=elf,sm=" + Archs[K].substr(3) +
                         ",file=" + Dir.file(Prefix + Archs[K] + ".cubin"));
    if (!PtxPacked[PtxOf[K]]) {
      PtxPacked[PtxOf[K]] = true;
      FatbinArgs.push_back("--image3=kind=ptx,sm=" + G.Ptx[PtxOf[K]].Arch.substr(3) +
                           ",file=" + Dir.file(Prefix + Archs[K] + ".ptx"));
    }
  }
  if (!run(Fatbinary, FatbinArgs, Dir, Prefix + "fatbinary.log", Error))
    return false;
  if (!readFile(Dir.file(Prefix + "all.fatbin"), Data)) {
    Error = "fatbinary wrote no fatbin";
    return false;
  }
  return true;
}

/// What group \p Kernels' images are made from, as far as pykc's code
/// generation knows it: the LLVM IR before optimization (the same for every
/// target: the emitter does not read the architecture) and the
/// architectures; the cache key adds the tools and options.
std::string groupMaterial(const ir::Module &IR, const codegen::CodegenOptions &CO,
                          const std::vector<const ir::Function *> *Kernels,
                          const std::vector<std::string> &Archs) {
  codegen::NVPTXBackend Backend(CO);
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M = Backend.emit(IR, Ctx, Kernels);
  std::string Material;
  llvm::raw_string_ostream OS(Material);
  OS << "archs";
  for (const std::string &A : Archs)
    OS << " " << A;
  OS << "\n";
  llvm::WriteBitcodeToFile(*M, OS); // exact, and cheaper to write than text
  OS.flush();
  return Material;
}

/// The tools SASS is made with for \p IR and \p O: ptxas and fatbinary, or
/// libnvJitLink (and NVRTC for .cu link files), or neither (--no-sass).
/// False, with \p Error set, when kernels with foreign calls cannot be
/// linked.
bool findSassTools(const ir::Module &IR, const Options &O, SassTools &Tools,
                   std::string &Fatbinary, std::string &Error) {
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
  Tools.Ptxas = O.Sass && UseJit != "1" && !Foreign ? findCudaTool("ptxas", O.CudaPath) : "";
  Tools.Jit = O.Sass && Tools.Ptxas.empty() && (UseJit != "0" || Foreign)
                  ? NvJitLink::load(O.CudaPath)
                  : nullptr;
  Tools.ForeignIR = Foreign ? &IR : nullptr;
  Fatbinary = Tools.Ptxas.empty() ? "" : findCudaTool("fatbinary", O.CudaPath);
  if (!Foreign || !O.Sass)
    return true;
  if (!Tools.Jit) {
    Error = "the kernels call foreign device functions, which pykc links for the GPU with the "
            "CUDA toolkit's libnvJitLink, and there is none; add --no-sass to embed their PTX "
            "unlinked (the CPU backend's code runs; the GPU cannot load it)";
    return false;
  }
  for (const ir::LinkFile &L : IR.Links)
    if (L.Kind == ir::LinkFileKind::Cuda && !(Tools.Rtc = Nvrtc::load(O.CudaPath))) {
      Error = "the link file '" + L.Spelling + "' is compiled for the GPU with the CUDA "
              "toolkit's NVRTC (libnvrtc.so), and there is none; add --no-sass to embed the "
              "kernels' PTX unlinked";
      return false;
    }
  return true;
}

/// Builds a module's GPU images group by group (codegen/GpuGroups.h). The
/// work is split by group, PTX target and architecture, never by the number
/// of cores, so the output is the same on any machine: PTX once per group
/// and PTX target, each task with its own LLVMContext (sm_100 and newer
/// share sm_90's: LLVM 19 stops there and ptxas builds their SASS from it),
/// then SASS per group and architecture, then each group's fatbin. A group
/// the compile cache holds is taken from it whole.
class GroupedImages {
public:
  GroupedImages(const ir::Module &IR, const Options &O, PhaseTimes *Times, Progress *Shown)
      : IR(IR), O(O), Archs(O.Archs.empty() ? defaultObjectArchs() : O.Archs), Times(Times),
        Shown(Shown), Groups(codegen::gpuGroups(IR)), Built(Groups.Count),
        Store(O.NoCache, nullptr), Threads(compileThreads(O.Jobs)) {
    LineInfo = O.LineInfo; // -lineinfo, or a kernel's lineinfo=True
    for (const auto &F : IR.functions())
      LineInfo |= F->LineInfo;
    CO.OptLevel = O.OptLevel;
    CO.Float.Fmad = O.Fmad;
    CO.LineInfo = O.LineInfo;
    CO.LibdevicePath = findLibdevice(O.Libdevice, O.CudaPath);
    for (const std::string &Arch : Archs) {
      std::string Target = ptxTargetFor(Arch);
      auto Same = std::find(Targets.begin(), Targets.end(), Target);
      PtxOf.push_back(size_t(Same - Targets.begin()));
      if (Same == Targets.end())
        Targets.push_back(Target);
    }
    const char *Shared = std::getenv("PYKC_PTX_SHARED_OPTIMIZE");
    SharedOptimization = !Shared || std::string(Shared) != "0";
    // Steps of many groups are summed into one -v line a phase.
    StepTimes = Times ? (Groups.Count == 1 ? Times : &GroupTimes) : nullptr;
    GroupTimes.traceInto(Times); // -ftime-trace: each group's steps a box
    if (Shown)
      Shown->gpuGroups(Groups.Count);
  }

  bool build(std::vector<GpuImage> &Images, std::string &PtxasLog, std::string &Error,
             GpuImageStats *Stats, const ImageLayoutFn &OnLayout) {
    if (!findSassTools(IR, O, Tools, Fatbinary, Error))
      return false;
    Tools.Dir = &Dir;
    if (!Tools.Ptxas.empty() && !Dir.create("pykc-sass", Error))
      return false;
    if (OnLayout) {
      std::vector<GpuImage> Layout;
      for (size_t G = 0; G < Built.size(); ++G)
        for (GpuImage &I : layoutOf(G))
          Layout.push_back(std::move(I));
      OnLayout(Layout);
    }
    if (Store.enabled())
      lookUp();
    for (size_t G = 0; G < Built.size(); ++G)
      if (!Built[G].Hit)
        ToBuild.push_back(G);
    if (!buildPtx(Error) || !buildSass(Error))
      return false;
    runTasks(ToBuild.size(), Threads, [&](size_t I) { finish(ToBuild[I]); });
    if (!ToBuild.empty() && Store.enabled())
      Store.evict();
    if (Times && Groups.Count > 1)
      Times->addSummed(GroupTimes);
    unsigned Hits = 0;
    for (GroupBuild &B : Built) {
      if (!B.Error.empty()) {
        Error = B.Error;
        return false;
      }
      Hits += B.Hit;
    }
    for (GroupBuild &B : Built) {
      PtxasLog += B.PtxasLog;
      for (GpuImage &I : B.Images)
        Images.push_back(std::move(I));
    }
    if (Stats)
      *Stats = {Groups.Count, Hits, Store.enabled(), Optimizations.load(),
                unsigned(ToBuild.size() * Targets.size())};
    return true;
  }

private:
  /// Group \p G's kernels; null for the whole module, as one group.
  const std::vector<const ir::Function *> *kernelsOf(size_t G) const {
    return Groups.Count == 1 ? nullptr : &Groups.Kernels[G];
  }
  bool makesSass() const { return Tools.Jit || !Tools.Ptxas.empty(); }
  static std::string prefix(size_t G) { return "g" + std::to_string(G) + "."; }

  /// Each group's key, and its images when the cache has them.
  void lookUp() {
    codegen::CodegenOptions First = CO;
    First.Arch = Targets.front();
    PhaseTimes::Scope T(Times, "gpu-cache");
    runTasks(Built.size(), Threads, [&](size_t G) {
      GroupBuild &B = Built[G];
      B.Key = gpuGroupCacheKey(O, groupMaterial(IR, First, kernelsOf(G), Archs));
      std::optional<CacheEntry> Entry = Store.lookup(B.Key);
      if (!Entry || !unpackImages(entryPart(*Entry, "images"), uint32_t(G), B.Images) ||
          !sameLayout(B.Images, layoutOf(G))) {
        B.Images.clear();
        return;
      }
      B.Hit = true;
      B.PtxasLog = entryPart(*Entry, "ptxas-log");
      if (Shown)
        for (size_t K = 0; K < Archs.size(); ++K) {
          Shown->ptxDone();
          if (makesSass())
            Shown->sassDone();
        }
    });
  }

  /// The PTX of every group to build, for every target: first each
  /// group's module, optimized once per class of targets that share the
  /// result (NVPTXSharedOptimization.h), then code generation per target.
  bool buildPtx(std::string &Error) {
    size_t NT = Targets.size();
    for (size_t G : ToBuild) {
      Built[G].PtxErrors.resize(NT);
      for (const std::string &Target : Targets)
        Built[G].Ptx.push_back({PYKC_IMAGE_PTX, smNumber(Target), Target, ""});
      Built[G].Sass.resize(Archs.size());
    }
    runTasks(ToBuild.size(), Threads, [&](size_t I) { optimizeGroup(Built[ToBuild[I]], ToBuild[I]); });
    if (!firstPtxError(Error))
      return false;
    runTasks(ToBuild.size() * NT, Threads, [&](size_t I) {
      size_t G = ToBuild[I / NT], T = I % NT;
      GroupBuild &B = Built[G];
      codegen::CodegenOptions Options = CO;
      Options.Arch = Targets[T];
      PhaseTimes::Scope Time(StepTimes, "ptx/" + Targets[T]);
      codegen::NVPTXBackend Backend(Options);
      llvm::LLVMContext Ctx;
      size_t Lead = B.SharesWith[T];
      bool Shared = !B.Optimized[Lead].empty();
      std::unique_ptr<llvm::Module> M = readModule(Shared ? B.Optimized[Lead] : B.Unoptimized, Ctx);
      if (!Shared)
        Backend.optimize(*M);
      Backend.emitPTX(*M, B.Ptx[T].Data, B.PtxErrors[T]);
      if (Shown)
        for (size_t K = 0; K < Archs.size(); ++K)
          if (PtxOf[K] == T)
            Shown->ptxDone();
    });
    for (size_t G : ToBuild) { // the PTX is all that is needed from here on
      std::vector<std::string>().swap(Built[G].Optimized);
      std::string().swap(Built[G].Unoptimized);
    }
    return firstPtxError(Error);
  }

  /// Group \p G's module: emitted, libdevice linked, and optimized once for
  /// each class of several targets; kept as bitcode, which each target's
  /// task reads into a context of its own.
  void optimizeGroup(GroupBuild &B, size_t G) {
    PhaseTimes::Scope Time(StepTimes, "ptx/optimize");
    codegen::CodegenOptions Options = CO;
    Options.Arch = Targets.front();
    codegen::NVPTXBackend First(Options);
    llvm::LLVMContext Ctx;
    std::unique_ptr<llvm::Module> M = First.emit(IR, Ctx, kernelsOf(G));
    if (!First.linkLibdevice(*M, B.PtxErrors.front()))
      return;
    if (SharedOptimization) {
      B.SharesWith = codegen::sharedOptimizations(*M, Targets);
    } else {
      for (size_t T = 0; T < Targets.size(); ++T)
        B.SharesWith.push_back(T);
    }
    std::vector<size_t> Leads, Members(Targets.size());
    for (size_t T = 0; T < Targets.size(); ++T)
      ++Members[B.SharesWith[T]];
    for (size_t T = 0; T < Targets.size(); ++T)
      if (Members[T] > 1)
        Leads.push_back(T);
    B.Optimized.resize(Targets.size());
    if (std::any_of(Members.begin(), Members.end(), [](size_t N) { return N == 1; }))
      B.Unoptimized = writeModule(*M); // for the targets optimized alone
    for (size_t L = 0; L < Leads.size(); ++L) {
      // The last class optimizes the module itself; the others a copy.
      std::unique_ptr<llvm::Module> Copy = L + 1 < Leads.size() ? llvm::CloneModule(*M) : nullptr;
      llvm::Module &Mine = Copy ? *Copy : *M;
      Options.Arch = Targets[Leads[L]];
      codegen::NVPTXBackend(Options).optimize(Mine);
      B.Optimized[Leads[L]] = writeModule(Mine);
    }
    Optimizations += unsigned(std::count_if(Members.begin(), Members.end(),
                                            [](size_t N) { return N > 0; }));
  }

  /// A module as bitcode, its use-lists' order kept, so that reading it
  /// back gives what code generation would have seen.
  static std::string writeModule(const llvm::Module &M) {
    std::string Bitcode;
    llvm::raw_string_ostream OS(Bitcode);
    llvm::WriteBitcodeToFile(M, OS, /*ShouldPreserveUseListOrder=*/true);
    OS.flush();
    return Bitcode;
  }

  static std::unique_ptr<llvm::Module> readModule(const std::string &Bitcode,
                                                  llvm::LLVMContext &Ctx) {
    auto M = llvm::parseBitcodeFile(llvm::MemoryBufferRef(Bitcode, "group"), Ctx);
    if (!M)
      PYKC_ICE("a GPU group's bitcode does not read back: " + toString(M.takeError()));
    return std::move(*M);
  }

  bool firstPtxError(std::string &Error) const {
    for (size_t G : ToBuild)
      for (const std::string &E : Built[G].PtxErrors)
        if (!E.empty()) {
          Error = E;
          return false;
        }
    return true;
  }

  /// The SASS of every group to build, for every architecture.
  bool buildSass(std::string &Error) {
    if (!makesSass())
      return true;
    size_t NA = Archs.size();
    runTasks(ToBuild.size() * NA, Threads, [&](size_t I) {
      size_t G = ToBuild[I / NA], K = I % NA;
      GroupBuild &B = Built[G];
      buildArchSass(Archs[K], B.Ptx[PtxOf[K]], O, LineInfo, Tools, B.Sass[K], StepTimes, Shown,
                    prefix(G));
    });
    for (size_t G : ToBuild)
      for (const ArchImages &A : Built[G].Sass)
        if (!A.Error.empty()) {
          Error = A.Error;
          return false;
        }
    return true;
  }

  /// Where an image of a group takes its bytes from: the architecture's
  /// cubin, the fatbin, or the target's PTX (Index: of Archs, of Targets).
  struct ImageSlot {
    GpuImage Image; ///< Without its bytes.
    enum { Cubin, Fatbin, Ptx } From;
    size_t Index;
  };

  /// Group \p G's images, in the object's order, before their bytes: the
  /// fatbin (or the cubins), then one PTX per target, which the runtime
  /// falls back to when the SASS does not load (e.g. a driver older than
  /// this toolkit). Known once the tools are, before any is built.
  std::vector<ImageSlot> slotsOf(size_t G) const {
    std::vector<ImageSlot> Slots;
    auto Cubins = [&] {
      for (size_t K = 0; K < Archs.size(); ++K)
        Slots.push_back({{PYKC_IMAGE_CUBIN, smNumber(Archs[K]), Archs[K], ""}, ImageSlot::Cubin, K});
    };
    if (Tools.Jit) // a cubin per architecture; the runtime picks the one that runs
      Cubins();
    else if (!Tools.Ptxas.empty() && !Fatbinary.empty()) {
      GpuImage Fat{PYKC_IMAGE_FATBIN, smNumber(Targets.front()), "", ""};
      for (const std::string &Target : Targets)
        Fat.Sm = std::min(Fat.Sm, smNumber(Target));
      for (const std::string &Arch : Archs)
        Fat.Arch += (Fat.Arch.empty() ? "" : ",") + Arch;
      Slots.push_back({Fat, ImageSlot::Fatbin, 0});
    } else if (!Tools.Ptxas.empty())
      Cubins();
    // PTX that calls foreign functions does not load without its link
    // files; with --no-sass it is embedded unlinked, for tools that link it.
    if (!Tools.ForeignIR || !Tools.Jit)
      for (size_t T = 0; T < Targets.size(); ++T)
        Slots.push_back({{PYKC_IMAGE_PTX, smNumber(Targets[T]), Targets[T], ""}, ImageSlot::Ptx, T});
    for (ImageSlot &S : Slots)
      S.Image.Group = uint32_t(G);
    return Slots;
  }

  std::vector<GpuImage> layoutOf(size_t G) const {
    std::vector<GpuImage> Images;
    for (ImageSlot &S : slotsOf(G))
      Images.push_back(std::move(S.Image));
    return Images;
  }

  /// Group \p G's images (slotsOf), then stored in the cache.
  void finish(size_t G) {
    GroupBuild &B = Built[G];
    for (const ArchImages &A : B.Sass)
      B.PtxasLog += A.PtxasLog;
    for (ImageSlot &S : slotsOf(G)) {
      GpuImage &I = B.Images.emplace_back(std::move(S.Image));
      if (S.From == ImageSlot::Fatbin) {
        PhaseTimes::Scope T(StepTimes, "fatbinary");
        if (!packFatbin(Fatbinary, Archs, PtxOf, prefix(G), Dir, B, I.Data, B.Error))
          return;
      } else {
        I.Data = std::move(S.From == ImageSlot::Cubin ? B.Sass[S.Index].Cubin.Data
                                                      : B.Ptx[S.Index].Data);
      }
    }
    if (!B.Key.empty())
      Store.store(B.Key, {{"images", packImages(B.Images)}, {"ptxas-log", B.PtxasLog}},
                  /*Evict=*/false);
  }

  const ir::Module &IR;
  const Options &O;
  const std::vector<std::string> &Archs;
  PhaseTimes *Times;
  Progress *Shown;
  codegen::GpuGroups Groups;
  std::vector<GroupBuild> Built;
  CompileCache Store;
  unsigned Threads;
  bool LineInfo = false;
  codegen::CodegenOptions CO;
  std::vector<std::string> Targets;
  std::vector<size_t> PtxOf; ///< Archs[K]'s PTX is a group's Ptx[PtxOf[K]].
  PhaseTimes GroupTimes;
  PhaseTimes *StepTimes = nullptr;
  /// Off with PYKC_PTX_SHARED_OPTIMIZE=0: every target optimized alone.
  bool SharedOptimization = true;
  std::atomic<unsigned> Optimizations{0}; ///< Optimization pipelines run.
  SassTools Tools;
  std::string Fatbinary;
  TempDir Dir;
  std::vector<size_t> ToBuild; ///< The groups the cache did not have.
};

} // namespace

bool sameLayout(const std::vector<GpuImage> &A, const std::vector<GpuImage> &B) {
  return std::equal(A.begin(), A.end(), B.begin(), B.end(),
                    [](const GpuImage &X, const GpuImage &Y) {
                      return X.Kind == Y.Kind && X.Sm == Y.Sm && X.Arch == Y.Arch &&
                             X.Group == Y.Group;
                    });
}

bool buildGpuImages(const ir::Module &IR, const Options &O, std::vector<GpuImage> &Images,
                    std::string &PtxasLog, std::string &Error, PhaseTimes *Times,
                    Progress *Shown, GpuImageStats *Stats, const ImageLayoutFn &OnLayout) {
  bool HasKernel = std::any_of(IR.functions().begin(), IR.functions().end(),
                               [](const auto &F) { return F->Kind == ir::FunctionKind::Kernel; });
  if (!HasKernel) {
    if (OnLayout)
      OnLayout({});
    return true;
  }
  return GroupedImages(IR, O, Times, Shown).build(Images, PtxasLog, Error, Stats, OnLayout);
}

} // namespace pykc::driver
