//===- UnknownOption.cpp --------------------------------------------------===//
#include "UnknownOption.h"

#include "frontend/Suggest.h"

namespace pykc::driver {

std::string unknownOption(const std::string &Arg, const std::vector<std::string> &Known) {
  std::string Message = "unknown option '" + Arg + "'";
  size_t Eq = Arg.find('=');
  std::string Name = Arg.substr(0, Eq);
  std::string Near = frontend::nearestSpelling(Name, Known);
  // A single dash for a double (-boundscheck) or the other way round.
  if (Near.empty() && Name.rfind("--", 0) != 0)
    for (const std::string &K : Known)
      if (K == "-" + Name)
        Near = K;
  if (Near.empty() && Name.rfind("--", 0) == 0)
    for (const std::string &K : Known)
      if (K == Name.substr(1))
        Near = K;
  if (!Near.empty())
    Message += "; did you mean '" + Near + (Eq == std::string::npos ? "" : Arg.substr(Eq)) + "'?";
  return Message;
}

} // namespace pykc::driver
