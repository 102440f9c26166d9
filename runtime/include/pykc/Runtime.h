//===- pykc/Runtime.h - The pykc runtime, one include -----------*- C++ -*-===//
//
// The backend-neutral C++ API programs use to run pykc kernels on a CUDA
// device or on the CPU:
//
//   auto D = pykc::to_device(HostVector);            // DeviceArray.h
//   pykc::KernelArgs Args(D);                        // Launch.h
//   pykc::launch(increment, {Blocks, 256}, Args.data());
//   D.copy_to_host(HostVector);
//
// The device is the first CUDA device when libcuda.so.1 loads and reports
// one, else the CPU; PYKC_BACKEND=cpu|cuda forces the choice (Device.h).
// libcuda is opened with dlopen at first use, never linked, and the runtime
// links neither LLVM nor the compiler. A C interface is in runtime_c.h.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_H
#define PYKC_RUNTIME_H

#include "pykc/CpuABI.h"
#include "pykc/Device.h"
#include "pykc/DeviceArray.h"
#include "pykc/DeviceRecord.h"
#include "pykc/HostArray.h"
#include "pykc/Error.h"
#include "pykc/KernelABI.h"
#include "pykc/Kernel.h"
#include "pykc/Launch.h"
#include "pykc/Memory.h"
#include "pykc/ModuleABI.h"
#include "pykc/Random.h"
#include "pykc/Reduce.h"
#include "pykc/Stream.h"

#endif // PYKC_RUNTIME_H
