//===- CompileCache.cpp - Outputs of earlier compiles, by content ---------===//
#include "CompileCache.h"
#include "CacheTally.h"

#include <llvm/Support/BLAKE3.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

namespace pykc::driver {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view Magic = "pykc-cache-entry 1\n";
constexpr size_t ChecksumSize = 32;
constexpr std::string_view EntrySuffix = ".pykc";
constexpr std::string_view TempPrefix = "tmp.";

void putU64(std::string &Out, uint64_t V) {
  for (int I = 0; I < 8; ++I)
    Out += char((V >> (8 * I)) & 0xff);
}

bool getU64(const std::string &In, size_t &Pos, size_t End, uint64_t &V) {
  if (End - Pos < 8)
    return false;
  V = 0;
  for (int I = 0; I < 8; ++I)
    V |= uint64_t(uint8_t(In[Pos + I])) << (8 * I);
  Pos += 8;
  return true;
}

std::string checksum(std::string_view Bytes) {
  llvm::BLAKE3 H;
  H.update(llvm::StringRef(Bytes.data(), Bytes.size()));
  auto R = H.final();
  return std::string(reinterpret_cast<const char *>(R.data()), R.size());
}

bool readWhole(const std::string &Path, std::string &Out) {
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  Out.clear();
  char Buf[1 << 16];
  while (true) {
    ssize_t N = ::read(Fd, Buf, sizeof Buf);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      ::close(Fd);
      return N == 0;
    }
    Out.append(Buf, size_t(N));
  }
}

bool writeWhole(int Fd, const std::string &Bytes) {
  size_t Done = 0;
  while (Done < Bytes.size()) {
    ssize_t N = ::write(Fd, Bytes.data() + Done, Bytes.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += size_t(N);
  }
  return true;
}

/// PYKC_CACHE_SIZE: bytes, with an optional K, M or G (powers of 1024).
std::optional<uint64_t> parseSize(const std::string &S) {
  if (S.empty() || !std::isdigit(static_cast<unsigned char>(S[0])))
    return std::nullopt;
  size_t End = 0;
  uint64_t V = 0;
  while (End < S.size() && std::isdigit(static_cast<unsigned char>(S[End]))) {
    if (V > (uint64_t(1) << 50))
      return std::nullopt;
    V = V * 10 + uint64_t(S[End++] - '0');
  }
  std::string Suffix = S.substr(End);
  int Shift = Suffix.empty() ? 0 : Suffix == "K" || Suffix == "k" ? 10
                              : Suffix == "M" || Suffix == "m"   ? 20
                              : Suffix == "G" || Suffix == "g"   ? 30
                                                                 : -1;
  if (Shift < 0 || V > (uint64_t(1) << (62 - Shift)))
    return std::nullopt;
  return V << Shift;
}

std::string env(const char *Name) {
  const char *V = std::getenv(Name);
  return V ? V : "";
}

} // namespace

std::string CompileCache::defaultDirectory() {
  if (std::string Dir = env("PYKC_CACHE_DIR"); !Dir.empty())
    return Dir;
  if (std::string Xdg = env("XDG_CACHE_HOME"); !Xdg.empty() && Xdg[0] == '/')
    return Xdg + "/pykc";
  if (std::string Home = env("HOME"); !Home.empty())
    return Home + "/.cache/pykc";
  return "";
}

CompileCache::CompileCache(bool Disabled, std::ostream *Log) : Log(Log) {
  if (Disabled) {
    if (Log)
      *Log << "pykc: cache: off (--no-cache)\n";
    return;
  }
  if (env("PYKC_CACHE") == "0") {
    if (Log)
      *Log << "pykc: cache: off (PYKC_CACHE=0)\n";
    return;
  }
  if (std::string Size = env("PYKC_CACHE_SIZE"); !Size.empty()) {
    if (auto V = parseSize(Size))
      Limit = *V;
    else
      std::cerr << "pykc: warning: ignoring PYKC_CACHE_SIZE='" << Size
                << "' (expected a number of bytes with an optional K, M or G suffix); the "
                   "cache keeps at most 1G\n";
  }
  std::string Where = defaultDirectory();
  std::error_code EC;
  if (Where.empty() || (fs::create_directories(Where, EC), !fs::is_directory(Where, EC))) {
    if (Log)
      *Log << "pykc: cache: off (cannot use the folder '" << Where << "')\n";
    return;
  }
  Dir = Where;
}

std::string CompileCache::pathOf(const std::string &Key) const {
  return Dir + "/" + Key + std::string(EntrySuffix);
}

std::string CompileCache::encode(const CacheEntry &Entry) {
  std::string Out(Magic);
  putU64(Out, Entry.size());
  for (const auto &[Name, Data] : Entry) {
    putU64(Out, Name.size());
    Out += Name;
    putU64(Out, Data.size());
    Out += Data;
  }
  Out += checksum(Out);
  return Out;
}

std::optional<CacheEntry> CompileCache::decode(const std::string &Bytes) {
  if (Bytes.size() < Magic.size() + 8 + ChecksumSize ||
      Bytes.compare(0, Magic.size(), Magic) != 0)
    return std::nullopt;
  size_t End = Bytes.size() - ChecksumSize;
  if (checksum(std::string_view(Bytes).substr(0, End)) != Bytes.substr(End))
    return std::nullopt;
  size_t Pos = Magic.size();
  uint64_t Count = 0;
  if (!getU64(Bytes, Pos, End, Count))
    return std::nullopt;
  CacheEntry Entry;
  for (uint64_t I = 0; I < Count; ++I) {
    uint64_t Size = 0;
    std::string Parts[2];
    for (std::string &Part : Parts) {
      if (!getU64(Bytes, Pos, End, Size) || Size > End - Pos)
        return std::nullopt;
      Part = Bytes.substr(Pos, Size);
      Pos += Size;
    }
    Entry.emplace_back(std::move(Parts[0]), std::move(Parts[1]));
  }
  if (Pos != End)
    return std::nullopt;
  return Entry;
}

