//===- ToolProcess.cpp ----------------------------------------------------===//
#include "ToolProcess.h"

#include "SignalCleanup.h"

#include <llvm/Support/Program.h>

namespace pykc::driver {

int runTool(llvm::StringRef Program, llvm::ArrayRef<llvm::StringRef> Args,
            llvm::ArrayRef<std::optional<llvm::StringRef>> Redirects, std::string *ErrMsg) {
  bool Failed = false;
  llvm::sys::ProcessInfo Child =
      llvm::sys::ExecuteNoWait(Program, Args, std::nullopt, Redirects, 0, ErrMsg, &Failed);
  if (Failed || Child.Pid == 0)
    return -1;
  ChildRegistration Registered(Child.Pid);
  return llvm::sys::Wait(Child, std::nullopt, ErrMsg).ReturnCode;
}

} // namespace pykc::driver
