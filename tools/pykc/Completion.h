//===- Completion.h - Shell completion scripts from the table ---*- C++ -*-===//
///
/// \file
/// `pykc --completion=bash` and `--completion=zsh`: scripts that complete
/// the subcommands, each command's options (OptionTable.def), the values of
/// --emit, --arch, --backend, --fmad and --completion, and file names (.py
/// inputs, .npy arguments, directories for -I and --cuda-path). CMake runs
/// the built pykc to write them and installs them (cmake/PykcInstall.cmake).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace pykc::driver {

/// For share/bash-completion/completions/pykc: defines _pykc and registers
/// it with `complete`.
std::string bashCompletion();

/// For share/zsh/site-functions/_pykc (#compdef pykc).
std::string zshCompletion();

} // namespace pykc::driver
