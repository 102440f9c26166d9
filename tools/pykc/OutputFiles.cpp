//===- OutputFiles.cpp ----------------------------------------------------===//
#include "OutputFiles.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pykc::driver {

namespace {

/// Ignores a signal for the lifetime of the object, so that writing past a
/// file size limit (SIGXFSZ) or to a FIFO whose reader left (SIGPIPE) is an
/// error pykc reports and cleans up after, not the end of the process.
class IgnoreSignal {
public:
  explicit IgnoreSignal(int Signal) : Signal(Signal) {
    struct sigaction Ignore = {};
    Ignore.sa_handler = SIG_IGN;
    sigemptyset(&Ignore.sa_mask);
    sigaction(Signal, &Ignore, &Old);
  }
  ~IgnoreSignal() { sigaction(Signal, &Old, nullptr); }

private:
  int Signal;
  struct sigaction Old;
};

std::string errnoText() { return std::strerror(errno); }

/// Follows symlinks from \p Path to the name they end at, which need not
/// exist (a dangling link is written through, creating its target).
bool followLinks(std::string Path, std::string &Target, std::string &Error) {
  for (int Hops = 0; Hops < 40; ++Hops) {
    struct stat St;
    if (::lstat(Path.c_str(), &St) != 0 || !S_ISLNK(St.st_mode)) {
      Target = Path;
      return true;
    }
    char Buffer[PATH_MAX];
    ssize_t N = ::readlink(Path.c_str(), Buffer, sizeof Buffer);
    if (N < 0 || size_t(N) >= sizeof Buffer) {
      Error = N < 0 ? errnoText() : "the symbolic link's target is too long";
      return false;
    }
    std::string Link(Buffer, size_t(N));
    size_t Slash = Path.rfind('/');
    Path = Link[0] == '/' || Slash == std::string::npos ? Link : Path.substr(0, Slash + 1) + Link;
  }
  Error = std::strerror(ELOOP);
  return false;
}

bool writeAll(int FD, const std::vector<std::string_view> &Pieces) {
  for (std::string_view P : Pieces) {
    while (!P.empty()) {
      ssize_t N = ::write(FD, P.data(), P.size());
      if (N < 0 && errno == EINTR)
        continue;
      if (N < 0)
        return false;
      P.remove_prefix(size_t(N));
    }
  }
  return true;
}

std::string modeText(mode_t Mode) {
  char Text[16];
  std::snprintf(Text, sizeof Text, "%04o", unsigned(Mode & 07777));
  return Text;
}

} // namespace

OutputFiles::~OutputFiles() { discard(); }

void OutputFiles::discard() {
  for (Output &O : Outputs) {
    if (!O.Temp.empty())
      ::unlink(O.Temp.c_str());
    if (O.FD > STDERR_FILENO)
      ::close(O.FD);
  }
  Outputs.clear();
}

bool OutputFiles::add(const std::string &Path, std::vector<std::string_view> Pieces,
                      std::string &Error) {
  Output O;
  O.Path = Path;
  O.Pieces = std::move(Pieces);
  auto Fail = [&](const std::string &Why) {
    Error = (Path == "-" ? std::string("cannot write to standard output")
                         : "cannot write '" + Path + "'") +
            ": " + Why;
    return false;
  };
  if (Path == "-") {
    O.FD = STDOUT_FILENO;
    Outputs.push_back(std::move(O));
    return true;
  }
  // A device or FIFO is opened by the name given: the links to it may be
  // /proc's (/dev/stdout), whose targets ("pipe:[123]") are not paths.
  struct stat St;
  if (::stat(Path.c_str(), &St) == 0 && (S_ISCHR(St.st_mode) || S_ISFIFO(St.st_mode))) {
    O.FD = ::open(Path.c_str(), O_WRONLY | O_CLOEXEC);
    if (O.FD < 0)
      return Fail(errnoText());
    Outputs.push_back(std::move(O));
    return true;
  }
  std::string Why;
  if (!followLinks(Path, O.Target, Why))
    return Fail(Why);
  if (::stat(O.Target.c_str(), &St) != 0) {
    if (errno != ENOENT)
      return Fail(errnoText());
    if (!writeTemporary(O, nullptr, Why))
      return Fail(Why);
  } else if (S_ISREG(St.st_mode)) {
    if ((St.st_mode & 0222) == 0)
      return Fail("the file is read-only (mode " + modeText(St.st_mode) + ")");
    if (::access(O.Target.c_str(), W_OK) != 0)
      return Fail(errnoText());
    if (!writeTemporary(O, &St, Why))
      return Fail(Why);
  } else if (S_ISDIR(St.st_mode)) {
    return Fail("it is a directory");
  } else {
    const char *Kind = S_ISBLK(St.st_mode) ? "block device" : S_ISSOCK(St.st_mode) ? "socket" : "special file";
    return Fail(std::string("it is a ") + Kind +
                "; pykc writes regular files, character devices and FIFOs");
  }
  Outputs.push_back(std::move(O));
  return true;
}

