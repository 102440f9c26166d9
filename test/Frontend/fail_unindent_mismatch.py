# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
def kernel(a):
    if a:
        a[0] = 1
      a[1] = 2
      a[2] = 3

# The lines after the bad dedent are not reported again.
# CHECK: {{^}}{{.*}}fail_unindent_mismatch.py:5:7: error: unindent does not match any outer indentation level [UnindentMismatch]
# CHECK-NEXT: {{^}}      a[1] = 2{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
