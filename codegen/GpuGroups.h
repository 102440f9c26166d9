//===- GpuGroups.h - Which GPU module each kernel is compiled into -*- C++ -*-===//
///
/// \file
/// `-c` compiles a file's kernels for the GPU in groups, each group a GPU
/// module of its own (pykc/ModuleABI.h): ptxas then runs on every core, one
/// process per group and architecture, and a kernel that changed costs its
/// group's compile, not the file's (the compile cache keeps groups).
///
/// Groups are chosen from the kernels alone, never from the machine, so an
/// object is the same bytes on any number of cores: a file of up to
/// KernelsPerGroup kernels is one group (its GPU code is what it always
/// was), a larger one has ceil(kernels / KernelsPerGroup) groups and each
/// kernel goes to the one its symbol's hash names. Editing a kernel's body
/// moves nothing; adding or removing kernels moves them only when the count
/// crosses a multiple of KernelsPerGroup. Kernels that call foreign device
/// functions (link=) are linked with their link files as one module, so
/// such a file is one group.
///
/// Whole-program ptxas per group keeps every kernel's registers and size as
/// on the whole file (bench/results/compile-scale-vm/sass_groups.md), where
/// relocatable SASS (-c, -ewp) does not.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

#include <cstdint>
#include <vector>

namespace pykc::codegen {

/// Kernels per group, aimed at: enough that ptxas's start-up is a small part
/// of a group's compile, few enough that a 150-kernel file has ten groups.
constexpr unsigned KernelsPerGroup = 16;

struct GpuGroups {
  uint32_t Count = 1;
  /// The group of each kernel, in the module's order of kernels.
  std::vector<uint32_t> OfKernel;
  /// The kernels of each group, in the module's order.
  std::vector<std::vector<const ir::Function *>> Kernels;
};

/// The groups of \p IR's kernels (one, with no kernels).
GpuGroups gpuGroups(const ir::Module &IR);

} // namespace pykc::codegen
