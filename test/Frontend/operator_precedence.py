# RUN: %pykc --emit=ast %s -o - | FileCheck %s
x = -v**2
y = a + b * c ** -d
z = not a < b <= c or d and e
w = a | b ^ c & d << 1

# CHECK-LABEL: {{^}}Module
# CHECK-NEXT:   Assign <2:1-2:10>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'x' <2:1-2:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Unary '-' <2:5-2:10>
# CHECK-NEXT:         Binary '**' <2:6-2:10>
# CHECK-NEXT:           Name 'v' <2:6-2:7>
# CHECK-NEXT:           Constant 2 <2:9-2:10>
# CHECK-NEXT:   Assign <3:1-3:20>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'y' <3:1-3:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Binary '+' <3:5-3:20>
# CHECK-NEXT:         Name 'a' <3:5-3:6>
# CHECK-NEXT:         Binary '*' <3:9-3:20>
# CHECK-NEXT:           Name 'b' <3:9-3:10>
# CHECK-NEXT:           Binary '**' <3:13-3:20>
# CHECK-NEXT:             Name 'c' <3:13-3:14>
# CHECK-NEXT:             Unary '-' <3:18-3:20>
# CHECK-NEXT:               Name 'd' <3:19-3:20>
# CHECK-NEXT:   Assign <4:1-4:30>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'z' <4:1-4:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       BoolOp 'or' <4:5-4:30>
# CHECK-NEXT:         Unary 'not' <4:5-4:19>
# CHECK-NEXT:           Compare '<' '<=' <4:9-4:19>
# CHECK-NEXT:             Name 'a' <4:9-4:10>
# CHECK-NEXT:             Name 'b' <4:13-4:14>
# CHECK-NEXT:             Name 'c' <4:18-4:19>
# CHECK-NEXT:         BoolOp 'and' <4:23-4:30>
# CHECK-NEXT:           Name 'd' <4:23-4:24>
# CHECK-NEXT:           Name 'e' <4:29-4:30>
# CHECK-NEXT:   Assign <5:1-5:23>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'w' <5:1-5:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Binary '|' <5:5-5:23>
# CHECK-NEXT:         Name 'a' <5:5-5:6>
# CHECK-NEXT:         Binary '^' <5:9-5:23>
# CHECK-NEXT:           Name 'b' <5:9-5:10>
# CHECK-NEXT:           Binary '&' <5:13-5:23>
# CHECK-NEXT:             Name 'c' <5:13-5:14>
# CHECK-NEXT:             Binary '<<' <5:17-5:23>
# CHECK-NEXT:               Name 'd' <5:17-5:18>
# CHECK-NEXT:               Constant 1 <5:22-5:23>
# (`x` raises a name to a power: `**` of literals folds as CPython folds it.)
