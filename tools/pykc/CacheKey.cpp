//===- CacheKey.cpp - What a compile's output is made from ----------------===//
#include "CacheKey.h"

#include "HostParts.h"

#include "CudaToolkit.h"
#include "ForeignLink.h"
#include "ForeignLinkIncludes.h"
#include "TempFiles.h"

#include <llvm/Config/llvm-config.h>
#include <llvm/Support/BLAKE3.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/xxhash.h>

#include <dlfcn.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace pykc::driver {

namespace {

/// Feeds the hash length-prefixed fields, so no two field lists hash the
/// same bytes.
class KeyHasher {
public:
  KeyHasher &add(std::string_view S) {
    uint64_t N = S.size();
    H.update(llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(&N), sizeof N));
    H.update(llvm::StringRef(S.data(), S.size()));
    return *this;
  }
  KeyHasher &add(uint64_t V) { return add(std::to_string(V)); }
  KeyHasher &add(const std::vector<std::string> &List) {
    add(uint64_t(List.size()));
    for (const std::string &S : List)
      add(S);
    return *this;
  }
  /// A file the output depends on but pykc does not read: its path, size
  /// and modification time (empty for none).
  KeyHasher &addTool(const std::string &Path) {
    struct stat St {};
    add(Path);
    if (!Path.empty() && ::stat(Path.c_str(), &St) == 0)
      add(uint64_t(St.st_size)).add(uint64_t(St.st_mtim.tv_sec)).add(uint64_t(St.st_mtim.tv_nsec));
    else
      add("absent");
    return *this;
  }
  std::string hex() {
    auto R = H.final();
    static const char Digits[] = "0123456789abcdef";
    std::string Out;
    for (uint8_t B : R) {
      Out += Digits[B >> 4];
      Out += Digits[B & 15];
    }
    return Out;
  }

private:
  llvm::BLAKE3 H;
};

void addDiagnosticOptions(KeyHasher &K, const frontend::DiagnosticOptions &D) {
  const auto &[IgnoreWarnings, WarningsAsErrors, AllWarnings, Kinds, ErrorLimit] = D;
  K.add(IgnoreWarnings).add(WarningsAsErrors).add(AllWarnings).add(ErrorLimit);
  K.add(uint64_t(Kinds.size()));
  for (const auto &[Kind, Control] : Kinds)
    K.add(uint64_t(Kind)).add(Control.Enabled ? 1 + *Control.Enabled : 0).add(
        Control.AsError ? 1 + *Control.AsError : 0);
}

/// pykc and LLVM: their versions, pykc's binary (its size and time, so a
/// rebuilt pykc misses), and LLVM's own library when pykc links it shared
/// (a rebuilt libLLVM of the same version; pykc's binary again when LLVM
/// is linked in).
void addCompilerIdentity(KeyHasher &K) {
  K.add(PYKC_VERSION).add(LLVM_VERSION_STRING);
  K.addTool("/proc/self/exe"); // stat follows the link to pykc's binary
  Dl_info Info{};
  if (::dladdr(reinterpret_cast<void *>(
                    static_cast<uint64_t (*)(llvm::ArrayRef<uint8_t>)>(&llvm::xxh3_64bits)), &Info) && Info.dli_fname)
    K.addTool(Info.dli_fname);
}

} // namespace

std::string gpuGroupCacheKey(const Options &O, const std::string &Material) {
  KeyHasher K;
  K.add("gpu group");
  addCompilerIdentity(K);
  K.addTool(findCudaTool("ptxas", O.CudaPath));
  K.addTool(findCudaTool("fatbinary", O.CudaPath));
  K.addTool(findCudaLibrary("libnvJitLink.so", O.CudaPath));
  K.addTool(findLibdevice(O.Libdevice, O.CudaPath));
  const char *Jit = std::getenv("PYKC_NVJITLINK");
  K.add(Jit ? std::string("set:") + Jit : "unset");
  K.add(O.Sass).add(O.OptLevel).add(O.Fmad).add(O.LineInfo).add(O.PtxasOptions);
  K.add(O.CudaPath).add(O.Libdevice);
  K.add(Material);
  return K.hex();
}

std::string partCacheKey(const std::string &Material) {
  KeyHasher K;
  K.add("cpu part");
  addCompilerIdentity(K);
  K.add(Material);
  return K.hex();
}

