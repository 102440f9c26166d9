# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
scaleÿ = 2.0

# Python reads source as UTF-8 and refuses a file that is not; a name holding
# such a byte once reached -c headers that did not compile.
# CHECK: {{^}}{{.*}}fail_invalid_utf8.py:2:6: error: the byte '\xff' is not valid UTF-8; Python reads source files as UTF-8: save the file as UTF-8 [InvalidEncoding]
