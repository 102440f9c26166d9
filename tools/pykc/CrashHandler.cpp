//===- CrashHandler.cpp ---------------------------------------------------===//
#include "CrashHandler.h"

#include <llvm/Support/ErrorHandling.h>

#include <csignal>
#include <iostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <unistd.h>

namespace pykc::driver {

namespace {

constexpr std::string_view IceMarker = "pykc: internal compiler error: ";

/// Set once std::cerr has printed an internal error's first line.
volatile std::sig_atomic_t IceReported = 0;

/// Passes everything on to std::cerr's own buffer, looking for IceMarker
/// (also across writes: the tail of the previous one is kept).
class WatchedBuffer : public std::streambuf {
public:
  explicit WatchedBuffer(std::streambuf *Inner) : Inner(Inner) {}

protected:
  int overflow(int C) override {
    if (C == traits_type::eof())
      return traits_type::not_eof(C);
    char Ch = traits_type::to_char_type(C);
    watch(&Ch, 1);
    return Inner->sputc(Ch);
  }
  std::streamsize xsputn(const char *S, std::streamsize N) override {
    watch(S, size_t(N));
    return Inner->sputn(S, N);
  }
  int sync() override { return Inner->pubsync(); }

private:
  std::streambuf *Inner;
  std::string Tail;

  void watch(const char *S, size_t N) {
    if (IceReported)
      return;
    Tail.append(S, N);
    if (Tail.find(IceMarker) != std::string::npos)
      IceReported = 1;
    if (Tail.size() >= IceMarker.size())
      Tail.erase(0, Tail.size() - (IceMarker.size() - 1));
  }
};

void writeStderr(std::string_view Text) {
  while (!Text.empty()) {
    ssize_t N = ::write(STDERR_FILENO, Text.data(), Text.size());
    if (N <= 0)
      return;
    Text.remove_prefix(size_t(N));
  }
}

extern "C" void exitOnAbort(int) {
  if (!IceReported)
    writeStderr("pykc: internal compiler error: aborted (SIGABRT)\n");
  ::_exit(ExitInternalError);
}

void exitOnLLVMError(void *, const char *Reason, bool) {
  writeStderr(IceMarker);
  writeStderr("LLVM: ");
  writeStderr(Reason);
  writeStderr("\n");
  ::_exit(ExitInternalError);
}

} // namespace

void installCrashHandlers() {
  static WatchedBuffer Buffer(std::cerr.rdbuf());
  std::cerr.rdbuf(&Buffer);
  std::signal(SIGABRT, exitOnAbort);
  llvm::install_fatal_error_handler(exitOnLLVMError);
}

} // namespace pykc::driver
