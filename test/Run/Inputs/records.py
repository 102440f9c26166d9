# Kernels over records (NumPy structured dtypes), for test/Run/record_args.test.
import numpy as np
from numba import cuda

# align=True: b at 8 after a's 8 bytes, c (complex64) at 12, d at 20, 32 in all.
particle = np.dtype([('a', np.float64), ('b', np.int32), ('c', np.complex64),
                     ('d', np.uint8, 5)], align=True)
# Packed, 5 bytes: every element's x but the first is at an odd address.
packed = np.dtype([('x', np.float32), ('t', np.uint8)])


@cuda.jit
def update(p, scale):
    i = cuda.grid(1)
    if i < p.shape[0]:
        r = p[i]
        r.a = r.a * scale + r.b
        r['b'] = -r.b
        r.c = r.c * 1j
        r.d[i % 5] = 255


@cuda.jit
def rotate(p):
    # Every thread reads its neighbour's record into shared memory first,
    # then writes it back one place on: whole-record copies.
    s = cuda.shared.array(8, particle)
    i = cuda.threadIdx.x
    s[i] = p[(i + 1) % p.shape[0]]
    cuda.syncthreads()
    p[i] = s[i]


@cuda.jit
def one_record(r, out):
    # r is a 0-d record: passed by reference, so writes reach the file.
    out[0] = r.a + r.d[4]
    r.b = 7
    r.d[0] = r.d[1] + r.d[2]


@cuda.jit
def unaligned(q, out):
    i = cuda.grid(1)
    if i < q.shape[0]:
        out[i] = q[i].x * q[i].t
        q[i].x = -q[i].x


# Module-level arrays of records, frozen into the kernel as Numba freezes
# them (constant memory on a GPU): a list of tuples, the dtype spelled in
# place, with align=True (padding inside), and np.zeros.
TABLE = np.array([(1.5, 2), (-3.0, 40)], dtype=[('x', float), ('y', int)])
PADDED = np.array([(1, 0xDEADBEEF, (7, 8)), (4, 0xBEEFDEAD, (9, 10))],
                  dtype=np.dtype([('a', np.uint8), ('y', np.uint32), ('z', np.int16, 2)],
                                 align=True))
ZEROS = np.zeros(2, dtype=particle)


@cuda.jit
def lookup(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        t = cuda.const.array_like(TABLE)
        out[i] = t[i].x * t[i]['y'] + PADDED[i].y + PADDED[i].z[1] + ZEROS[i].b + len(ZEROS)
