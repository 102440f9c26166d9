//===- SharedOptions.cpp - -O, --fmad, -D, -I, -W..., --backend ----------===//
#include "SharedOptions.h"

#include "Numbers.h"
#include "UnknownOption.h"

namespace pykc::driver {

bool applySharedOption(Command C, const ParsedOption &P, const SharedOptionTargets &T,
                       std::string &Error) {
  switch (P.Id) {
  case OptionId::OptLevel:
    *T.OptLevel = unsigned(P.Arg[2] - '0');
    return true;
  case OptionId::BadOptLevel:
    Error = "invalid optimization level '" + P.Arg + "' (expected -O0 to -O3)";
    return true;
  case OptionId::Fmad:
    if (!parseFmad(P.Value, *T.Fmad))
      Error = "invalid --fmad '" + P.Value + "' (expected true or false)";
    return true;
  case OptionId::Define:
  case OptionId::Include:
    addModuleFlag(P.Spelling, P.Value, *T.Modules, Error);
    return true;
  case OptionId::WarnAll:
    // Module code's -Wall (ModuleFlags::WarnAll), as it always was.
    T.Modules->WarnAll = true;
    return true;
  case OptionId::NoWarnings:
  case OptionId::WarningsAsErrors:
  case OptionId::Warning:
  case OptionId::WarningAsError:
  case OptionId::ErrorLimit:
    // -W alone names no warning.
    if (!parseDiagnosticFlag(P.Arg, *T.Diagnostics, Error))
      Error = unknownOption(P.Arg, suggestableSpellings(C));
    return true;
  case OptionId::Backend:
    if (P.Value != "cpu" && P.Value != "cuda" && P.Value != "auto")
      Error = "invalid --backend '" + P.Value + "' (expected cpu, cuda or auto)";
    else
      *T.Backend = P.Value;
    return true;
  case OptionId::BoundsCheck:
  case OptionId::CallBoundsCheck:
    *T.BoundsCheck = true;
    return true;
  default:
    return false;
  }
}

} // namespace pykc::driver
