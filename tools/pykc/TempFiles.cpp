//===- TempFiles.cpp ------------------------------------------------------===//
#include "TempFiles.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <fstream>

namespace pykc::driver {

TempDir::~TempDir() {
  Cleanup.reset();
  if (!Path.empty())
    llvm::sys::fs::remove_directories(Path);
}

bool TempDir::create(const char *Prefix, std::string &Error) {
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory(Prefix, Path)) {
    Path.clear();
    Error = "cannot create a temporary directory: " + EC.message();
    return false;
  }
  Cleanup.set(Path.c_str(), /*IsDirectory=*/true);
  return true;
}

std::string TempDir::file(const std::string &Name) const {
  llvm::SmallString<256> P(Path);
  llvm::sys::path::append(P, Name);
  return std::string(P);
}

bool writeFile(const std::string &Path, const std::string &Data) {
  std::ofstream Out(Path, std::ios::binary);
  Out << Data;
  return bool(Out.flush());
}

bool readFile(const std::string &Path, std::string &Data) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return false;
  Data = (*Buffer)->getBuffer().str();
  return true;
}

} // namespace pykc::driver
