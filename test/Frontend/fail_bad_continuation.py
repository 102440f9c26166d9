# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
total = 1 + \ 2

# CHECK: {{^}}{{.*}}fail_bad_continuation.py:2:13: error: unexpected character after line continuation character [BadLineContinuation]
# CHECK-NEXT: {{^}}total = 1 + \ 2{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
