"""numba-cuda on the unchanged Python files of bench/gpu/codegen_bench.cpp.

The same kernels, sizes, launch configurations and input data as the C++
harness, launched by numba-cuda's dispatcher and timed the same way (events
around Reps launches on the default stream, median of the samples). Prints
CSV rows with the output's checksum, which bench/gpu/report.py compares
with pykc's and nvcc's. With --matmul, times the documents' naive and tiled
matmuls for n = 256 .. 4096 instead.

Run on a GPU machine with numba-cuda: python3 numba_bench.py [--matmul]
"""
import importlib.util
import math
import os
import sys
import warnings

import numpy as np

# numba-cuda 0.30 still registers np.row_stack, which NumPy 2.4 removed;
# give it the alias back so it imports (nothing here calls it).
if not hasattr(np, "row_stack"):
    np.row_stack = np.vstack

from numba import cuda  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DOCS = os.path.join(ROOT, "examples", "documents")
KERNELS = os.path.join(HERE, "kernels")

N1 = 1 << 26
N2 = 8192
NM = 2048


def load(path):
    name = "bench_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def values(n, salt):
    """codegen_bench.cpp's value(): multiples of 1/256 in [-2, 2)."""
    i = np.arange(n, dtype=np.uint32)
    h = i * np.uint32(2654435761) + np.uint32(salt * 40503)
    return ((h >> np.uint32(8)) % np.uint32(1024)).astype(np.float32) / np.float32(256) - np.float32(2)


def checksum(a):
    """codegen_bench.cpp's checksum(): sum of v_i (1 + i mod 7) in double,
    summed exactly (fsum) in the order-free way the data allows."""
    flat = a.ravel().astype(np.float64)
    w = 1 + np.arange(flat.size) % 7
    return math.fsum((flat * w).tolist())


def timed(launch, reps):
    start, end = cuda.event(), cuda.event()
    start.record()
    for _ in range(reps):
        launch()
    end.record()
    end.synchronize()
    return cuda.event_elapsed_time(start, end) / reps


