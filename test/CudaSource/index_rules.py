# --emit=cuda: an index that may be negative wraps around by Python's rule
# (the module's pykc_wrap_<type> function, ir/IndexFunctions.h); one known
# not to be negative (ir/NonNegative.h) is used as it is: thread and grid
# indices, a range loop's index, `x % c`, unsigned values, variables only
# ever assigned such values.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
from numba import cuda, uint32


@cuda.jit("void(float32[:, ::1], int64, uint32)")
def rules(a, k, u):
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    a[x, y] = 1.0
    a[tx, k] = 2.0
    a[x - 1, -1] = 3.0
    for j in range(4):
        a[j, x % 3] = a[j + 1, u]
    n = 0
    while n < 4:
        n += 1
    a[n, y] = 4.0
    m = x
    m = m - 2
    a[m, 0] = 5.0
    row = a[k]
    row[tx] = 6.0

# CHECK: __device__ int64_t pykc_wrap_int64(int64_t i, int64_t n);
# CHECK: pykc_at(a, x, y) = (float)1.0;
# CHECK: pykc_at(a, tx, pykc_wrap_int64(k, a.shape[1])) = (float)2.0;
# CHECK: pykc_at(a, pykc_wrap_int64((x - 1), a.shape[0]), pykc_wrap_int64(-1, a.shape[1])) = (float)3.0;
# CHECK: pykc_at(a, j, pykc_mod_int64(x, 3)) = pykc_at(a, (j + 1), u);
# CHECK: pykc_at(a, n, y) = (float)4.0;
# CHECK: pykc_at(a, pykc_wrap_int64(m, a.shape[0]), 0) = (float)5.0;
# CHECK: pykc_offset += pykc_wrap_int64(k, pykc_a{{[0-9]+}}.shape[0]) * pykc_a{{[0-9]+}}.strides[0];
# CHECK: pykc_at(row, tx) = (float)6.0;
# CHECK-LABEL: // pykc_wrap_int64: Python's rule in primitive operations (pykc)
# CHECK-NEXT: __device__ int64_t pykc_wrap_int64(int64_t i, int64_t n) {
# CHECK:        return (i < 0) ? t0 : i;
