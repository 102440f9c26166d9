# RUN: %pykc --emit=ast %s -o - | FileCheck %s
n = [0, 1_000, 0x_FF, 0o17, 0b1010, 18446744073709551616]
f = [0., .5, 1.5e-3, 1e16, 2.5E+300, 1_0.0_1]
j = [10j, 1.5J]

# CHECK-LABEL: {{^}}Module
# CHECK-NEXT:   Assign <2:1-2:58>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'n' <2:1-2:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       List <2:5-2:58>
# CHECK-NEXT:         Constant 0 <2:6-2:7>
# CHECK-NEXT:         Constant 1000 <2:9-2:14>
# CHECK-NEXT:         Constant 255 <2:16-2:21>
# CHECK-NEXT:         Constant 15 <2:23-2:27>
# CHECK-NEXT:         Constant 10 <2:29-2:35>
# CHECK-NEXT:         Constant 18446744073709551616 <2:37-2:57>
# CHECK-NEXT:   Assign <3:1-3:46>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'f' <3:1-3:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       List <3:5-3:46>
# CHECK-NEXT:         Constant 0.0 <3:6-3:8>
# CHECK-NEXT:         Constant 0.5 <3:10-3:12>
# CHECK-NEXT:         Constant 0.0015 <3:14-3:20>
# CHECK-NEXT:         Constant 1e+16 <3:22-3:26>
# CHECK-NEXT:         Constant 2.5e+300 <3:28-3:36>
# CHECK-NEXT:         Constant 10.01 <3:38-3:45>
# CHECK-NEXT:   Assign <4:1-4:16>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'j' <4:1-4:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       List <4:5-4:16>
# CHECK-NEXT:         Constant 10j <4:6-4:9>
# CHECK-NEXT:         Constant 1.5j <4:11-4:15>
