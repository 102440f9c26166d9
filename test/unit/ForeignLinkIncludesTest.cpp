//===- ForeignLinkIncludesTest.cpp - The headers a .cu link file includes -===//
#include "ForeignLinkIncludes.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace pykc::driver;
namespace fs = std::filesystem;

namespace {

class ForeignLinkIncludesTest : public ::testing::Test {
protected:
  fs::path Dir;

  void SetUp() override {
    std::string Template =
        (fs::temp_directory_path() / "pykc-includes-XXXXXX").string();
    ASSERT_NE(::mkdtemp(Template.data()), nullptr);
    Dir = Template;
  }
  void TearDown() override { fs::remove_all(Dir); }
  std::string write(const std::string &Name, const std::string &Text) {
    fs::path P = Dir / Name;
    fs::create_directories(P.parent_path());
    std::ofstream(P) << Text;
    return P.string();
  }
  /// The included files' paths relative to Dir, in order.
  std::vector<std::string> names(const std::vector<IncludedFile> &Files) {
    std::vector<std::string> Out;
    for (const IncludedFile &F : Files)
      Out.push_back(fs::path(F.Path).lexically_relative(Dir).string());
    return Out;
  }
};

TEST_F(ForeignLinkIncludesTest, QuotedNamesBesideTheIncluderThenInTheCuFolder) {
  std::string Cu =
      write("f.cu", "#include \"a.cuh\"\n  #  include \"sub/b.cuh\" // spaced\n"
                    "#include <cmath>\nint f();\n");
  write("a.cuh", "#define A 1\n");
  // c.cuh is beside b.cuh; d.cuh only in the .cu's folder (NVRTC's
  // --include-path); a.cuh again is read once.
  write("sub/b.cuh",
        "#include \"c.cuh\"\n#include \"d.cuh\"\n#include \"../a.cuh\"\n");
  write("sub/c.cuh", "#define C 3\n");
  write("d.cuh", "#define D 4\n");
  std::vector<IncludedFile> Files = includedFiles(Cu);
  EXPECT_EQ(names(Files), (std::vector<std::string>{"a.cuh", "sub/b.cuh",
                                                    "sub/c.cuh", "d.cuh"}));
  ASSERT_EQ(Files.size(), 4u);
  EXPECT_EQ(Files[0].Text, "#define A 1\n");
}

TEST_F(ForeignLinkIncludesTest, AngleNamesInTheCuFolderElseSystemHeaders) {
  std::string Cu = write(
      "f.cu", "#include <mine.cuh>\n#include <cuda_fp16.h>\n"
              "#include PYKC_COMPUTED\n#include \"\"\n#include \"absent.h\"\n");
  write("mine.cuh", "#include <sub/deeper.cuh>\n");
  write("sub/deeper.cuh", "\n");
  EXPECT_EQ(names(includedFiles(Cu)),
            (std::vector<std::string>{"mine.cuh", "sub/deeper.cuh"}));
}

TEST_F(ForeignLinkIncludesTest, CyclesEndAndNestingStopsAtClangsLimit) {
  std::string Cu = write("f.cu", "#include \"x.cuh\"\n");
  write("x.cuh", "#include \"y.cuh\"\n#include \"f.cu\"\n");
  write("y.cuh", "#include \"x.cuh\"\n");
  EXPECT_EQ(names(includedFiles(Cu)),
            (std::vector<std::string>{"x.cuh", "y.cuh"}));

  // h0 includes h1, ... h249: clang stops past 200 levels, and so does the
  // walk (the .cu is level 0).
  std::string Chain = write("chain.cu", "#include \"h0.cuh\"\n");
  for (int I = 0; I < 250; ++I)
    write("h" + std::to_string(I) + ".cuh",
          "#include \"h" + std::to_string(I + 1) + ".cuh\"\n");
  std::vector<IncludedFile> Files = includedFiles(Chain);
  ASSERT_EQ(Files.size(), 200u);
  EXPECT_EQ(names(Files).back(), "h199.cuh");
}

} // namespace
