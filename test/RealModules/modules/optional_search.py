"""Event search on a sorted time series, written as signal libraries do:
helpers that return None when there is nothing to find, and kernels that
test for it (`is None`, `is not None`, early returns, a fallback value)."""
import math

from numba import cuda

NOT_FOUND = -1


@cuda.jit(device=True)
def bisect_left(times, t):
    lo = 0
    hi = times.size
    while lo < hi:
        mid = (lo + hi) // 2
        if times[mid] < t:
            lo = mid + 1
        else:
            hi = mid
    if lo == times.size:
        return None
    return lo


@cuda.jit(device=True)
def first_crossing(signal, start, level):
    # Falls off the end when the level is never crossed: None.
    for i in range(start, signal.size):
        if signal[i] >= level:
            return i


@cuda.jit(device=True)
def safe_ratio(a, b):
    if b == 0.0:
        return None
    return a / b


@cuda.jit
def next_event(times, queries, out):
    i = cuda.grid(1)
    if i >= queries.size:
        return
    k = bisect_left(times, queries[i])
    if k is None:
        out[i] = NOT_FOUND
        return
    out[i] = k


@cuda.jit
def crossing_delay(signal, levels, out):
    i = cuda.grid(1)
    if i < levels.size:
        hit = first_crossing(signal, i, levels[i])
        out[i] = hit - i if hit is not None else NOT_FOUND


@cuda.jit
def ratios(num, den, out):
    i = cuda.grid(1)
    if i < out.size:
        best = None
        for j in range(3):
            r = safe_ratio(num[i], den[(i + j) % den.size])
            if r is not None and (best is None or r > best):
                best = r
        if best is None:
            best = math.nan
        out[i] = best
