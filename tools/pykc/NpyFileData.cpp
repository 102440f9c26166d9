//===- NpyFileData.cpp ----------------------------------------------------===//
#include "NpyFileData.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace pykc::driver {

std::shared_ptr<NpyFileData> NpyFileData::open(int FD, uint64_t Offset, uint64_t Bytes,
                                               std::string &Error) {
  std::shared_ptr<NpyFileData> D(new NpyFileData());
  D->FD = ::fcntl(FD, F_DUPFD_CLOEXEC, 0);
  if (D->FD < 0) {
    Error = std::string("cannot keep the file open: ") + std::strerror(errno);
    return nullptr;
  }
  D->Offset = Offset;
  D->Bytes = Bytes;
  return D;
}

NpyFileData::~NpyFileData() {
  if (FD >= 0)
    ::close(FD);
}

bool NpyFileData::read(uint64_t From, void *Dst, uint64_t Count, std::string &Error) const {
  auto *Out = static_cast<char *>(Dst);
  while (Count) {
    ssize_t Got = ::pread(FD, Out, size_t(std::min<uint64_t>(Count, uint64_t(1) << 30)),
                          off_t(Offset + From));
    if (Got < 0 && errno == EINTR)
      continue;
    if (Got <= 0) {
      Error = Got < 0 ? std::string("cannot read the file: ") + std::strerror(errno)
                      : "the file became shorter while pykc read it";
      return false;
    }
    Out += Got;
    From += uint64_t(Got);
    Count -= uint64_t(Got);
  }
  return true;
}

bool NpyFileData::differs(uint64_t From, const void *Mem, uint64_t Count) const {
  std::vector<char> Chunk(size_t(std::min<uint64_t>(Count, uint64_t(1) << 20)));
  const char *In = static_cast<const char *>(Mem);
  std::string Error;
  for (uint64_t Done = 0; Done < Count;) {
    uint64_t Part = std::min<uint64_t>(Count - Done, Chunk.size());
    if (!read(From + Done, Chunk.data(), Part, Error) ||
        std::memcmp(Chunk.data(), In + Done, size_t(Part)) != 0)
      return true;
    Done += Part;
  }
  return false;
}

} // namespace pykc::driver
