"""Absolute imports of the package from inside it: `import pkg.mod` and
`import pkg.mod as alias`."""
import sigkit.config
import sigkit.core.ops as kops
from numba import cuda
from sigkit import helpers


@cuda.jit
def gain_mix(a, b, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        g = sigkit.config.GAIN
        out[i] = helpers.clamp(kops.mix(a[i], b[i], 0.25) * g, -10.0, 10.0)
