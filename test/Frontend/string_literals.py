# RUN: %pykc --emit=ast %s -o - | FileCheck %s
a = 'it\'s' "\x41\t\u00e9"
b = r'\d+', b'\xff\n'
c = f'{x!r:>10}' 'tail'
d = """multi
line"""

# CHECK-LABEL: {{^}}Module
# CHECK-NEXT:   Assign <2:1-2:27>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'a' <2:1-2:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Constant "it'sA\té" <2:5-2:27>
# CHECK-NEXT:   Assign <3:1-3:22>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'b' <3:1-3:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Tuple <3:5-3:22>
# CHECK-NEXT:         Constant '\\d+' <3:5-3:11>
# CHECK-NEXT:         Constant b'\xff\n' <3:13-3:22>
# CHECK-NEXT:   Assign <4:1-4:24>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'c' <4:1-4:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Constant f'{x!r:>10}' 'tail' <4:5-4:24>
# CHECK-NEXT:   Assign <5:1-6:8>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'd' <5:1-5:2>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Constant 'multi\nline' <5:5-6:8>
