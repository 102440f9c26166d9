# --emit=cuda: an array first assigned inside a branch or a loop and used
# after it is declared at the top of the function, as every other variable
# is, and assigned where Python assigns it; a local array allocated there
# has its storage at the top too (one per allocation), so it outlives the
# block. An array assigned once in the function's own block is still
# declared where it is made.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
from numba import cuda, float32


@cuda.jit("void(float32[:], int64)")
def picked(out, n):
    i = cuda.grid(1)
    whole = out[:]
    if n > 2:
        buf = cuda.local.array(4, dtype=float32)
        buf[0] = 1.0
        row = out[1:]
    else:
        buf = cuda.local.array(4, dtype=float32)
        buf[0] = 2.0
        row = out[2:]
    for k in range(n):
        last = out[k:]
    if i < whole.shape[0]:
        out[i] = buf[0] + row[0] + last[0]

# CHECK:      extern "C" __global__ void picked(float *out_data, int64_t out_shape0, int64_t out_stride0, int64_t n) {
# CHECK-NEXT:   pykc_array<float, 1> out = {out_data, {out_shape0}, {out_stride0}};
# CHECK-NEXT:   int64_t i = {};
# CHECK-NEXT:   pykc_array<float, 1> buf = {};
# CHECK-NEXT:   pykc_array<float, 1> row = {};
# CHECK-NEXT:   int64_t k = {};
# CHECK-NEXT:   pykc_array<float, 1> last = {};
# CHECK-NEXT:   float buf_storage[4];
# CHECK-NEXT:   float buf_storage1[4];
# CHECK-NEXT:   // assigned_in_branches.py:15: i = cuda.grid(1)
# CHECK-NEXT:   i = pykc_grid(0);
# CHECK-NEXT:   // assigned_in_branches.py:16: whole = out[:]
# CHECK-NEXT:   pykc_array<float, 1> whole = [&] {
# CHECK:        // assigned_in_branches.py:17: if n > 2:
# CHECK-NEXT:   if (n > 2) {
# CHECK-NEXT:     // assigned_in_branches.py:18: buf = cuda.local.array(4, dtype=float32)
# CHECK-NEXT:     buf = pykc_array<float, 1>{buf_storage, {4}, {sizeof(float)}};
# CHECK:          // assigned_in_branches.py:20: row = out[1:]
# CHECK-NEXT:     row = [&] {
# CHECK:        } else {
# CHECK-NEXT:     // assigned_in_branches.py:22: buf = cuda.local.array(4, dtype=float32)
# CHECK-NEXT:     buf = pykc_array<float, 1>{buf_storage1, {4}, {sizeof(float)}};
# CHECK:          // assigned_in_branches.py:24: row = out[2:]
# CHECK-NEXT:     row = [&] {
# CHECK:        for (k = 0; k < n; ++k) {
# CHECK-NEXT:     // assigned_in_branches.py:26: last = out[k:]
# CHECK-NEXT:     last = [&] {
# CHECK:          // assigned_in_branches.py:28: out[i] = buf[0] + row[0] + last[0]
# CHECK-NEXT:     pykc_at(out, i) = (pykc_at(buf, 0) + pykc_at(row, 0)) + pykc_at(last, 0);
