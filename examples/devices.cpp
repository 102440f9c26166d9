//===- examples/devices.cpp - Document 001's "GPU management" -------------===//
//
// 001_9b0f4a0e575d1f42.txt lists the GPUs and the current one:
//
//   for gpu in cuda.list_devices():
//       print(gpu.name)
//   cuda.get_current_device().name
//
// which printed b'NVIDIA A10' (Numba's names are bytes). This program does
// the same with pykc::list_devices(), which also lists the CPU device (always
// the last), then prints each device's kind and compute capability, and its
// total and free memory as Numba's cuda.current_context().get_memory_info()
// reports them (the CPU device's: the host's, or PYKC_DEVICE_MEMORY's cap).
//
//===----------------------------------------------------------------------===//
#include "common/banner.h"

#include <pykc/Runtime.h>

#include <cstdio>

int main() {
  try {
    std::printf("%s\n", examples::device_banner().c_str());

    std::vector<pykc::DeviceInfo> Devices = pykc::list_devices();
    std::printf("\nfor gpu in cuda.list_devices(): print(gpu.name)\n");
    for (const pykc::DeviceInfo &D : Devices)
      std::printf("b'%s'\n", D.Name.c_str());
    std::printf("cuda.get_current_device().name\n");
    std::printf("b'%s'\n", pykc::current_device().Name.c_str());

    std::printf("\n%zu device%s (%s):\n", Devices.size(),
                Devices.size() == 1 ? "" : "s",
                pykc::cuda_available()
                    ? "CUDA devices, then the CPU"
                    : ("no CUDA device: " + pykc::cuda_unavailable_reason())
                          .c_str());
    int Current = pykc::current_device().Id;
    for (const pykc::DeviceInfo &D : Devices)
      std::printf("%c %d: kind %s, compute capability %s, %s\n",
                  D.Id == Current ? '*' : ' ', D.Id,
                  pykc::deviceKindName(D.Kind),
                  D.computeCapability().c_str(), D.Name.c_str());
    std::printf("(* = the current device)\n");

    std::printf("\ncuda.current_context().get_memory_info() for each device:\n");
    for (const pykc::DeviceInfo &D : Devices) {
      pykc::MemoryInfo M = pykc::get_memory_info(D.Id);
      std::printf("  %d: total %llu bytes (%.1f MiB), free %llu bytes (%.1f MiB)\n", D.Id,
                  (unsigned long long)M.Total, double(M.Total) / (1 << 20),
                  (unsigned long long)M.Free, double(M.Free) / (1 << 20));
    }
    return 0;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "error: %s\n", E.what());
    return 2;
  }
}
