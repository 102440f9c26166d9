//===- HintsTest.cpp - The candidates "did you mean" chooses from ---------===//
#include "ir/ModuleScope.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include <algorithm>

using namespace pykc::ir;

namespace {
bool contains(const std::vector<std::string> &Names, const std::string &Name) {
  return std::find(Names.begin(), Names.end(), Name) != Names.end();
}
} // namespace

TEST(KnownAttributes, OneLevelOfANamespace) {
  std::vector<std::string> Math = knownAttributes("math");
  EXPECT_TRUE(contains(Math, "sin"));
  EXPECT_TRUE(contains(Math, "pi"));
  EXPECT_FALSE(contains(Math, "sine"));
  EXPECT_EQ(knownAttributes("numba.cuda.threadIdx"), (std::vector<std::string>{"x", "y", "z"}));
  std::vector<std::string> Cuda = knownAttributes("numba.cuda");
  EXPECT_TRUE(contains(Cuda, "syncthreads"));
  EXPECT_TRUE(contains(Cuda, "threadIdx"));
  EXPECT_FALSE(contains(Cuda, "threadIdx.x")); // one level only
  EXPECT_TRUE(contains(knownAttributes("numpy"), "float32")); // dtypes too
  EXPECT_TRUE(knownAttributes("nothing").empty());
}

TEST(NumpyInstead, NamesOnlyFunctionsPykcRefuses) {
  // A row for a function pykc compiles would put a note on no error; a
  // function added to Builtins.def must leave NumpyInstead.def, unless
  // only host code may call it (the HeapArray allocators, whose note is
  // for kernels).
  std::set<std::string> HostOnly;
#define BUILTIN(Id, Path, Typing, ...)                                         \
  if (std::string_view(#Typing).starts_with("HeapArray"))                      \
    HostOnly.insert(Path);
#include "ir/Builtins.def"
  EXPECT_EQ(HostOnly.size(), 8u);
#define INSTEAD(Path, Text)                                                    \
  EXPECT_NE(isKnownBuiltinPath(Path), !HostOnly.count(Path)) << Path;
#include "ir/NumpyInstead.def"
}
