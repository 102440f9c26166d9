# RUN: %pykc --emit=ast %s -o - | FileCheck %s
total = (1 +
         2) + \
    3

# CHECK-LABEL: {{^}}Module
# CHECK-NEXT:   Assign <2:1-4:6>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'total' <2:1-2:6>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Binary '+' <2:9-4:6>
# CHECK-NEXT:         Binary '+' <2:10-3:11>
# CHECK-NEXT:           Constant 1 <2:10-2:11>
# CHECK-NEXT:           Constant 2 <3:10-3:11>
# CHECK-NEXT:         Constant 3 <4:5-4:6>
