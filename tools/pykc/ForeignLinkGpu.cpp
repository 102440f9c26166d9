//===- ForeignLinkGpu.cpp - Link files linked with the kernels' PTX -------===//
#include "ForeignLinkGpu.h"

#include "TempFiles.h"

namespace pykc::driver {

bool foreignLinkInputs(const ir::Module &IR, const Nvrtc *Rtc,
                       const std::string &Arch,
                       std::vector<NvJitLink::Input> &Out, std::string &Error) {
  for (const ir::LinkFile &L : IR.Links) {
    NvJitLink::Input In;
    In.Name = L.Path;
    if (!readFile(L.Path, In.Data)) {
      Error = "cannot read the link file '" + L.Path + "'";
      return false;
    }
    switch (L.Kind) {
    case ir::LinkFileKind::Cuda: {
      std::string Log;
      std::optional<std::string> Ptx = Rtc->compile(In.Data, L.Path, Arch, Log);
      if (!Ptx) {
        Error = "NVRTC (" + Rtc->path() +
                ") could not compile the link file '" + L.Spelling + "' for " +
                Arch + ":\n" + Log;
        return false;
      }
      In.Data = std::move(*Ptx);
      In.Kind = NvJitLink::Ptx;
      break;
    }
    case ir::LinkFileKind::Ptx:
      In.Kind = NvJitLink::Ptx;
      break;
    case ir::LinkFileKind::LtoIr:
      In.Kind = NvJitLink::LtoIr;
      break;
    case ir::LinkFileKind::Object:
      In.Kind = NvJitLink::Object;
      break;
    case ir::LinkFileKind::Archive:
      In.Kind = NvJitLink::Library;
      break;
    case ir::LinkFileKind::Fatbin:
      In.Kind = NvJitLink::Fatbin;
      break;
    case ir::LinkFileKind::Cubin:
      In.Kind = NvJitLink::Cubin;
      break;
    }
    Out.push_back(std::move(In));
  }
  return true;
}

std::optional<std::string>
linkForeignCubin(const ir::Module &IR, const std::string &Ptx,
                 const std::string &Arch, unsigned OptLevel,
                 const std::string &CudaPath, std::string &Error) {
  const NvJitLink *Jit = NvJitLink::load(CudaPath);
  if (!Jit) {
    Error = "the kernels call foreign device functions, which pykc links for "
            "the GPU with the "
            "CUDA toolkit's libnvJitLink, and there is none";
    return std::nullopt;
  }
  const Nvrtc *Rtc = nullptr;
  for (const ir::LinkFile &L : IR.Links)
    if (L.Kind == ir::LinkFileKind::Cuda && !Rtc &&
        !(Rtc = Nvrtc::load(CudaPath))) {
      Error = "the link file '" + L.Spelling +
              "' is compiled for the GPU with the CUDA "
              "toolkit's NVRTC (libnvrtc.so), and there is none";
      return std::nullopt;
    }
  std::vector<NvJitLink::Input> Extra;
  if (!foreignLinkInputs(IR, Rtc, Arch, Extra, Error))
    return std::nullopt;
  std::string Log;
  std::optional<std::string> Cubin =
      Jit->compile(Ptx, Arch, OptLevel, Log, Extra);
  if (!Cubin)
    Error = "libnvJitLink (" + Jit->path() +
            ") could not link the kernels' PTX with their "
            "link files for " +
            Arch + ":\n" + Log;
  return Cubin;
}

} // namespace pykc::driver
