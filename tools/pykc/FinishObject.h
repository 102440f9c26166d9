//===- FinishObject.h - -c's last steps: entries local, images in -*- C++ -*-===//
///
/// \file
/// With `ld` on PATH, `pykc -c` joins the CPU code's parts and the tables
/// (codegen::emitTablesObject, images later) while the GPU code is still
/// being built, and makes the kernels' entries local there. The tables
/// give each image a placeholder section of one byte, a size of 0 in the
/// table of images and a stamp of a placeholder name (the stamp hashes the
/// images). Once the images are built, putImages fills those in, in the
/// process and without a tool: its time is all -c takes after the last
/// ptxas but writing the output, so it does only that.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "codegen/HostObject.h"

#include <string>
#include <vector>

namespace pykc::driver {

/// Makes \p Object's hidden globals local (llvm-objcopy's library): the
/// kernels' entries were hidden globals so that the tables could name
/// them; joined, nothing outside needs them, and two modules with kernels
/// of the same names must link side by side.
bool localizeHidden(std::string &Object, std::string &Error);

/// Puts \p Images (the ones whose layout the tables of \p Object were made
/// with) into \p Object: each image's bytes (a PTX with its NUL) are
/// appended to the file, and its placeholder section's header points at
/// them; each size goes into the table of images; the stamp named
/// \p StampFrom is renamed \p StampTo, of the same length, in place. The
/// placeholders' bytes stay behind, unused. False, with \p Error set, when
/// \p Object is not such an object.
bool putImages(std::string &Object, const std::vector<codegen::GpuImage> &Images,
               const std::string &StampFrom, const std::string &StampTo, std::string &Error);

} // namespace pykc::driver
