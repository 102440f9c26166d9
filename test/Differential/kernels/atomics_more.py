# The rest of cuda.atomic: and_/or_/xor (bit masks built from many threads),
# exch, inc/dec (wrapping counters), nanmax/nanmin (NaN as a missing value)
# and compare_and_swap (a lock-free "first thread wins"). Only results that
# do not depend on the order of the threads are stored.
import math

from numba import cuda


@cuda.jit
def bits(data, masks):
    # masks[0] |= bit, masks[1] &= ~bit, masks[2] ^= bit for every thread's
    # bit: or and and end the same in any order; xor toggles an even or odd
    # number of times.
    i = cuda.grid(1)
    if i < data.size:
        bit = 1 << (data[i] % 60)
        cuda.atomic.or_(masks, 0, bit)
        cuda.atomic.and_(masks, 1, ~bit)
        cuda.atomic.xor(masks, 2, bit)


@cuda.jit
def counters(n, ring, down):
    # inc wraps at 7: after n increments the counter is n % 8; dec from 5
    # wraps to 5 past 0: after n decrements it is (5 - n) % 6.
    i = cuda.grid(1)
    if i < n[0]:
        cuda.atomic.inc(ring, 0, 7)
        cuda.atomic.dec(down, 0, 5)


@cuda.jit
def nan_extremes(data, hi, lo, hi_int, lo_int):
    # Float elements start as NaN: the first value replaces it, then the
    # largest (smallest) wins; every fifth value is a NaN, which is skipped.
    i = cuda.grid(1)
    if i < data.size:
        v = data[i]
        if i % 5 == 0:
            v = math.nan
        cuda.atomic.nanmax(hi, i % hi.size, v)
        cuda.atomic.nanmin(lo, i % lo.size, v)
        cuda.atomic.nanmax(hi_int, i % hi_int.size, int(data[i] * 10))
        cuda.atomic.nanmin(lo_int, i % lo_int.size, int(data[i] * 10))


@cuda.jit
def first_wins(slot, claimed, swapped):
    # slot[0] starts at -1 and every thread tries to swap 42 in: exactly one
    # sees -1. exch leaves 7 whoever is last.
    i = cuda.grid(1)
    old = cuda.atomic.compare_and_swap(slot, -1, 42)
    if old == -1:
        cuda.atomic.add(claimed, 0, 1)
    cuda.atomic.exch(swapped, i % swapped.size, 7)
