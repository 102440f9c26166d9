# Records (NumPy structured dtypes) as Numba types them: a module-level
# np.dtype names its layout; a[i] of a record array is a reference to the
# record; fields are read and written by attribute, by name and by index;
# a nested array field is a C-order view; whole records are copied.
# RUN: %pykc %s --sig 'k(rec[:], float64[:])' --sig 'nested(rec2, int16[:, :])' --emit=ir -o - | FileCheck %s
import numpy as np
import numba
from numba import cuda

rec = np.dtype([('a', np.float64), ('b', 'i4'), ('c', np.complex64), ('d', np.uint8, 5)],
               align=True)
inner = np.dtype([('x', np.int16), ('y', np.int16)])
rec2 = numba.from_dtype(np.dtype([('p', inner), ('arr', np.int16, (3, 2))], align=True))


@cuda.jit
def k(a, out):
    i = cuda.grid(1)
    r = a[i]
    out[i] = r.a + r['b'] + r[0] + r.d[4]
    r.b += 1
    a[0] = a[1]
    r.c = 2j


@cuda.jit
def nested(r, src):
    r.p.x = r['p'].y
    r.arr = src
    t = r.p
    t.y = r.arr[2, 1]

# CHECK-LABEL: kernel k(a: array(Record(a[type=float64;offset=0],b[type=int32;offset=8],c[type=complex64;offset=12],d[type=nestedarray(uint8, (5,));offset=20];32;True), 1d, A), out: array(float64, 1d, A)) -> none
# CHECK: r: Record(a[type=float64;offset=0],{{.*}};32;True) = a[i]
# CHECK-NEXT: out[i] = (((r.a + float64(r.b)) + r.a) + float64(r.d[4]))
# CHECK-NEXT: r.b = int32((int64(r.b) + 1))
# CHECK-NEXT: a[0] = a[1]
# CHECK-NEXT: r.c = complex64(complex128(0.0, 2.0))
# CHECK-LABEL: kernel nested(r: Record(p[type=Record(x[type=int16;offset=0],y[type=int16;offset=2];4;True);offset=0],arr[type=nestedarray(int16, (3, 2));offset=4];16;True), src: array(int16, 2d, A)) -> none
# CHECK-NEXT: r.p.x = r.p.y
# CHECK-NEXT: $t0: array(int16, 2d, C) = r.arr
# CHECK-NEXT: for $t1: int64 in range(0, 3, 1):
# CHECK-NEXT:   for $t2: int64 in range(0, 2, 1):
# CHECK-NEXT:     $t0[$t1, $t2] = src[$t1, $t2]
# CHECK-NEXT: t: Record(x[type=int16;offset=0],y[type=int16;offset=2];4;True) = r.p
# CHECK-NEXT: t.y = r.arr[2, 1]
