# cuda.libdevice: a function pykc does not have yet (no C equivalent on the
# CPU) is [UnsupportedFunction]; a wrong argument count or type is named
# with the function's parameters.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda
from numba.cuda import libdevice


@cuda.jit
def k(x):
    i = cuda.grid(1)
    x[i] = libdevice.rsqrtf(x[i])
    x[i] = libdevice.powf(x[i])
    x[i] = libdevice.sinf(x)

# CHECK: {{^}}{{.*}}fail_libdevice_calls.py:12:12: error: 'cuda.libdevice.rsqrtf' is not supported in kernels yet [UnsupportedFunction]{{$}}
# CHECK-NEXT: {{^}}    x[i] = libdevice.rsqrtf(x[i]){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_libdevice_calls.py:13:12: error: cuda.libdevice.powf() takes 2 arguments but 1 were given [ArgumentCount]{{$}}
# CHECK: {{^}}{{.*}}fail_libdevice_calls.py:14:12: error: invalid argument to cuda.libdevice.sinf: it takes (float32), not (array(float32, 1d, A)) [InvalidArgument]{{$}}
