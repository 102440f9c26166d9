# Module-level code that decides what kernels see runs at compile time as
# far as it can be decided: if/elif/else on numba.__version__ (pykc answers
# 0.56.4), packaging's Version, LooseVersion, sys.version_info (3.11) and
# sys.platform take Python's branch; the __main__ block is skipped; try/except
# ImportError takes the body when its imports resolve, else the handler.
# RUN: %pykc %s --sig 'k(float64[:])' --emit=ir -o - 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
import sys
import numba
from numba import cuda
from packaging.version import Version
from distutils.version import LooseVersion

if Version(numba.__version__) >= Version("0.57.0rc1"):
    VERSION_BRANCH = 1.0
elif Version(numba.__version__) >= Version("0.56"):
    VERSION_BRANCH = 2.0
else:
    VERSION_BRANCH = 3.0

if LooseVersion(numba.__version__) < LooseVersion("0.56.10"):
    @cuda.jit(device=True)
    def pick(x):
        return x + 10.0
else:
    @cuda.jit(device=True)
    def pick(x):
        return x + 20.0

MINOR = int(numba.__version__.split(".")[1])
PY = 100.0 if sys.version_info >= (3, 8) and sys.version_info.major == 3 else 200.0
LINUX = 1000.0 if sys.platform.startswith("linux") else 2000.0

try:
    import cupy as cp
    HAVE_CUPY = 4.0
except ImportError:
    HAVE_CUPY = 5.0

try:
    import not_a_module_anyone_has
    FALLBACK = 6.0
except (ImportError, AttributeError):
    FALLBACK = 7.0

if __name__ == "__main__":
    VERSION_BRANCH = -1.0


@cuda.jit
def k(a):
    a[0] = pick(VERSION_BRANCH) + MINOR + PY + LINUX + HAVE_CUPY + FALLBACK

# CHECK-LABEL: kernel k(a: array(float64, 1d, A))
# CHECK-NEXT: a[0] = (((((pick__float64(2.0) + float64(56)) + 1e+02) + 1e+03) + 4.0) + 7.0)
# CHECK: device pick(x: float64) -> float64
# CHECK-NEXT: return (x + 1e+01)
