//===- ManPage.h - pykc(1), from the tables ---------------------*- C++ -*-===//
///
/// \file
/// `pykc --man`: the man page (roff, section 1) printed from the command,
/// option, --emit kind and environment tables, so that it lists what --help
/// lists. CMake runs the built pykc to write share/man/man1/pykc.1.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace pykc::driver {

/// NAME, SYNOPSIS, DESCRIPTION, COMMANDS, OPTIONS (per command),
/// ENVIRONMENT, EXIT STATUS and EXAMPLES.
std::string manPage();

} // namespace pykc::driver
