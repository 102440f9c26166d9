# Values the run decides (the command line, the environment, random
# numbers) and names bound under a condition pykc cannot decide: a kernel
# that uses one gets an error naming the variable, a note saying why, and
# the fix (-D NAME=VALUE).
# RUN: not %pykc %s --sig 'k(float64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=note:
import os
import sys
from numba import cuda

N = int(sys.argv[1])
MODE = os.environ.get("MODE", "fast")
if MODE == "fast":
    FACTOR = 2.0
else:
    FACTOR = 3.0
if sys.version_info < (3, 0):
    OLD = 1.0


@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < N:
        a[i] *= FACTOR + OLD

# CHECK: {{^}}{{.*}}fail_module_run_values.py:23:12: error: name 'N' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    if i < N:{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_run_values.py:10:1: note: 'N' is assigned a value that reads the command line (sys.argv); pass -D N=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}N = int(sys.argv[1]){{$}}
# CHECK-NEXT: {{^}}^{{$}}
# CHECK: {{^}}{{.*}}fail_module_run_values.py:24:17: error: name 'FACTOR' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK: {{^}}{{.*}}fail_module_run_values.py:15:5: note: 'FACTOR' is bound under a condition pykc cannot decide at compile time ('MODE == "fast"' on line 12, which reads the environment (os.environ)); pass -D FACTOR=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK: {{^}}{{.*}}fail_module_run_values.py:24:26: error: name 'OLD' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK: {{^}}{{.*}}fail_module_run_values.py:17:5: note: 'OLD' is bound only when 'sys.version_info < (3, 0)' on line 16 is true, and it is not; pass -D OLD=VALUE to compile with a value for it [NoteHostValue]{{$}}
