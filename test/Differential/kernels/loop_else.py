# `else:` on for and while loops: the block runs when the loop ends without
# a break of its own (a break in a nested loop, or in the block itself, is
# another loop's).
from numba import cuda


@cuda.jit(device=True)
def first_above(a, row, limit):
    # Returns from inside the loop or from the else block: no fall-through.
    for k in range(a.shape[1]):
        if a[row, k] > limit:
            return k
    else:
        return -1


@cuda.jit
def for_else(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        found = -1.0
        for k in range(a.shape[1]):
            if a[i, k] > 0.8:
                found = k
                break
        else:
            found = 100.0
        out[i, 0] = found
        # Over an array, with a nested loop whose breaks are its own.
        count = 0
        for v in a[i]:
            for j in range(3):
                if j == 1:
                    break
                count += 1
            if v < -0.9:
                break
        else:
            count += 1000
        out[i, 1] = count
        out[i, 2] = first_above(a, i, 0.5)


@cuda.jit
def while_else(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        k = 0
        total = 0.0
        while k < a.shape[1]:
            total += a[i, k]
            if total > 1.5:
                break
            k += 1
        else:
            total = -total
        out[i, 0] = total
        # The else block's break leaves the outer loop.
        rounds = 0
        for r in range(4):
            n = 0
            while n < r:
                n += 1
            else:
                if a[i, r] > 0.9:
                    break
            rounds += 1
        out[i, 1] = rounds
        # A loop without a break of its own always runs its else block;
        # a name bound only there is defined after it.
        for r in range(2):
            if r > 5:
                continue
        else:
            last = r * 10.0
        out[i, 2] = last
