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

int fail(const std::exception &E) {
  // The runtime's errors start with "pykc: " for programs that print them
  // as they are; here "pykc: error: " says it already.
  std::string_view Message = E.what();
  if (Message.rfind("pykc: ", 0) == 0)
    Message.remove_prefix(6);
  return fail(std::string(Message));
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
