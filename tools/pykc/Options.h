//===- Options.h - The pykc command line ------------------------*- C++ -*-===//
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace pykc::driver {

/// Where the pipeline stops and what it writes.
enum class EmitKind { AST, IR, LLVM, PTX };

struct Options {
  std::string Input;
  std::string Output; ///< "-" is stdout; empty: next to the input.
  EmitKind Emit = EmitKind::PTX;
  std::vector<std::string> Signatures; ///< --sig 'NAME(TYPES)'
  std::string Arch = "sm_75";
  unsigned OptLevel = 3;
  std::string CudaPath;  ///< --cuda-path
  std::string Libdevice; ///< --libdevice
  bool Help = false;
  bool Version = false;
};

/// Parses argv. On a usage error returns nothing and sets \p Error to the
/// message (without the "pykc: error: " prefix).
std::optional<Options> parseOptions(int Argc, char **Argv, std::string &Error);

/// The text of `pykc --help`.
std::string helpText();

/// The output file name used when -o is not given: FILE.ptx, FILE.ll, ...
std::string defaultOutputPath(const Options &O);

} // namespace pykc::driver
