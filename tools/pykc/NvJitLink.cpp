//===- NvJitLink.cpp - PTX to SASS in the process -------------------------===//
#include "NvJitLink.h"

#include "ToolkitLibrary.h"

#include <cstdint>

namespace pykc::driver {

// nvJitLink.h's types, declared here so pykc builds without the toolkit.
struct NvJitLink::Api {
  using Handle = struct nvJitLink *;
  using Result = int; // NVJITLINK_SUCCESS is 0
  Result (*Create)(Handle *, uint32_t, const char **) = nullptr;
  Result (*Destroy)(Handle *) = nullptr;
  Result (*AddData)(Handle, int, const void *, size_t, const char *) = nullptr;
  Result (*Complete)(Handle) = nullptr;
  Result (*GetLinkedCubinSize)(Handle, size_t *) = nullptr;
  Result (*GetLinkedCubin)(Handle, void *) = nullptr;
  Result (*GetErrorLogSize)(Handle, size_t *) = nullptr;
  Result (*GetErrorLog)(Handle, char *) = nullptr;
};

namespace {

constexpr int InputPtx = 2; // NVJITLINK_INPUT_PTX (after NONE and CUBIN)

} // namespace

const NvJitLink *NvJitLink::load(const std::string &CudaPath) {
  return loadToolkitLibrary<NvJitLink>(
      "libnvJitLink.so", CudaPath,
      [](void *Lib, const std::string &Path) -> std::unique_ptr<NvJitLink> {
        auto A = std::make_unique<Api>();
        if (!bindSymbol(Lib, "nvJitLinkCreate", A->Create) ||
            !bindSymbol(Lib, "nvJitLinkDestroy", A->Destroy) ||
            !bindSymbol(Lib, "nvJitLinkAddData", A->AddData) ||
            !bindSymbol(Lib, "nvJitLinkComplete", A->Complete) ||
            !bindSymbol(Lib, "nvJitLinkGetLinkedCubinSize", A->GetLinkedCubinSize) ||
            !bindSymbol(Lib, "nvJitLinkGetLinkedCubin", A->GetLinkedCubin) ||
            !bindSymbol(Lib, "nvJitLinkGetErrorLogSize", A->GetErrorLogSize) ||
            !bindSymbol(Lib, "nvJitLinkGetErrorLog", A->GetErrorLog))
          return nullptr;
        auto L = std::make_unique<NvJitLink>();
        L->Fns = std::move(A);
        L->Path = Path;
        return L;
      });
}

NvJitLink::~NvJitLink() = default;

std::optional<std::string> NvJitLink::compile(const std::string &Ptx, const std::string &Arch,
                                              unsigned OptLevel, std::string &Error,
                                              const std::vector<Input> &Extra) const {
  // nvJitLink takes -O0 and -O3 only: -O1 and -O2 optimize fully.
  std::string ArchOption = "-arch=" + Arch, Opt = OptLevel ? "-O3" : "-O0";
  const char *Options[] = {ArchOption.c_str(), Opt.c_str(), "-lto"};
  bool Lto = false;
  for (const Input &I : Extra)
    Lto |= I.Kind == LtoIr;
  Api::Handle H = nullptr;
  if (Fns->Create(&H, Lto ? 3 : 2, Options) != 0) {
    Error = "nvJitLink refused the options " + ArchOption + " " + Opt;
    return std::nullopt;
  }
  struct Destroy {
    const Api &Fns;
    Api::Handle &H;
    ~Destroy() { Fns.Destroy(&H); }
  } Guard{*Fns, H};
  std::optional<std::string> Cubin;
  bool Added = Fns->AddData(H, InputPtx, Ptx.data(), Ptx.size(), "pykc.ptx") == 0;
  for (const Input &I : Extra)
    Added = Added && Fns->AddData(H, I.Kind, I.Data.data(), I.Data.size(), I.Name.c_str()) == 0;
  if (Added && Fns->Complete(H) == 0) {
    size_t Size = 0;
    if (Fns->GetLinkedCubinSize(H, &Size) == 0) {
      std::string Out(Size, '\0');
      if (Fns->GetLinkedCubin(H, Out.data()) == 0)
        Cubin = std::move(Out);
    }
  }
  if (!Cubin) {
    size_t Size = 0;
    Fns->GetErrorLogSize(H, &Size);
    std::string Log(Size, '\0');
    if (Size)
      Fns->GetErrorLog(H, Log.data());
    while (!Log.empty() && (Log.back() == '\0' || Log.back() == '\n'))
      Log.pop_back();
    Error = Log.empty() ? "nvJitLink failed without a log" : Log;
  }
  return Cubin;
}

} // namespace pykc::driver
