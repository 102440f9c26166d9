# link= names files relative to the .py: a missing one and an extension
# pykc cannot link are errors at the decorator; `--link FILE` (relative to
# the working folder) gets the same errors without a location.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
# RUN: not %pykc %S/cuda_source.py -o /dev/null --link %S/Inputs/nothing.cu --link %S/Inputs/functions.cpp 2>&1 \
# RUN:   | FileCheck %s --check-prefix=CMDLINE --strict-whitespace --implicit-check-not=error: -DDIR=%S
from numba import cuda

f = cuda.declare_device("f", "float32(float32)", link=["Inputs/missing.cu"])


@cuda.jit("void(float32[:])", link=["Inputs/functions.cpp"])
def k(a):
    a[0] = f(a[0])

# CHECK: {{^}}{{.*}}fail_link_file.py:9:56: error: link file 'Inputs/missing.cu' does not exist (looked for '{{.*}}/FFI/Inputs/missing.cu'; a relative path is relative to the folder of the .py file) [LinkFileMissing]{{$}}
# CHECK-NEXT: {{^}}f = cuda.declare_device("f", "float32(float32)", link=["Inputs/missing.cu"]){{$}}
# CHECK-NEXT: {{^}}                                                       ^~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_link_file.py:12:37: error: link file 'Inputs/functions.cpp' has an extension pykc cannot link; use .cu, .ptx, .ltoir, .o, .a, .fatbin or .cubin [LinkFileExtension]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("void(float32[:])", link=["Inputs/functions.cpp"]){{$}}
# CHECK-NEXT: {{^}}                                    ^~~~~~~~~~~~~~~~~~~~~~{{$}}

# CMDLINE: {{^}}pykc: error: link file '[[DIR]]/Inputs/nothing.cu' does not exist (looked for '[[DIR]]/Inputs/nothing.cu') [LinkFileMissing]{{$}}
# CMDLINE-NEXT: {{^}}pykc: error: link file '[[DIR]]/Inputs/functions.cpp' has an extension pykc cannot link; use .cu, .ptx, .ltoir, .o, .a, .fatbin or .cubin [LinkFileExtension]{{$}}
