# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
cuda.grid(1) = 0
a + b += 1

# CHECK: {{^}}{{.*}}fail_assign_to_call.py:2:1: error: cannot assign to function call [InvalidTarget]
# CHECK-NEXT: {{^}}cuda.grid(1) = 0{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_assign_to_call.py:3:1: error: invalid syntax: 'expression' is an illegal expression for augmented assignment [InvalidSyntax]
# CHECK-NEXT: {{^}}a + b += 1{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
