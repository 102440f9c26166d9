# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
def kernel(a)
    a[0] = 1

# The caret is right after the header, where the ':' belongs; the body of the
# broken definition is not reported again.
# CHECK: {{^}}{{.*}}fail_expected_colon.py:2:14: error: expected ':' [ExpectedToken]
# CHECK-NEXT: {{^}}def kernel(a){{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
