# Kernels and device functions wherever modules define them: cuda.jit
# called on a function (with and without a signature, device=True), a
# signature held in a module constant or spelt with Numba's type objects,
# a decorator alias, a @staticmethod kernel in a class body (named
# Class.name), and a function that host code compiles at run time
# (cuda.jit(sig)(fn) inside a def, as libraries cache kernels per dtype).
# RUN: %pykc %s --sig 'plain(float64[:])' --sig 'Ops.scale(float64[:], float64)' --sig '_cached(float64[:])' --emit=ir -o - 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.arange(4.0))"
# RUN: %pykc run %s Ops.scale --grid 1 --block 4 --backend cpu %t/a.npy 3.0
# RUN: %pykc run %s by_sig --grid 1 --block 4 --backend cpu %t/a.npy
# RUN: %pykc run %s typed --grid 1 --block 4 --backend cpu %t/a.npy
# RUN: %python %S/../Run/Inputs/npy.py print %t/a.npy | FileCheck %s --check-prefix=OUT
# OUT: {{^}}2.0 5.0 8.0 11.0{{$}}
from numba import cuda, float64, void

SIG = "void(float64[:])"
jit = cuda.jit


def _twice(x):
    return x * 2.0


twice = cuda.jit(device=True)(_twice)


def _add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = twice(a[i]) * 0.5 + 1.0


plain = cuda.jit(_add_one)
by_sig = cuda.jit(SIG)(_add_one)
typed = jit(void(float64[:]))(_add_one)


class Ops:
    @staticmethod
    @cuda.jit
    def scale(a, s):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = a[i] * s


def _cached(a):
    a[0] = 1.0


_kernels = {}


def launch(a):
    if a.dtype not in _kernels:
        _kernels[a.dtype] = cuda.jit("void(%s[:])" % a.dtype, fastmath=True)(_cached)
    _kernels[a.dtype][1, 1](a)

# CHECK-DAG: kernel plain(a: array(float64, 1d, A)) -> none  # symbol plain
# CHECK-DAG: kernel by_sig(a: array(float64, 1d, A)) -> none  # symbol by_sig
# CHECK-DAG: kernel typed(a: array(float64, 1d, A)) -> none  # symbol typed
# CHECK-DAG: kernel Ops.scale(a: array(float64, 1d, A), s: float64) -> none  # symbol Ops__scale
# CHECK-DAG: kernel _cached(a: array(float64, 1d, A)) -> none  # symbol _cached
# CHECK-DAG: device twice(x: float64) -> float64
