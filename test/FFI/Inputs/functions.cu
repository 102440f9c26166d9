// Device functions for pykc's FFI tests, written as Numba-CUDA's FFI
// documentation describes them: extern "C" __device__, and either Numba's
// ABI (the value through the first pointer, 0 returned) or abi='c' (the
// value returned).

// Numba's ABI: float32(float32, float32).
extern "C" __device__ int mul_f32_f32(float *return_value, float x, float y) {
  *return_value = x * y;
  return 0;
}

// Numba's ABI with an array passed as a pointer: float32(CPointer(float32), int32).
extern "C" __device__ int sum_reduce(float *return_value, float *array, int n) {
  double sum = 0.0;
  for (int i = 0; i < n; ++i)
    sum += array[i];
  *return_value = (float)sum;
  return 0;
}

// abi='c': float32(float32, float32, float32).
extern "C" __device__ float axpy_c(float a, float x, float y) { return a * x + y; }

// abi='c' with a voidptr: int32(voidptr, int64), the count of positive
// int32 values.
extern "C" __device__ int count_positive(void *data, long long n) {
  const int *values = (const int *)data;
  int count = 0;
  for (long long i = 0; i < n; ++i)
    count += values[i] > 0;
  return count;
}

// A helper that is not extern "C" and a forced-inline one: the host
// compile must accept both.
static __device__ __forceinline__ double twice(double x) { return 2.0 * x; }

// Numba's ABI, float64 and int16 (narrow integers are extended as C's).
extern "C" __device__ int twice_plus(double *return_value, double x, short k) {
  *return_value = twice(x) + k;
  return 0;
}
