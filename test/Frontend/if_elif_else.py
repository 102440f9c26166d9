# RUN: %pykc --emit=ast %s -o - | FileCheck %s
if a:
    x = 1
elif b:
    x = 2
else:
    x = 3

# CHECK-LABEL: {{^}}Module
# CHECK-NEXT:   If <2:1-7:10>
# CHECK-NEXT:     Name 'a' <2:4-2:5>
# CHECK-NEXT:     body:
# CHECK-NEXT:       Assign <3:5-3:10>
# CHECK-NEXT:         targets:
# CHECK-NEXT:           Name 'x' <3:5-3:6>
# CHECK-NEXT:         value:
# CHECK-NEXT:           Constant 1 <3:9-3:10>
# CHECK-NEXT:     orelse:
# CHECK-NEXT:       If elif <4:1-7:10>
# CHECK-NEXT:         Name 'b' <4:6-4:7>
# CHECK-NEXT:         body:
# CHECK-NEXT:           Assign <5:5-5:10>
# CHECK-NEXT:             targets:
# CHECK-NEXT:               Name 'x' <5:5-5:6>
# CHECK-NEXT:             value:
# CHECK-NEXT:               Constant 2 <5:9-5:10>
# CHECK-NEXT:         orelse:
# CHECK-NEXT:           Assign <7:5-7:10>
# CHECK-NEXT:             targets:
# CHECK-NEXT:               Name 'x' <7:5-7:6>
# CHECK-NEXT:             value:
# CHECK-NEXT:               Constant 3 <7:9-7:10>
