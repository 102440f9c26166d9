"""Package-wide settings."""
import numba

EPS = 1e-9
WINDOW = 4
_OPTIONS = {"mode": "same", "gain": 2.0}
GAIN = _OPTIONS["gain"]
SAME = _OPTIONS.get("mode", "valid") == "same"

if int(numba.__version__.split(".")[1]) >= 55:
    EDGE_VALUE = 0.0
else:
    EDGE_VALUE = -1.0
