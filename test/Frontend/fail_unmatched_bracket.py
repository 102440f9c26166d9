# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
x = compute(a, b))
y = 2

# CHECK: {{^}}{{.*}}fail_unmatched_bracket.py:2:18: error: unmatched ')' [UnmatchedBracket]
# CHECK-NEXT: {{^}}x = compute(a, b)){{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
