//===- FormatSource.cpp - clang-format for --emit=cuda --------------------===//
#include "FormatSource.h"

#include "TempFiles.h"
#include "ToolProcess.h"

#include <llvm/Support/Program.h>

#include <cstdlib>
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

} // namespace

std::string formatCudaSource(const std::string &Text) {
  std::string Program = findClangFormat();
  if (Program.empty())
    return Text;
  TempDir Dir;
  std::string Ignored;
  if (!Dir.create("pykc-format", Ignored))
    return Text;
  std::string In = Dir.file("in.cu"), Out = Dir.file("out.cu");
  if (!writeFile(In, Text))
    return Text;
  std::string Style = "--style={BasedOnStyle: LLVM, ColumnLimit: 100, ReflowComments: false}";
  std::vector<llvm::StringRef> Args = {Program, Style, "--assume-filename=emitted.cu"};
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(In), llvm::StringRef(Out),
                                                llvm::StringRef("")};
  std::string Formatted;
  if (runTool(Program, Args, Redirects) != 0 ||
      !readFile(Out, Formatted) || Formatted.empty())
    return Text;
  return Formatted;
}

} // namespace pykc::driver
