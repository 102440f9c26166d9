# The --sig guessed for a kernel without a signature counts the indices of
# cuda.atomic calls as it counts subscripts: bins is 1-d, grid 2-d.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def count(data, bins, grid):
    i = cuda.grid(1)
    cuda.atomic.add(bins, data[i], 1)
    cuda.atomic.max(grid, (0, i), 1)

# CHECK: {{^}}{{.*}}fail_missing_signature_atomic.py:8:5: warning: kernel 'count' has no signature and is not compiled [MissingSignature]{{$}}
# CHECK-NEXT: {{^}}def count(data, bins, grid):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_missing_signature_atomic.py:8:5: note: add --sig 'count(float32[:], float32[:], float32[:, :])' (any array and scalar types; this one is a guess from how the kernel uses its parameters) [NoteAddSignature]{{$}}
# CHECK-NEXT: {{^}}def count(data, bins, grid):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^}}pykc: error: no kernel in '{{.*}}fail_missing_signature_atomic.py' could be compiled [NothingToCompile]{{$}}
