# %% [markdown]
# # The documents' kernels from Python, compiled ahead of time
#
# Documents 000 and 001 run their kernels with Numba, which compiles each one
# on its first call ("always run a blank run first") and needs a matching
# Python and LLVM. Here the same kernels (examples/documents/*.py, unchanged)
# are compiled once by pykc into shared libraries, and this script, which
# runs as it is or cell by cell (`# %%`) in Jupyter or VS Code, loads them
# with the pure-Python `pykc` package: no Numba, no compilation at run time.
#
#     PYTHONPATH=python /usr/bin/python3 examples/python/documents_notebook.py [N]
#
# (or PYTHONPATH=<prefix>/share/pykc/python after `cmake --install`). The
# libraries are built into a temporary folder with $PYKC (default
# build/bin/pykc) unless PYKC_LIBS names a folder that holds them. The
# runtime runs them on the first GPU, else on the CPU backend.

# %%
import os
import subprocess
import sys
import tempfile
import timeit

import numpy as np

import pykc

HERE = os.path.dirname(os.path.abspath(__file__))
DOCS = os.path.join(HERE, "..", "documents")
N = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
LIBS = os.environ.get("PYKC_LIBS") or tempfile.mkdtemp(prefix="pykc-notebook-")


def build(stem, *sigs):
    """libSTEM.so from examples/documents/STEM.py, unless it is there."""
    lib = os.path.join(LIBS, "lib%s.so" % stem)
    if not os.path.exists(lib):
        cmd = [os.environ.get("PYKC", os.path.join(HERE, "..", "..", "build", "bin", "pykc")),
               os.path.join(DOCS, stem + ".py"), "-c", "--shared", "--no-sass", "-o", lib]
        for s in sigs:
            cmd += ["--sig", s]
        subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    return pykc.load(lib)


def timed(f, number):
    """Seconds per call, the best of 5 runs of `number` calls (%timeit -q -o's best)."""
    return min(timeit.repeat(f, number=number, repeat=5)) / number


increment = build("increment_by_one_threadidx", "increment_by_one(float32[:])")
reductions = build("reductions", "sum_reduce(float32)", "cuda_reduce(float32)",
                   "numba_reduce(float32[:])")
print("device:", "GPU" if increment.on_gpu else "CPU backend")

# %% [markdown]
# ## 000: increment_by_one, with no blank run
# Host arrays are copied to the device and back around each launch, as
# Numba does; `pykc.to_device` keeps one on the device.

# %%
an_array = np.ones(10000, dtype=np.float32)
threadsperblock = 512
blockspergrid = (an_array.size + (threadsperblock - 1)) // threadsperblock
increment.increment_by_one[blockspergrid, threadsperblock](an_array)
print(an_array[:5], an_array.min() == an_array.max() == 2.0)

d_array = pykc.to_device(an_array)
t = timed(lambda: increment.increment_by_one[blockspergrid, threadsperblock](d_array), 10)
print("increment_by_one on a device array: %.1f us per launch" % (t * 1e6))
print(d_array.copy_to_host()[:5])

# %% [markdown]
# ## 001: sum_reduce, numba_reduce
# The "blank run" of the document now returns at once.

# %%
A = np.arange(1, 10).astype(np.float32)
print(reductions.sum_reduce(A))

A = np.random.default_rng(0).normal(loc=0, scale=10, size=N).astype(np.float32)
t1 = timed(lambda: A.sum(), 10)
t2 = timed(lambda: reductions.sum_reduce(A), 10)
t3 = timed(lambda: reductions.numba_reduce(A), 10)
print("numpy sum %.1f us, sum_reduce %.1f us, numba_reduce %.1f us on %d values"
      % (t1 * 1e6, t2 * 1e6, t3 * 1e6, N))
# float32 sums in different orders differ in their last bits.
print("sum_reduce agrees with numpy:", bool(np.isclose(reductions.sum_reduce(A), A.sum(),
                                                      rtol=1e-4, atol=1e-2)))
print("numba_reduce agrees with numpy:", bool(np.isclose(reductions.numba_reduce(A),
                                                         np.abs(A.astype(np.float64)).sum())))
