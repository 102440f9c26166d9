"""Inputs and expected results for `pykc reduce` (test/Run/reduce.test, reduce_stream.test).

    reduce_check.py make DIR
        writes the arrays below into DIR
    reduce_check.py check KIND ARRAY [INIT [SIZE]]  (pykc's output on stdin)
        compares with NumPy: KIND is sum, abssum, max, min, prod, absmax, first
        (the first value: reduction_order.py) or last (init);
        every array is chosen so the exact result does not depend on the
        order of the operations (integers, and floats that are multiples of
        1/4 small enough to add exactly in float32), so the check is exact.
"""
import sys

import numpy as np

ARRAYS = {
    "i64": lambda r: r.randint(-10**12, 10**12, 777777).astype(np.int64),
    "i32": lambda r: r.randint(-1000, 1000, 300001).astype(np.int32),
    "u64": lambda r: r.randint(0, 2**40, 65537).astype(np.uint64),
    "f32": lambda r: (r.randint(-100, 101, 100003) / 4.0).astype(np.float32),
    "f64": lambda r: r.randint(-10**6, 10**6, 5000) / 8.0,
    "pos": lambda r: r.randint(0, 1000, 123457).astype(np.int64),
    "small": lambda r: r.choice([1, 1, 1, 2, 3, -1], 40).astype(np.int64),
    "one": lambda r: np.array([5], dtype=np.int32),
    "empty": lambda r: np.array([], dtype=np.float64),
}


def expected(kind, a):
    a = a.astype(np.float64) if a.dtype.kind == "f" else a.astype(object)
    if kind == "sum":
        return sum(a)
    if kind == "abssum":
        return sum(abs(x) for x in a)
    if kind == "max":
        return max(a)
    if kind == "min":
        return min(a)
    if kind == "prod":
        p = 1
        for x in a:
            p *= x
        return p
    if kind == "first":
        return a[0]
    if kind == "last":
        return None
    if kind == "absmax":
        best = a[0]
        for x in a[1:]:
            if abs(x) > abs(best):
                best = x
        return best
    raise SystemExit("unknown kind " + kind)


def main():
    if sys.argv[1] == "make":
        rng = np.random.RandomState(3)
        for name, make in ARRAYS.items():
            np.save("%s/%s.npy" % (sys.argv[2], name), make(rng))
        return 0
    kind, path = sys.argv[2], sys.argv[3]
    a = np.load(path)
    init = float(sys.argv[4]) if len(sys.argv) > 4 else 0
    if len(sys.argv) > 5:
        a = a[:int(sys.argv[5])]
    want = expected(kind, a) if len(a) else None
    if kind == "last":
        want = init
    elif kind in ("sum", "abssum"):
        want = (want if want is not None else 0) + init
    elif want is None:
        want = init
    got_text = sys.stdin.read().strip()
    got = float(got_text) if a.dtype.kind == "f" or "." in got_text else int(got_text)
    if got != want:
        print("%s of %s: got %s, want %r" % (kind, path, got_text, want))
        return 1
    print("%s of %s: %s" % (kind, path, got_text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
