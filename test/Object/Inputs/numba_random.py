"""What Numba gives for record_host.cpp's random part, printed as it prints:
the states of create_xoroshiro128p_states(4, seed=1, subsequence_start=2)
and three xoroshiro128p_uniform_float32 draws per state (Numba's simulator,
which runs numba/cuda/random.py's own functions)."""
import os
import sys

os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
import numpy as np  # noqa: E402
from numba import cuda  # noqa: E402
from numba.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float32  # noqa: E402


@cuda.jit
def draw(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        for k in range(out.shape[1]):
            out[i, k] = xoroshiro128p_uniform_float32(states, i)


states = create_xoroshiro128p_states(4, seed=1, subsequence_start=2)
for s in states.copy_to_host():
    print("state %d %d" % (int(s["s0"]), int(s["s1"])))
out = np.zeros((4, 3), np.float32)
draw[1, 4](states, out)
for d in out.reshape(-1):
    print("draw %.9g" % float(d))
sys.stdout.flush()
