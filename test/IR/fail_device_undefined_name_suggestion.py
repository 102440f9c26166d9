# In a device function, the names it sees are its own parameters and locals
# and the module's: 'valeu' is its parameter 'value' misspelt.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit(device=True)
def twice(value):
    return valeu * 2


@cuda.jit
def k(a):
    a[0] = twice(a[0])

# CHECK: {{^}}{{.*}}fail_device_undefined_name_suggestion.py:9:12: error: name 'valeu' is not defined; did you mean 'value'? [UndefinedName]{{$}}
# CHECK-NEXT: {{^}}    return valeu * 2{{$}}
# CHECK-NEXT: {{^}}           ^~~~~{{$}}
