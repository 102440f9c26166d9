# Acceptance: examples/documents/reductions.py, compiled unchanged. It has no
# @cuda.jit kernel: the two @cuda.reduce functions and the @njit function are
# skipped with one warning each (never an error), and the exit status is 0.
# RUN: %pykc %examples/documents/reductions.py -o %t.ptx 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
# RUN: FileCheck %s --input-file %t.ptx --check-prefix=PTX
# RUN: %if ptxas %{ %ptxas -arch=sm_75 %t.ptx -o /dev/null %}

# CHECK: {{^}}{{.*}}reductions.py:6:5: warning: @cuda.reduce functions are not compiled yet; 'sum_reduce' is skipped [NotCompiledYet]{{$}}
# CHECK-NEXT: {{^}}def sum_reduce(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}reductions.py:15:5: warning: @njit functions are not compiled yet; 'numba_reduce' is skipped [NotCompiledYet]{{$}}
# CHECK-NEXT: {{^}}def numba_reduce(A):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}reductions.py:28:5: warning: @cuda.reduce functions are not compiled yet; 'cuda_reduce' is skipped [NotCompiledYet]{{$}}
# CHECK-NEXT: {{^}}def cuda_reduce(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}

# PTX: .target sm_75
# PTX-NOT: .entry
