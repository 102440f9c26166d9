# pykc -c compiles the kernels with a signature and says in one note which
# it skipped for want of one (no warning each); with -Wall it also checks
# those it skipped and reports each error as a warning naming the kernel.
# The object is written either way.
# RUN: rm -f %t.o
# RUN: %pykc %s -c --no-sass -o %t.o 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
# RUN: test -f %t.o
# RUN: %pykc %s -c --no-sass -o %t.o -Wall 2>&1 | FileCheck %s --strict-whitespace --check-prefixes=CHECK,WALL --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit("void(float32[:])")
def good(a):
    a[0] = 1.0


@cuda.jit
def unsigned_ok(a):
    a[0] = 2.0


@cuda.jit
def unsigned_bad(a):
    a[0] = also_missing + 1

# CHECK: {{^}}{{.*}}skipped_kernels_note.py: note: 2 kernels not compiled, having no signature: 'unsigned_ok' (line 18), 'unsigned_bad' (line 23); add --sig 'NAME(TYPES)' to compile one [NoteSkippedKernels]{{$}}
# WALL-NEXT: {{^}}{{.*}}skipped_kernels_note.py:24:12: warning: kernel 'unsigned_bad' is not compiled by this command, and compiling it would fail: name 'also_missing' is not defined [SkippedKernelError]{{$}}
# WALL-NEXT: {{^}}    a[0] = also_missing + 1{{$}}
# WALL-NEXT: {{^}}           ^~~~~~~~~~~~{{$}}
