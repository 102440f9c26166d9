//===- pykc/Error.h - The runtime's one exception type ---------*- C++ -*-===//
//
// Every failure of the runtime, on either backend, is reported by throwing
// pykc::Error. Nothing in the runtime prints.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_ERROR_H
#define PYKC_ERROR_H

#include <stdexcept>
#include <string>

namespace pykc {

/// What kind of failure an Error reports; the C API maps it to pykc_status.
enum class ErrorCode {
  InvalidValue, ///< A bad argument: negative extent, size mismatch, ...
  NoDevice,     ///< The requested device or backend is not available.
  LaunchLimit,  ///< A launch exceeds a device limit (checked before launch).
  OutOfMemory,  ///< Device, host or pinned allocation failed.
  ModuleLoad,   ///< PTX failed to JIT or a kernel symbol is missing.
  Driver,       ///< Any other CUDA driver error.
  Kernel,       ///< A CPU kernel threw or broke the CpuABI contract.
};

/// The exception every runtime failure throws. The message is complete: it
/// names the operation (and the CUDA call, with the driver's error name and
/// text), and says what to do about it.
class Error : public std::runtime_error {
public:
  Error(ErrorCode Code, const std::string &Message)
      : std::runtime_error("pykc: " + Message), Code(Code) {}

  ErrorCode code() const noexcept { return Code; }

private:
  ErrorCode Code;
};

} // namespace pykc

#endif // PYKC_ERROR_H
