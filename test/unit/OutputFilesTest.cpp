//===- OutputFilesTest.cpp - Writing outputs without losing anything -----===//
#include "OutputFiles.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace pykc::driver;
namespace fs = std::filesystem;

namespace {

class OutputFilesTest : public ::testing::Test {
protected:
  std::string Dir;

  void SetUp() override {
    std::string Template = (fs::temp_directory_path() / "pykc-output-XXXXXX").string();
    ASSERT_NE(::mkdtemp(Template.data()), nullptr);
    Dir = Template;
  }
  void TearDown() override { fs::remove_all(Dir); }

  std::string path(const std::string &Name) const { return Dir + "/" + Name; }

  static void put(const std::string &Path, const std::string &Text, mode_t Mode = 0644) {
    std::ofstream(Path, std::ios::binary) << Text;
    ::chmod(Path.c_str(), Mode);
  }
  static std::string get(const std::string &Path) {
    std::stringstream S;
    S << std::ifstream(Path, std::ios::binary).rdbuf();
    return S.str();
  }
  static mode_t mode(const std::string &Path) {
    struct stat St;
    EXPECT_EQ(::lstat(Path.c_str(), &St), 0) << Path;
    return St.st_mode;
  }

  /// Writes \p Text to \p Path; the error, or "" on success.
  static std::string write(const std::string &Path, const std::string &Text) {
    OutputFiles Out;
    std::string Error;
    if (!Out.add(Path, {Text}, Error) || !Out.commit(Error))
      return Error;
    return "";
  }

  /// No temporaries are left behind.
  void expectOnly(std::vector<std::string> Names) const {
    std::vector<std::string> Found;
    for (const auto &E : fs::directory_iterator(Dir))
      Found.push_back(E.path().filename().string());
    std::sort(Found.begin(), Found.end());
    std::sort(Names.begin(), Names.end());
    EXPECT_EQ(Found, Names);
  }
};

TEST_F(OutputFilesTest, CreatesAMissingFile) {
  EXPECT_EQ(write(path("new.txt"), "abc"), "");
  EXPECT_EQ(get(path("new.txt")), "abc");
  expectOnly({"new.txt"});
}

TEST_F(OutputFilesTest, ReplacesARegularFileKeepingItsMode) {
  put(path("a.txt"), "old contents", 0640);
  EXPECT_EQ(write(path("a.txt"), "new"), "");
  EXPECT_EQ(get(path("a.txt")), "new");
  EXPECT_EQ(mode(path("a.txt")) & 07777, 0640u);
  expectOnly({"a.txt"});
}

TEST_F(OutputFilesTest, RefusesAReadOnlyFileEvenForRoot) {
  put(path("ro.txt"), "keep", 0444);
  EXPECT_EQ(write(path("ro.txt"), "new"),
            "cannot write '" + path("ro.txt") + "': the file is read-only (mode 0444)");
  EXPECT_EQ(get(path("ro.txt")), "keep");
  EXPECT_EQ(mode(path("ro.txt")) & 07777, 0444u);
  expectOnly({"ro.txt"});
}

TEST_F(OutputFilesTest, WritesThroughASymlink) {
  put(path("target.txt"), "old");
  fs::create_symlink("target.txt", path("link.txt"));
  EXPECT_EQ(write(path("link.txt"), "new"), "");
  EXPECT_TRUE(S_ISLNK(mode(path("link.txt"))));
  EXPECT_EQ(get(path("target.txt")), "new");
  expectOnly({"link.txt", "target.txt"});
}

TEST_F(OutputFilesTest, ADanglingSymlinkCreatesItsTarget) {
  fs::create_symlink("made.txt", path("link.txt"));
  EXPECT_EQ(write(path("link.txt"), "new"), "");
  EXPECT_TRUE(S_ISLNK(mode(path("link.txt"))));
  EXPECT_EQ(get(path("made.txt")), "new");
}

TEST_F(OutputFilesTest, ADirectoryIsNamed) {
  fs::create_directory(path("d"));
  EXPECT_EQ(write(path("d"), "x"), "cannot write '" + path("d") + "': it is a directory");
}

TEST_F(OutputFilesTest, DevicesAreWrittenInPlace) {
  EXPECT_EQ(write("/dev/null", "discarded"), "");
  EXPECT_TRUE(S_ISCHR(mode("/dev/null")));
}

TEST_F(OutputFilesTest, AFailedAddChangesNothing) {
  put(path("a.txt"), "a");
  put(path("ro.txt"), "ro", 0444);
  OutputFiles Out;
  std::string Error;
  ASSERT_TRUE(Out.add(path("a.txt"), {"new a"}, Error)) << Error;
  EXPECT_FALSE(Out.add(path("ro.txt"), {"new ro"}, Error));
  EXPECT_EQ(get(path("a.txt")), "a");
}

TEST_F(OutputFilesTest, UncommittedOutputsLeaveNoTemporaries) {
  put(path("a.txt"), "a");
  {
    OutputFiles Out;
    std::string Error;
    ASSERT_TRUE(Out.add(path("a.txt"), {"new ", "a"}, Error)) << Error;
    ASSERT_TRUE(Out.add(path("b.txt"), {"b"}, Error)) << Error;
  }
  EXPECT_EQ(get(path("a.txt")), "a");
  expectOnly({"a.txt"});
}

} // namespace

namespace {

TEST_F(OutputFilesTest, DescriptorNamesAreWrittenThroughTheDescriptor) {
  // `>> log`: the output follows what is there, in the same file.
  put(path("log"), "earlier\n");
  struct stat Before;
  ASSERT_EQ(::stat(path("log").c_str(), &Before), 0);
  int FD = ::open(path("log").c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  ASSERT_GE(FD, 0);
  for (const std::string &Name :
       {"/dev/fd/" + std::to_string(FD), "/proc/self/fd/" + std::to_string(FD)})
    EXPECT_EQ(write(Name, "more\n"), "") << Name;
  EXPECT_EQ(get(path("log")), "earlier\nmore\nmore\n");
  struct stat After;
  ASSERT_EQ(::stat(path("log").c_str(), &After), 0);
  EXPECT_EQ(Before.st_ino, After.st_ino);
  // Still open: the descriptor is the caller's.
  EXPECT_GE(::fcntl(FD, F_GETFD), 0);
  ::close(FD);
  EXPECT_EQ(write("/dev/fd/" + std::to_string(FD), "x"),
            "cannot write '/dev/fd/" + std::to_string(FD) + "': descriptor " + std::to_string(FD) +
                " is not open");
  expectOnly({"log"});
}

TEST_F(OutputFilesTest, TemporaryNamesAreShort) {
  // A 255-byte name, the longest a file may have: its temporary is not
  // longer than the folder allows.
  std::string Long(251, 'n');
  EXPECT_EQ(write(path(Long + ".ptx"), "new"), "");
  EXPECT_EQ(get(path(Long + ".ptx")), "new");
  expectOnly({Long + ".ptx"});
  EXPECT_EQ(descriptorOfName("/dev/stdout"), 1);
  EXPECT_EQ(descriptorOfName("/proc/self/fd/12"), 12);
  EXPECT_EQ(descriptorOfName("/dev/fd/x"), -1);
  EXPECT_EQ(descriptorOfName("/dev/null"), -1);
}

} // namespace
