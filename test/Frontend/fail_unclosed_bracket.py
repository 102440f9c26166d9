# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
# CHECK: {{^}}{{.*}}fail_unclosed_bracket.py:7:27: error: '(' was never closed [UnclosedBracket]
# CHECK-NEXT: {{^}}    sA = cuda.shared.array(shape=(16, 16), dtype=float32{{$}}
# CHECK-NEXT: {{^}}                          ^{{$}}

def kernel(A):
    sA = cuda.shared.array(shape=(16, 16), dtype=float32
    x = 1
