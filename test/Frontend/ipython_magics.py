# RUN: %pykc --emit=ast %s -o - | FileCheck %s
%load_ext autoreload
!nvidia-smi -L
t1 = %timeit -r 5 -n 800 -q -o A.sum()
files = !ls *.py
ne = a != b

# CHECK-LABEL: {{^}}Module
# CHECK-NEXT:   Magic '%load_ext autoreload' <2:1-2:21>
# CHECK-NEXT:   Magic '!nvidia-smi -L' <3:1-3:15>
# CHECK-NEXT:   Assign <4:1-4:39>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 't1' <4:1-4:3>
# CHECK-NEXT:     value:
# CHECK-NEXT:       MagicExpr '%timeit -r 5 -n 800 -q -o A.sum()' <4:6-4:39>
# CHECK-NEXT:   Assign <5:1-5:17>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'files' <5:1-5:6>
# CHECK-NEXT:     value:
# CHECK-NEXT:       MagicExpr '!ls *.py' <5:9-5:17>
# CHECK-NEXT:   Assign <6:1-6:12>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'ne' <6:1-6:3>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Compare '!=' <6:6-6:12>
# CHECK-NEXT:         Name 'a' <6:6-6:7>
# CHECK-NEXT:         Name 'b' <6:11-6:12>
