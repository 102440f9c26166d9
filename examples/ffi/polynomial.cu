// CUDA C++ device functions that examples/ffi/polynomial.py's kernel calls
// through cuda.declare_device (Numba-CUDA's FFI), linked with link=. On a
// GPU, NVRTC and nvJitLink link them with the kernel; on the CPU backend
// they are compiled as C++ for the host.

// Numba's ABI: the value is written through the first pointer, and 0 is
// returned. Horner's rule over coefficients[0] (highest power) ..
// coefficients[n - 1] (the constant).
extern "C" __device__ int polyval(double *result, double x, const double *coefficients, int n) {
  double acc = 0.0;
  for (int i = 0; i < n; ++i)
    acc = acc * x + coefficients[i];
  *result = acc;
  return 0;
}

// abi='c': the value is returned.
extern "C" __device__ double clamp(double v, double lo, double hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}
