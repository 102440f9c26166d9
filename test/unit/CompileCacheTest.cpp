//===- CompileCacheTest.cpp - The compile cache's entries and bound -------===//
#include "CompileCache.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
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
  void age(const std::string &Key, time_t Seconds) { ageFile(Key + ".pykc", Seconds); }
  /// The same for the file \p Name in the cache folder.
  void ageFile(const std::string &Name, time_t Seconds) {
    timespec Times[2] = {{Seconds, 0}, {Seconds, 0}};
    ASSERT_EQ(::utimensat(AT_FDCWD, (Dir + "/" + Name).c_str(), Times, 0), 0);
  }
  /// A temporary that a compile which died left two hours ago, which the
  /// next scan of the folder removes: whether it is still there says
  /// whether a scan ran.
  void leaveDeadTemporary() {
    std::ofstream(Dir + "/tmp.dead") << "half an entry";
    ageFile("tmp.dead", std::time(nullptr) - 2 * 3600);
  }
  bool scanned() const { return !fs::exists(Dir + "/tmp.dead"); }
};

/// An entry of about \p Bytes.
CacheEntry sized(size_t Bytes) { return {{"object", std::string(Bytes, 'x')}}; }

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
  // Nothing but the entry and the size tally with its stamp is left in
  // the folder (the temporaries were renamed).
  std::vector<std::string> Names;
  for (const fs::directory_entry &E : fs::directory_iterator(Dir))
    Names.push_back(E.path().filename().string());
  std::sort(Names.begin(), Names.end());
  EXPECT_EQ(Names, (std::vector<std::string>{KeyA + ".pykc", "scan.stamp", "size.tally"}));
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

TEST_F(CompileCacheTest, AStoreUnderTheBoundListsNoFolder) {
  CompileCache Cache(false, nullptr);
  Cache.store(KeyA, sample()); // the first store scans: there is no tally yet
  EXPECT_TRUE(fs::exists(Dir + "/size.tally"));
  leaveDeadTemporary();
  Cache.store(KeyB, sample());
  EXPECT_FALSE(scanned());
  // The last scan an hour ago: the next store scans again.
  ageFile("scan.stamp", std::time(nullptr) - 3601);
  Cache.store(KeyC, sample());
  EXPECT_TRUE(scanned());
  EXPECT_TRUE(Cache.lookup(KeyA) && Cache.lookup(KeyB) && Cache.lookup(KeyC));
}

TEST_F(CompileCacheTest, EvictsWhatOtherCompilesStored) {
  // Entries of 40 KB, room for two and a half: each compile (a cache of
  // its own) stores one, and the third finds the cache over its bound from
  // the tally the others added to.
  ::setenv("PYKC_CACHE_SIZE", "100K", 1);
  CompileCache(false, nullptr).store(KeyA, sized(40000));
  leaveDeadTemporary();
  CompileCache(false, nullptr).store(KeyB, sized(40000));
  EXPECT_FALSE(scanned()); // 80 KB: under the bound
  age(KeyA, 1000);
  age(KeyB, 2000);
  CompileCache Third(false, nullptr);
  Third.store(KeyC, sized(40000));
  EXPECT_TRUE(scanned());
  EXPECT_FALSE(Third.lookup(KeyA));
  EXPECT_TRUE(Third.lookup(KeyB));
  EXPECT_TRUE(Third.lookup(KeyC));
}

TEST_F(CompileCacheTest, ACacheWithoutATallyIsScanned) {
  // As an older pykc left it: entries, no tally.
  CompileCache(false, nullptr).store(KeyA, sized(40000));
  CompileCache(false, nullptr).store(KeyB, sized(40000));
  age(KeyA, 1000);
  age(KeyB, 2000);
  ASSERT_TRUE(fs::remove(Dir + "/size.tally"));
  ::setenv("PYKC_CACHE_SIZE", "100K", 1);
  CompileCache Cache(false, nullptr);
  Cache.store(KeyC, sized(40000));
  EXPECT_FALSE(Cache.lookup(KeyA));
  EXPECT_TRUE(Cache.lookup(KeyB));
  EXPECT_TRUE(Cache.lookup(KeyC));
  EXPECT_TRUE(fs::exists(Dir + "/size.tally"));
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
  EXPECT_FALSE(fs::exists(Dir + "/size.tally")); // the cache's own: gone with it
  EXPECT_FALSE(Cache.lookup(KeyA));
}

} // namespace
