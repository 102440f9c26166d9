//===- CacheTally.h - The compile cache's size without listing it -*- C++ -*-===//
///
/// \file
/// Whether the compile cache has outgrown its bound, answered from two
/// small files instead of a listing of the folder: listing it took a stat
/// per entry, about 10 ms per thousand entries, on every store, and a cache
/// at its 1 GiB bound holds tens of thousands of kernels' parts.
///
/// - `size.tally`: its length is the cache's size in 4 KiB blocks. Each
///   store appends its entry's blocks (one O_APPEND write, which other
///   compiles' appends cannot interleave); a scan of the folder
///   (CompileCache::evict) replaces it with what it found.
/// - `scan.stamp`: when the last scan ran.
///
/// A scan is due when there is no tally (a new cache, or one an older pykc
/// wrote), when the tally says the cache is over its bound, or when the
/// last scan was over an hour ago. The tally errs high (blocks rounded up,
/// a replaced or damaged entry still counted), which only brings a scan
/// sooner; it errs low only by what other compiles stored in the instant a
/// scan replaced it, which the hourly scan counts again.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>

namespace pykc::driver::cache_tally {

/// Adds an entry of \p Bytes stored in the cache folder \p Dir to its
/// tally; nothing when there is no tally (the scan that is then due counts
/// the entry).
void add(const std::string &Dir, uint64_t Bytes);

/// Whether the cache in \p Dir must be scanned to keep it within \p Limit
/// bytes.
bool scanDue(const std::string &Dir, uint64_t Limit);

/// Records a scan of \p Dir that left \p Bytes of entries: the tally set
/// to them, the stamp to now.
void scanned(const std::string &Dir, uint64_t Bytes);

/// Removes the tally and the stamp (the cache cleared).
void remove(const std::string &Dir);

} // namespace pykc::driver::cache_tally
