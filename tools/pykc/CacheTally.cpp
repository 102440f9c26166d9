//===- CacheTally.cpp - The compile cache's size without listing it -------===//
#include "CacheTally.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <ctime>

namespace pykc::driver::cache_tally {

namespace {

constexpr uint64_t Block = 4096;
constexpr time_t ScanEvery = 60 * 60; // seconds

std::string tallyPath(const std::string &Dir) { return Dir + "/size.tally"; }
std::string stampPath(const std::string &Dir) { return Dir + "/scan.stamp"; }

uint64_t blocksOf(uint64_t Bytes) { return (Bytes + Block - 1) / Block; }

} // namespace

void add(const std::string &Dir, uint64_t Bytes) {
  // No O_CREAT: a tally begun here would leave out the entries before it.
  int Fd = ::open(tallyPath(Dir).c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (Fd < 0)
    return;
  static const char Zeros[1 << 16] = {};
  uint64_t Left = blocksOf(Bytes);
  while (Left > 0) {
    size_t Chunk = size_t(Left < sizeof Zeros ? Left : sizeof Zeros);
    ssize_t N = ::write(Fd, Zeros, Chunk);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break; // a disk too full for the tally is too full for the cache
    Left -= uint64_t(N);
  }
  ::close(Fd);
}

bool scanDue(const std::string &Dir, uint64_t Limit) {
  struct stat Tally, Stamp;
  if (::stat(tallyPath(Dir).c_str(), &Tally) != 0 || ::stat(stampPath(Dir).c_str(), &Stamp) != 0)
    return true;
  if (uint64_t(Tally.st_size) > Limit / Block)
    return true;
  return std::time(nullptr) - Stamp.st_mtime > ScanEvery;
}

void scanned(const std::string &Dir, uint64_t Bytes) {
  // Written beside it and renamed over it, so that a reader never sees a
  // tally of nothing; a sparse file, so that no block is written.
  static std::atomic<unsigned> Counter{0};
  std::string Temp = Dir + "/tmp.tally." + std::to_string(::getpid()) + "." +
                     std::to_string(Counter++);
  int Fd = ::open(Temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (Fd < 0)
    return;
  bool Sized = ::ftruncate(Fd, off_t(blocksOf(Bytes))) == 0;
  if (::close(Fd) != 0 || !Sized || ::rename(Temp.c_str(), tallyPath(Dir).c_str()) != 0) {
    ::unlink(Temp.c_str());
    return;
  }
  int Stamp = ::open(stampPath(Dir).c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (Stamp >= 0) {
    ::futimens(Stamp, nullptr); // now
    ::close(Stamp);
  }
}

void remove(const std::string &Dir) {
  ::unlink(tallyPath(Dir).c_str());
  ::unlink(stampPath(Dir).c_str());
}

} // namespace pykc::driver::cache_tally
