# An undefined name gets the nearest name the function can see, as clang and
# rustc suggest one: a local or parameter, a module global, a builtin of the
# kernel language. A name near none of them (one edit per three characters,
# as clang) gets no suggestion.
# RUN: not %pykc %s --sig 'k(float32[:], int32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not="did you mean"
from numba import cuda

SCALE = 2.0


@cuda.jit
def k(a, count):
    total = 0.0
    for i in rnage(cuont):
        total += a[i] * SCALEE
    a[0] = totl + q + zebra

# CHECK: {{^}}{{.*}}fail_undefined_name_suggestion.py:14:14: error: name 'rnage' is not defined; did you mean 'range'? [UndefinedName]{{$}}
# CHECK-NEXT: {{^}}    for i in rnage(cuont):{{$}}
# CHECK-NEXT: {{^}}             ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_undefined_name_suggestion.py:14:20: error: name 'cuont' is not defined; did you mean 'count'? [UndefinedName]{{$}}
# CHECK-NEXT: {{^}}    for i in rnage(cuont):{{$}}
# CHECK-NEXT: {{^}}                   ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_undefined_name_suggestion.py:15:25: error: name 'SCALEE' is not defined; did you mean 'SCALE'? [UndefinedName]{{$}}
# CHECK-NEXT: {{^}}        total += a[i] * SCALEE{{$}}
# CHECK-NEXT: {{^}}                        ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_undefined_name_suggestion.py:16:12: error: name 'totl' is not defined; did you mean 'total'? [UndefinedName]{{$}}
# CHECK-NEXT: {{^}}    a[0] = totl + q + zebra{{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_undefined_name_suggestion.py:16:19: error: name 'q' is not defined [UndefinedName]{{$}}
# CHECK-NEXT: {{^}}    a[0] = totl + q + zebra{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_undefined_name_suggestion.py:16:23: error: name 'zebra' is not defined [UndefinedName]{{$}}
# CHECK-NEXT: {{^}}    a[0] = totl + q + zebra{{$}}
# CHECK-NEXT: {{^}}                      ^~~~~{{$}}
