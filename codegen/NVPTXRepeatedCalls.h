//===- NVPTXRepeatedCalls.h - Many calls of one callee stay calls -*- C++ -*-===//
///
/// \file
/// A kernel of N statements `v = math.sin(v) + 1.5` calls libdevice's
/// __nv_sin N times. Inlined at every site, each copy brings its branches
/// and its slow path, and the GPU code generation passes (machine CSE and
/// sinking, GVN) then cost more than linear time in the number of blocks:
/// 1,000 statements took 3.5 s to PTX and ptxas another 10 s for one
/// architecture; 4,000 took 23 s to PTX. Left as calls, the kernel is a
/// straight line of them: 0.2 s to PTX at 1,000 statements, growing
/// linearly, and ptxas 0.7 s.
///
/// So before optimization, a function that calls one sizeable function
/// (libdevice's or a device function of the user's) from at least
/// MinRepeatedCallSites places has those call sites marked noinline. Small
/// callees (fabs, sqrt, fma: under MinOutOfLineCalleeSize instructions) and
/// pykc's operator helpers (a few instructions each) are
/// inlined as before, and so is everything in ordinary kernels: the count
/// is of call sites in the source's function, so a loop with one call in
/// its body is one site however far it is unrolled.
///
/// What a call costs instead of the inlined copy: passing the arguments and
/// the result, in a function that is already thousands of instructions
/// long. With --fmad=true ptxas may no longer fuse a multiply at the end of
/// the callee with an add after the call, so such results can differ from
/// inlined code's in the last bit, as between any two fused and unfused
/// evaluations.
///
//===----------------------------------------------------------------------===//
#pragma once

namespace llvm {
class Module;
} // namespace llvm

namespace pykc::codegen {

/// The fewest call sites of one callee in one function that keep them
/// calls (as NVPTXCallResults.h's MinCallsWithResults: ordinary kernels
/// stay far below it).
inline constexpr unsigned MinRepeatedCallSites = 64;

/// The fewest instructions (before optimization) a callee needs to stay
/// out of line: libdevice's expf (55) and up; fabsf, fmaf, rsqrtf (9) and
/// sqrtf (19) are always inlined.
inline constexpr unsigned MinOutOfLineCalleeSize = 40;

/// Marks noinline the call sites in \p M's functions that call one callee
/// of at least \p MinCalleeSize instructions from at least \p MinSites
/// places, as described above. Returns how many call sites it marked.
unsigned keepRepeatedCallsOutOfLine(llvm::Module &M, unsigned MinSites = MinRepeatedCallSites,
                                    unsigned MinCalleeSize = MinOutOfLineCalleeSize);

} // namespace pykc::codegen
