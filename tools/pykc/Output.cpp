//===- Output.cpp ---------------------------------------------------------===//
#include "Output.h"

#include "OutputFiles.h"

#include <filesystem>
#include <iostream>

namespace pykc::driver {

namespace fs = std::filesystem;

int fail(const std::string &Message) {
  std::cerr << "pykc: error: " << Message << '\n';
  return 1;
}

bool overwritesInput(const std::string &Output, const std::string &Input) {
  std::error_code EC;
  return Output != "-" && Input != "-" && fs::exists(Output, EC) && fs::equivalent(Output, Input, EC);
}

int writeOutputFile(const std::string &Path, const std::string &Data, const std::string &Input) {
  if (overwritesInput(Path, Input))
    return fail("the output '" + Path + "' would overwrite the input");
  OutputFiles Out;
  std::string Error;
  if (!Out.add(Path, {Data}, Error) || !Out.commit(Error))
    return fail(Error);
  return 0;
}

} // namespace pykc::driver
