//===- KernelMutator.h - Mutations that keep a kernel a kernel --*- C++ -*-===//
//
// libFuzzer's own mutations flip bytes, which mostly breaks the syntax a
// kernel needs to get past the parser. These work on pykc's tokens and
// lines instead, so a mutated kernel usually still parses and types, and
// reaches the deeper phases with something new: a name swapped for another
// of the file's or for one of the kernel language's, a number for an edge
// value, an operator for another, a dtype in a signature for another, a
// line duplicated, dropped or swapped with a sibling, or a statement of the
// kernel language inserted at a line's indentation.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace pykc::fuzz {

/// Returns \p Source with one structure-aware mutation chosen by \p Seed;
/// the input itself when none applies (an empty file).
std::string mutateKernel(const std::string &Source, unsigned Seed);

} // namespace pykc::fuzz
