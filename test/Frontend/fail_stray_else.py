# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
x = 1
else:
    x = 2

# CHECK: {{^}}{{.*}}fail_stray_else.py:3:1: error: invalid syntax: unexpected 'else' [InvalidSyntax]
# CHECK-NEXT: {{^}}else:{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
