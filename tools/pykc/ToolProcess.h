//===- ToolProcess.h - Running the tools pykc calls -------------*- C++ -*-===//
///
/// \file
/// llvm::sys::ExecuteAndWait, with the child registered for the signal
/// handler (SignalCleanup.h) while pykc waits for it: a SIGINT or SIGTERM
/// sent to pykc alone ends ptxas, `ld -r`, clang++ or cc too, before the
/// temporaries they write in are removed.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/StringRef.h>

#include <optional>
#include <string>

namespace pykc::driver {

/// Runs \p Program with \p Args (Args[0] is the program's name) and the
/// given redirections of stdin, stdout and stderr, and waits for it. As
/// ExecuteAndWait: its exit status, -1 when it could not be started, -2
/// when a signal ended it (\p ErrMsg says which, or why it did not start).
int runTool(llvm::StringRef Program, llvm::ArrayRef<llvm::StringRef> Args,
            llvm::ArrayRef<std::optional<llvm::StringRef>> Redirects,
            std::string *ErrMsg = nullptr);

} // namespace pykc::driver