bool OutputFiles::writeTemporary(Output &O, const struct stat *Existing, std::string &Error) {
  size_t Slash = O.Target.rfind('/');
  std::string Dir = Slash == std::string::npos ? "" : O.Target.substr(0, Slash + 1);
  std::string Base = Slash == std::string::npos ? O.Target : O.Target.substr(Slash + 1);
  int FD = -1;
  for (unsigned Try = 0; FD < 0 && Try < 100; ++Try) {
    O.Temp = Dir + "." + Base + ".pykc-" + std::to_string(::getpid()) + "-" + std::to_string(Try);
    // 0666 less the umask, as any new file; an existing file's mode is
    // copied below.
    FD = ::open(O.Temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (FD < 0 && errno != EEXIST)
      break;
  }
  if (FD < 0) {
    Error = errno == ENOENT ? errnoText()
                            : "cannot create a temporary file in '" + (Dir.empty() ? "." : Dir) +
                                  "': " + errnoText();
    O.Temp.clear();
    return false;
  }
  int Err = 0;
  {
    IgnoreSignal NoFileSizeSignal(SIGXFSZ);
    if (!writeAll(FD, O.Pieces) || ::fsync(FD) != 0)
      Err = errno;
  }
  if (!Err && Existing) {
    // Root rewriting a user's file leaves it theirs; failing that, the
    // mode still holds.
    (void)!::fchown(FD, Existing->st_uid, Existing->st_gid);
    if (::fchmod(FD, Existing->st_mode & 07777) != 0)
      Err = errno;
  }
  if (::close(FD) != 0 && !Err)
    Err = errno;
  if (Err) {
    Error = std::strerror(Err);
    ::unlink(O.Temp.c_str());
    O.Temp.clear();
    return false;
  }
  O.Pieces.clear();
  return true;
}

bool OutputFiles::commit(std::string &Error) {
  {
    IgnoreSignal NoPipeSignal(SIGPIPE), NoFileSizeSignal(SIGXFSZ);
    for (Output &O : Outputs) {
      if (O.FD < 0)
        continue;
      int Err = writeAll(O.FD, O.Pieces) ? 0 : errno;
      if (O.FD > STDERR_FILENO) {
        if (::close(O.FD) != 0 && !Err)
          Err = errno;
        O.FD = -1;
      }
      if (Err) {
        Error = (O.Path == "-" ? std::string("cannot write to standard output")
                               : "cannot write '" + O.Path + "'") +
                ": " + std::strerror(Err);
        discard();
        return false;
      }
    }
  }
  for (Output &O : Outputs) {
    if (O.Temp.empty())
      continue;
    if (::rename(O.Temp.c_str(), O.Target.c_str()) != 0) {
      Error = "cannot replace '" + O.Path + "': " + errnoText();
      discard();
      return false;
    }
    O.Temp.clear();
  }
  Outputs.clear();
  return true;
}

} // namespace pykc::driver
