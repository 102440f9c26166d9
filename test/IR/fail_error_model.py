# @njit(error_model=...) is 'python' (the default: a division by zero
# raises ZeroDivisionError) or 'numpy' (it gives inf, nan or 0); anything
# else is an error on the value, as Numba's is.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import njit

MODEL = "numpy"


@njit("float64(float64)", error_model="nump")
def misspelt(x):
    return 1.0 / x


@njit("float64(float64)", error_model=True)
def flag(x):
    return 1.0 / x


@njit("float64(float64)", error_model=MODEL)
def from_constant(x):
    return 1.0 / x


@njit("float64(float64)", error_model="python")
def python(x):
    return 1.0 / x

# CHECK:      fail_error_model.py:10:39: error: invalid decorator: 'error_model' must be 'python' or 'numpy' [InvalidDecorator]
# CHECK-NEXT: @njit("float64(float64)", error_model="nump")
# CHECK-NEXT:                                       ^~~~~~
# CHECK:      fail_error_model.py:15:39: error: invalid decorator: 'error_model' must be 'python' or 'numpy' [InvalidDecorator]
# CHECK-NEXT: @njit("float64(float64)", error_model=True)
# CHECK-NEXT:                                       ^~~~
