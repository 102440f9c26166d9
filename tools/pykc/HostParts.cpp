//===- HostParts.cpp - -c's CPU code built in parts, in parallel ----------===//
#include "HostParts.h"

#include "codegen/CPUVersions.h"

#include "CacheKey.h"
#include "Progress.h"
#include "TempFiles.h"
#include "ToolProcess.h"

#include <llvm/Support/Program.h>
#include <llvm/Support/Threading.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <optional>
#include <thread>

namespace pykc::driver {

std::string partsLinker() {
  llvm::ErrorOr<std::string> Ld = llvm::sys::findProgramByName("ld");
  return Ld ? *Ld : "";
}

unsigned compileThreads(unsigned Jobs) {
  if (Jobs)
    return Jobs;
  // The cores this process may run on (its affinity mask), at least one.
  return std::max(1u, llvm::hardware_concurrency().compute_thread_count());
}

namespace {

/// Parts in the compile cache: the object and the facts the tables need.
class CachedParts final : public codegen::HostPartCache {
public:
  explicit CachedParts(CompileCache &Store) : Store(Store) {}

  bool lookup(const std::string &Material, codegen::HostPart &Part) override {
    std::optional<CacheEntry> Entry = Store.lookup(partCacheKey(Material));
    unsigned long long Shared = 0;
    int Barrier = 0, Blocks = 0;
    if (!Entry || std::sscanf(entryPart(*Entry, "facts").c_str(),
                              "shared=%llu barrier=%d blocks=%d", &Shared,
                              &Barrier, &Blocks) != 3)
      return false;
    Part.Object = entryPart(*Entry, "object");
    Part.SharedBytes = Shared;
    Part.UsesBarrier = Barrier;
    Part.HasBlocks = Blocks;
    ++Hits;
    return true;
  }

  void store(const std::string &Material,
             const codegen::HostPart &Part) override {
    std::string Facts = "shared=" + std::to_string(Part.SharedBytes) +
                        " barrier=" + std::to_string(int(Part.UsesBarrier)) +
                        " blocks=" + std::to_string(int(Part.HasBlocks));
    // Evicted once, after the last part (HostParts::build's caller).
    Store.store(partCacheKey(Material),
                {{"object", Part.Object}, {"facts", Facts}},
                /*Evict=*/false);
  }

  std::atomic<unsigned> Hits{0};

private:
  CompileCache &Store;
};

} // namespace

bool buildHostParts(const ir::Module &IR,
                    const codegen::HostObjectOptions &Options, unsigned Threads,
                    CompileCache &Store, HostParts &Parts, Progress *Shown,
                    std::string &Error, PhaseTimes *Times) {
  std::optional<CachedParts> Cache;
  if (Store.enabled())
    Cache.emplace(Store);
  std::vector<const ir::Function *> Kernels;
  for (const auto &F : IR.functions())
    if (F->Kind == ir::FunctionKind::Kernel)
      Kernels.push_back(F.get());
  bool AnyHostEntry = std::any_of(IR.functions().begin(), IR.functions().end(),
                                  [](const auto &F) { return F->HostEntry; });
  // Part I < Kernels.size() * Versions is kernel I / Versions's for CPU
  // I % Versions; the last, the host entries' (for the first CPU).
  std::string ListError;
  size_t Versions = std::max<size_t>(1, codegen::hostCpuList(Options.HostCpu, ListError).size());
  size_t KernelParts = Kernels.size() * Versions;
  size_t Count = KernelParts + AnyHostEntry;
  Parts.Kernels.assign(KernelParts, {});
  std::vector<std::string> Errors(Count);
  std::vector<char> Built(Count, 0);
  if (Shown)
    Shown->cpuParts(unsigned(Count));
  // Each thread takes the next part not yet taken: which thread builds a
  // part changes nothing in its bytes.
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t I; (I = Next++) < Count;) {
      codegen::HostPart &P = I < KernelParts ? Parts.Kernels[I] : Parts.HostEntries;
      const ir::Function *Kernel = I < KernelParts ? Kernels[I / Versions] : nullptr;
      size_t Version = I < KernelParts ? I % Versions : 0;
      PhaseTimes::Scope Box(Times,
                            "cpu-code/" + (Kernel ? Kernel->SymbolName : "host-entries") +
                                (Versions > 1 && Kernel ? "/" + std::to_string(Version) : ""),
                            /*TraceOnly=*/true);
      Built[I] = codegen::compileHostPart(IR, Kernel, Options, P, Errors[I],
                                          Cache ? &*Cache : nullptr, Version);
      if (Shown)
        Shown->cpuPartDone();
    }
  };
  std::vector<std::thread> Workers;
  for (unsigned T = 1; T < std::min<size_t>(Threads, Count); ++T)
    Workers.emplace_back(Work);
  Work();
  for (std::thread &W : Workers)
    W.join();
  Parts.Count = unsigned(Count);
  Parts.CacheHits = Cache ? Cache->Hits.load() : 0;
  if (Cache && Parts.CacheHits < Count)
    Store.evict();
  for (size_t I = 0; I < Count; ++I)
    if (!Built[I]) {
      Error = Errors[I];
      return false;
    }
  return true;
}

