//===- CPUVersions.h - CPU code for several x86-64 levels --------*- C++ -*-===//
///
/// \file
/// `-c --host-cpu x86-64,x86-64-v3` builds each kernel's CPU code for
/// every CPU of the list, and the object runs the version for the highest
/// of them the machine has. Code for the baseline x86-64 (the default)
/// runs on any x86-64 but has no FMA instructions, so every `a * b + c` is
/// a call of libm's fma, one element at a time, and no masked stores, so
/// guarded thread loops stay scalar: saxpy runs 5.2x slower and 32
/// dependent multiply-adds 46x slower than with x86-64-v3
/// (bench/results/cpu-vm/versions.md). The list is not the default
/// because every version is one more compile of the CPU code (`-c` about
/// 40% slower at 10 and 150 kernels).
///
/// A list names x86-64 levels only (x86-64, x86-64-v2, x86-64-v3,
/// x86-64-v4), lowest first; a single CPU may be any LLVM knows, or
/// `native`, and gives one version, as before. Each version's entries are
/// SYM__cpu.CPU (and SYM__cpu_blocks.CPU, SYM__cpu_check_entry.CPU); the
/// tables' object defines SYM__cpu and the others as dispatchers that ask
/// the CPU once (cpuid, and xgetbv for the registers' state the OS saves)
/// which level it has. PYKC_CPU_LEVEL=N in the environment caps the level
/// at N (1 to 4), so a lower version can be run and tested anywhere.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace llvm {
class Function;
class FunctionType;
class Module;
} // namespace llvm

namespace pykc::codegen {

/// The CPUs of a --host-cpu value (comma-separated), or an empty list with
/// \p Error set when a list names anything but ascending x86-64 levels.
std::vector<std::string> hostCpuList(const std::string &Spec, std::string &Error);

/// 1 to 4 for x86-64, x86-64-v2, x86-64-v3 and x86-64-v4; 0 for others.
unsigned x86Level(const std::string &Cpu);

/// The name of entry \p Entry's version for \p Cpu.
std::string versionedEntry(const std::string &Entry, const std::string &Cpu);

/// Defines in \p M the internal function \p Name of type \p Ty that calls,
/// with its arguments, the last of \p Versions whose level (\p Levels,
/// ascending) the running CPU has, or the first when it has none.
llvm::Function *emitVersionDispatcher(llvm::Module &M, llvm::FunctionType *Ty,
                                      const std::string &Name,
                                      const std::vector<llvm::Function *> &Versions,
                                      const std::vector<unsigned> &Levels);

} // namespace pykc::codegen
