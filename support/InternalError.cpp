//===- support/InternalError.cpp - Broken invariants inside pykc ----------===//
#include "support/InternalError.h"

#include <cstdlib>
#include <iostream>

void pykc::internalError(std::string_view Message, const char *File, int Line) {
  std::cerr << "pykc: internal compiler error: " << Message << " (at " << File << ':' << Line
            << ")\nPlease report this with the input file.\n";
  std::abort();
}