namespace {

/// \p Objects as one `ar` archive, in order, without a symbol index (which
/// `--whole-archive` does not read): one file to write instead of one per
/// part, the same object from `ld -r` as the parts given one by one.
std::string archiveOf(const std::vector<const std::string *> &Objects) {
  size_t Size = 8;
  for (const std::string *O : Objects)
    Size += 60 + O->size() + O->size() % 2;
  std::string Archive;
  Archive.reserve(Size);
  Archive += "!<arch>\n";
  // A GNU member header: name ending in '/', date, owner, group, mode and
  // size as space-padded decimal fields, then "`\n"; members start at even
  // offsets. Zero dates and owners keep the bytes the same from run to run.
  auto Field = [&](const std::string &Text, size_t Width) {
    Archive += Text;
    Archive.append(Width - Text.size(), ' ');
  };
  for (size_t I = 0; I < Objects.size(); ++I) {
    Field("p" + std::to_string(I) + ".o/", 16);
    Field("0", 12);
    Field("0", 6);
    Field("0", 6);
    Field("644", 8);
    Field(std::to_string(Objects[I]->size()), 10);
    Archive += "`\n";
    Archive += *Objects[I];
    if (Objects[I]->size() % 2)
      Archive += '\n';
  }
  return Archive;
}

/// Runs `Linker -r -o OUT --whole-archive PARTS.a` in a private folder; the
/// joined object in \p Joined. \p What names the objects in the error.
bool linkRelocatable(const std::string &Linker,
                     const std::vector<const std::string *> &Objects, const std::string &What,
                     std::string &Joined, std::string &Error) {
  TempDir Dir;
  if (!Dir.create("pykc-parts", Error))
    return false;
  std::string ArchivePath = Dir.file("parts.a");
  if (!writeFile(ArchivePath, archiveOf(Objects))) {
    Error = "cannot write the object's parts to " + ArchivePath;
    return false;
  }
  std::vector<std::string> Args = {Linker, "-r", "-o", Dir.file("joined.o"), "--whole-archive",
                                   ArchivePath};
  std::string LogPath = Dir.file("ld.log");
  std::vector<llvm::StringRef> Argv(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {
      std::nullopt, llvm::StringRef(LogPath), llvm::StringRef(LogPath)};
  std::string ExecError;
  int Status = runTool(Linker, Argv, Redirects, &ExecError);
  if (Status == 0 && readFile(Dir.file("joined.o"), Joined))
    return true;
  std::string Log;
  readFile(LogPath, Log);
  while (!Log.empty() && Log.back() == '\n')
    Log.pop_back();
  Error = "joining " + What + " with `" + Linker + " -r` failed" +
          (Status < 0 ? " (" + ExecError + ")" : "") +
          (Log.empty() ? "" : ":\n" + Log) +
          "\nnote: set PATH so that `ld` is GNU ld or lld, or run without `ld` "
          "on PATH to "
          "build the object whole";
  return false;
}

} // namespace

bool joinHostParts(const std::string &Linker, const HostParts &Parts, const std::string &Tables,
                   std::string &Joined, std::string &Error) {
  std::vector<const std::string *> Objects;
  for (const codegen::HostPart &P : Parts.Kernels)
    Objects.push_back(&P.Object);
  if (!Parts.HostEntries.Object.empty())
    Objects.push_back(&Parts.HostEntries.Object);
  Objects.push_back(&Tables);
  return linkRelocatable(Linker, Objects,
                         "the CPU code's " + std::to_string(Objects.size() - 1) +
                             " parts and its tables",
                         Joined, Error);
}

} // namespace pykc::driver
