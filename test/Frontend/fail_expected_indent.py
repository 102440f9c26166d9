# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
for i in range(4):
print(i)

# CHECK: {{^}}{{.*}}fail_expected_indent.py:3:1: error: expected an indented block after 'for' statement on line 2 [ExpectedIndent]
# CHECK-NEXT: {{^}}print(i){{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
