"""Names built with str(), %-formatting and f-strings of constants, then
parsed back: the way configuration strings are often assembled."""
from numba import cuda

_BLOCK = 16
_KEY = "block_" + str(_BLOCK)
BLOCK = int(_KEY.split("_")[1])
_SPEC = "%dx%d" % (_BLOCK, 4)
ROWS = int(_SPEC.split("x")[1])
_TAG = f"v{_BLOCK // 4}"
TAG = int(_TAG[1:])


@cuda.jit
def spec_fill(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = BLOCK * 100 + ROWS * 10 + TAG + i
