# A name only exec() defines is undefined to pykc, which does not run module
# code's exec(): a note points at the exec and says what to write instead.
# RUN: not %pykc %s --sig 'k(float64[:])' -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
from numba import cuda

exec("SCALE = 5.0")


@cuda.jit
def k(out):
    out[0] = SCALE

# CHECK: {{.*}}fail_exec_name.py:11:14: error: name 'SCALE' is not defined [UndefinedName]
# CHECK: {{.*}}fail_exec_name.py:6:1: note: module code runs exec() here, which pykc does not run: a name it defines is host data to a kernel; bind 'SCALE' with a plain assignment [NoteExecDefines]
