//===- NVPTXSharedOptimization.h - One optimization for several SMs -*- C++ -*-===//
///
/// \file
/// `-c` builds PTX for five targets by default (sm_75 to sm_90), and the
/// optimized LLVM IR is the same for all of them in ordinary kernels: the
/// emitter never reads the architecture, and LLVM's middle end sees it in
/// two places only:
///   - NVVMReflect answers libdevice's __nvvm_reflect("__CUDA_ARCH") with
///     the SM times ten. libdevice compares the answer with constants
///     (== 350, >= 500, > 820, ...), so two SMs for which every such
///     comparison comes out the same get the same IR once it is folded
///     (sinpif, cospif and tgammaf test > 820: sm_75 and sm_80 differ
///     there from sm_86 and up).
///   - The cost model asks which operations are legal. For 32- and 64-bit
///     integer and floating-point code the answers are the same on every
///     SM pykc supports; they differ for half, bfloat, 8- and 16-bit
///     integers and their vectors (bf16 arithmetic from sm_80, i16x2 from
///     sm_90 with PTX 8.0), and for llvm.minimum / llvm.maximum (sm_80).
///
/// So the targets are put in classes: those with the same comparisons,
/// when the module has none of the SM-dependent types or operations, are
/// one class, optimized once (with its first target's machine) and then
/// code-generated for each. A module that has them, or a reflect whose
/// answer is used in any other way, gives each target a class of its own,
/// as before. sm_90a (PTX 8.0, its own instructions) is always alone.
///
/// Even where this rule were wrong, the code would be correct: the middle
/// end's target queries choose between equivalent forms, and the one that
/// changes results (reflect) is checked exactly. PYKC_PTX_SHARED_OPTIMIZE=0
/// optimizes per target, to compare (test/Object/ptx_shared_optimize.test
/// checks the two give the same objects).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace pykc::codegen {

/// For each of \p Targets ("sm_75", ...), the index of the target whose
/// optimized module it shares (its own index when it is optimized alone,
/// or first in its class). \p M is the unoptimized module with libdevice
/// linked in.
std::vector<size_t> sharedOptimizations(const llvm::Module &M,
                                        const std::vector<std::string> &Targets);

} // namespace pykc::codegen