def measure(launch, rounds):
    launch()
    cuda.synchronize()
    first = timed(launch, 1)
    reps = min(200, max(1, math.ceil(2.0 / max(first, 1e-3))))
    samples = sorted(timed(launch, reps) for _ in range(rounds))
    return samples[len(samples) // 2], reps


def cases():
    inc1 = load(os.path.join(DOCS, "increment_by_one_threadidx.py"))
    grid = load(os.path.join(DOCS, "increment_grid.py"))
    copy = load(os.path.join(DOCS, "copy_kernels.py"))
    mm = load(os.path.join(DOCS, "matmul.py"))
    fast = load(os.path.join(DOCS, "fast_matmul.py"))
    saxpy = load(os.path.join(KERNELS, "saxpy.py"))
    stencil = load(os.path.join(KERNELS, "stencil.py"))
    transpose = load(os.path.join(KERNELS, "transpose.py"))
    histogram = load(os.path.join(KERNELS, "histogram.py"))
    g1, b1 = N1 // 256, 256
    g2, b2 = (N2 // 16, N2 // 16), (16, 16)
    gm = (NM // 16, NM // 16)

    ha = values(N1, 1)
    a1 = cuda.to_device(ha)
    reset_a1 = lambda: a1.copy_to_device(ha)
    yield ("increment_by_one", "increment_by_one_threadidx.py", reset_a1,
           lambda: inc1.increment_by_one[g1, b1](a1), a1)
    yield ("increment_by_one", "increment_grid.py", reset_a1,
           lambda: grid.increment_by_one[g1, b1](a1), a1)

    h2 = values(N2 * N2, 2).reshape(N2, N2)
    a2 = cuda.to_device(h2)
    yield ("increment_a_2D_array", "increment_grid.py", lambda: a2.copy_to_device(h2),
           lambda: grid.increment_a_2D_array[g2, b2](a2), a2)

    hi = (np.arange(N1, dtype=np.int64) % 100003) - 50000
    in64 = cuda.to_device(hi)
    out64 = cuda.device_array(N1, dtype=np.float64)
    z64 = np.zeros(N1, np.float64)
    yield ("foo", "copy_kernels.py", lambda: out64.copy_to_device(z64),
           lambda: copy.foo[g1, b1](in64, out64), out64)

    ma = cuda.to_device(values(NM * NM, 4).reshape(NM, NM))
    mb = cuda.to_device(values(NM * NM, 5).reshape(NM, NM))
    mc = cuda.device_array((NM, NM), dtype=np.float32)
    zm = np.zeros((NM, NM), np.float32)
    reset_c = lambda: mc.copy_to_device(zm)
    for name, mod in (("cuda_matmul", mm), ("cuda_matmul1", mm),
                      ("cuda_fast_matmul", mm), ("fast_matmul", fast)):
        kernel = getattr(mod, name)
        yield (name, os.path.basename(mod.__file__), reset_c,
               lambda k=kernel: k[gm, b2](ma, mb, mc), mc)

    x = cuda.to_device(values(N1, 6))
    y = cuda.to_device(values(N1, 7))
    sout = cuda.device_array(N1, dtype=np.float32)
    z1 = np.zeros(N1, np.float32)
    alpha = np.float32(2.5)
    yield ("saxpy", "saxpy.py", lambda: sout.copy_to_device(z1),
           lambda: saxpy.saxpy[g1, b1](alpha, x, y, sout), sout)

    u = cuda.to_device(values(N2 * N2, 8).reshape(N2, N2))
    v = cuda.device_array((N2, N2), dtype=np.float32)
    z2 = np.zeros((N2, N2), np.float32)
    reset_v = lambda: v.copy_to_device(z2)
    yield ("jacobi5", "stencil.py", reset_v, lambda: stencil.jacobi5[g2, b2](u, v), v)
    yield ("transpose", "transpose.py", reset_v,
           lambda: transpose.transpose[(N2 // 32, N2 // 32), (32, 8)](u, v), v)

    i = np.arange(N1, dtype=np.uint32)
    hbytes = ((i * np.uint32(2654435761)) >> np.uint32(24)).astype(np.uint8)
    data = cuda.to_device(hbytes)
    bins = cuda.device_array(256, dtype=np.int32)
    zb = np.zeros(256, np.int32)
    yield ("histogram", "histogram.py", lambda: bins.copy_to_device(zb),
           lambda: histogram.histogram[g1, b1](data, bins), bins)


def codegen(rounds):
    print("kernel,file,numba_ms,reps,numba_checksum")
    for name, file, reset, launch, out in cases():
        reset()
        launch()
        cuda.synchronize()
        total = checksum(out.copy_to_host())
        ms, reps = measure(launch, rounds)
        print("%s,%s,%.5f,%d,%.17g" % (name, file, ms, reps, total))
        sys.stdout.flush()


def matmul(max_n):
    mm = load(os.path.join(DOCS, "matmul.py"))
    fast = load(os.path.join(DOCS, "fast_matmul.py"))
    print("n,numba_naive_ms,numba_tiled_ms")
    n = 256
    while n <= max_n:
        a = cuda.to_device(values(n * n, 4).reshape(n, n))
        b = cuda.to_device(values(n * n, 5).reshape(n, n))
        c = cuda.device_array((n, n), dtype=np.float32)
        grid, block = (n // 16, n // 16), (16, 16)
        rounds = 3 if n >= 4096 else 7
        naive, _ = measure(lambda: mm.cuda_matmul[grid, block](a, b, c), rounds)
        tiled, _ = measure(lambda: fast.fast_matmul[grid, block](a, b, c), rounds)
        print("%d,%.4f,%.4f" % (n, naive, tiled))
        sys.stdout.flush()
        n *= 2


if __name__ == "__main__":
    warnings.simplefilter("ignore")
    if "--matmul" in sys.argv:
        matmul(int(os.environ.get("PYKC_BENCH_MAX_N", "4096")))
    else:
        codegen(int(os.environ.get("PYKC_BENCH_ROUNDS", "15")))
