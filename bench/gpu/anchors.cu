// The nvcc anchors of bench/gpu/codegen: each benchmark kernel written as a
// CUDA C++ programmer would, the same algorithm and the same arithmetic
// types as the Python kernel (C++'s `0.` and `0.25` are doubles as Python's
// are, so the matmuls accumulate in double and the stencil averages in
// double, as Numba types them). Built with `nvcc -O3 -cubin` and loaded by
// the harness through the driver API, beside pykc's code for the same GPU.
#include <cstdint>

#define TPB 16

extern "C" {

// increment_by_one_threadidx.py and increment_grid.py's increment_by_one.
__global__ void increment_by_one(float *a, int64_t n) {
  int64_t pos = threadIdx.x + (int64_t)blockIdx.x * blockDim.x;
  if (pos < n)
    a[pos] += 1;
}

// increment_grid.py's increment_a_2D_array (C order).
__global__ void increment_a_2D_array(float *a, int64_t rows, int64_t cols) {
  int64_t x = threadIdx.x + (int64_t)blockIdx.x * blockDim.x;
  int64_t y = threadIdx.y + (int64_t)blockIdx.y * blockDim.y;
  if (x < rows && y < cols)
    a[x * cols + y] += 1;
}

// copy_kernels.py's foo: int64 in, float64 out, no bounds check.
__global__ void foo(const int64_t *in, double *out) {
  int64_t i = threadIdx.x + (int64_t)blockIdx.x * blockDim.x;
  out[i] = (double)in[i];
}

// matmul.py's cuda_matmul and cuda_matmul1 (identical bodies).
__global__ void cuda_matmul(const float *A, const float *B, float *C, int64_t n,
                            int64_t k, int64_t m) {
  int64_t row = threadIdx.x + (int64_t)blockIdx.x * blockDim.x;
  int64_t col = threadIdx.y + (int64_t)blockIdx.y * blockDim.y;
  if (row < n && col < m) {
    double tmp = 0.;
    for (int64_t kk = 0; kk < k; ++kk)
      tmp += A[row * k + kk] * B[kk * m + col];
    C[row * m + col] = tmp;
  }
}

// fast_matmul.py's fast_matmul and matmul.py's cuda_fast_matmul: shared
// TPBxTPB tiles, x from the grid's first axis as in the Python.
__global__ void fast_matmul(const float *A, const float *B, float *C, int64_t n,
                            int64_t k, int64_t m) {
  __shared__ float sA[TPB][TPB];
  __shared__ float sB[TPB][TPB];
  int64_t x = threadIdx.x + (int64_t)blockIdx.x * blockDim.x;
  int64_t y = threadIdx.y + (int64_t)blockIdx.y * blockDim.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  if (x >= n && y >= m)
    return;
  double tmp = 0.;
  for (int64_t i = 0; i < k / TPB; ++i) {
    sA[tx][ty] = A[x * k + ty + i * TPB];
    sB[tx][ty] = B[(tx + i * TPB) * m + y];
    __syncthreads();
    for (int j = 0; j < TPB; ++j)
      tmp += sA[tx][j] * sB[j][ty];
    __syncthreads();
  }
  C[x * m + y] = tmp;
}

// saxpy.py
__global__ void saxpy(float a, const float *x, const float *y, float *out, int64_t n) {
  int64_t i = threadIdx.x + (int64_t)blockIdx.x * blockDim.x;
  if (i < n)
    out[i] = a * x[i] + y[i];
}

// stencil.py
__global__ void jacobi5(const float *u, float *v, int64_t n, int64_t m) {
  int64_t i = threadIdx.x + (int64_t)blockIdx.x * blockDim.x;
  int64_t j = threadIdx.y + (int64_t)blockIdx.y * blockDim.y;
  if (i < n && j < m) {
    if (i == 0 || j == 0 || i == n - 1 || j == m - 1)
      v[i * m + j] = u[i * m + j];
    else
      v[i * m + j] = 0.25 * (u[(i - 1) * m + j] + u[(i + 1) * m + j] +
                             u[i * m + j - 1] + u[i * m + j + 1]);
  }
}

// transpose.py: a is rows x cols, b is cols x rows.
#define TILE 32
#define ROWS 8
__global__ void transpose(const float *a, float *b, int64_t rows, int64_t cols) {
  __shared__ float tile[TILE][TILE + 1];
  int64_t x = blockIdx.x * TILE + threadIdx.x;
  int64_t y = blockIdx.y * TILE + threadIdx.y;
  for (int k = 0; k < TILE; k += ROWS)
    if (x < cols && y + k < rows)
      tile[threadIdx.y + k][threadIdx.x] = a[(y + k) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int k = 0; k < TILE; k += ROWS)
    if (x < rows && y + k < cols)
      b[(y + k) * rows + x] = tile[threadIdx.x][threadIdx.y + k];
}

// histogram.py: bytes into 256 int32 bins.
__global__ void histogram(const uint8_t *data, int32_t *bins, int64_t n) {
  int64_t i = threadIdx.x + (int64_t)blockIdx.x * blockDim.x;
  if (i < n)
    atomicAdd(&bins[data[i]], 1);
}

} // extern "C"
