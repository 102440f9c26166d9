//===- Progress.cpp - One overwritten line while -c works -----------------===//
#include "Progress.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace pykc::driver {

Progress::Progress(std::string File, unsigned Kernels, unsigned Archs, bool Sass)
    : File(std::move(File)), Kernels(Kernels), Archs(Archs), WithSass(Sass), GpuUnits(Archs) {
  const char *Setting = std::getenv("PYKC_PROGRESS");
  if (!::isatty(STDERR_FILENO) || (Setting && std::strcmp(Setting, "0") == 0))
    return;
  Immediate = Setting && std::strcmp(Setting, "now") == 0;
  Worker = std::thread([this] { run(); });
}

Progress::~Progress() {
  if (!Worker.joinable())
    return;
  {
    std::lock_guard<std::mutex> G(Lock);
    Stop = true;
  }
  Wake.notify_all();
  Worker.join();
  if (Printed)
    std::fputs("\r\x1b[K", stderr); // erase the line
  std::fflush(stderr);
}

std::string Progress::line() const {
  std::string S = "pykc: " + File + ": " + std::to_string(Kernels) +
                  (Kernels == 1 ? " kernel" : " kernels");
  std::string Units = std::to_string(GpuUnits.load());
  if (Archs)
    S += ": PTX " + std::to_string(Ptx.load()) + "/" + Units +
         (WithSass ? ", SASS " + std::to_string(Sass.load()) + "/" + Units : "");
  S += std::string(Archs ? ", " : ": ") + "CPU code";
  if (unsigned Parts = CpuParts.load(); Parts && CpuDone.load() < Parts)
    S += " " + std::to_string(CpuDone.load()) + "/" + std::to_string(Parts);
  else
    S += std::string(": ") + Cpu.load();
  return S;
}

void Progress::run() {
  using namespace std::chrono_literals;
  std::unique_lock<std::mutex> G(Lock);
  // Quick compiles print nothing.
  if (Wake.wait_for(G, Immediate ? 0s : 1s, [this] { return Stop; }))
    return;
  do {
    std::string S = "\r" + line() + "\x1b[K";
    std::fputs(S.c_str(), stderr);
    std::fflush(stderr);
    Printed = true;
  } while (!Wake.wait_for(G, 200ms, [this] { return Stop; }));
}

} // namespace pykc::driver
