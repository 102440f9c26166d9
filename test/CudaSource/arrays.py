# --emit=cuda: views keep Python's slice rules (the pykc_slice_* functions), a.view(dtype)
# NumPy's, module-level arrays are frozen into constant memory, tuples are
# structs (indexed by a value through an array), and a shared array of
# size 0 is the launch's dynamic shared memory.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
import numpy as np
from numba import cuda, float32

TABLE = np.array([1.5, 2.5, -3.0])


@cuda.jit("void(float32[:, ::1], float32[::1], int32[::1], float64[:])")
def arrays(m, row_sums, bits, out):
    i = cuda.grid(1)
    row = m[i]
    total = float32(0)
    for v in row[1:]:
        total += v
    row_sums[i] = total
    backwards = row[::-2]
    out[i] = backwards[0] + TABLE[i % 3]
    as_int = row.view(np.int32)
    bits[i] = as_int[0]
    t = (i, total)
    out[0] = t[1]
    dyn = cuda.shared.array(0, dtype=float32)
    dyn[0] = total
    pair = (1.0, 2.0, 3.0)
    out[1] = pair[i % 3]

# CHECK: // Tuple(int64, float32)
# CHECK-NEXT: struct pykc_tuple0 {
# CHECK-NEXT:   int64_t e0;
# CHECK-NEXT:   float e1;
# CHECK-NEXT: };
# CHECK: // TABLE, a module-level array, frozen.
# CHECK-NEXT: __constant__ double pykc_const_TABLE[3] = {1.5, 2.5, -3.0};
# CHECK: pykc_array<float, 1> row = [&] { auto pykc_a0 = m; int64_t pykc_offset = 0; pykc_offset += (int64_t)i * pykc_a0.strides[0]; return pykc_array<float, 1>{(float *)((char *)pykc_a0.data + pykc_offset), {pykc_a0.shape[1]}, {pykc_a0.strides[1]}}; }();
# CHECK: int64_t pykc_first0 = pykc_slice_start(pykc_a1.shape[0], true, 1, 1); int64_t pykc_last0 = pykc_slice_stop(pykc_a1.shape[0], false, 0, 1); pykc_offset += pykc_first0 * pykc_a1.strides[0]; return pykc_array<float, 1>{(float *)((char *)pykc_a1.data + pykc_offset), {pykc_slice_length(pykc_first0, pykc_last0, 1)}, {pykc_a1.strides[0] * pykc_slice_step(1)}}; }();
# CHECK: int64_t pykc_first0 = pykc_slice_start(pykc_a2.shape[0], false, 0, -2); int64_t pykc_last0 = pykc_slice_stop(pykc_a2.shape[0], false, 0, -2);
# CHECK: pykc_at(pykc_array<double, 1>{(double *)pykc_const_TABLE, {3}, {8}}, pykc_mod_int64(i, 3))
# CHECK: pykc_array<int32_t, 1> as_int = pykc_reinterpret<int32_t>(row, 'C');
# CHECK: t = pykc_tuple0{i, total};
# CHECK: pykc_array<float, 1> dyn = {(float *)pykc_dynamic_shared, {pykc_dynamic_shared_bytes() / (int64_t)sizeof(float)}, {sizeof(float)}};
# CHECK: pykc_at(out, 1) = [&] { auto pykc_tuple = pair; const double pykc_items[] = {pykc_tuple.e0, pykc_tuple.e1, pykc_tuple.e2}; return pykc_items[(int64_t)(pykc_mod_int64(i, 3))]; }();
