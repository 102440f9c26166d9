//===- Run.h - `pykc run`: launch a kernel on .npy data ---------*- C++ -*-===//
#pragma once

namespace pykc::driver {

/// `pykc run FILE.py KERNEL --grid G --block B [--backend cpu|cuda|auto]
/// [--shared BYTES] [-O N] ARG...`: specialises KERNEL to its arguments (as
/// Numba's dispatcher does), launches it on the CPU backend or a CUDA GPU
/// and writes the arrays back to their .npy files. \p Argv starts after
/// "run". Returns the exit status (0, 1 for an error, 2 for bad usage).
int runCommand(int Argc, char **Argv);

} // namespace pykc::driver
