# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
s = "byte \x4g"
raw = r"\x4g"

# CHECK: {{^}}{{.*}}fail_invalid_escape.py:2:11: error: invalid escape sequence '\x4' [InvalidEscape]
# CHECK-NEXT: {{^}}s = "byte \x4g"{{$}}
# CHECK-NEXT: {{^}}          ^~~{{$}}
