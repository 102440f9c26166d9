# Named tuple mistakes: a field the class lacks, too many or too few
# values, a keyword that is not a field (or names one already given), and a
# signature with the wrong number of fields. One error each.
# RUN: not %pykc %s --sig 'k(float64[:], Point(int64, int64))' --emit=ir -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
# RUN: not %pykc %s --sig 'k(float64[:], Point(int64, int64, int64))' --emit=ir -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIG
from collections import namedtuple
from numba import cuda

Point = namedtuple('Point', ['x', 'y'])


@cuda.jit
def k(r, p):
    r[0] = p.z
    a = Point(1, 2, 3)
    b = Point(1)
    c = Point(1, w=2)
    d = Point(1, x=2)

# CHECK: {{^}}{{.*}}fail_named_tuples.py:14:14: error: 'Point(int64 x 2)' has no attribute 'z' [UnknownAttribute]{{$}}
# CHECK-NEXT: {{^}}    r[0] = p.z{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK: {{^}}{{.*}}fail_named_tuples.py:15:9: error: Point() takes 2 argument(s) but 3 were given [ArgumentCount]{{$}}
# CHECK: {{^}}{{.*}}fail_named_tuples.py:16:9: error: Point() takes 2 argument(s) but 1 were given [ArgumentCount]{{$}}
# CHECK: {{^}}{{.*}}fail_named_tuples.py:17:18: error: Point() got an unexpected keyword argument 'w' [UnknownKeyword]{{$}}
# CHECK: {{^}}{{.*}}fail_named_tuples.py:18:18: error: Point() got multiple values for argument 'x' [RepeatedArgument]{{$}}
# SIG: {{^}}<--sig>:1:15: error: invalid signature: Point has 2 field(s), not 3 [InvalidSignature]{{$}}
