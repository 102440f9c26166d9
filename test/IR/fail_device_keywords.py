# Keyword arguments to a device function bind by name, as Python binds
# them; one that names no parameter, or one already given, is an error.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit(device=True)
def mix(x, y, w=0.5):
    return x * w + y * (1 - w)


@cuda.jit
def k(a):
    a[0] = mix(a[1], w=0.25, y=a[2])
    a[1] = mix(a[1], a[2], scale=2)
    a[2] = mix(a[1], a[2], x=1)

# CHECK: {{^}}{{.*}}fail_device_keywords.py:15:28: error: mix() got an unexpected keyword argument 'scale' [UnknownKeyword]{{$}}
# CHECK-NEXT: {{^}}    a[1] = mix(a[1], a[2], scale=2){{$}}
# CHECK-NEXT: {{^}}                           ^~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_device_keywords.py:16:28: error: mix() got multiple values for argument 'x' [RepeatedArgument]{{$}}
