# A NumPy function pykc does not compile in kernels, and Numba-CUDA does not
# either (no array is made in a kernel, no array is reduced by one call), or
# that has a kernel spelling: a note says what to write instead. A
# misspelling of one is suggested, with that note; a name near none, or
# another NumPy ufunc (np.sign is no misspelt np.sin), gets neither. np.sqrt and the other ufuncs on numbers compile (not here).
# RUN: not %pykc %s --sig 'k(float32[:], float32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
import numpy as np
from numba import cuda


@cuda.jit
def k(a, x):
    s = np.sum(a)
    t = np.zeros(4)
    a[0] = np.abs(x) + np.sqrt(x)
    u = np.zeroes(4)
    a[1] = np.frobnicate(x)
    a[2] = np.sign(x)

# CHECK: {{^}}{{.*}}fail_numpy_instead.py:13:9: error: 'numpy.sum' is not supported in kernels yet [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    s = np.sum(a){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_numpy_instead.py:13:9: note: in a kernel, sum with a loop over the elements; across the threads of a launch, have each thread combine its share and combine the threads' results with cuda.atomic operations, or use a @cuda.reduce function from the host [NoteNumpyInstead]{{$}}
# CHECK-NEXT: {{^}}    s = np.sum(a){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_numpy_instead.py:14:9: error: 'numpy.zeros' is not supported in kernels yet [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    t = np.zeros(4){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_numpy_instead.py:14:9: note: in a kernel, no NumPy array can be made: use cuda.local.array(shape, dtype) for an array of each thread's own or cuda.shared.array(shape, dtype) for one the block shares (the shape a constant), or pass the array in as an argument [NoteNumpyInstead]{{$}}
# CHECK-NEXT: {{^}}    t = np.zeros(4){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_numpy_instead.py:15:12: error: 'numpy.abs' is not supported in kernels yet [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    a[0] = np.abs(x) + np.sqrt(x){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_numpy_instead.py:15:12: note: in a kernel, use the builtin abs(x) [NoteNumpyInstead]{{$}}
# CHECK-NEXT: {{^}}    a[0] = np.abs(x) + np.sqrt(x){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_numpy_instead.py:16:9: error: 'numpy.zeroes' is not supported in kernels yet; did you mean 'numpy.zeros'? [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    u = np.zeroes(4){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_numpy_instead.py:16:9: note: in a kernel, no NumPy array can be made: use cuda.local.array(shape, dtype) for an array of each thread's own or cuda.shared.array(shape, dtype) for one the block shares (the shape a constant), or pass the array in as an argument [NoteNumpyInstead]{{$}}
# CHECK-NEXT: {{^}}    u = np.zeroes(4){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_numpy_instead.py:17:12: error: 'numpy.frobnicate' is not supported in kernels yet [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    a[1] = np.frobnicate(x){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_numpy_instead.py:18:12: error: 'numpy.sign' is not supported in kernels yet [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    a[2] = np.sign(x){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~{{$}}
