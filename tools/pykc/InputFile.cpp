//===- InputFile.cpp ------------------------------------------------------===//
#include "InputFile.h"

#include "Numbers.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pykc::driver {

InputFile::~InputFile() {
  if (FD >= 0)
    ::close(FD);
}

std::string InputFile::errorText() const { return std::strerror(ErrorNumber); }

bool InputFile::open(const std::string &Path) {
  FD = Path == "-" ? ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat St;
  if (FD < 0 || ::fstat(FD, &St) != 0) {
    ErrorNumber = errno;
    return false;
  }
  if (S_ISDIR(St.st_mode)) {
    Directory = true;
    ErrorNumber = EISDIR;
    return false;
  }
  Regular = S_ISREG(St.st_mode);
  Size = Regular ? uint64_t(St.st_size) : 0;
  return true;
}

bool InputFile::read(void *Buffer, size_t N, size_t &Got) {
  Got = 0;
  auto *Out = static_cast<char *>(Buffer);
  while (Got < N) {
    // Linux reads at most 0x7ffff000 bytes at a time.
    size_t Chunk = std::min<size_t>(N - Got, size_t(1) << 30);
    ssize_t R = ::read(FD, Out + Got, Chunk);
    if (R < 0 && errno == EINTR)
      continue;
    if (R < 0) {
      ErrorNumber = errno;
      return false;
    }
    if (R == 0)
      break;
    Got += size_t(R);
  }
  return true;
}

bool InputFile::readableWithin(int TimeoutMs) {
  if (Regular)
    return true;
  struct pollfd P = {FD, POLLIN, 0};
  int R;
  do
    R = ::poll(&P, 1, TimeoutMs);
  while (R < 0 && errno == EINTR);
  return R > 0;
}

bool InputFile::atEnd(bool &End) {
  char Byte;
  size_t Got;
  if (!read(&Byte, 1, Got))
    return false;
  End = Got == 0;
  return true;
}

bool readSourceFile(const std::string &Path, std::string &Text, std::string &Error) {
  std::string Name = Path == "-" ? "standard input" : "'" + Path + "'";
  InputFile In;
  if (!In.open(Path)) {
    Error = In.isDirectory() ? Name + " is a directory, not a Python file"
                             : "cannot open " + Name + ": " + In.errorText();
    return false;
  }
  auto TooLarge = [&] {
    Error = Name + " is larger than " + byteCountText(MaxSourceBytes) +
            ", the most pykc reads of a source file";
    return false;
  };
  auto ReadFailed = [&] {
    Error = "cannot read " + Name + ": " + In.errorText();
    return false;
  };
  Text.clear();
  size_t Got;
  if (In.isRegular()) {
    if (In.size() > MaxSourceBytes)
      return TooLarge();
    Text.resize(size_t(In.size()));
    if (!In.read(Text.data(), Text.size(), Got))
      return ReadFailed();
    Text.resize(Got);
    return true;
  }
  // A device or FIFO has no size: read in chunks, stopping past the limit.
  char Chunk[1 << 16];
  do {
    if (!In.read(Chunk, sizeof Chunk, Got))
      return ReadFailed();
    Text.append(Chunk, Got);
    if (Text.size() > MaxSourceBytes)
      return TooLarge();
  } while (Got == sizeof Chunk);
  return true;
}

} // namespace pykc::driver
