# RUN: %pykc --emit=ast %s -o - | FileCheck %s
from numba import cuda

@cuda.jit
def increment_by_one(an_array, n: int = 1, /, *rest, scale, **opts) -> None:
    pos = cuda.grid(1)
    if pos < an_array.size:
        an_array[pos] += 1

# CHECK-LABEL: {{^}}Module
# CHECK-NEXT:   ImportFrom 'numba' <2:1-2:23>
# CHECK-NEXT:     Alias 'cuda' <2:19-2:23>
# CHECK-NEXT:   FunctionDef 'increment_by_one' <5:1-8:27>
# CHECK-NEXT:     decorators:
# CHECK-NEXT:       Attribute 'jit' <4:2-4:10>
# CHECK-NEXT:         Name 'cuda' <4:2-4:6>
# CHECK-NEXT:     params:
# CHECK-NEXT:       Param 'an_array' posonly <5:22-5:30>
# CHECK-NEXT:       Param 'n' posonly <5:32-5:33>
# CHECK-NEXT:         annotation:
# CHECK-NEXT:           Name 'int' <5:35-5:38>
# CHECK-NEXT:         default:
# CHECK-NEXT:           Constant 1 <5:41-5:42>
# CHECK-NEXT:       Param 'rest' vararg <5:48-5:52>
# CHECK-NEXT:       Param 'scale' kwonly <5:54-5:59>
# CHECK-NEXT:       Param 'opts' kwarg <5:63-5:67>
# CHECK-NEXT:     returns:
# CHECK-NEXT:       Constant None <5:72-5:76>
# CHECK-NEXT:     body:
# CHECK-NEXT:       Assign <6:5-6:23>
# CHECK-NEXT:         targets:
# CHECK-NEXT:           Name 'pos' <6:5-6:8>
# CHECK-NEXT:         value:
# CHECK-NEXT:           Call <6:11-6:23>
# CHECK-NEXT:             Attribute 'grid' <6:11-6:20>
# CHECK-NEXT:               Name 'cuda' <6:11-6:15>
# CHECK-NEXT:             args:
# CHECK-NEXT:               Constant 1 <6:21-6:22>
# CHECK-NEXT:       If <7:5-8:27>
# CHECK-NEXT:         Compare '<' <7:8-7:27>
# CHECK-NEXT:           Name 'pos' <7:8-7:11>
# CHECK-NEXT:           Attribute 'size' <7:14-7:27>
# CHECK-NEXT:             Name 'an_array' <7:14-7:22>
# CHECK-NEXT:         body:
# CHECK-NEXT:           AugAssign '+=' <8:9-8:27>
# CHECK-NEXT:             Subscript <8:9-8:22>
# CHECK-NEXT:               Name 'an_array' <8:9-8:17>
# CHECK-NEXT:               Name 'pos' <8:18-8:21>
# CHECK-NEXT:             Constant 1 <8:26-8:27>
