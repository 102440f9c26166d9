# RUN: %pykc --emit=ast %s -o - | FileCheck %s
import numpy as np, math
from ..pkg import (a as b, c)
x, *y = z = 1, 2
try:
    pass
except ValueError as e:
    raise RuntimeError() from e
finally:
    del x
with open(p) as f, lock:
    assert f, 'msg'
while True: break
lambda q, *r: q

# CHECK-LABEL: {{^}}Module
# CHECK-NEXT:   Import <2:1-2:25>
# CHECK-NEXT:     Alias 'numpy' as 'np' <2:8-2:19>
# CHECK-NEXT:     Alias 'math' <2:21-2:25>
# CHECK-NEXT:   ImportFrom '..pkg' <3:1-3:30>
# CHECK-NEXT:     Alias 'a' as 'b' <3:20-3:26>
# CHECK-NEXT:     Alias 'c' <3:28-3:29>
# CHECK-NEXT:   Assign <4:1-4:17>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Tuple <4:1-4:6>
# CHECK-NEXT:         Name 'x' <4:1-4:2>
# CHECK-NEXT:         Starred <4:4-4:6>
# CHECK-NEXT:           Name 'y' <4:5-4:6>
# CHECK-NEXT:       Name 'z' <4:9-4:10>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Tuple <4:13-4:17>
# CHECK-NEXT:         Constant 1 <4:13-4:14>
# CHECK-NEXT:         Constant 2 <4:16-4:17>
# CHECK-NEXT:   Try <5:1-10:10>
# CHECK-NEXT:     body:
# CHECK-NEXT:       Pass <6:5-6:9>
# CHECK-NEXT:     ExceptHandler 'e' <7:1-8:32>
# CHECK-NEXT:       Name 'ValueError' <7:8-7:18>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Raise <8:5-8:32>
# CHECK-NEXT:           Call <8:11-8:25>
# CHECK-NEXT:             Name 'RuntimeError' <8:11-8:23>
# CHECK-NEXT:           from:
# CHECK-NEXT:             Name 'e' <8:31-8:32>
# CHECK-NEXT:     finalbody:
# CHECK-NEXT:       Delete <10:5-10:10>
# CHECK-NEXT:         Name 'x' <10:9-10:10>
# CHECK-NEXT:   With <11:1-12:20>
# CHECK-NEXT:     item:
# CHECK-NEXT:       Call <11:6-11:13>
# CHECK-NEXT:         Name 'open' <11:6-11:10>
# CHECK-NEXT:         args:
# CHECK-NEXT:           Name 'p' <11:11-11:12>
# CHECK-NEXT:       as:
# CHECK-NEXT:         Name 'f' <11:17-11:18>
# CHECK-NEXT:     item:
# CHECK-NEXT:       Name 'lock' <11:20-11:24>
# CHECK-NEXT:     body:
# CHECK-NEXT:       Assert <12:5-12:20>
# CHECK-NEXT:         Name 'f' <12:12-12:13>
# CHECK-NEXT:         msg:
# CHECK-NEXT:           Constant 'msg' <12:15-12:20>
# CHECK-NEXT:   While <13:1-13:18>
# CHECK-NEXT:     Constant True <13:7-13:11>
# CHECK-NEXT:     body:
# CHECK-NEXT:       Break <13:13-13:18>
# CHECK-NEXT:   ExprStmt <14:1-14:16>
# CHECK-NEXT:     Lambda <14:1-14:16>
# CHECK-NEXT:       params:
# CHECK-NEXT:         Param 'q' <14:8-14:9>
# CHECK-NEXT:         Param 'r' vararg <14:12-14:13>
# CHECK-NEXT:       body:
# CHECK-NEXT:         Name 'q' <14:15-14:16>
