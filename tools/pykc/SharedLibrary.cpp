//===- SharedLibrary.cpp - pykc -c --shared -------------------------------===//
#include "SharedLibrary.h"

#include "TempFiles.h"
#include "ToolProcess.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>

#include <cstdlib>
#include <optional>
#include <vector>

namespace pykc::driver {

std::string sharedRuntimeDir(std::string &Error) {
  llvm::SmallString<256> Exe;
  if (llvm::sys::fs::real_path("/proc/self/exe", Exe)) {
    Error = "cannot find the pykc executable's folder (/proc/self/exe) to look for the "
            "shared runtime beside it";
    return "";
  }
  llvm::StringRef Prefix = llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe));
  // Installed: <prefix>/bin/pykc and <prefix>/lib; a build tree:
  // build/bin/pykc and build/runtime.
  std::string Looked;
  for (const char *Dir : {"lib", "runtime"}) {
    llvm::SmallString<256> Path(Prefix);
    llvm::sys::path::append(Path, Dir, "libpykcRuntime.so");
    if (llvm::sys::fs::exists(Path))
      return llvm::sys::path::parent_path(Path).str();
    Looked += (Looked.empty() ? "" : " and ") + std::string(Path);
  }
  Error = "--shared links against the shared runtime, but there is none beside this pykc "
          "(looked for " + Looked + "); install pykc with `cmake --install`";
  return "";
}

bool linkSharedLibrary(const std::string &Object, std::string &Library, std::string &Error) {
  std::string RuntimeDir = sharedRuntimeDir(Error);
  if (RuntimeDir.empty())
    return false;
  const char *CC = std::getenv("CC");
  std::string Driver = CC && *CC ? CC : "cc";
  llvm::ErrorOr<std::string> Program = llvm::sys::findProgramByName(Driver);
  if (!Program) {
    Error = "--shared links with the C compiler driver '" + Driver +
            "', which is not on PATH; install one (Debian: gcc or clang) or set CC";
    return false;
  }
  TempDir Dir;
  if (!Dir.create("pykc-shared", Error))
    return false;
  std::string ObjectPath = Dir.file("module.o"), LibraryPath = Dir.file("module.so"),
              LogPath = Dir.file("link.log");
  if (!writeFile(ObjectPath, Object)) {
    Error = "cannot write the object to " + ObjectPath;
    return false;
  }
  // The kernels' CPU code calls libm (sqrtf, expf, ...) and the runtime.
  std::vector<std::string> Args = {*Program,    "-shared",
                                   "-o",        LibraryPath,
                                   ObjectPath,  "-L" + RuntimeDir,
                                   "-lpykcRuntime", "-Wl,-rpath," + RuntimeDir,
                                   "-Wl,-z,defs", "-lm"};
  std::vector<llvm::StringRef> Argv(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(LogPath),
                                                llvm::StringRef(LogPath)};
  std::string ExecError;
  int Status = runTool(*Program, Argv, Redirects, &ExecError);
  if (Status != 0) {
    std::string Log, Command;
    readFile(LogPath, Log);
    while (!Log.empty() && Log.back() == '\n')
      Log.pop_back();
    for (const std::string &A : Args)
      Command += (Command.empty() ? "" : " ") + A;
    Error = "linking the shared library failed: `" + Command + "` " +
            (Status < 0 ? "could not run (" + ExecError + ")"
                        : "exited with status " + std::to_string(Status)) +
            (Log.empty() ? "" : ":\n" + Log);
    return false;
  }
  if (!readFile(LibraryPath, Library)) {
    Error = "cannot read the linked library " + LibraryPath;
    return false;
  }
  return true;
}

} // namespace pykc::driver
