//===- OutputFiles.cpp ----------------------------------------------------===//
#include "OutputFiles.h"

#include <cerrno>
#include <climits>
#include <cstdint>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <filesystem>
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

} // namespace

int descriptorOfName(const std::string &Path) {
  std::error_code EC;
  std::filesystem::path P(Path);
  if (P.is_relative())
    P = std::filesystem::current_path(EC) / P;
  std::string Norm = P.lexically_normal().string();
  if (Norm == "/dev/stdin")
    return STDIN_FILENO;
  if (Norm == "/dev/stdout")
    return STDOUT_FILENO;
  if (Norm == "/dev/stderr")
    return STDERR_FILENO;
  std::string Own = "/proc/" + std::to_string(::getpid()) + "/fd/";
  for (const std::string &Prefix : {std::string("/dev/fd/"), std::string("/proc/self/fd/"),
                                    std::string("/proc/thread-self/fd/"), Own}) {
    if (Norm.compare(0, Prefix.size(), Prefix) != 0)
      continue;
    std::string Number = Norm.substr(Prefix.size());
    if (Number.empty() || Number.size() > 9 ||
        Number.find_first_not_of("0123456789") != std::string::npos)
      return -1;
    return std::stoi(Number);
  }
  return -1;
}

int descriptorNamed(std::string Path) {
  for (int Hops = 0; Hops < 40; ++Hops) {
    if (int FD = descriptorOfName(Path); FD >= 0)
      return FD;
    struct stat St;
    if (::lstat(Path.c_str(), &St) != 0 || !S_ISLNK(St.st_mode))
      return -1;
    char Buffer[PATH_MAX];
    ssize_t N = ::readlink(Path.c_str(), Buffer, sizeof Buffer);
    if (N <= 0 || size_t(N) >= sizeof Buffer)
      return -1;
    std::string Link(Buffer, size_t(N));
    size_t Slash = Path.rfind('/');
    Path = Link[0] == '/' || Slash == std::string::npos ? Link : Path.substr(0, Slash + 1) + Link;
  }
  return -1;
}

namespace {

/// Six characters for a temporary's name, different on every call.
std::string uniqueSuffix() {
  static const char Letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  static uint64_t Counter = 0;
  uint64_t X = (uint64_t(::getpid()) << 32) ^ uint64_t(::time(nullptr)) ^
               (++Counter * 0x9E3779B97F4A7C15ull) ^ uint64_t(uintptr_t(&Counter));
  std::string S;
  for (int I = 0; I < 6; ++I) {
    X ^= X >> 33;
    X *= 0xff51afd7ed558ccdull;
    X ^= X >> 29;
    S += Letters[X % (sizeof Letters - 1)];
  }
  return S;
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
    if (O.FD >= 0 && !O.Borrowed)
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
  if (Path.empty())
    return Fail("the name is empty");
  // A descriptor pykc has (a shell's `>> build.log`, `2> e.txt`) is
  // written through, in order, never reopened: reopening would start at the
  // file's beginning, and following it to the file would replace the file.
  int Descriptor = Path == "-" ? STDOUT_FILENO : descriptorNamed(Path);
  if (Descriptor >= 0) {
    int Flags = ::fcntl(Descriptor, F_GETFL);
    if (Flags < 0)
      return Fail("descriptor " + std::to_string(Descriptor) + " is not open");
    if ((Flags & O_ACCMODE) == O_RDONLY)
      return Fail("descriptor " + std::to_string(Descriptor) + " is open only for reading");
    O.FD = Descriptor;
    O.Borrowed = true;
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
  int FD = -1;
  for (unsigned Try = 0; FD < 0 && Try < 100; ++Try) {
    // Short, so that a name as long as the folder allows still has one.
    O.Temp = Dir + ".pykc-" + uniqueSuffix();
    // 0666 less the umask, as any new file; an existing file's mode is
    // copied below.
    FD = ::open(O.Temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (FD < 0 && errno != EEXIST)
      break;
  }
  if (FD >= 0)
    O.Cleanup.set(O.Temp.c_str(), /*IsDirectory=*/false);
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
    O.Cleanup.reset();
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
      if (!O.Borrowed) {
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
    O.Cleanup.reset();
    O.Temp.clear();
  }
  Outputs.clear();
  return true;
}

} // namespace pykc::driver
