//===- NVPTXCallResults.h - Call results through memory in huge functions -===//
///
/// \file
/// NVPTX's instruction selection gives every value a call returns a proxy
/// register, and LLVM 19's NVPTXProxyRegErasure then scans the whole
/// machine function once per proxy register: a kernel of N calls costs
/// N times its size. A kernel of 2,000 `math.sin` statements (each a call
/// of libdevice's trigonometric slow path, which is not inlined) spent 12 s
/// of its 15 s of code generation there, and 3,000 took minutes.
///
/// Before code generation, a function that makes many calls with results
/// has its callees return them through memory instead: each such callee
/// becomes a void function with a pointer to the result as an extra last
/// parameter, and each caller gets one stack slot a result type to pass.
/// Calls without results make no proxy registers. Only functions with at
/// least MinCallsWithResults such calls are rewritten, so the PTX of
/// ordinary kernels is unchanged; those calls are on rarely taken paths
/// (libdevice's slow paths), where a store and a load cost nothing.
///
//===----------------------------------------------------------------------===//
#pragma once

namespace llvm {
class Module;
} // namespace llvm

namespace pykc::codegen {

/// The fewest calls with results in one function that make its callees
/// return through memory (well below where the erasure's cost shows: 500
/// calls took 0.2 s).
inline constexpr unsigned MinCallsWithResults = 64;

/// Rewrites \p M's defined functions called with a result from a function
/// that makes at least \p MinCalls such calls, as described above. Returns
/// how many functions were rewritten.
unsigned
returnCallResultsThroughMemory(llvm::Module &M,
                               unsigned MinCalls = MinCallsWithResults);

} // namespace pykc::codegen
