"""Writes kernels that call one function from N places (for
repeated_calls.test): math.exp 63 and 64 times, math.fabs 64 times, and a
device function of the user's (about 50 instructions) 63 and 64 times."""
KERNELS = (("exp_63", "math.exp", 63), ("exp_64", "math.exp", 64),
           ("fabs_64", "math.fabs", 64), ("device_63", "poly_step", 63),
           ("device_64", "poly_step", 64))

print("""from numba import cuda
import math


@cuda.jit(device=True)
def poly_step(x):
    t = (x - 0.25) / 0.5
    s = 0.0
    for k in range(8):
        s = s * t + k
    if t < 0.0:
        t = 0.0
    elif t > 1.0:
        t = 1.0
    return t * t * (3.0 - 2.0 * t) + s * 1e-9""")
for name, callee, sites in KERNELS:
    print("\n\n@cuda.jit('void(float64[:])')\ndef %s(a):\n    v = a[0]" % name)
    for _ in range(sites):
        print("    v = %s(v)" % callee)
    print("    a[0] = v")
