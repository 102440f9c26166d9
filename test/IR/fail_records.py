# Mistakes with records: an unknown field (by name or index), a field
# Numba-CUDA cannot reach because it is not aligned, a value that does not
# fit a field, and another record's layout.
# RUN: not %pykc %s --sig 'k(rec[:], packed[:], other[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import numpy as np
from numba import cuda

rec = np.dtype([('a', np.float64), ('b', np.int32)], align=True)
packed = np.dtype([('a', np.int32), ('b', np.float64)])
other = np.dtype([('b', np.int32), ('a', np.float64)], align=True)


@cuda.jit
def k(a, p, o):
    a[0].q = 1
    a[0][5] = 1
    p[0].a = p[0].b
    a[0].b = 1j
    a[0] = o[0]


# CHECK: {{^}}{{.*}}fail_records.py:15:10: error: record 'rec' has no field 'q' (its fields: 'a' and 'b') [UnknownField]{{$}}
# CHECK-NEXT: {{^}}    a[0].q = 1{{$}}
# CHECK-NEXT: {{^}}         ^{{$}}
# CHECK: {{^}}{{.*}}fail_records.py:16:10: error: invalid argument to a record index: field 5 of a record with 2 fields [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_records.py:17:19: error: packed.b of type float64 is not aligned: it starts at byte 4, not at a multiple of 8, which Numba-CUDA refuses too; make the dtype with np.dtype(..., align=True) [MisalignedField]{{$}}
# CHECK-NEXT: {{^}}    p[0].a = p[0].b{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
# CHECK: {{^}}{{.*}}fail_records.py:18:14: error: invalid argument to a record field: cannot store 'complex128' into field 'b' of type int32 [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_records.py:19:12: error: invalid argument to an array element: cannot store 'Record(b[type=int32;offset=0],a[type=float64;offset=8];16;True)' into an element of array(Record(a[type=float64;offset=0],b[type=int32;offset=8];16;True), 1d, A) [InvalidArgument]{{$}}