std::optional<CacheEntry> CompileCache::lookup(const std::string &Key) {
  if (!enabled())
    return std::nullopt;
  std::string Path = pathOf(Key), Bytes;
  if (!readWhole(Path, Bytes)) {
    if (Log)
      *Log << "pykc: cache: miss " << Key << '\n';
    return std::nullopt;
  }
  std::optional<CacheEntry> Entry = decode(Bytes);
  if (!Entry) {
    // Truncated or corrupted (a crash while the disk was full, an edit):
    // a miss, and the compile that follows stores it again.
    ::unlink(Path.c_str());
    if (Log)
      *Log << "pykc: cache: miss " << Key << " (a damaged entry, removed)\n";
    return std::nullopt;
  }
  ::utimensat(AT_FDCWD, Path.c_str(), nullptr, 0); // most recently used now
  if (Log)
    *Log << "pykc: cache: hit " << Key << '\n';
  return Entry;
}

void CompileCache::store(const std::string &Key, const CacheEntry &Entry, bool Evict) {
  if (!enabled())
    return;
  static std::atomic<unsigned> Counter{0};
  std::string Temp = Dir + "/" + std::string(TempPrefix) + std::to_string(::getpid()) + "." +
                     std::to_string(Counter++) + "." + Key.substr(0, 16);
  int Fd = ::open(Temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (Fd < 0) {
    if (Log)
      *Log << "pykc: cache: cannot write '" << Temp << "': " << std::strerror(errno) << '\n';
    return;
  }
  std::string Bytes = encode(Entry);
  bool Written = writeWhole(Fd, Bytes);
  Written = ::close(Fd) == 0 && Written;
  if (!Written || ::rename(Temp.c_str(), pathOf(Key).c_str()) != 0) {
    if (Log)
      *Log << "pykc: cache: cannot store " << Key << ": " << std::strerror(errno) << '\n';
    ::unlink(Temp.c_str());
    return;
  }
  cache_tally::add(Dir, Bytes.size());
  if (Log)
    *Log << "pykc: cache: stored " << Key << " (" << Bytes.size() << " bytes)\n";
  if (Evict)
    evict();
}

void CompileCache::evict() {
  if (!enabled() || !cache_tally::scanDue(Dir, Limit))
    return;
  struct Item {
    fs::path Path;
    uint64_t Size;
    fs::file_time_type Used;
  };
  std::vector<Item> Items;
  uint64_t Total = 0;
  std::error_code EC;
  auto Now = fs::file_time_type::clock::now();
  for (fs::directory_iterator It(Dir, EC), End; !EC && It != End; It.increment(EC)) {
    std::string Name = It->path().filename().string();
    std::error_code StatEC;
    auto Time = It->last_write_time(StatEC);
    if (StatEC)
      continue;
    if (Name.rfind(TempPrefix, 0) == 0) {
      // A temporary an hour old belongs to a compile that died.
      if (Now - Time > std::chrono::hours(1))
        fs::remove(It->path(), StatEC);
      continue;
    }
    if (Name.size() <= EntrySuffix.size() ||
        Name.compare(Name.size() - EntrySuffix.size(), EntrySuffix.size(), EntrySuffix) != 0)
      continue;
    uint64_t Size = It->file_size(StatEC);
    if (StatEC)
      continue;
    Items.push_back({It->path(), Size, Time});
    Total += Size;
  }
  if (Total <= Limit) {
    cache_tally::scanned(Dir, Total);
    return;
  }
  // Down to 90% of the bound, so the next stores do not each scan again.
  std::sort(Items.begin(), Items.end(), [](const Item &A, const Item &B) { return A.Used < B.Used; });
  uint64_t Target = Limit - Limit / 10;
  for (const Item &I : Items) {
    if (Total <= Target)
      break;
    if (fs::remove(I.Path, EC) || EC.value() == ENOENT)
      Total -= I.Size;
    if (Log)
      *Log << "pykc: cache: evicted " << I.Path.filename().string() << '\n';
  }
  cache_tally::scanned(Dir, Total);
}

bool CompileCache::clear(const std::string &Dir, uint64_t &Removed, uint64_t &Bytes,
                         std::string &Error) {
  Removed = Bytes = 0;
  std::error_code EC;
  if (!fs::exists(Dir, EC))
    return true;
  for (fs::directory_iterator It(Dir, EC), End; !EC && It != End; It.increment(EC)) {
    std::string Name = It->path().filename().string();
    bool Entry = Name.size() > EntrySuffix.size() &&
                 Name.compare(Name.size() - EntrySuffix.size(), EntrySuffix.size(), EntrySuffix) == 0;
    if (!Entry && Name.rfind(TempPrefix, 0) != 0)
      continue; // not the cache's: left alone
    std::error_code FileEC;
    uint64_t Size = It->file_size(FileEC);
    if (!fs::remove(It->path(), FileEC) && FileEC && FileEC.value() != ENOENT) {
      Error = "cannot remove '" + It->path().string() + "': " + FileEC.message();
      return false;
    }
    Removed += Entry;
    Bytes += Entry ? Size : 0;
  }
  if (EC) {
    Error = "cannot read the cache folder '" + Dir + "': " + EC.message();
    return false;
  }
  cache_tally::remove(Dir);
  return true;
}

} // namespace pykc::driver
