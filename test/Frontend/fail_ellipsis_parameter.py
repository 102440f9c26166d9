# A document's `def my_kernel(...)`: one diagnostic, under the `...`, and the
# tab-indented body is not reported again.
# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
from numba import cuda
@cuda.jit
def my_kernel(...):
	...

# CHECK: {{^}}{{.*}}fail_ellipsis_parameter.py:6:15: error: invalid parameter list: expected a parameter name, not '...' [InvalidParameter]
# CHECK-NEXT: {{^}}def my_kernel(...):{{$}}
# CHECK-NEXT: {{^}}              ^~~{{$}}
