# Numba freezes a module's globals when it compiles a kernel, after module
# code has run: a list, dict or array that code changes in place, or a name
# a function rebinds, would be frozen with a stale value by a reader that
# does not run it. Each such name is a located error saying what changes
# it; what only reads them (print, NumPy, cuda.to_device, a function's own
# variables of the same name) changes nothing, and -D still gives a value.
# RUN: not %pykc %s --sig 'k(float64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=note:
# RUN: %pykc %s --sig 'reads(float64[:])' -o /dev/null
# RUN: %pykc %s --sig 'offset_only(float64[:])' -D OFFSET=1.0 -o /dev/null
import sys

import numpy as np
from numba import cuda

OFFSET = 0.0
GAIN = 1.0
S = 1.0
TABLE = [1.0, 2.0]
W = np.array([1.0, 2.0, 3.0])
D = {"a": 1.0}
POPPED = [1.0, 2.0]
CFG = {"scale": 2.0}
LOOPED = []
VIEWED = np.zeros(4)
SHARED = [0.5]
NORMED = np.array([1.0, 3.0])
KEEP = np.array([4.0, 5.0])
FIRST = tuple(TABLE)  # frozen before the append below: Python's value


def configure(o):
    global OFFSET
    OFFSET = o


def normalize(w):
    w /= w.sum()


def only_reads():
    W = np.ones(3)  # its own W
    W.fill(2.0)
    print(KEEP, np.sum(KEEP))
    return cuda.to_device(KEEP)


def registers(v):
    global_list = SHARED
    global_list.append(v)


configure(-3.0)
globals()["GAIN"] = 7.0
setattr(sys.modules[__name__], "S", 5.0)
TABLE.append(4.0)
alias = W
alias[0] = 9.0
D.pop("a")
LAST = POPPED.pop()
del CFG["scale"]
for v in range(3):
    LOOPED.append(v)
VIEWED.reshape(2, 2)[0, 0] = 1.0
normalize(NORMED)
print(KEEP)
np.save("/dev/null", KEEP)


@cuda.jit
def k(x):
    x[0] = OFFSET + GAIN + S + TABLE[0] + W[0] + D["a"] + POPPED[0] + CFG["scale"]
    x[1] = LOOPED[0] + VIEWED[0] + SHARED[0] + NORMED[0] + FIRST[0] + KEEP[0] + LAST


@cuda.jit
def reads(x):
    x[0] = FIRST[0] + KEEP[0]


@cuda.jit
def offset_only(x):
    x[0] = OFFSET

