//===- CheckReport.h - --check's reports with their source lines -*- C++ -*-===//
//
// The checker's reports name places ("file.py:12:9: error: ..."); pykc run
// and pykc call print each with its source line and a caret under the
// column, as compile-time diagnostics are printed.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_DRIVER_CHECKREPORT_H
#define PYKC_DRIVER_CHECKREPORT_H

#include <string>

namespace pykc::driver {

/// \p Reports (one report or note a line) with, after each line that starts
/// with a readable file's place, that file's line and a caret.
std::string withSourceLines(const std::string &Reports);

} // namespace pykc::driver

#endif // PYKC_DRIVER_CHECKREPORT_H
