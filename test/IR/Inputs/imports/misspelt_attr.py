# Misspelt attributes of an imported module of the program
# (test/IR/fail_module_attribute_suggestion.test).
import helpers
from numba import cuda


@cuda.jit
def k(a):
    a[0] = helpers.scael(a[0]) + helpers.TABEL[0] + helpers.nothing
