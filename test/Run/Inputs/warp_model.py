"""What CUDA's warp and block intrinsics give, for test/Run/warp_intrinsics.

Numba's simulator has no shuffles or votes, so this models PTX's definitions
(shfl.sync with width 32, vote.sync, bar.red) directly. A block's threads
form warps of 32 consecutive lanes; a block whose size is not a multiple of
32 ends with a partial warp, whose missing lanes pykc's CPU backend treats as
sources that do not exist (the reader keeps its own value).

    warp_model.py make KERNEL N DIR      writes DIR/a.npy and DIR/out.npy
    warp_model.py check KERNEL BLOCK DIR compares DIR/out.npy with the model
"""
import sys

import numpy as np

COLUMNS = {"shuffles": 4, "votes": 9, "bits": 6, "matches": 6}


def inputs(kernel, n):
    rng = np.random.RandomState(7)
    if kernel == "shuffles":
        return rng.uniform(-10, 10, n)
    if kernel == "warp_sum":
        return rng.randint(-1000, 1000, n).astype(np.int32)
    if kernel == "matches":
        # Few distinct values; the first warp holds one value throughout.
        a = rng.randint(0, 3, n).astype(np.int64)
        a[:32] = 5
        return a
    if kernel == "votes":
        # Every warp of the first block votes true everywhere, the next
        # false everywhere, the rest at random.
        a = rng.uniform(-1, 1, n).astype(np.float32)
        a[:32] = 1
        a[32:64] = -1
        return a
    x = rng.randint(-2**31, 2**31, n).astype(np.int64)
    x[:4] = [0, -1, 1, -2**31]
    return x.astype(np.int32)


def warps(n, block):
    """(first index, lanes) of every warp of every block."""
    for base in range(0, n, block):
        for first in range(base, base + block, 32):
            yield first, min(32, base + block - first)


def model(kernel, a, block):
    n = len(a)
    if kernel == "warp_sum":
        return np.array([a[f:f + 32].astype(np.int64).sum() for f in range(0, n, 32)],
                        dtype=np.int32)
    out = np.zeros((n, COLUMNS[kernel]), dtype=np.float64 if kernel == "shuffles" else np.int64)
    if kernel == "bits":
        for i, x in enumerate(int(v) for v in a):
            u = x & 0xffffffff
            out[i] = [bin(u).count("1"), 32 - u.bit_length(),
                      (u & -u).bit_length(), int(format(u, "032b")[::-1], 2),
                      bin((x * 3) & (2**64 - 1)).count("1"),
                      64 - (x & (2**64 - 1)).bit_length()]
        return out
    def int32(x):
        return x - 2**32 if x >= 2**31 else x

    for first, lanes in warps(n, block):
        for lane in range(lanes):
            i = first + lane
            if kernel == "matches":
                # match.any.sync / match.all.sync over the whole warp, and
                # over its low 16 lanes.
                w = a[first:first + lanes]
                same = int32(sum(1 << k for k in range(lanes) if w[k] == a[i]))
                low = int32(sum(1 << k for k in range(16) if w[k] == a[i]))
                every = bool((w == w[0]).all())
                mask = int32(0xffffffff) if every else 0
                out[i] = [same, same, mask, every, mask + every, low if lane < 16 else -1]
                continue
            if kernel == "shuffles":
                def get(src):
                    return a[first + src] if src < lanes else a[i]
                out[i] = [get((lane + 3) % 32),
                          get(lane - 5) if lane >= 5 else a[i],
                          get(lane + 7) if lane + 7 <= 31 else a[i],
                          get(lane ^ 9)]
            else:
                p = a[first:first + lanes] > 0
                ballot = sum(1 << k for k in range(lanes) if p[k])
                base = i - i % block
                q = a[base:base + block] > 0
                out[i] = [p.all(), p.any(), p.all() or not p.any(),
                          ballot - 2**32 if ballot >= 2**31 else ballot,
                          (1 << lanes) - 1, (1 << lane) - 1,
                          q.sum(), q.all(), q.any()]
    return out


def main():
    command, kernel = sys.argv[1], sys.argv[2]
    if command == "make":
        n, where = int(sys.argv[3]), sys.argv[4]
        a = inputs(kernel, n)
        np.save(where + "/a.npy", a)
        shape = (n // 32,) if kernel == "warp_sum" else (n, COLUMNS[kernel])
        dtype = {"shuffles": np.float64, "warp_sum": np.int32}.get(kernel, np.int64)
        np.save(where + "/out.npy", np.zeros(shape, dtype=dtype))
        return 0
    block, where = int(sys.argv[3]), sys.argv[4]
    a = np.load(where + "/a.npy")
    got = np.load(where + "/out.npy")
    want = model(kernel, a, block)
    bad = np.argwhere(got != want)
    if len(bad):
        for idx in bad[:5]:
            idx = tuple(idx)
            print("%s at %s: got %r, want %r" % (kernel, idx, got[idx], want[idx]))
        print("%s: %d of %d values differ" % (kernel, len(bad), got.size))
        return 1
    print("%s: all %d values match the model" % (kernel, got.size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
