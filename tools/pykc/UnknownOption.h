//===- UnknownOption.h - "unknown option; did you mean" ----------*- C++ -*-===//
#pragma once

#include <string>
#include <vector>

namespace pykc::driver {

/// The usage error for the unknown flag \p Arg: "unknown option '--bondscheck';
/// did you mean '--boundscheck'?" when one of \p Known (the command's flag
/// names, without values) is near it. A value given with '=' is kept:
/// --emitt=ptx suggests --emit=ptx.
std::string unknownOption(const std::string &Arg, const std::vector<std::string> &Known);

} // namespace pykc::driver
