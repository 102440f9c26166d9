"""Paths derived from __file__, as FFI examples build link= paths; here the
kernel uses constants computed from them."""
import os

from numba import cuda

HERE = os.path.dirname(os.path.abspath(__file__))
_LIB_DIR = os.path.join(HERE, "lib")
_PTX = os.path.join(_LIB_DIR, "helpers.ptx")
MODULE_NAME = os.path.splitext(os.path.basename(__file__))[0]
NAME_LEN = len(MODULE_NAME)
IN_CORPUS = os.path.basename(HERE) == "modules"
PTX_IS_PTX = _PTX.endswith(".ptx")

if IN_CORPUS and PTX_IS_PTX:
    _TAG = 1000
else:
    _TAG = 2000


@cuda.jit
def tag_elements(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = _TAG + NAME_LEN * i
