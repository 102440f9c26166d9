//===- CompileObject.cpp - pykc -c ----------------------------------------===//
#include "CompileObject.h"

#include "CacheKey.h"
#include "FinishObject.h"
#include "GpuImages.h"
#include "HostParts.h"
#include "Output.h"
#include "OutputFiles.h"
#include "Progress.h"
#include "SharedLibrary.h"

#include "codegen/HeaderWriter.h"
#include "codegen/HostObject.h"
#include "codegen/TargetRegistration.h"

#include "ir/IR.h"
#include "support/InternalError.h"

#include <llvm/Support/xxhash.h>
#include <pykc/ModuleABI.h>

#include <cstdio>
#include <filesystem>
#include <future>
#include <optional>
#include <sstream>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

namespace pykc::driver {

namespace {

/// A shell-quoted word for the header's "how it was made" comment.
std::string quoted(const std::string &S) {
  if (!S.empty() && S.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789_-./=,:") == std::string::npos)
    return S;
  std::string Q = "'";
  for (char C : S)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

std::string commandLine(const Options &O, const std::string &Object) {
  std::string S = "pykc " + quoted(O.Input) + " -c -o " + quoted(Object);
  if (!O.Header.empty())
    S += " --header " + quoted(O.Header);
  for (const std::string &Sig : O.Signatures)
    S += " --sig " + quoted(Sig);
  for (const std::string &Arch : O.Archs)
    S += " --arch " + Arch;
  if (!O.Namespace.empty())
    S += " --namespace " + O.Namespace;
  if (O.Check)
    S += " --check";
  return S;
}

/// The stamp's name for \p Hash: every hash gives a name of one length.
std::string stampNamed(uint64_t Hash) {
  char Hex[17];
  std::snprintf(Hex, sizeof Hex, "%016llx", (unsigned long long)Hash);
  return std::string("pykc_stamp_") + Hex + "_abi" + std::to_string(PYKC_ABI_VERSION);
}

/// pykc_stamp_<hash>_abi<N>: the hash of everything the object and its
/// header are made from (the typed IR, the options that shape the code, the
/// GPU images), so two runs that could disagree have different stamps.
std::string stampSymbol(const ir::Module &IR, const codegen::HostObjectOptions &HO,
                        const std::vector<codegen::GpuImage> &Images) {
  std::ostringstream OS;
  OS << PYKC_VERSION << '\0' << HO.Namespace << '\0' << HO.SourcePath << '\0' << HO.HostCpu
     << '\0' << HO.OptLevel << '\0' << HO.Float.Fmad << '\0' << HO.Check << '\0';
  ir::printModule(IR, OS);
  for (const codegen::GpuImage &I : Images)
    OS << '\0' << I.Kind << '\0' << I.Sm << '\0' << I.Arch << '\0' << I.Data.size() << '\0'
       << I.Data;
  return stampNamed(llvm::xxh3_64bits(OS.str()));
}

/// The typed header of the object (--header).
std::string headerText(const Options &O, const ir::Module &IR, const std::string &Namespace,
                       const std::string &ObjectPath, const std::string &StampSymbol) {
  codegen::HeaderInfo Info;
  Info.Namespace = Namespace;
  Info.SourcePath = O.Input;
  Info.ObjectPath = ObjectPath == "-" ? "the object" : ObjectPath;
  Info.CommandLine = commandLine(O, ObjectPath);
  Info.HeaderPath = O.Header;
  Info.Version = PYKC_VERSION;
  Info.StampSymbol = StampSymbol;
  return codegen::writeHeader(IR, Info);
}

/// What -c writes, built: the object (or --shared's library), the header
/// and ptxas's report, into \p Out; the exit status.
int buildObject(const Options &O, const ir::Module &IR, const std::string &Namespace,
                const std::string &ObjectPath, PhaseTimes *Times, CacheEntry &Out) {
  codegen::HostObjectOptions HO;
  HO.Namespace = Namespace;
  HO.SourcePath = O.Input;
  HO.HostCpu = O.HostCpu;
  HO.OptLevel = O.OptLevel;
  HO.Float.Fmad = O.Fmad;
  HO.Check = O.Check;
  HO.Shared = O.Shared;
  // The GPU images (LLVM per architecture, ptxas, fatbinary) and the CPU
  // backend's optimized module are independent until the object embeds the
  // images, so they are built side by side (both only read the typed IR).
  std::vector<codegen::GpuImage> Images;
  std::string ImageError, Error, PtxasLog;
  bool ImagesBuilt = false;
  codegen::registerHostTarget(); // not on two threads at once (see there)
  codegen::registerNVPTXTarget();
  unsigned Kernels = 0;
  for (const auto &F : IR.functions())
    Kernels += F->Kind == ir::FunctionKind::Kernel;
  const std::vector<std::string> &Archs = O.Archs.empty() ? defaultObjectArchs() : O.Archs;
  std::optional<Progress> Shown;
  GpuImageStats GpuStats;
  Shown.emplace(O.Input == "-" ? "<stdin>" : O.Input, Kernels, Kernels ? unsigned(Archs.size()) : 0,
                O.Sass);
  // What images there will be (not their bytes) is known within
  // milliseconds; the CPU side builds and joins its tables meanwhile.
  std::promise<std::optional<std::vector<codegen::GpuImage>>> LayoutSent;
  std::future<std::optional<std::vector<codegen::GpuImage>>> Layout = LayoutSent.get_future();
  std::thread Gpu([&] {
    bool Sent = false;
    ImagesBuilt = buildGpuImages(IR, O, Images, PtxasLog, ImageError, Times, &*Shown, &GpuStats,
                                 [&](const std::vector<codegen::GpuImage> &L) {
                                   LayoutSent.set_value(L);
                                   Sent = true;
                                 });
    if (!Sent) // it failed before it knew
      LayoutSent.set_value(std::nullopt);
  });
  // Each kernel's CPU code as a part of its own, the parts on every
  // core, joined by `ld -r` (HostParts.h); without an `ld`, whole.
  std::string Linker = partsLinker();
  HostParts Parts;
  codegen::HostModule Host;
  bool HostBuilt;
  std::mutex PassLock;
  std::map<std::string, double> PassSeconds; // -v: the slowest passes
  if (Times)
    HO.PassTimes = [&](const std::string &Pass, double S) {
      std::lock_guard<std::mutex> G(PassLock);
      PassSeconds[Pass] += S;
    };
  const char *CpuPhase = Linker.empty() ? "cpu-module" : "cpu-code";
  // Parts come from the cache one by one (its own -v line, not one per
  // part).
  CompileCache PartStore(O.NoCache, nullptr);
  {
    PhaseTimes::Scope T(Times, CpuPhase);
    HostBuilt = Linker.empty() ? codegen::buildHostModule(IR, HO, Host, Error)
                               : buildHostParts(IR, HO, compileThreads(O.Jobs), PartStore,
                                                Parts, &*Shown, Error, Times);
  }
  if (O.Verbose && !Linker.empty() && PartStore.enabled())
    std::cerr << "pykc: cache: CPU code: " << Parts.CacheHits << " of " << Parts.Count
              << " parts hit\n";
  if (Times)
    Times->addSlowest(std::string(CpuPhase) + "/pass", PassSeconds, SlowestPassesShown);
  // The parts and the tables are joined while the GPU code may still be
  // building: the tables have placeholders for the images (and the stamp,
  // which hashes them) that putImages fills (FinishObject.h).
  std::string Joined;
  std::optional<std::vector<codegen::GpuImage>> Planned;
  const std::string PlaceholderStamp = stampNamed(0);
  if (HostBuilt && !Linker.empty() && (Planned = Layout.get())) {
    PhaseTimes::Scope T(Times, "cpu-join");
    Shown->cpuStage("joining");
    codegen::HostObjectOptions Placeholders = HO;
    Placeholders.StampSymbol = PlaceholderStamp;
    std::string Tables;
    HostBuilt = codegen::emitTablesObject(IR, Parts.Kernels, *Planned, Placeholders, Tables, Error,
                                          /*ImagesLater=*/true) &&
                joinHostParts(Linker, Parts, Tables, Joined, Error) &&
                localizeHidden(Joined, Error);
    Shown->cpuStage("joined");
  }
  Gpu.join();
  if (O.Verbose && GpuStats.Cached) // after the CPU code's line, whichever ended first
    std::cerr << "pykc: cache: GPU code: " << GpuStats.CacheHits << " of " << GpuStats.Groups
              << " groups hit\n";
  if (O.Verbose && GpuStats.PtxModules)
    std::cerr << "pykc: ptx: " << GpuStats.PtxOptimizations << " optimization"
              << (GpuStats.PtxOptimizations == 1 ? "" : "s") << " for " << GpuStats.PtxModules
              << " target module" << (GpuStats.PtxModules == 1 ? "" : "s") << "\n";
  if (!ImagesBuilt) {
    Shown.reset();
    std::cerr << PtxasLog;
    return fail(ImageError);
  }
  HO.StampSymbol = stampSymbol(IR, HO, Images);
  std::string Object;
  {
    PhaseTimes::Scope T(Times, "cpu-object");
    if (Linker.empty()) {
      Shown->cpuStage("machine code");
      HostBuilt = HostBuilt && codegen::emitHostObject(Host, IR, Images, HO, Object, Error);
    } else if (HostBuilt) {
      Shown->cpuStage("adding the GPU code");
      if (!Planned || !sameLayout(*Planned, Images))
        PYKC_ICE("the GPU images built are not those buildGpuImages announced");
      Object = std::move(Joined);
      HostBuilt = putImages(Object, Images, PlaceholderStamp, HO.StampSymbol, Error);
    }
  }
  Shown.reset(); // the line goes before anything else is printed
  std::cerr << PtxasLog;
  if (!HostBuilt)
    return fail(Error);
  if (O.Shared) { // --shared: the object linked into a library for pykc.load
    std::string Library;
    if (!linkSharedLibrary(Object, Library, Error))
      return fail(Error);
    Object = std::move(Library);
  }
  Out.emplace_back("object", std::move(Object));
  if (!O.Header.empty()) {
    PhaseTimes::Scope T(Times, "header");
    Out.emplace_back("header", headerText(O, IR, Namespace, ObjectPath, HO.StampSymbol));
  }
  // -Xptxas -v's report, printed again when the entry is used.
  Out.emplace_back("stderr", std::move(PtxasLog));
  return 0;
}

} // namespace

int compileObject(const Options &O, const Compilation &C, PhaseTimes *Times) {
  const ir::Module &IR = *C.Typed.IR;
  if (O.Input == "-" && O.Namespace.empty())
    return fail("-c reading standard input needs --namespace NS");
  std::string Namespace = O.Namespace.empty() ? codegen::defaultNamespace(O.Input) : O.Namespace;
  std::string ObjectPath = O.Output.empty() ? defaultOutputPath(O) : O.Output;
  std::error_code EC;
  if (!O.Header.empty() && ObjectPath != "-" &&
      (O.Header == ObjectPath || std::filesystem::equivalent(O.Header, ObjectPath, EC)))
    return fail("--header '" + O.Header + "' and the object are the same file");
  for (const std::string &Path : {ObjectPath, O.Header})
    if (!Path.empty() && overwritesInput(Path, O.Input))
      return fail("the output '" + Path + "' would overwrite the input");

  CacheEntry Built;
  bool Hit = false;
  // The entry (6 MB at 150 kernels with SASS) is stored while the outputs
  // are written: each waits on its own file's fsync.
  PendingStore Storing;
  int Status = cachedBuild(O, C, Times, [&](CacheEntry &Out) {
    return buildObject(O, IR, Namespace, ObjectPath, Times, Out);
  }, Built, &Hit, &Storing);
  if (Status)
    return Status;
  if (Hit)
    std::cerr << entryPart(Built, "stderr");

  // Both are checked and written to temporaries before either replaces
  // anything, so a header that cannot be written leaves the old object.
  PhaseTimes::Scope T(Times, "write");
  OutputFiles Out;
  std::string Error;
  if (!Out.add(ObjectPath, {entryPart(Built, "object")}, Error) ||
      (!O.Header.empty() && !Out.add(O.Header, {entryPart(Built, "header")}, Error)) ||
      !Out.commit(Error))
    return fail(Error);
  return 0;
}

} // namespace pykc::driver
