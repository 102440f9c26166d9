"""Config as in many packages: a dict of defaults, version gates and a
try-import of an optional accelerator."""
import sys

import numba
from packaging.version import Version

_DEFAULTS = {"WINDOW": 3, "DTYPE": "float64", "DDOF": 0, "EXCL_ZONE_DENOM": 4}

WINDOW = _DEFAULTS["WINDOW"]
DTYPE_NAME = _DEFAULTS.get("DTYPE", "float32")
DDOF = _DEFAULTS["DDOF"]
EXCL_ZONE_DENOM = _DEFAULTS.get("EXCL_ZONE_DENOM")

if Version(numba.__version__) >= Version("0.54"):
    FASTMATH = {"nsz", "contract"}
else:
    FASTMATH = True

if sys.version_info >= (3, 7):
    STD_EPS = 1e-12
else:
    STD_EPS = 1e-6

try:
    import not_a_real_module_xyz  # noqa: F401
    ACCEL = True
except ImportError:
    ACCEL = False
