//===- ModuleCheck.cpp - PYKC_CHECK=1 for objects of pykc -c --------------===//
#include "ModuleCheck.h"

#include "pykc/Check.h"
#include "pykc/Error.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

using namespace pykc;
using namespace pykc::runtime;

namespace {

bool checkFromEnvironment() {
  static const bool On = [] {
    const char *V = std::getenv("PYKC_CHECK");
    return V && std::strcmp(V, "1") == 0;
  }();
  return On;
}

/// At exit: status 1 when a checked launch found something.
void exitWithFindings() {
  std::fflush(nullptr);
  _exit(1);
}

} // namespace

bool pykc::runtime::checkRequested(const pykc_module_image &M) {
  if (!checkFromEnvironment() || !M.num_kernels)
    return false;
  if (M.num_checked_kernels != M.num_kernels)
    throw Error(ErrorCode::InvalidValue,
                std::string("PYKC_CHECK=1 asks for checked kernels, but module '") + M.name +
                    "' was compiled without them; rebuild it with `pykc " + M.source +
                    " -c --check` (or run without PYKC_CHECK=1)");
  return true;
}

void pykc::runtime::reportCheckedLaunch(const char *Kernel) {
  CheckFindings Found = take_check_findings();
  if (!Found.total())
    return;
  std::string Text = Found.Reports + Found.summary(Kernel ? Kernel : "?") + "\n";
  std::fwrite(Text.data(), 1, Text.size(), stderr);
  static bool Registered = [] { return std::atexit(exitWithFindings) == 0; }();
  (void)Registered;
}
