# Acceptance: examples/documents/errors/my_kernel_ellipsis.py, unchanged.
# `def my_kernel(...)` is a syntax error: exactly one error, at 5:15, with the
# caret under the `...`; the tab-indented `...` body is not reported.
# RUN: not %pykc %examples/documents/errors/my_kernel_ellipsis.py -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
# RUN: not %pykc %examples/documents/errors/my_kernel_ellipsis.py --sig 'my_kernel(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:

# CHECK: {{^}}{{.*}}my_kernel_ellipsis.py:5:15: error: invalid parameter list: expected a parameter name, not '...' [InvalidParameter]{{$}}
# CHECK-NEXT: {{^}}def my_kernel(...):{{$}}
# CHECK-NEXT: {{^}}              ^~~{{$}}
# CHECK-NOT: {{.}}
