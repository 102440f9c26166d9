# A module global computed by host code (np.random.rand) cannot be used in a
# kernel; a note points at its definition, says why pykc cannot know it and
# how to give it a value (-D).
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import numpy as np
from numba import cuda

x = np.random.rand(3)


@cuda.jit
def k(a):
    a[0] = x[0]

# CHECK: {{^}}{{.*}}fail_host_only_name.py:13:12: error: name 'x' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    a[0] = x[0]{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_host_only_name.py:8:1: note: 'x' is assigned a value that draws random numbers; pass -D x=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}x = np.random.rand(3){{$}}
# CHECK-NEXT: {{^}}^{{$}}
