# A misspelt dtype for cuda.shared.array.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import numpy as np
from numba import cuda


@cuda.jit
def k(a):
    s = cuda.shared.array(4, np.flaot32)
    a[0] = s[0]

# CHECK: {{^}}{{.*}}fail_bad_dtype.py:9:30: error: 'np.flaot32' is not a dtype [InvalidDtype]{{$}}
# CHECK-NEXT: {{^}}    s = cuda.shared.array(4, np.flaot32){{$}}
# CHECK-NEXT: {{^}}                             ^~~~~~~~~~{{$}}
