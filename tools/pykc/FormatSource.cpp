//===- FormatSource.cpp - clang-format for --emit=cuda --------------------===//
#include "FormatSource.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Program.h>

#include <cstdlib>
#include <fstream>
#include <optional>

namespace pykc::driver {

namespace {

std::string findClangFormat() {
  if (const char *Chosen = std::getenv("PYKC_CLANG_FORMAT"))
    return std::string(Chosen) == "none" ? "" : Chosen;
  for (const char *Name : {"clang-format-19", "clang-format"})
    if (auto Path = llvm::sys::findProgramByName(Name))
      return *Path;
  return "";
}

/// A temporary file removed when it goes out of scope.
struct TempFile {
  llvm::SmallString<128> Path;
  explicit TempFile(const char *Suffix) {
    if (llvm::sys::fs::createTemporaryFile("pykc-format", Suffix, Path))
      Path.clear();
  }
  ~TempFile() {
    if (!Path.empty())
      llvm::sys::fs::remove(Path);
  }
};

} // namespace

std::string formatCudaSource(const std::string &Text) {
  std::string Program = findClangFormat();
  if (Program.empty())
    return Text;
  TempFile In(".cu"), Out(".cu");
  if (In.Path.empty() || Out.Path.empty())
    return Text;
  {
    std::ofstream F(In.Path.c_str(), std::ios::binary);
    F << Text;
    if (!F)
      return Text;
  }
  std::string Style = "--style={BasedOnStyle: LLVM, ColumnLimit: 100, ReflowComments: false}";
  std::vector<llvm::StringRef> Args = {Program, Style, "--assume-filename=emitted.cu"};
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(In.Path), llvm::StringRef(Out.Path),
                                                llvm::StringRef("")};
  if (llvm::sys::ExecuteAndWait(Program, Args, std::nullopt, Redirects) != 0)
    return Text;
  auto Formatted = llvm::MemoryBuffer::getFile(Out.Path);
  if (!Formatted || (*Formatted)->getBuffer().empty())
    return Text;
  return (*Formatted)->getBuffer().str();
}

} // namespace pykc::driver