# CHECK: {{^}}{{.*}}fail_module_changes.py:71:12: error: name 'OFFSET' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[0] = OFFSET + GAIN + S + TABLE[0] + W[0] + D["a"] + POPPED[0] + CFG["scale"]{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:33:5: note: 'OFFSET' may be rebound by function 'configure' through 'global OFFSET' (line 33), which pykc does not run; pass -D OFFSET=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}    OFFSET = o{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:71:21: error: name 'GAIN' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[0] = OFFSET + GAIN + S + TABLE[0] + W[0] + D["a"] + POPPED[0] + CFG["scale"]{{$}}
# CHECK-NEXT: {{^}}                    ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:53:1: note: 'GAIN' is rebound by 'globals()["GAIN"]' on line 53, which pykc does not follow; pass -D GAIN=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}globals()["GAIN"] = 7.0{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:71:28: error: name 'S' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[0] = OFFSET + GAIN + S + TABLE[0] + W[0] + D["a"] + POPPED[0] + CFG["scale"]{{$}}
# CHECK-NEXT: {{^}}                           ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:54:1: note: 'S' is rebound by 'setattr(sys.modules[__name__], "S", 5.0)' on line 54, which pykc does not follow; pass -D S=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}setattr(sys.modules[__name__], "S", 5.0){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:71:32: error: name 'TABLE' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[0] = OFFSET + GAIN + S + TABLE[0] + W[0] + D["a"] + POPPED[0] + CFG["scale"]{{$}}
# CHECK-NEXT: {{^}}                               ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:55:1: note: 'TABLE' is changed in place by 'TABLE.append(4.0)' on line 55, which pykc does not follow; pass -D TABLE=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}TABLE.append(4.0){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:71:43: error: name 'W' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[0] = OFFSET + GAIN + S + TABLE[0] + W[0] + D["a"] + POPPED[0] + CFG["scale"]{{$}}
# CHECK-NEXT: {{^}}                                          ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:57:1: note: 'W' is changed in place by the store to 'alias[0]' on line 57 (through 'alias'), which pykc does not follow; pass -D W=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}alias[0] = 9.0{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:71:50: error: name 'D' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[0] = OFFSET + GAIN + S + TABLE[0] + W[0] + D["a"] + POPPED[0] + CFG["scale"]{{$}}
# CHECK-NEXT: {{^}}                                                 ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:58:1: note: 'D' is changed in place by 'D.pop("a")' on line 58, which pykc does not follow; pass -D D=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}D.pop("a"){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:71:59: error: name 'POPPED' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[0] = OFFSET + GAIN + S + TABLE[0] + W[0] + D["a"] + POPPED[0] + CFG["scale"]{{$}}
# CHECK-NEXT: {{^}}                                                          ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:59:8: note: 'POPPED' is changed in place by 'POPPED.pop()' on line 59, which pykc does not follow; pass -D POPPED=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}LAST = POPPED.pop(){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:71:71: error: name 'CFG' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[0] = OFFSET + GAIN + S + TABLE[0] + W[0] + D["a"] + POPPED[0] + CFG["scale"]{{$}}
# CHECK-NEXT: {{^}}                                                                      ^~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:60:5: note: 'CFG' is changed in place by the store to 'CFG["scale"]' on line 60, which pykc does not follow; pass -D CFG=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}del CFG["scale"]{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:72:12: error: name 'LOOPED' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[1] = LOOPED[0] + VIEWED[0] + SHARED[0] + NORMED[0] + FIRST[0] + KEEP[0] + LAST{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:62:5: note: 'LOOPED' is changed in place by 'LOOPED.append(v)' on line 62, which pykc does not follow; pass -D LOOPED=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}    LOOPED.append(v){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:72:24: error: name 'VIEWED' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[1] = LOOPED[0] + VIEWED[0] + SHARED[0] + NORMED[0] + FIRST[0] + KEEP[0] + LAST{{$}}
# CHECK-NEXT: {{^}}                       ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:63:1: note: 'VIEWED' is changed in place by the store to 'VIEWED.reshape(2, 2)[0, 0]' on line 63, which pykc does not follow; pass -D VIEWED=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}VIEWED.reshape(2, 2)[0, 0] = 1.0{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:72:36: error: name 'SHARED' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[1] = LOOPED[0] + VIEWED[0] + SHARED[0] + NORMED[0] + FIRST[0] + KEEP[0] + LAST{{$}}
# CHECK-NEXT: {{^}}                                   ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:49:5: note: 'SHARED' may be changed in place by function 'registers' ('global_list.append(v)' on line 49), which pykc does not run; pass -D SHARED=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}    global_list.append(v){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:72:48: error: name 'NORMED' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[1] = LOOPED[0] + VIEWED[0] + SHARED[0] + NORMED[0] + FIRST[0] + KEEP[0] + LAST{{$}}
# CHECK-NEXT: {{^}}                                               ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:64:1: note: 'NORMED' is changed in place by 'normalize(NORMED)' on line 64, which pykc does not follow; pass -D NORMED=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}normalize(NORMED){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:72:81: error: name 'LAST' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    x[1] = LOOPED[0] + VIEWED[0] + SHARED[0] + NORMED[0] + FIRST[0] + KEEP[0] + LAST{{$}}
# CHECK-NEXT: {{^}}                                                                                ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:59:1: note: 'LAST' is defined here [NoteDefinedHere]{{$}}
# CHECK-NEXT: {{^}}LAST = POPPED.pop(){{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:76:5: warning: kernel 'reads' has no signature and is not compiled [MissingSignature]{{$}}
# CHECK-NEXT: {{^}}def reads(x):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:76:5: note: add --sig 'reads(float32[:])' (any array and scalar types; this one is a guess from how the kernel uses its parameters) [NoteAddSignature]{{$}}
# CHECK-NEXT: {{^}}def reads(x):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:81:5: warning: kernel 'offset_only' has no signature and is not compiled [MissingSignature]{{$}}
# CHECK-NEXT: {{^}}def offset_only(x):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_changes.py:81:5: note: add --sig 'offset_only(float32[:])' (any array and scalar types; this one is a guess from how the kernel uses its parameters) [NoteAddSignature]{{$}}
# CHECK-NEXT: {{^}}def offset_only(x):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~{{$}}
