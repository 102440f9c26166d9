//===- CompileCache.h - Outputs of earlier compiles, by content -*- C++ -*-===//
///
/// \file
/// pykc's compile cache: what a compile wrote (the object and header of
/// `-c`, the PTX or LLVM text), stored under a key that hashes everything
/// the output is made from (CacheKey.h), so a later compile with the same
/// key writes the stored bytes instead of running LLVM, ptxas and the CPU
/// backend again. It is on by default because it is exact: the key changes
/// whenever the output could.
///
/// Where: $PYKC_CACHE_DIR, else $XDG_CACHE_HOME/pykc, else ~/.cache/pykc.
/// Off with --no-cache or PYKC_CACHE=0. Bounded by PYKC_CACHE_SIZE bytes
/// (a K, M or G suffix allowed; default 1G): when a store takes the cache
/// over it, the least recently used entries (by modification time, which a
/// hit renews) go. Whether it is over comes from a running tally, without
/// listing the folder (CacheTally.h).
///
/// One file per entry, KEY.pykc, written to a temporary in the same folder
/// and renamed into place, so concurrent compiles never see a half-written
/// entry; each ends with a BLAKE3 checksum of its contents, and one that
/// does not match (truncated, corrupted) is a miss, removed, and written
/// again by the compile that missed. Failing to read or write the cache
/// never fails a compile.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace pykc::driver {

/// An entry: named byte strings ("object", "header", "stderr", ...).
using CacheEntry = std::vector<std::pair<std::string, std::string>>;

class CompileCache {
public:
  /// The cache as the environment sets it up; \p Disabled (--no-cache)
  /// turns it off. \p Log, when given (-v), hears about hits, misses and
  /// stores.
  CompileCache(bool Disabled, std::ostream *Log);

  bool enabled() const { return !Dir.empty(); }
  const std::string &directory() const { return Dir; }

  /// The entry stored under \p Key, or nothing (a miss). A hit renews the
  /// entry's place in the least-recently-used order.
  std::optional<CacheEntry> lookup(const std::string &Key);
  /// Stores \p Entry under \p Key, then, with \p Evict, evicts down to
  /// the size bound. Safe from several threads at once.
  void store(const std::string &Key, const CacheEntry &Entry, bool Evict = true);
  /// Removes the least recently used entries until the cache fits its
  /// bound (after stores that did not), when the tally says a listing of
  /// the folder is due (CacheTally.h).
  void evict();

  /// The folder the cache would use with the cache on, whatever PYKC_CACHE
  /// says; empty when no folder can be named (no HOME).
  static std::string defaultDirectory();
  /// Removes every entry (and stray temporary) in \p Dir; false with
  /// \p Error set when one cannot be removed. \p Removed, \p Bytes: what went.
  static bool clear(const std::string &Dir, uint64_t &Removed, uint64_t &Bytes,
                    std::string &Error);

  /// The serialized form of an entry, checksum included (for the tests of
  /// the format).
  static std::string encode(const CacheEntry &Entry);
  /// The entry \p Bytes holds, or nothing when it is malformed or its
  /// checksum does not match.
  static std::optional<CacheEntry> decode(const std::string &Bytes);

private:
  std::string pathOf(const std::string &Key) const;

  std::string Dir; ///< Empty: off.
  uint64_t Limit = uint64_t(1) << 30;
  std::ostream *Log;
};

} // namespace pykc::driver
