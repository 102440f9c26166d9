//===- ForeignLinkIncludes.h - What a .cu link file includes ----*- C++ -*-===//
///
/// \file
/// A .cu link file (ForeignLink.h, Nvrtc.h) may `#include "helper.cuh"`;
/// the compile cache's key (CacheKey.h) must change when such a header
/// does. This finds the files a .cu includes, transitively, as the two
/// compilers that read it look for them:
///   - `#include "name"`: the folder of the file that has the directive
///     (clang++ for the host and NVRTC both look there first), then the
///     .cu's own folder (the only include path pykc gives the compilers:
///     NVRTC's --include-path, clang++'s -I);
///   - `#include <name>`: the .cu's folder alone. A name not found there is
///     a system or toolkit header (<cmath>, <cuda_fp16.h>), which is not
///     followed: those change with the compilers, whose paths and times are
///     in the key already.
/// The scan reads directives line by line without a preprocessor: an
/// #include inside `#if 0` or a comment is followed too (a key that changes
/// more often than needed, never less), and a computed `#include MACRO` is
/// not (pykc cannot know the name). Each file is read once (a cycle, or
/// `#pragma once` headers included twice, end there) and nesting stops at
/// clang's limit of 200, past which the compile fails anyway: the work is
/// linear in the headers' total size.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace pykc::driver {

struct IncludedFile {
  std::string Path; ///< Absolute, without `.` and `..`.
  std::string Text;
};

/// The files the .cu file at \p Path (absolute) includes, transitively,
/// each once, in the order a breadth-first walk of the directives meets
/// them; not \p Path itself.
std::vector<IncludedFile> includedFiles(const std::string &Path);

} // namespace pykc::driver
