# try/except is not supported in a kernel; the caret is on the statement.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    try:
        a[0] = 1
    except Exception:
        a[0] = 2

# CHECK: {{^}}{{.*}}fail_try.py:8:5: error: a 'try' statement is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    try:{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
