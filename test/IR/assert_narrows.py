# Past `assert j is not None`, j holds a value: no OptionalUnchecked warning
# for its use, only the assert's own (a failing assert ends the thread).
# The IR is the test, then the thread's end.
# RUN: %pykc %s --sig 'k(float64[:], int64[:])' --emit=ir -o - 2>&1 | FileCheck %s --implicit-check-not=warning:
from numba import cuda


@cuda.jit(device=True)
def find(a, v):
    for i in range(a.shape[0]):
        if a[i] == v:
            return i
    return None


@cuda.jit
def k(a, out):
    j = find(a, 1.0)
    assert j is not None, "no 1.0 in a"
    out[0] = j

# CHECK: assert_narrows.py:19:5: warning: an 'assert' that fails in a kernel ends its thread silently, as Numba-CUDA's does without debug=True: the launch reports nothing [AssertEndsThread]
# CHECK-LABEL: kernel k(
# CHECK: if (j is not None):
# CHECK-NEXT: pass
# CHECK-NEXT: else:
# CHECK-NEXT: return
# CHECK-NEXT: out[0] = unwrap(j)
