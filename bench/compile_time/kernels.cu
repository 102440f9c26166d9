// CUDA C++ versions of the document kernels, for comparing pykc's compile
// time with nvcc's (bench/compile_time/run.sh). Each kernel does what its
// Python original does under Numba, including its quirks:
//   - 2-D arrays are C-contiguous; their shapes are passed explicitly.
//   - Indices are 64-bit, like Numba's intp.
//   - The matmul kernels accumulate in double because the Python code starts
//     from `tmp = 0.` (a float64 literal); the result is stored as float.
//   - fast_matmul keeps the document's `and` in its bounds check and has no
//     other bounds checks, like the original (Numba does not check indices).

constexpr int TPB = 16; // threads per block and shared tile size

// cuda.grid(1)
__device__ inline long long grid1() {
  return threadIdx.x + static_cast<long long>(blockIdx.x) * blockDim.x;
}
// cuda.grid(2)
__device__ inline long long gridX() {
  return threadIdx.x + static_cast<long long>(blockIdx.x) * blockDim.x;
}
__device__ inline long long gridY() {
  return threadIdx.y + static_cast<long long>(blockIdx.y) * blockDim.y;
}

// increment_grid.py: increment_by_one(an_array)
extern "C" __global__ void increment_by_one(float *an_array, long long size) {
  long long pos = grid1();
  if (pos < size)
    an_array[pos] += 1;
}

// increment_grid.py: increment_a_2D_array(an_array)
extern "C" __global__ void increment_a_2D_array(float *an_array, long long rows,
                                                long long cols) {
  long long x = gridX(), y = gridY();
  if (x < rows && y < cols)
    an_array[x * cols + y] += 1;
}

// fast_matmul.py: fast_matmul(A, B, C), C = A * B with TPB x TPB tiles in
// shared memory.
extern "C" __global__ void fast_matmul(const float *A, const float *B, float *C,
                                       long long a_cols, long long b_cols,
                                       long long c_rows, long long c_cols) {
  __shared__ float sA[TPB][TPB];
  __shared__ float sB[TPB][TPB];

  long long x = gridX(), y = gridY();
  unsigned tx = threadIdx.x, ty = threadIdx.y;

  if (x >= c_rows && y >= c_cols) // sic: `and`, as in the document
    return;

  double tmp = 0.;
  // int(A.shape[1] / TPB) with true division
  long long tiles = static_cast<long long>(static_cast<double>(a_cols) / TPB);
  for (long long i = 0; i < tiles; ++i) {
    sA[tx][ty] = A[x * a_cols + (ty + i * TPB)];
    sB[tx][ty] = B[(tx + i * TPB) * b_cols + y];
    __syncthreads();
    for (int j = 0; j < TPB; ++j)
      tmp += sA[tx][j] * sB[j][ty];
    __syncthreads();
  }
  C[x * c_cols + y] = static_cast<float>(tmp);
}

// matmul.py: cuda_matmul(A, B, C), one thread per element of C.
extern "C" __global__ void cuda_matmul(const float *A, const float *B, float *C,
                                       long long a_cols, long long b_cols,
                                       long long c_rows, long long c_cols) {
  long long row = gridX(), col = gridY();
  if (row < c_rows && col < c_cols) {
    double tmp = 0.;
    for (long long k = 0; k < a_cols; ++k)
      tmp += A[row * a_cols + k] * B[k * b_cols + col];
    C[row * c_cols + col] = static_cast<float>(tmp);
  }
}