std::string cacheKey(const Options &O, const Compilation &C) {
  KeyHasher K;
  K.add("pykc compile cache key 1");

  // Every field of Options, each with its decision. A field added to
  // Options makes this binding fail to compile: if the new option can
  // change what a compile writes, hash it below; if not, say why.
  const auto &[Input, Output, Emit, Signatures, Archs, Header, LinkFiles, Namespace, HostCpu, Sass, Check,
               Shared, AllowUnusedSignatures, Jobs, OptLevel, Fmad, BoundsCheck, Modules, Diagnostics,
               PtxasOptions, LineInfo, CudaPath, Libdevice, Verbose, TimeTrace, TimeTraceFile,
               NoCache, CacheClear, Help, Version, Man, Completion] = O;
  // The input as named (objects and headers quote it) and as a file (its
  // absolute path is module code's __file__); the outputs' names only with
  // a header, which names the object and itself (an object alone does not
  // depend on where it is written).
  std::error_code EC;
  K.add(Input).add(Input == "-" ? "" : std::filesystem::absolute(Input, EC).string());
  K.add(Header.empty() ? "" : Output).add(Header).add(Namespace);
  K.add(uint64_t(Emit)).add(Signatures).add(Archs).add(HostCpu);
  K.add(Sass).add(Check).add(Shared).add(AllowUnusedSignatures).add(OptLevel).add(Fmad).add(BoundsCheck);
  {
    const auto &[Defines, IncludeDirs, WarnAll] = Modules;
    K.add(Defines).add(IncludeDirs).add(WarnAll);
  }
  addDiagnosticOptions(K, Diagnostics);
  K.add(PtxasOptions).add(LineInfo).add(CudaPath).add(Libdevice);
  K.add(LinkFiles); // as given; their contents with the other link files below
  // Not hashed: Jobs (the object is the same for every -j, HostParts.h),
  // Verbose and TimeTrace (only what -v prints and the trace it writes,
  // which a hit leaves with the phases that ran), NoCache and CacheClear
  // (the cache itself), Help, Version, Man and Completion (no compile).
  (void)Jobs, (void)Verbose, (void)TimeTrace, (void)TimeTraceFile, (void)NoCache, (void)CacheClear,
      (void)Help, (void)Version, (void)Man, (void)Completion;

  // The tools.
  addCompilerIdentity(K);
  K.addTool(findCudaTool("ptxas", CudaPath));
  K.addTool(findCudaTool("fatbinary", CudaPath));
  K.addTool(findCudaLibrary("libnvJitLink.so", CudaPath));
  K.addTool(findLibdevice(Libdevice, CudaPath));
  // The linker that joins an object's parts (HostParts.h), or none.
  if (Emit == EmitKind::Object)
    K.addTool(partsLinker());
  const char *Jit = std::getenv("PYKC_NVJITLINK");
  K.add(Jit ? std::string("set:") + Jit : "unset");

  // What the front end read, and what it made of it.
  const auto &Files = C.Sources.files();
  K.add(uint64_t(Files.size()));
  for (const auto &F : Files)
    K.add(F->name()).add(F->text());
  std::ostringstream IR;
  ir::printModule(*C.Typed.IR, IR);
  K.add(IR.str());
  // The link files (link=, --link): their paths and contents, those of the
  // headers a .cu #includes (ForeignLinkIncludes.h), pykc's header for
  // compiling them for the host, and the clang++ that does.
  K.add(uint64_t(C.Typed.IR->Links.size()));
  for (const ir::LinkFile &L : C.Typed.IR->Links) {
    std::string Text;
    K.add(L.Path).add(readFile(L.Path, Text) ? Text : std::string("<unreadable>"));
    if (L.Kind != ir::LinkFileKind::Cuda)
      continue;
    std::vector<IncludedFile> Headers = includedFiles(L.Path);
    K.add(uint64_t(Headers.size()));
    for (const IncludedFile &H : Headers)
      K.add(H.Path).add(H.Text);
  }
  if (!C.Typed.IR->Links.empty()) {
    K.add(foreignHostHeader());
    for (const char *Clang : {"clang++-19", "clang++"})
      if (auto P = llvm::sys::findProgramByName(Clang)) {
        K.addTool(*P);
        break;
      }
  }
  return K.hex();
}

int cachedBuild(const Options &O, const Compilation &C, PhaseTimes *Times,
                const std::function<int(CacheEntry &)> &Build, CacheEntry &Out,
                bool *Hit, PendingStore *Later) {
  auto Cache = std::make_shared<CompileCache>(O.NoCache, O.Verbose ? &std::cerr : nullptr);
  std::string Key;
  if (Cache->enabled()) {
    {
      PhaseTimes::Scope T(Times, "cache-key");
      Key = cacheKey(O, C);
    }
    PhaseTimes::Scope T(Times, "cache-lookup");
    if (std::optional<CacheEntry> Entry = Cache->lookup(Key)) {
      Out = std::move(*Entry);
      if (Hit)
        *Hit = true;
      return 0;
    }
  }
  Out.clear();
  if (int Status = Build(Out))
    return Status;
  if (!Cache->enabled())
    return 0;
  auto Store = [Cache, Key, Times, &Out] {
    PhaseTimes::Scope T(Times, "cache-store");
    Cache->store(Key, Out);
  };
  if (Later)
    Later->start(Store);
  else
    Store();
  return 0;
}

const std::string &entryPart(const CacheEntry &Entry, const std::string &Name) {
  static const std::string None;
  for (const auto &[PartName, Data] : Entry)
    if (PartName == Name)
      return Data;
  return None;
}

} // namespace pykc::driver
