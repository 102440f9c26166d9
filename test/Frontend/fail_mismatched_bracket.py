# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
shape = (16, 16]
size = shape[0] * shape[1]

# CHECK: {{^}}{{.*}}fail_mismatched_bracket.py:2:16: error: closing parenthesis ']' does not match opening parenthesis '(' [MismatchedBracket]
# CHECK-NEXT: {{^}}shape = (16, 16]{{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
