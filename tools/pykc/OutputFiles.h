//===- OutputFiles.h - Writing outputs without losing anything --*- C++ -*-===//
///
/// \file
/// Every file pykc writes (-o, --header, the .npy files `pykc run` writes
/// back) goes through OutputFiles, which respects what is already there:
///
///  - a regular file, or a name where nothing exists yet, is written to a
///    temporary file beside it (`.pykc-XXXXXX`, short, so any name the
///    folder takes has a temporary) and renamed over it, so a failed write
///    leaves the old contents; the new file keeps the old one's mode and
///    owner; the temporary is removed on Ctrl-C (SignalCleanup.h);
///  - a name for a descriptor pykc already has open (/dev/stdout,
///    /dev/stderr, /dev/fd/N, /proc/self/fd/N, or a symlink to one) is
///    written through that descriptor, after whatever pykc wrote to it
///    before and appending where it was opened to append (`>> build.log`),
///    never reopened or renamed over; "-" is standard output;
///  - a character device (/dev/null) or FIFO is written in place, never
///    replaced;
///  - a symlink is followed and its target written; the link stays a link;
///  - a read-only file (no write permission bit, as for `chmod 0444`) is
///    refused, even for root, and left untouched, as np.save refuses it;
///  - a directory, block device or socket is refused by name.
///
/// Outputs are added first (checked, and regular files written to their
/// temporaries), then committed together, so a failure while adding any of
/// them changes none.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "SignalCleanup.h"

#include <string>
#include <string_view>
#include <vector>

struct stat;

namespace pykc::driver {

/// The descriptor \p Path names lexically: 0-2 for /dev/stdin, /dev/stdout
/// and /dev/stderr, N for /dev/fd/N, /proc/self/fd/N, /proc/thread-self/fd/N
/// and /proc/PID/fd/N with pykc's PID; -1 for any other path.
int descriptorOfName(const std::string &Path);
/// The descriptor \p Path names, itself or through the symlinks it leads
/// through (a link to /dev/stdout), or -1.
int descriptorNamed(std::string Path);

class OutputFiles {
public:
  OutputFiles() = default;
  OutputFiles(const OutputFiles &) = delete;
  OutputFiles &operator=(const OutputFiles &) = delete;
  /// Removes the temporaries of outputs that were not committed.
  ~OutputFiles();

  /// Checks that \p Path ("-": standard output) can be written and prepares
  /// its new contents, the concatenation of \p Pieces. A regular file's
  /// temporary is written now; a device's or FIFO's pieces are written by
  /// commit(), so their bytes must stay valid until then. On failure sets
  /// \p Error, e.g. "cannot write 'x.npy': the file is read-only (mode
  /// 0444)".
  bool add(const std::string &Path, std::vector<std::string_view> Pieces, std::string &Error);

  /// Writes the devices and FIFOs, then renames each temporary over its
  /// target. If a device fails, no regular file is replaced.
  bool commit(std::string &Error);

private:
  struct Output {
    std::string Path;   ///< As given, for messages.
    std::string Target; ///< Symlinks followed.
    std::string Temp;   ///< Empty when written in place.
    int FD = -1;        ///< In place: the open device or FIFO (1: stdout).
    bool Borrowed = false; ///< FD is the caller's descriptor: never closed.
    CleanupRegistration Cleanup; ///< Temp, while it exists.
    std::vector<std::string_view> Pieces;
  };
  std::vector<Output> Outputs;

  /// Writes \p O's temporary; \p Existing is the file it replaces, or
  /// null for a new one.
  bool writeTemporary(Output &O, const struct stat *Existing, std::string &Error);
  void discard();
};

} // namespace pykc::driver
