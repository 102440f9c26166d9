//===- ErrorOf.h - The message a runtime call throws, for tests -*- C++ -*-===//
#pragma once

#include "pykc/Error.h"

#include <gtest/gtest.h>

#include <string>

namespace pykc::test {

/// Runs \p Body and returns the what() of the pykc::Error it throws, which
/// must be InvalidValue; "no error" when it throws nothing.
std::string errorOf(auto &&Body) {
  try {
    Body();
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::InvalidValue);
    return E.what();
  }
  return "no error";
}

} // namespace pykc::test
