# Records in objects (test/Object/record_host.test): arrays of records, a
# record argument, a packed dtype, and numba.cuda.random's states.
import numpy as np
from numba import cuda
from numba.cuda.random import xoroshiro128p_type, xoroshiro128p_uniform_float32

particle = np.dtype([('pos', np.float32, 3), ('mass', np.float64), ('id', np.int32),
                     ('charge', np.complex64)], align=True)
sample = np.dtype([('value', np.float32), ('flag', np.uint8)])  # packed, 5 bytes


@cuda.jit('void(particle[::1], float64)')
def drift(p, dt):
    i = cuda.grid(1)
    if i < p.shape[0]:
        for k in range(3):
            p[i].pos[k] += dt * p[i].id
        p[i].mass *= 2
        p[i].charge = p[i].charge.conjugate()


@cuda.jit('void(particle, float64[::1])')
def total(r, out):
    out[0] = r.mass + r.pos[0] + r.pos[1] + r.pos[2]
    r.id = -1


@cuda.jit('void(sample[::1])')
def flags(s):
    i = cuda.grid(1)
    if i < s.shape[0]:
        s[i].flag = s[i].value > 0


@cuda.jit('void(xoroshiro128p_type[::1], float32[:, ::1])')
def draw(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_uniform_float32(states, i)
