# Acceptance: examples/documents/errors/foo_undefined_name.py, unchanged. The
# kernel reads `an_array`, which is not defined: exactly one error, at 15:12,
# underlining the name.
# RUN: not %pykc %examples/documents/errors/foo_undefined_name.py --sig 'foo(float32[:], float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
# RUN: not %pykc %examples/documents/errors/foo_undefined_name.py -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:

# CHECK: {{^}}{{.*}}foo_undefined_name.py:15:12: error: name 'an_array' is not defined [UndefinedName]{{$}}
# CHECK-NEXT: {{^}}    if i < an_array.size:  # Check array boundaries{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~{{$}}
# CHECK-NOT: {{.}}
