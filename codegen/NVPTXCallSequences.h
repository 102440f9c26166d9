//===- NVPTXCallSequences.h - Call numbers that do not depend on the run -*- C++ -*-===//
///
/// \file
/// LLVM 19's NVPTX code generation numbers each call it lowers from one
/// counter shared by the whole process, and prints the number in the PTX:
/// `{ // callseq 7, 0` ... `} // callseq 7` around every call, and
/// `prototype_7` for an indirect call's prototype. With the PTX of several
/// targets and groups built on several threads at once (-c), the numbers a
/// module gets depend on what the other threads lowered before it, so the
/// same file gave different objects from run to run (kernels calling
/// libdevice's slow paths: math.sin on float64, math.gamma).
///
/// Renumbered in order of appearance, each module's numbers start at 0, as
/// in a process that built that module alone.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace pykc::codegen {

/// Rewrites \p PTX's call numbers (above) to 0, 1, 2, ... in the order they
/// first appear.
void renumberCallSequences(std::string &PTX);

} // namespace pykc::codegen
