# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
threads = (16 16)

# CHECK: {{^}}{{.*}}fail_missing_comma.py:2:15: error: invalid syntax: perhaps you forgot a comma? [InvalidSyntax]
# CHECK-NEXT: {{^}}threads = (16 16){{$}}
# CHECK-NEXT: {{^}}              ^~{{$}}
