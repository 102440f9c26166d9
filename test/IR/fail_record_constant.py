# A record of a module-level array is read-only in a kernel, as the array
# is (Numba freezes it into the kernel): a field store is an error, also
# through a variable holding the record.
# RUN: not %pykc %s --sig 'k(float64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import numpy as np
from numba import cuda

TABLE = np.array([(1.5, 2), (-3.0, 40)], dtype=[('x', float), ('y', int)])


@cuda.jit
def k(out):
    TABLE[0].x = out[0]
    r = TABLE[1]
    r['y'] += 1
    out[1] = r.x

# CHECK: {{^}}{{.*}}fail_record_constant.py:13:5: error: cannot assign to a field of a record of a module-level NumPy array (Numba freezes it into the kernel as a constant) [ReadOnlyTarget]{{$}}
# CHECK-NEXT: {{^}}    TABLE[0].x = out[0]{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_record_constant.py:15:5: error: cannot assign to a field of a record of a module-level NumPy array (Numba freezes it into the kernel as a constant) [ReadOnlyTarget]{{$}}
