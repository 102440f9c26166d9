# A dtype with a field a kernel cannot hold (a string) is host data; using
# it says why, at its definition.
# RUN: not %pykc %s --sig 'k(int32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import numpy as np
from numba import cuda

names = np.dtype([('name', 'U10'), ('age', np.int32)])


@cuda.jit
def k(a):
    r = cuda.local.array(1, names)
    a[0] = r[0].age

# CHECK: {{^}}{{.*}}fail_record_dtype_string.py:12:29: error: name 'names' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    r = cuda.local.array(1, names){{$}}
# CHECK-NEXT: {{^}}                            ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_record_dtype_string.py:7:1: note: 'names' is defined here as a dtype pykc cannot use in a kernel: 'U10' is not a dtype a kernel can hold (bool, int8..uint64, float16..float64, complex64, complex128 or a record) [NoteUnusableDtype]{{$}}
# CHECK-NEXT: {{^}}names = np.dtype([('name', 'U10'), ('age', np.int32)]){{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
