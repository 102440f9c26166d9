# Acceptance: examples/documents/errors/add_undefined_name.py, unchanged. The
# kernel reads `x`, which is not defined: exactly one error, at 10:31, with the
# caret under `x`, whether or not a signature is given.
# RUN: not %pykc %examples/documents/errors/add_undefined_name.py --sig 'add(float32[:], float32[:], float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
# RUN: not %pykc %examples/documents/errors/add_undefined_name.py -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:

# CHECK: {{^}}{{.*}}add_undefined_name.py:10:31: error: name 'x' is not defined [UndefinedName]{{$}}
# CHECK-NEXT: {{^}}        for i in range(start, x.shape[0], stride):{{$}}
# CHECK-NEXT: {{^}}                              ^{{$}}
# CHECK-NOT: {{.}}
