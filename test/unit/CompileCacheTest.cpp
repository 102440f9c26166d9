//===- CompileCacheTest.cpp - The compile cache's entries and bound -------===//
#include "CompileCache.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace pykc::driver;
namespace fs = std::filesystem;

namespace {

const std::string KeyA(64, 'a'), KeyB(64, 'b'), KeyC(64, 'c');

class CompileCacheTest : public ::testing::Test {
protected:
  std::string Dir;

  void SetUp() override {
    std::string Template = (fs::temp_directory_path() / "pykc-cache-XXXXXX").string();
    ASSERT_NE(::mkdtemp(Template.data()), nullptr);
    Dir = Template;
    ::setenv("PYKC_CACHE_DIR", Dir.c_str(), 1);
    ::unsetenv("PYKC_CACHE");
    ::unsetenv("PYKC_CACHE_SIZE");
  }
  void TearDown() override {
    fs::remove_all(Dir);
    ::unsetenv("PYKC_CACHE_DIR");
    ::unsetenv("PYKC_CACHE_SIZE");
  }
  /// Sets \p Key's entry's modification time to \p Seconds after the epoch.
  void age(const std::string &Key, time_t Seconds) {
    timespec Times[2] = {{Seconds, 0}, {Seconds, 0}};
    ASSERT_EQ(::utimensat(AT_FDCWD, (Dir + "/" + Key + ".pykc").c_str(), Times, 0), 0);
  }
};

CacheEntry sample() {
  return {{"object", std::string("\x7f" "ELF\0\1\2", 7)}, {"header", "#pragma once\n"}, {"stderr", ""}};
}

TEST(CompileCacheFormat, EntriesRoundTrip) {
  CacheEntry E = sample();
  std::optional<CacheEntry> Back = CompileCache::decode(CompileCache::encode(E));
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, E);
  EXPECT_EQ(CompileCache::decode(CompileCache::encode({})), CacheEntry{});
}

TEST(CompileCacheFormat, EveryTruncationIsRejected) {
  std::string Bytes = CompileCache::encode(sample());
  for (size_t N = 0; N < Bytes.size(); ++N)
    EXPECT_FALSE(CompileCache::decode(Bytes.substr(0, N))) << "first " << N << " bytes";
}

TEST(CompileCacheFormat, EveryFlippedBitIsRejected) {
  std::string Bytes = CompileCache::encode(sample());
  for (size_t I = 0; I < Bytes.size(); ++I)
    for (int Bit = 0; Bit < 8; ++Bit) {
      std::string Damaged = Bytes;
      Damaged[I] = char(Damaged[I] ^ (1 << Bit));
      EXPECT_FALSE(CompileCache::decode(Damaged)) << "byte " << I << " bit " << Bit;
    }
}

TEST_F(CompileCacheTest, StoresAndFindsByKey) {
  CompileCache Cache(false, nullptr);
  ASSERT_TRUE(Cache.enabled());
  EXPECT_EQ(Cache.directory(), Dir);
  EXPECT_FALSE(Cache.lookup(KeyA));
  Cache.store(KeyA, sample());
  EXPECT_EQ(Cache.lookup(KeyA), sample());
  EXPECT_FALSE(Cache.lookup(KeyB));
  // Nothing but the entry is left in the folder (the temporary was renamed).
  EXPECT_EQ(std::distance(fs::directory_iterator(Dir), fs::directory_iterator()), 1);
}

TEST_F(CompileCacheTest, OffWithNoCacheOrTheEnvironment) {
  EXPECT_FALSE(CompileCache(true, nullptr).enabled());
  ::setenv("PYKC_CACHE", "0", 1);
  CompileCache Off(false, nullptr);
  EXPECT_FALSE(Off.enabled());
  Off.store(KeyA, sample());
  EXPECT_TRUE(fs::is_empty(Dir));
  ::unsetenv("PYKC_CACHE");
}

TEST_F(CompileCacheTest, ADamagedEntryIsAMissAndIsRemoved) {
  CompileCache Cache(false, nullptr);
  Cache.store(KeyA, sample());
  std::string Path = Dir + "/" + KeyA + ".pykc";
  fs::resize_file(Path, fs::file_size(Path) - 1);
  EXPECT_FALSE(Cache.lookup(KeyA));
  EXPECT_FALSE(fs::exists(Path));
  Cache.store(KeyA, sample());
  EXPECT_EQ(Cache.lookup(KeyA), sample());
}

TEST_F(CompileCacheTest, EvictsLeastRecentlyUsedFirst) {
  // Room for two and a half entries: the third store evicts down to 90%,
  // which two entries fit.
  std::string Size = std::to_string(5 * CompileCache::encode(sample()).size() / 2);
  ::setenv("PYKC_CACHE_SIZE", Size.c_str(), 1);
  CompileCache Cache(false, nullptr);
  Cache.store(KeyA, sample());
  Cache.store(KeyB, sample());
  age(KeyA, 1000);
  age(KeyB, 2000);
  // A hit makes A the most recently used, so storing C evicts B.
  ASSERT_TRUE(Cache.lookup(KeyA));
  Cache.store(KeyC, sample());
  EXPECT_TRUE(Cache.lookup(KeyA));
  EXPECT_FALSE(Cache.lookup(KeyB));
  EXPECT_TRUE(Cache.lookup(KeyC));
}

TEST_F(CompileCacheTest, ClearRemovesOnlyEntries) {
  CompileCache Cache(false, nullptr);
  Cache.store(KeyA, sample());
  Cache.store(KeyB, sample());
  std::ofstream(Dir + "/notes.txt") << "mine";
  uint64_t Removed = 0, Bytes = 0;
  std::string Error;
  ASSERT_TRUE(CompileCache::clear(Dir, Removed, Bytes, Error)) << Error;
  EXPECT_EQ(Removed, 2u);
  EXPECT_EQ(Bytes, 2 * CompileCache::encode(sample()).size());
  EXPECT_TRUE(fs::exists(Dir + "/notes.txt"));
  EXPECT_FALSE(Cache.lookup(KeyA));
}

} // namespace
