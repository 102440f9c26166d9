# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
x = 1
    y = 2
z = = 3

# The indented line is parsed anyway, so the later error is found too.
# CHECK: {{^}}{{.*}}fail_unexpected_indent.py:3:5: error: unexpected indent [UnexpectedIndent]
# CHECK-NEXT: {{^}}    y = 2{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK: {{^}}{{.*}}fail_unexpected_indent.py:4:5: error: expected an expression [ExpectedToken]
# CHECK-NEXT: {{^}}z = = 3{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
