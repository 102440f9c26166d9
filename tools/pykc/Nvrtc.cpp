//===- Nvrtc.cpp - CUDA C++ to PTX in the process -------------------------===//
#include "Nvrtc.h"

#include "ToolkitLibrary.h"

namespace pykc::driver {

// nvrtc.h's types, declared here so pykc builds without the toolkit.
struct Nvrtc::Api {
  using Program = struct nvrtcProgramOpaque *;
  using Result = int; // NVRTC_SUCCESS is 0
  Result (*Create)(Program *, const char *, const char *, int, const char *const *,
                   const char *const *) = nullptr;
  Result (*Destroy)(Program *) = nullptr;
  Result (*Compile)(Program, int, const char *const *) = nullptr;
  Result (*GetPTXSize)(Program, size_t *) = nullptr;
  Result (*GetPTX)(Program, char *) = nullptr;
  Result (*GetLogSize)(Program, size_t *) = nullptr;
  Result (*GetLog)(Program, char *) = nullptr;
};

const Nvrtc *Nvrtc::load(const std::string &CudaPath) {
  return loadToolkitLibrary<Nvrtc>(
      "libnvrtc.so", CudaPath, [](void *Lib, const std::string &Path) -> std::unique_ptr<Nvrtc> {
        auto A = std::make_unique<Api>();
        if (!bindSymbol(Lib, "nvrtcCreateProgram", A->Create) ||
            !bindSymbol(Lib, "nvrtcDestroyProgram", A->Destroy) ||
            !bindSymbol(Lib, "nvrtcCompileProgram", A->Compile) ||
            !bindSymbol(Lib, "nvrtcGetPTXSize", A->GetPTXSize) ||
            !bindSymbol(Lib, "nvrtcGetPTX", A->GetPTX) ||
            !bindSymbol(Lib, "nvrtcGetProgramLogSize", A->GetLogSize) ||
            !bindSymbol(Lib, "nvrtcGetProgramLog", A->GetLog))
          return nullptr;
        auto N = std::make_unique<Nvrtc>();
        N->Fns = std::move(A);
        N->LibPath = Path;
        return N;
      });
}

Nvrtc::~Nvrtc() = default;

std::optional<std::string> Nvrtc::compile(const std::string &Source, const std::string &Path,
                                          const std::string &Arch, std::string &Error) const {
  Api::Program P = nullptr;
  if (Fns->Create(&P, Source.c_str(), Path.c_str(), 0, nullptr, nullptr) != 0) {
    Error = "NVRTC could not take the source";
    return std::nullopt;
  }
  struct Destroy {
    const Api &Fns;
    Api::Program &P;
    ~Destroy() { Fns.Destroy(&P); }
  } Guard{*Fns, P};
  std::string Folder = Path.substr(0, Path.find_last_of('/') + 1);
  std::string ArchOption = "--gpu-architecture=compute_" + Arch.substr(3);
  std::string Include = "--include-path=" + (Folder.empty() ? std::string(".") : Folder);
  const char *Options[] = {ArchOption.c_str(), "--relocatable-device-code=true", "-std=c++17",
                           Include.c_str()};
  std::optional<std::string> Ptx;
  if (Fns->Compile(P, 4, Options) == 0) {
    size_t Size = 0;
    if (Fns->GetPTXSize(P, &Size) == 0) {
      std::string Out(Size, '\0');
      if (Fns->GetPTX(P, Out.data()) == 0) {
        while (!Out.empty() && Out.back() == '\0')
          Out.pop_back();
        Ptx = std::move(Out);
      }
    }
  }
  if (!Ptx) {
    size_t Size = 0;
    Fns->GetLogSize(P, &Size);
    std::string Log(Size, '\0');
    if (Size)
      Fns->GetLog(P, Log.data());
    while (!Log.empty() && (Log.back() == '\0' || Log.back() == '\n'))
      Log.pop_back();
    Error = Log.empty() ? "NVRTC failed without a log" : Log;
  }
  return Ptx;
}

} // namespace pykc::driver
