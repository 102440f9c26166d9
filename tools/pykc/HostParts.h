//===- HostParts.h - -c's CPU code built in parts, in parallel --*- C++ -*-===//
///
/// \file
/// `pykc -c` builds the CPU backend's code of each kernel as a part of its
/// own (codegen::compileHostPart) on several threads, then joins the parts
/// and the tables' object with the system's `ld -r` while the GPU code may
/// still be building (FinishObject.h puts the images in and makes the
/// kernels' entries local again). A part
/// depends only on its kernel, never on how many threads there are, so the
/// object is byte-identical whatever -j says. Without an `ld` on PATH the
/// object is built whole, on one thread, as before parts existed.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "CompileCache.h"
#include "PhaseTimes.h"

#include "codegen/HostObject.h"

#include <string>
#include <vector>

namespace pykc::driver {

class Progress;

/// The parts of an object's CPU code: one per kernel, in the IR's order,
/// and that of the @njit functions' host entries (an empty object when
/// there are none).
struct HostParts {
  std::vector<codegen::HostPart> Kernels;
  codegen::HostPart HostEntries;
  unsigned Count = 0;     ///< The parts built (host entries' included).
  unsigned CacheHits = 0; ///< Of those, the ones the cache had.
};

/// The linker that joins parts (`ld` on PATH), or "" when there is none.
std::string partsLinker();

/// The threads -c uses: \p Jobs when given (-j N), else the cores.
unsigned compileThreads(unsigned Jobs);

/// Compiles every part of \p IR on \p Threads threads (this one included),
/// taking from \p Store (when it is enabled) the parts it has and storing
/// the others, so a file with one kernel of 150 changed compiles one part.
/// False with \p Error set by the first part, in order, that failed.
/// \p Times: each part a box in -ftime-trace's trace (no -v line).
bool buildHostParts(const ir::Module &IR,
                    const codegen::HostObjectOptions &Options, unsigned Threads,
                    CompileCache &Store, HostParts &Parts, Progress *Shown,
                    std::string &Error, PhaseTimes *Times = nullptr);

/// Joins \p Parts and \p Tables (their tables' object, emitTablesObject
/// with images later) with \p Linker into one relocatable object,
/// \p Joined: done while the GPU code is still being built; finishObject
/// then puts the images in.
bool joinHostParts(const std::string &Linker, const HostParts &Parts, const std::string &Tables,
                   std::string &Joined, std::string &Error);

} // namespace pykc::driver
