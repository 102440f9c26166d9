"""Makes and checks .npy files for the execution tests (test/Run).

  npy.py fill FILE DTYPE SHAPE VALUE [--fortran]
      VALUE: a number, 'arange', or 'random:SEED:LO:HI' (uniform; integers
      for integer dtypes).
  npy.py print FILE            the values, one row per line
  npy.py print-records FILE... each element of each file on its own line,
      a record as a tuple of its fields (subarrays as lists)
  npy.py check-all FILE VALUE  every element equals VALUE
  npy.py check-same FILE OTHER          same dtype, shape and values
  npy.py raw FILE HEADER DATA_BYTES [VERSION]
      a .npy file with HEADER as its dict text, padded with spaces and a
      newline as NumPy pads it (VERSION 1.0 by default; '2.0', '3.0', or any
      'M.m'), then DATA_BYTES zero bytes: for headers NumPy never writes.
  npy.py stream FILE FIFO      in the background (this returns at once),
      FILE's bytes, then zeros without end, into FIFO: a stand-in for
      /dev/zero after a header. The writer stops when the reader goes, or
      after a minute.
Exit status 1 with a message on the first mismatch.
"""
import os
import signal
import struct
import sys

np = None  # NumPy, imported by main() for the commands that need it



def fill(path, dtype, shape, value, fortran):
    shape = tuple(int(s) for s in shape.split(","))
    if value == "arange":
        a = np.arange(int(np.prod(shape))).reshape(shape).astype(dtype)
    elif value.startswith("random:"):
        _, seed, lo, hi = value.split(":")
        rng = np.random.RandomState(int(seed))
        if np.issubdtype(np.dtype(dtype), np.integer):
            a = rng.randint(int(lo), int(hi), size=shape).astype(dtype)
        else:
            a = rng.uniform(float(lo), float(hi), size=shape).astype(dtype)
    else:
        a = np.full(shape, float(value) if "." in value else int(value), dtype=dtype)
    np.save(path, np.asfortranarray(a) if fortran else np.ascontiguousarray(a))


def raw(path, header, data_bytes, version):
    major, minor = (int(v) for v in version.split("."))
    text = header.encode("latin1")
    prefix = 12 if major >= 2 else 10
    text += b" " * (63 - (prefix + len(text)) % 64) + b"\n"
    length = struct.pack("<I" if major >= 2 else "<H", len(text))
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY" + bytes([major, minor]) + length + text + bytes(data_bytes))


def stream(path, fifo):
    data = open(path, "rb").read()
    if os.fork() != 0:
        return
    # The writer: detached from lit's pipes, so lit does not wait for it.
    os.setsid()
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    signal.alarm(60)
    try:
        with open(fifo, "wb") as out:
            out.write(data)
            zeros = bytes(1 << 16)
            while True:
                out.write(zeros)
    except OSError:
        pass
    os._exit(0)


def fail(message):
    print("npy.py: " + message)
    sys.exit(1)


def main(argv):
    global np
    cmd = argv[1]
    # These two write bytes NumPy never would, and start faster without it.
    if cmd == "raw":
        raw(argv[2], argv[3], int(argv[4]), argv[5] if len(argv) > 5 else "1.0")
        return
    if cmd == "stream":
        stream(argv[2], argv[3])
        return
    import numpy as np
    if cmd == "fill":
        fill(argv[2], argv[3], argv[4], argv[5], "--fortran" in argv)
    elif cmd == "print":
        a = np.load(argv[2])
        print(a.dtype, a.shape, "F" if a.flags.f_contiguous and a.ndim > 1 else "C")
        for row in np.atleast_2d(a) if a.ndim <= 2 else a.reshape(-1, a.shape[-1]):
            print(" ".join(repr(x.item()) for x in row))
    elif cmd == "print-records":
        def plain(x):
            return x.tolist() if hasattr(x, "tolist") else x
        for path in argv[2:]:
            for x in np.load(path).reshape(-1):
                v = x.item()
                print(tuple(plain(f) for f in v) if isinstance(v, tuple) else repr(v))
    elif cmd == "check-all":
        a = np.load(argv[2])
        want = float(argv[3])
        bad = np.argwhere(a != want)
        if len(bad):
            fail(f"{len(bad)} of {a.size} elements differ from {want}; first at "
                 f"{tuple(bad[0])}: {a[tuple(bad[0])]}")
        print(f"all {a.size} elements are {argv[3]}")
    elif cmd == "check-same":
        a, b = np.load(argv[2]), np.load(argv[3])
        if a.dtype != b.dtype or a.shape != b.shape or not np.array_equal(a, b):
            fail(f"{argv[2]} and {argv[3]} differ")
        print("same")
    else:
        fail("unknown command " + cmd)


if __name__ == "__main__":
    main(sys.argv)
