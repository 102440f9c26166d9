# A module-level NumPy array pykc would freeze into the kernel but may not:
# more elements than it freezes (2**20), or more than int64 can count. The
# element count is checked before it is converted (the kernel fuzzer found
# np.arange(2**63 - 1) overflowing the conversion, undefined behaviour).
# RUN: not %pykc %s --sig 'k(int64[:])' -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=runtime
import numpy as np
from numba import cuda

HUGE = np.arange(9223372036854775807)
BIG = np.arange(2 ** 21)


@cuda.jit
def k(out):
    out[0] = HUGE[0] + BIG[1]

# CHECK: {{^}}{{.*}}fail_module_array_size.py:15:14: error: name 'HUGE' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK: {{^}}{{.*}}fail_module_array_size.py:9:1: note: 'HUGE' is defined here [NoteDefinedHere]{{$}}
# CHECK: {{^}}{{.*}}fail_module_array_size.py:15:24: error: name 'BIG' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK: {{^}}{{.*}}fail_module_array_size.py:10:1: note: 'BIG' is defined here [NoteDefinedHere]{{$}}
