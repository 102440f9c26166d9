# RUN: %pykc --emit=ast %s -o - | FileCheck %s
sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
v = a[1:2, ::1]
f(*args, key=1, **kw)

# CHECK-LABEL: {{^}}Module
# CHECK-NEXT:   Assign <2:1-2:56>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'sA' <2:1-2:3>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Call <2:6-2:56>
# CHECK-NEXT:         Attribute 'array' <2:6-2:23>
# CHECK-NEXT:           Attribute 'shared' <2:6-2:17>
# CHECK-NEXT:             Name 'cuda' <2:6-2:10>
# CHECK-NEXT:         keywords:
# CHECK-NEXT:           Keyword 'shape' <2:24-2:40>
# CHECK-NEXT:             Tuple <2:30-2:40>
# CHECK-NEXT:               Name 'TPB' <2:31-2:34>
# CHECK-NEXT:               Name 'TPB' <2:36-2:39>
# CHECK-NEXT:           Keyword 'dtype' <2:42-2:55>
# CHECK-NEXT:             Name 'float32' <2:48-2:55>
# CHECK-NEXT:   Assign <3:1-3:16>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'v' <3:1-3:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Subscript <3:5-3:16>
# CHECK-NEXT:         Name 'a' <3:5-3:6>
# CHECK-NEXT:         Tuple <3:7-3:15>
# CHECK-NEXT:           Slice <3:7-3:10>
# CHECK-NEXT:             lower:
# CHECK-NEXT:               Constant 1 <3:7-3:8>
# CHECK-NEXT:             upper:
# CHECK-NEXT:               Constant 2 <3:9-3:10>
# CHECK-NEXT:           Slice <3:12-3:15>
# CHECK-NEXT:             step:
# CHECK-NEXT:               Constant 1 <3:14-3:15>
# CHECK-NEXT:   ExprStmt <4:1-4:22>
# CHECK-NEXT:     Call <4:1-4:22>
# CHECK-NEXT:       Name 'f' <4:1-4:2>
# CHECK-NEXT:       args:
# CHECK-NEXT:         Starred <4:3-4:8>
# CHECK-NEXT:           Name 'args' <4:4-4:8>
# CHECK-NEXT:       keywords:
# CHECK-NEXT:         Keyword 'key' <4:10-4:15>
# CHECK-NEXT:           Constant 1 <4:14-4:15>
# CHECK-NEXT:         Keyword ** <4:17-4:21>
# CHECK-NEXT:           Name 'kw' <4:19-4:21>
