//===- DeviceCode.cpp - Typed IR compiled for the current device ----------===//
#include "DeviceCode.h"

#include "CudaToolkit.h"
#include "ForeignLinkGpu.h"
#include "Pipeline.h"

#include <pykc/CpuABI.h>
#include <pykc/Device.h>

namespace pykc::driver {

std::string selectBackend(const std::string &Backend) {
  if (Backend == "cpu") {
    select_device(cpu_device_id());
  } else if (Backend == "cuda") {
    if (!cuda_available())
      return "--backend cuda: no usable CUDA device (" + cuda_unavailable_reason() +
             "); use --backend cpu to run on the CPU";
    select_device(0);
  } else {
    select_device(cuda_available() ? 0 : cpu_device_id());
  }
  return "";
}

std::unique_ptr<DeviceCode> DeviceCode::compile(const ir::Module &IR, unsigned OptLevel,
                                                bool Fmad, std::string &Error,
                                                const codegen::KernelFilter &Kernels,
                                                bool Check) {
  std::unique_ptr<DeviceCode> Code(new DeviceCode());
  const DeviceInfo &Device = current_device();
  if (Device.Kind == DeviceKind::CPU) {
    // The runtime functions CPU kernels call (CpuABI.h): the builtins' (the
    // Cpu column of ir/Builtins.def; rows sharing one repeat it), then the
    // rest.
    Code->JIT = codegen::CPUJit::create(
        {
#define PYKC_JIT_SYMBOL_Runtime(Symbol) {#Symbol, reinterpret_cast<void *>(&Symbol)},
#define PYKC_JIT_SYMBOL_Inline
#define BUILTIN(Id, Path, Typing, Lowering, Sync, Thread, Host, Cuda, Cpu) PYKC_JIT_SYMBOL_##Cpu
#include "ir/Builtins.def"
#undef PYKC_JIT_SYMBOL_Runtime
#undef PYKC_JIT_SYMBOL_Inline
         {"pykc_cpu_parallel_for", reinterpret_cast<void *>(&pykc_cpu_parallel_for)},
         {"pykc_host_raise", reinterpret_cast<void *>(&pykc_host_raise)},
         {"pykc_host_float_repr", reinterpret_cast<void *>(&pykc_host_float_repr)},
         {"pykc_host_bounds_error", reinterpret_cast<void *>(&pykc_host_bounds_error)},
         {"pykc_cpu_bounds_error", reinterpret_cast<void *>(&pykc_cpu_bounds_error)},
         {"pykc_cpu_none_error", reinterpret_cast<void *>(&pykc_cpu_none_error)},
         {"pykc_check_access", reinterpret_cast<void *>(&pykc_check_access)},
         {"pykc_check_local", reinterpret_cast<void *>(&pykc_check_local)},
         {"pykc_check_fast_launch", reinterpret_cast<void *>(&pykc_check_fast_launch)},
         {"pykc_check_site", reinterpret_cast<void *>(&pykc_check_site)},
         {"pykc_check_block_begin", reinterpret_cast<void *>(&pykc_check_block_begin)},
         {"pykc_check_round", reinterpret_cast<void *>(&pykc_check_round)},
         {"pykc_check_fence", reinterpret_cast<void *>(&pykc_check_fence)},
         {"pykc_check_bounds_array", reinterpret_cast<void *>(&pykc_check_bounds_array)},
         {"pykc_check_host_access", reinterpret_cast<void *>(&pykc_check_host_access)},
         {"pykc_check_iteration", reinterpret_cast<void *>(&pykc_check_iteration)}},
        Error);
    if (!Code->JIT ||
        !Code->JIT->add(IR, OptLevel, Error, codegen::FloatOptions{Fmad}, Kernels, Check)) {
      Error = "cannot compile for the CPU: " + Error;
      return nullptr;
    }
    return Code;
  }
  codegen::CodegenOptions CO;
  int CC = Device.ComputeCapabilityMajor * 10 + Device.ComputeCapabilityMinor;
  // The newest architecture pykc knows that the device can run.
  for (const std::string &Arch : codegen::supportedArchs())
    if (Arch != "sm_90a" && std::stoi(Arch.substr(3)) <= CC)
      CO.Arch = Arch;
  CO.OptLevel = OptLevel;
  CO.Float.Fmad = Fmad;
  CO.LibdevicePath = findLibdevice("", "");
  if (!compilePTX(IR, CO, /*LLVMText=*/false, Code->PTX, Error))
    return nullptr;
  // PTX that calls foreign device functions has .extern functions the
  // driver cannot resolve: such kernels load as one cubin for this GPU,
  // linked with their link files (ForeignLinkGpu.h).
  if (!IR.Foreign.empty()) {
    std::optional<std::string> Cubin =
        linkForeignCubin(IR, Code->PTX, "sm_" + std::to_string(CC), OptLevel, "", Error);
    if (!Cubin)
      return nullptr;
    Code->Cubin = std::move(*Cubin);
  }
  return Code;
}

codegen::CPUJit::HostEntry DeviceCode::hostEntry(const std::string &Symbol, std::string &Error) {
  if (!JIT) {
    Error = "@njit functions run on the CPU device only";
    return nullptr;
  }
  return JIT->lookupHost(Symbol, Error);
}

std::optional<KernelImage> DeviceCode::image(const std::string &Symbol, std::string &Error) {
  Names.push_back(std::make_unique<std::string>(Symbol));
  KernelImage Image{};
  Image.Name = Names.back()->c_str();
  if (!JIT) {
    // The driver's loader (cuModuleLoadDataEx) takes a cubin as it takes
    // PTX.
    Image.Ptx = Cubin.empty() ? PTX.c_str() : Cubin.c_str();
    return Image;
  }
  auto K = JIT->lookup(Symbol, Error);
  if (!K) {
    Error = "cannot compile for the CPU: " + Error;
    return std::nullopt;
  }
  Image.CpuEntry = reinterpret_cast<pykc_cpu_kernel_fn>(K->Entry);
  Image.CpuSharedBytes = K->SharedBytes;
  Image.CpuUsesBarrier = K->UsesBarrier;
  Image.CpuBlocksEntry = reinterpret_cast<pykc_cpu_blocks_fn>(K->BlocksEntry);
  Image.CpuChecked = K->Checked;
  return Image;
}

} // namespace pykc::driver
