//===- Call.h - `pykc call`: run an @njit function on .npy data -*- C++ -*-===//
#pragma once

namespace pykc::driver {

/// `pykc call FILE.py FUNC ARG... [-O N]`: compiles the @njit function FUNC
/// for its arguments (.npy files and scalars, as `pykc run` takes them; or
/// the declared signature they fit), runs it on the host, prints its result
/// alone on stdout as Python prints it, and writes back the arrays it
/// changed. \p Argv starts after "call". Returns the exit status.
int callCommand(int Argc, char **Argv);

} // namespace pykc::driver
