//===- main.cpp - The pykc command ----------------------------------------===//
//
// Exit statuses: 0 success, 1 an error in the input, 2 a usage error, 70 an
// internal compiler error (CrashHandler.h): nothing that reaches main ends
// pykc with an uncaught exception or an abort.
//
// `pykc --debug-crash=ice|abort|llvm|exception` (first argument, not in
// --help) causes each kind of internal error, for the tests of this file.
//
//===----------------------------------------------------------------------===//
#include "Compile.h"
#include "Completion.h"
#include "CrashHandler.h"
#include "HelpText.h"
#include "ManPage.h"
#include "Options.h"
#include "ir/ModuleValues.h"
#include "Call.h"
#include "ReduceCommand.h"
#include "Run.h"
#include "SignalCleanup.h"

#include "frontend/Diagnostic.h"

#include <llvm/Config/llvm-config.h>
#include <llvm/Support/ErrorHandling.h>

#include <sys/resource.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <new>
#include <stdexcept>

namespace {

/// Lets the main thread's stack grow to 64 MiB where the hard limit allows.
/// Typing recurses once per level of nested device-function calls, up to
/// ir::SemaContext::MaxCallDepth (1,000) levels of a few KiB each (several
/// times that with sanitizers), more than the usual 8 MiB. Linux checks
/// the limit when the stack grows, so raising it here is enough.
void reserveStack() {
  constexpr rlim_t Wanted = rlim_t(64) << 20;
  rlimit Limit{};
  if (getrlimit(RLIMIT_STACK, &Limit) != 0 || Limit.rlim_cur == RLIM_INFINITY ||
      Limit.rlim_cur >= Wanted)
    return;
  Limit.rlim_cur = Limit.rlim_max == RLIM_INFINITY ? Wanted : std::min(Wanted, Limit.rlim_max);
  setrlimit(RLIMIT_STACK, &Limit);
}

extern "C" void noteFileSizeLimit(int) {}

int debugCrash(const std::string &Kind) {
  if (Kind == "ice")
    PYKC_ICE("--debug-crash=ice");
  if (Kind == "abort")
    std::abort();
  if (Kind == "llvm")
    llvm::report_fatal_error("--debug-crash=llvm");
  if (Kind == "exception")
    throw std::logic_error("--debug-crash=exception");
  std::cerr << "pykc: error: invalid --debug-crash '" << Kind
            << "' (expected ice, abort, llvm or exception)\n";
  return 2;
}

int run(int Argc, char **Argv) {
  using namespace pykc::driver;
  if (Argc > 1 && std::strncmp(Argv[1], "--debug-crash=", 14) == 0)
    return debugCrash(Argv[1] + 14);
  if (Argc > 1 && std::string(Argv[1]) == "run")
    return runCommand(Argc - 2, Argv + 2);
  if (Argc > 1 && std::string(Argv[1]) == "reduce")
    return reduceCommand(Argc - 2, Argv + 2);
  if (Argc > 1 && std::string(Argv[1]) == "call")
    return callCommand(Argc - 2, Argv + 2);
  std::string Error;
  auto O = parseOptions(Argc, Argv, Error);
  if (!O) {
    std::cerr << "pykc: error: " << Error << "\nRun 'pykc --help' for usage.\n";
    return 2;
  }
  if (O->Help) {
    std::cout << helpText(Command::Compile);
    return 0;
  }
  if (O->Man) {
    std::cout << manPage();
    return 0;
  }
  if (O->Completion == "bash" || O->Completion == "zsh") {
    std::cout << (O->Completion == "bash" ? bashCompletion() : zshCompletion());
    return 0;
  }
  if (O->Version) {
    // Module code that tests numba.__version__ sees this version.
    std::cout << "pykc " << PYKC_VERSION << " (LLVM " << LLVM_VERSION_STRING
              << "; follows Numba-CUDA " << pykc::ir::NumbaVersion
              << ": module code reads numba.__version__ as '" << pykc::ir::NumbaVersion << "')\n";
    return 0;
  }
  return compile(*O);
}

} // namespace

int main(int Argc, char **Argv) {
  using pykc::driver::ExitInternalError;
  pykc::driver::installCrashHandlers();
  reserveStack();
  pykc::driver::installSignalCleanup();
  // A write past `ulimit -f` fails with EFBIG, which pykc reports, instead
  // of ending pykc with SIGXFSZ before it can say what happened. A handler,
  // not SIG_IGN: the programs pykc runs get the default disposition back
  // (exec resets handlers, not SIG_IGN), since ptxas ignoring SIGXFSZ
  // would leave a truncated cubin and exit 0.
  std::signal(SIGXFSZ, noteFileSizeLimit);
  try {
    return run(Argc, Argv);
  } catch (const std::bad_alloc &) {
    std::cerr << "pykc: error: out of memory\n";
    return 1;
  } catch (const std::exception &E) {
    std::cerr << "pykc: internal compiler error: uncaught exception: " << E.what() << '\n';
  } catch (...) {
    std::cerr << "pykc: internal compiler error: uncaught exception of unknown type\n";
  }
  return ExitInternalError;
}
