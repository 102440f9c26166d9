//===- CacheKey.h - What a compile's output is made from --------*- C++ -*-===//
///
/// \file
/// The compile cache's key (CompileCache.h): a BLAKE3 hash over everything
/// that can change what a compile writes, hashed after the front end has
/// run (so warnings are shown on every compile, hit or miss):
///   - the text and name of every file and buffer the front end read: the
///     main file, each module it imported through pykc's loader (packages'
///     `__init__.py` included), the -D values and --sig texts; an import
///     that found no file reads none, so creating that file later changes
///     the key through the file it then reads;
///   - the typed IR as printed (which also holds what module evaluation
///     decided, e.g. the known standard-library imports);
///   - every output-changing option (listed field by field in CacheKey.cpp,
///     where a new Options field fails to compile until it is added);
///   - the versions of the tools: pykc (version, and the executable's size
///     and modification time, so a rebuilt pykc misses), LLVM, and the
///     path, size and modification time of ptxas, fatbinary, libnvJitLink
///     and libdevice as this compile finds them, LLVM's shared library when
///     pykc links one, and PYKC_NVJITLINK.
///   - the link files (link=, --link): their paths and texts, the paths
///     and texts of the headers a .cu includes (ForeignLinkIncludes.h),
///     and the clang++ that compiles a .cu for the host.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "CompileCache.h"
#include "Options.h"
#include "PhaseTimes.h"
#include "Pipeline.h"

#include <functional>
#include <string>
#include <thread>

namespace pykc::driver {

/// The key, 64 hex digits, for compiling \p C (the front end's result)
/// with \p O.
std::string cacheKey(const Options &O, const Compilation &C);

/// The key of one part of an object's CPU code (HostParts.h): pykc's and
/// LLVM's identity, as in cacheKey, and \p Material, all that code
/// generation knows the part is made from (codegen::HostPartCache).
std::string partCacheKey(const std::string &Material);

/// The key of one GPU group of an object (GpuImages.h, codegen/GpuGroups.h):
/// pykc's and LLVM's identity, the tools that make SASS (ptxas, fatbinary,
/// libnvJitLink, libdevice, PYKC_NVJITLINK) as cacheKey finds them, the
/// options that change the images, and \p Material: the group's LLVM IR
/// before optimization and the architectures.
std::string gpuGroupCacheKey(const Options &O, const std::string &Material);

/// A cache store still being written on a thread of its own (cachedBuild's),
/// so that the caller writes its outputs meanwhile: waited for when it is
/// destroyed, or by wait(). The entry it stores must outlive it.
class PendingStore {
public:
  PendingStore() = default;
  PendingStore(const PendingStore &) = delete;
  PendingStore &operator=(const PendingStore &) = delete;
  ~PendingStore() { wait(); }
  void start(std::function<void()> Store) { Writer = std::thread(std::move(Store)); }
  void wait() {
    if (Writer.joinable())
      Writer.join();
  }

private:
  std::thread Writer;
};

/// The outputs of compiling \p C with \p O: the cache's entry when it has
/// one, else what \p Build makes (stored when it returns 0; with \p Later,
/// on its thread, while the caller goes on). Returns the exit status, 0
/// with \p Out filled; \p Hit says whether it came from the cache. -v hears
/// about hits and misses.
int cachedBuild(const Options &O, const Compilation &C, PhaseTimes *Times,
                const std::function<int(CacheEntry &)> &Build, CacheEntry &Out,
                bool *Hit = nullptr, PendingStore *Later = nullptr);

/// The part of \p Entry named \p Name ("" when it has none).
const std::string &entryPart(const CacheEntry &Entry, const std::string &Name);

} // namespace pykc::driver
