"""Every kind of cuda.jit option: ones the simulator lacks (lineinfo,
max_registers), ones it ignores (cache, opt, debug) and one no Numba
release knows (a warning in pykc)."""
from numba import cuda


@cuda.jit(lineinfo=True, max_registers=32)
def clamp01(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = min(max(x[i], 0.0), 1.0)


@cuda.jit(cache=True, opt=True, debug=False)
def count_positive(x, counter):
    i = cuda.grid(1)
    if i < x.shape[0] and x[i] > 0:
        cuda.atomic.add(counter, 0, 1)


@cuda.jit(future_scheduling_hint_xyz="aggressive")
def ramp(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = 2 * i + 1
