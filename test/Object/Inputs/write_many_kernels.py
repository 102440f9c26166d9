"""Writes a file of N kernels (argv[1]) to argv[2], for -c's GPU groups
(codegen/GpuGroups.h): four kinds in turn, which between them use a device
function shared across groups, libdevice (math.sin), shared memory with a
barrier, and a module-level constant array. argv[3], when given, is added
to kernel 5's constant, so that a test can change one kernel."""
import sys

count, path = int(sys.argv[1]), sys.argv[2]
bump = sys.argv[3] if len(sys.argv) > 3 else "0"
out = ["import math", "import numpy as np", "from numba import cuda, float32", "",
       "TABLE = np.array([1.0, 2.0, 4.0, 8.0], dtype=np.float32)", "", "",
       "@cuda.jit(device=True)", "def shared_step(v, k):", "    return v * k + float32(1.0)", ""]
for i in range(count):
    constant = f"{i}.5 + {bump}" if i == 5 else f"{i}.5"
    out += ["", f'@cuda.jit("void(float32[:], float32[:])")', f"def kernel_{i}(out, x):",
            "    i = cuda.grid(1)"]
    kind = i % 4
    if kind == 0:
        out += ["    if i < out.size:", f"        out[i] = x[i] * float32({constant})"]
    elif kind == 1:
        out += ["    if i < out.size:", f"        out[i] = shared_step(x[i], float32({constant}))"]
    elif kind == 2:
        out += ["    if i < out.size:", f"        out[i] = math.sin(x[i]) + float32({constant})"]
    else:
        out += ["    tile = cuda.shared.array(64, float32)", "    t = cuda.threadIdx.x",
                "    tile[t] = x[i] if i < x.size else float32(0)", "    cuda.syncthreads()",
                "    table = cuda.const.array_like(TABLE)",
                "    if i < out.size:",
                f"        out[i] = tile[63 - t] * table[t % 4] + float32({constant})"]
    out.append("")
with open(path, "w") as f:
    f.write("\n".join(out))
