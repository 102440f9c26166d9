//===- Output.cpp ---------------------------------------------------------===//
#include "Output.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <unistd.h>

namespace pykc::driver {

namespace fs = std::filesystem;

int fail(const std::string &Message) {
  std::cerr << "pykc: error: " << Message << '\n';
  return 1;
}

int writeOutputFile(const std::string &Path, const std::string &Data, const std::string &Input) {
  if (Path == "-") {
    std::cout << Data;
    std::cout.flush();
    return std::cout ? 0 : fail("cannot write to standard output");
  }
  std::error_code EC;
  if (Input != "-" && fs::exists(Path, EC) && fs::equivalent(Path, Input, EC))
    return fail("the output '" + Path + "' would overwrite the input");
  std::string Temp = Path + ".tmp" + std::to_string(getpid());
  {
    std::ofstream Out(Temp, std::ios::binary);
    if (!Out)
      return fail("cannot write '" + Path + "'");
    Out << Data;
    if (!Out.flush()) {
      fs::remove(Temp, EC);
      return fail("cannot write '" + Path + "'");
    }
  }
  fs::rename(Temp, Path, EC);
  if (EC) {
    fs::remove(Temp, EC);
    return fail("cannot write '" + Path + "': " + EC.message());
  }
  return 0;
}

} // namespace pykc::driver
