//===- pykc/Complex.h - complex64 and complex128 for kernels ----*- C++ -*-===//
//
// Makes std::complex<float> (Numba's complex64) and std::complex<double>
// (complex128) kernel dtypes: DeviceArrays of them, and scalars, which
// launches pass as KernelABI.h says, their real part then their imaginary
// part (pykc/Kernel.h's flatten, pykc/Launch.h's KernelArgs). Generated
// headers include it when a kernel takes a complex number; it is separate
// so that other programs do not get <complex> (and with it <cmath>'s
// global names).
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_COMPLEX_H
#define PYKC_COMPLEX_H

#include "pykc/Kernel.h"

#include <complex>

namespace pykc {
namespace detail {
template <> struct IsComplexDType<std::complex<float>> : std::true_type {};
template <> struct IsComplexDType<std::complex<double>> : std::true_type {};

} // namespace detail
} // namespace pykc

#endif // PYKC_COMPLEX_H
