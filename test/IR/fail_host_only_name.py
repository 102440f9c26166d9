# A module global computed by host code (np.random.rand) cannot be used in a kernel; a note points at its definition.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import numpy as np
from numba import cuda

x = np.random.rand(3)


@cuda.jit
def k(a):
    a[0] = x[0]

# CHECK: {{^}}{{.*}}fail_host_only_name.py:11:12: error: name 'x' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    a[0] = x[0]{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_host_only_name.py:6:1: note: 'x' is defined here [NoteDefinedHere]{{$}}
# CHECK-NEXT: {{^}}x = np.random.rand(3){{$}}
# CHECK-NEXT: {{^}}^{{$}}
