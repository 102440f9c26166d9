# A kernel without a signature is not compiled: a warning, with a note that
# suggests a --sig guessed from how the parameters are used. When nothing
# could be compiled, that is an error (exit status 1).
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def increment(an_array, n):
    i = cuda.grid(1)
    if i < an_array.size:
        an_array[i] += n

# CHECK: {{^}}{{.*}}fail_missing_signature.py:9:5: warning: kernel 'increment' has no signature and is not compiled [MissingSignature]{{$}}
# CHECK-NEXT: {{^}}def increment(an_array, n):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_missing_signature.py:9:5: note: add --sig 'increment(float32[:], int64)' (any array and scalar types; this one is a guess from how the kernel uses its parameters) [NoteAddSignature]{{$}}
# CHECK-NEXT: {{^}}def increment(an_array, n):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}pykc: error: no kernel in '{{.*}}fail_missing_signature.py' could be compiled [NothingToCompile]{{$}}
