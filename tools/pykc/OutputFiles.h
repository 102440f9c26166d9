//===- OutputFiles.h - Writing outputs without losing anything --*- C++ -*-===//
///
/// \file
/// Every file pykc writes (-o, --header, the .npy files `pykc run` writes
/// back) goes through OutputFiles, which respects what is already there:
///
///  - a regular file, or a name where nothing exists yet, is written to a
///    temporary file beside it and renamed over it, so a failed write
///    leaves the old contents; the new file keeps the old one's mode and
///    owner;
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

#include <string>
#include <string_view>
#include <vector>

struct stat;

namespace pykc::driver {

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
    std::vector<std::string_view> Pieces;
  };
  std::vector<Output> Outputs;

  /// Writes \p O's temporary; \p Existing is the file it replaces, or
  /// null for a new one.
  bool writeTemporary(Output &O, const struct stat *Existing, std::string &Error);
  void discard();
};

} // namespace pykc::driver
