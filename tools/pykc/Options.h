//===- Options.h - The pykc command line ------------------------*- C++ -*-===//
#pragma once

#include "DiagnosticFlags.h"
#include "ModuleFlags.h"

#include <optional>
#include <string>
#include <vector>

namespace pykc::driver {

/// Where the pipeline stops and what it writes (--emit's names and help:
/// EmitKinds.def).
enum class EmitKind { AST, IR, LLVM, CpuLLVM, PTX, Object, Cuda };

/// A field added here must be given a decision in CacheKey.cpp (hashed
/// into the compile cache's key or not), which fails to compile until then.
struct Options {
  std::string Input;
  std::string Output; ///< "-" is stdout; empty: next to the input.
  EmitKind Emit = EmitKind::PTX;
  std::vector<std::string> Signatures; ///< --sig 'NAME(TYPES)'
  /// --arch, in order given. Empty: sm_75 for PTX; defaultObjectArchs()
  /// for objects.
  std::vector<std::string> Archs;
  std::string Header;    ///< --header FILE (objects only)
  std::vector<std::string> LinkFiles; ///< --link FILE, in order given
  std::string Namespace; ///< --namespace NS; default: the file stem
  /// --host-cpu, for the CPU backend's code: one CPU, or x86-64 levels
  /// (codegen/CPUVersions.h).
  std::string HostCpu = "x86-64";
  bool Sass = true;               ///< --no-sass turns ptxas/fatbinary off
  bool Check = false;             ///< -c --check: instrumented CPU kernels too
  /// -c --shared: link the object into a shared library (with the table
  /// of pykc/SharedABI.h) against the shared runtime, for pykc.load().
  bool Shared = false;
  bool AllowUnusedSignatures = false; ///< --allow-unused-sig
  unsigned Jobs = 0;                  ///< -j N: -c's threads; 0: the cores
  unsigned OptLevel = 3;
  bool Fmad = true; ///< --fmad=true|false (codegen::FloatOptions::Fmad)
  bool BoundsCheck = false; ///< --boundscheck
  ModuleFlags Modules;      ///< -D, -I
  frontend::DiagnosticOptions Diagnostics; ///< -w, -W..., -ferror-limit
  std::vector<std::string> PtxasOptions; ///< -Xptxas OPT, in order, for -c's ptxas
  bool LineInfo = false; ///< -lineinfo, -g: PTX .loc/.file at the .py lines
  std::string CudaPath;  ///< --cuda-path
  std::string Libdevice; ///< --libdevice
  bool Verbose = false;    ///< -v: the phases' times and the cache's hits
  bool TimeTrace = false;  ///< -ftime-trace[=FILE] (PhaseTimes.h)
  std::string TimeTraceFile; ///< its FILE; empty: beside the output
  bool NoCache = false;    ///< --no-cache (CompileCache.h)
  bool CacheClear = false; ///< --cache-clear: empty the cache first
  bool Help = false;
  bool Version = false;
  bool Man = false;       ///< --man: print the man page
  std::string Completion; ///< --completion=bash|zsh: print that script
};

/// Parses argv. On a usage error returns nothing and sets \p Error to the
/// message (without the "pykc: error: " prefix).
std::optional<Options> parseOptions(int Argc, char **Argv, std::string &Error);

/// The architectures an object holds when no --arch is given.
const std::vector<std::string> &defaultObjectArchs();

/// Every architecture --arch accepts: those CUDA 13's ptxas builds SASS
/// for (sm_75 to sm_121f), oldest first.
const std::vector<std::string> &gpuArchs();

/// The PTX target pykc writes for \p Arch: \p Arch itself where LLVM 19's
/// NVPTX backend has it (codegen::supportedArchs), else the newest one
/// whose PTX ptxas and the driver compile for \p Arch: sm_87 for sm_88,
/// sm_90 for sm_100 and newer.
std::string ptxTargetFor(const std::string &Arch);

/// The output file name used when -o is not given: FILE.ptx, FILE.ll, ...
std::string defaultOutputPath(const Options &O);

} // namespace pykc::driver
