# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
mask = 0b102
count = 010
big = 1__000

# CHECK: {{^}}{{.*}}fail_invalid_number.py:2:8: error: invalid binary literal [InvalidNumber]
# CHECK-NEXT: {{^}}mask = 0b102{{$}}
# CHECK-NEXT: {{^}}       ^~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_invalid_number.py:3:9: error: invalid decimal literal [InvalidNumber]
# CHECK-NEXT: {{^}}count = 010{{$}}
# CHECK-NEXT: {{^}}        ^~~{{$}}
# CHECK: {{^}}{{.*}}fail_invalid_number.py:4:7: error: invalid decimal literal [InvalidNumber]
# CHECK-NEXT: {{^}}big = 1__000{{$}}
# CHECK-NEXT: {{^}}      ^~~~~~{{$}}
