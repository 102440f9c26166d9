//===- ProgramModules.h - The files of a program and their names -*- C++ -*-===//
///
/// \file
/// The main file's module scope (ir::ModuleScope): its module-level code run
/// as far as it can be decided, with -D's values, and the program's other
/// files read, parsed and resolved as it imports them: `import helpers`
/// finds helpers.py in the main file's package root, its folder, then each
/// -I folder, as Python's path would.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "Pipeline.h"

namespace pykc::driver {

/// Fills C.Defines from R's -D options and C.Scope with the main module's
/// names; warns about a -D that replaced nothing. False after an error in
/// a -D value.
bool resolveModuleNames(const FrontendRequest &R, Compilation &C);

} // namespace pykc::driver
