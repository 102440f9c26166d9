# @cuda.jit(max_registers=...) takes a positive integer of at most 255 (a
# thread's registers); anything else is an error on the value.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda

REGS = "32"


@cuda.jit("void(float32[:])", max_registers=0)
def zero(a):
    a[0] = 1.0


@cuda.jit("void(float32[:])", max_registers=REGS)
def text(a):
    a[0] = 1.0


@cuda.jit("void(float32[:])", max_registers=True)
def flag(a):
    a[0] = 1.0


@cuda.jit("void(float32[:])", max_registers=256)
def many(a):
    a[0] = 1.0


@cuda.jit("void(float32[:])", max_registers=32.0)
def real(a):
    a[0] = 1.0

# CHECK: {{^}}{{.*}}fail_max_registers.py:9:45: error: invalid decorator: 'max_registers' must be a positive integer [InvalidDecorator]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("void(float32[:])", max_registers=0){{$}}
# CHECK-NEXT: {{^}}                                            ^{{$}}
# CHECK: {{^}}{{.*}}fail_max_registers.py:14:45: error: invalid decorator: 'max_registers' must be a positive integer [InvalidDecorator]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("void(float32[:])", max_registers=REGS){{$}}
# CHECK-NEXT: {{^}}                                            ^~~~{{$}}
# CHECK: {{^}}{{.*}}fail_max_registers.py:19:45: error: invalid decorator: 'max_registers' must be a positive integer [InvalidDecorator]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("void(float32[:])", max_registers=True){{$}}
# CHECK-NEXT: {{^}}                                            ^~~~{{$}}
# CHECK: {{^}}{{.*}}fail_max_registers.py:24:45: error: invalid decorator: 'max_registers' must be at most 255, the registers a thread can have [InvalidDecorator]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("void(float32[:])", max_registers=256){{$}}
# CHECK-NEXT: {{^}}                                            ^~~{{$}}
# CHECK: {{^}}{{.*}}fail_max_registers.py:29:45: error: invalid decorator: 'max_registers' must be a positive integer [InvalidDecorator]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("void(float32[:])", max_registers=32.0){{$}}
# CHECK-NEXT: {{^}}                                            ^~~~{{$}}
