# 'b' is a scalar parameter (the signature says float32) indexed as if it
# were an array.
# RUN: not %pykc %s --sig 'k(float32[:], float32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += b[i]

# CHECK: {{^}}{{.*}}fail_not_indexable.py:11:17: error: 'float32' cannot be indexed [NotIndexable]{{$}}
# CHECK-NEXT: {{^}}        a[i] += b[i]{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
