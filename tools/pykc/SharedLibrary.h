//===- SharedLibrary.h - pykc -c --shared -----------------------*- C++ -*-===//
///
/// \file
/// Links a module's host object into a shared library that Python's
/// pykc.load() (python/pykc) opens: the object, which then also defines
/// pykc_shared_module (pykc/SharedABI.h), linked by the system's C compiler
/// driver (`$CC`, else `cc`) against the shared runtime libpykcRuntime.so,
/// found beside this pykc (<prefix>/lib installed, build/runtime in a build
/// tree) and named in the library's RUNPATH.
///
/// The runtime is linked, not embedded: every such library of a process and
/// any C++ code in it then share one runtime (its devices, its table of
/// allocations, the modules it loaded), and the object's reference to the
/// runtime's ABI symbol (pykc_runtime_abi_v<N>) is checked when it links.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace pykc::driver {

/// The folder holding the shared runtime this pykc links libraries
/// against; empty, with \p Error saying where it looked, when none is found.
std::string sharedRuntimeDir(std::string &Error);

/// Links \p Object (ELF bytes) into a shared library, returned in
/// \p Library. False with \p Error when the runtime or the linker is
/// missing or the link fails (with the linker's output).
bool linkSharedLibrary(const std::string &Object, std::string &Library, std::string &Error);

} // namespace pykc::driver
