"""Records (NumPy structured dtypes): fields read and written by name,
nested arrays, a shared array of records, and Numba's
random number generator (numba.cuda.random), whose states are records.
Fields are reached as p['x'], which Numba's simulator takes on the plain
structured arrays the harness passes (p.x needs a recarray there)."""
import numpy as np
from numba import cuda
from numba.cuda.random import (xoroshiro128p_normal_float32, xoroshiro128p_normal_float64,
                               xoroshiro128p_uniform_float32, xoroshiro128p_uniform_float64)

point = np.dtype([('x', np.float32), ('y', np.float32), ('w', np.int16),
                  ('hist', np.int32, 3)], align=True)


@cuda.jit
def record_fields(pts, out):
    i = cuda.grid(1)
    if i < pts.shape[0]:
        p = pts[i]
        out[i] = p['x'] * p['y'] + p['w']
        p['hist'][i % 3] += p['w']
        p['x'], p['y'] = p['y'], -p['x']


@cuda.jit
def record_shared(pts):
    # Fields moved through a shared array of records, reversed per block.
    # (Whole-record copies are in test/Run/record_args.test: the simulator
    # cannot assign an element of a plain structured array.)
    s = cuda.shared.array(32, point)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    s[t]['w'] = pts[i]['w']
    s[t]['hist'][0] = pts[i]['hist'][2]
    cuda.syncthreads()
    pts[i]['w'] = s[cuda.blockDim.x - 1 - t]['w']
    pts[i]['hist'][1] = s[cuda.blockDim.x - 1 - t]['hist'][0]


@cuda.jit
def rng_uniform(states, out32, out64):
    i = cuda.grid(1)
    for k in range(out32.shape[1]):
        out32[i, k] = xoroshiro128p_uniform_float32(states, i)
        out64[i, k] = xoroshiro128p_uniform_float64(states, i)


@cuda.jit
def rng_normal(states, out32, out64):
    i = cuda.grid(1)
    for k in range(out32.shape[1]):
        out32[i, k] = xoroshiro128p_normal_float32(states, i)
        out64[i, k] = xoroshiro128p_normal_float64(states, i)
