//===- ReduceCommand.h - `pykc reduce`: a reduction over .npy data -*- C++ -*-===//
#pragma once

namespace pykc::driver {

/// `pykc reduce FILE.py FUNC ARRAY.npy [--init V] [--size N]
/// [--backend cpu|cuda|auto] [-O N] [--fmad=B]`: compiles the @cuda.reduce
/// function FUNC for the array's dtype, reduces the (1-d) array on the
/// device and prints the result alone on stdout: integers exactly, floats
/// as Python prints them (the shortest text that reads back the same).
/// \p Argv starts after "reduce". Returns the exit status.
int reduceCommand(int Argc, char **Argv);

} // namespace pykc::driver
