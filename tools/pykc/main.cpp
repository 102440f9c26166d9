//===- main.cpp - The pykc command ----------------------------------------===//
#include "Compile.h"
#include "Options.h"
#include "Run.h"

#include <llvm/Config/llvm-config.h>

#include <iostream>

int main(int Argc, char **Argv) {
  using namespace pykc::driver;
  if (Argc > 1 && std::string(Argv[1]) == "run")
    return runCommand(Argc - 2, Argv + 2);
  std::string Error;
  auto O = parseOptions(Argc, Argv, Error);
  if (!O) {
    std::cerr << "pykc: error: " << Error << "\nRun 'pykc --help' for usage.\n";
    return 2;
  }
  if (O->Help) {
    std::cout << helpText();
    return 0;
  }
  if (O->Version) {
    std::cout << "pykc " << PYKC_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
    return 0;
  }
  return compile(*O);
}
