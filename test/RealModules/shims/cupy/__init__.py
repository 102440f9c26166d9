"""A stand-in for CuPy on the simulator side of the RealModules corpus.

The corpus modules use CuPy only as kernels do under Numba: its scalar types
and constants, which are NumPy's. This shim re-exports those so that the
modules import where CuPy is not installed. pykc never sees it (it knows
`cupy` itself); run_differential.py puts shims/ on sys.path only for the
simulator.
"""

from numpy import (bool_, int8, int16, int32, int64, uint8, uint16, uint32,  # noqa: F401
                   uint64, float16, float32, float64, complex64, complex128,
                   nan, inf, pi, e, newaxis)

__version__ = "0.0-shim"
