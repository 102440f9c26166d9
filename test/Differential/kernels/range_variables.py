# Ranges held in locals: made once (their arguments evaluated then), looped
# over, measured with len() and read through .start, .stop and .step, as
# Numba's range objects are.
from numba import cuda


@cuda.jit
def range_parts(out, n):
    i = cuda.grid(1)
    if i < out.shape[0]:
        # Thread-dependent bounds, both signs of step, empty ranges.
        step = (i % 5) - 2
        if step == 0:
            step = 3
        r = range(i - 6, n - i, step)
        total = 0
        for k in r:
            total += k
        out[i, 0] = total
        out[i, 1] = len(r)
        out[i, 2] = r.start * 100 + r.stop * 10 + r.step


@cuda.jit
def range_defaults(out, n):
    i = cuda.grid(1)
    if i < out.shape[0]:
        r = range(i - 3)
        s = range(2, i)
        m = n
        n = 0  # r and s keep the bounds they were made with
        count = 0
        for k in r:
            for j in s:
                count += k * j
        out[i, 0] = count + m + n
        out[i, 1] = len(r) * 10 + len(s)
        out[i, 2] = r.start + r.step * 10 + s.start * 100 + s.step * 1000 + s.stop


@cuda.jit
def range_in_branches(a, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        if a[i] > 0.5:
            r = range(0, a.shape[0], 3)
        else:
            r = range(a.shape[0] - 1, -1, -4)
        acc = 0.0
        for k in r:
            acc += a[k]
        for k in r:  # a range can be iterated again
            acc -= a[k] / 2
        out[i] = acc + len(r)


@cuda.jit("void(int32[:], int32)")
def range_int32(out, n):
    i = cuda.grid(1)
    if i < out.shape[0]:
        r = range(n)
        last = -1
        for k in r:
            last = k
        out[i] = last + len(r) + i
