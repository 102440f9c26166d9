# A module-level NumPy array pykc would freeze into the kernel but may not:
# more elements than it freezes (2**20), or more than int64 can count; the
# note says how many. The element count is checked before it is converted
# (the kernel fuzzer found np.arange(2**63 - 1) overflowing the conversion,
# undefined behaviour), and a shape's product before it overflows.
# RUN: not %pykc %s --sig 'k(int64[:])' -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=runtime
import numpy as np
from numba import cuda

HUGE = np.arange(9223372036854775807)
BIG = np.arange(2 ** 21)
SQUARE = np.zeros((4096, 4096), dtype=np.float32)
POINTS = np.linspace(0, 1, 2000000)
VAST = np.ones((2**40, 2**40))
FITS = np.arange(2 ** 20)


@cuda.jit
def k(out):
    out[0] = HUGE[0] + BIG[1]
    out[1] = SQUARE[0, 0] + POINTS[1] + VAST[0, 0] + FITS[2]

# CHECK: {{^}}{{.*}}fail_module_array_size.py:20:14: error: name 'HUGE' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    out[0] = HUGE[0] + BIG[1]{{$}}
# CHECK-NEXT: {{^}}             ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_array_size.py:10:1: note: 'HUGE' is defined here as an array too large to freeze into a kernel: about 9.22e+18 elements, more than the 1048576 pykc freezes [NoteUnfreezableArray]{{$}}
# CHECK-NEXT: {{^}}HUGE = np.arange(9223372036854775807){{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK: {{^}}{{.*}}fail_module_array_size.py:20:24: error: name 'BIG' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    out[0] = HUGE[0] + BIG[1]{{$}}
# CHECK-NEXT: {{^}}                       ^~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_array_size.py:11:1: note: 'BIG' is defined here as an array too large to freeze into a kernel: 2097152 elements, more than the 1048576 pykc freezes [NoteUnfreezableArray]{{$}}
# CHECK-NEXT: {{^}}BIG = np.arange(2 ** 21){{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
# CHECK: {{^}}{{.*}}fail_module_array_size.py:21:14: error: name 'SQUARE' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    out[1] = SQUARE[0, 0] + POINTS[1] + VAST[0, 0] + FITS[2]{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_array_size.py:12:1: note: 'SQUARE' is defined here as an array too large to freeze into a kernel: 16777216 elements, more than the 1048576 pykc freezes [NoteUnfreezableArray]{{$}}
# CHECK-NEXT: {{^}}SQUARE = np.zeros((4096, 4096), dtype=np.float32){{$}}
# CHECK-NEXT: {{^}}^~~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_module_array_size.py:21:29: error: name 'POINTS' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    out[1] = SQUARE[0, 0] + POINTS[1] + VAST[0, 0] + FITS[2]{{$}}
# CHECK-NEXT: {{^}}                            ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_array_size.py:13:1: note: 'POINTS' is defined here as an array too large to freeze into a kernel: 2000000 elements, more than the 1048576 pykc freezes [NoteUnfreezableArray]{{$}}
# CHECK-NEXT: {{^}}POINTS = np.linspace(0, 1, 2000000){{$}}
# CHECK-NEXT: {{^}}^~~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_module_array_size.py:21:41: error: name 'VAST' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    out[1] = SQUARE[0, 0] + POINTS[1] + VAST[0, 0] + FITS[2]{{$}}
# CHECK-NEXT: {{^}}                                        ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_array_size.py:14:1: note: 'VAST' is defined here as an array too large to freeze into a kernel: about 1.21e+24 elements, more than the 1048576 pykc freezes [NoteUnfreezableArray]{{$}}
# CHECK-NEXT: {{^}}VAST = np.ones((2**40, 2**40)){{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
