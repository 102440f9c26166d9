# --emit=cuda: a record dtype is a struct at NumPy's offsets (explicit
# padding, packed when the dtype is, static_asserts on the size and each
# offset); a record is a pointer to its struct, a field a member, a nested
# array a pykc_array view of it, a whole-record assignment a struct copy;
# numba.cuda.random's functions are device functions like any other.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu 2>/dev/null
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
import numpy as np
from numba import cuda
from numba.cuda.random import xoroshiro128p_type, xoroshiro128p_normal_float32

particle = np.dtype([('pos', np.float32, 3), ('mass', np.float64), ('id', np.int32)],
                    align=True)
sample = np.dtype([('value', np.float32), ('flag', np.uint8)])


@cuda.jit('void(particle[::1], particle, sample[::1])')
def move(p, origin, s):
    i = cuda.grid(1)
    if i < p.shape[0]:
        q = p[i]
        q.pos[0] += origin.pos[0]
        q['mass'] = s[i].value
        p[0] = origin
        s[i].flag = q.id > 0


@cuda.jit('void(xoroshiro128p_type[::1], float32[::1])')
def noise(states, out):
    i = cuda.grid(1)
    out[i] = xoroshiro128p_normal_float32(states, i)

# CHECK-LABEL: // The module's dtype particle: Record(pos[type=nestedarray(float32, (3,));offset=0],mass[type=float64;offset=16],id[type=int32;offset=24];32;True)
# CHECK-NEXT: struct pykc_record_particle {
# CHECK-NEXT:   float pos[3];
# CHECK-NEXT:   unsigned char pykc_pad0[4];
# CHECK-NEXT:   double mass;
# CHECK-NEXT:   int32_t id;
# CHECK-NEXT:   unsigned char pykc_pad1[4];
# CHECK-NEXT: };
# CHECK-NEXT: static_assert(sizeof(pykc_record_particle) == 32, "NumPy's itemsize");
# CHECK-NEXT: static_assert(offsetof(pykc_record_particle, pos) == 0, "NumPy's offset of 'pos'");
# CHECK: struct __attribute__((packed)) pykc_record_sample {
# CHECK-LABEL: extern "C" __global__ void move(pykc_record_particle *p_data, int64_t p_shape0, int64_t p_stride0, pykc_record_particle * origin, pykc_record_sample *s_data,
# CHECK: q = &pykc_at(p, i);
# CHECK: (q)->mass = (double)(((&pykc_at(s, i)))->value);
# CHECK: pykc_at(p, 0) = *origin;
# CHECK-LABEL: extern "C" __global__ void noise(
