# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
# Each broken line gets exactly one diagnostic, in source order, and the
# lexer's and the parser's are interleaved.
a = = 1
b = 0o9
if c
    d = 1
e = [1, 2 3]
ok = 4

# CHECK: {{^}}{{.*}}fail_independent_errors.py:4:5: error: expected an expression [ExpectedToken]
# CHECK: {{^}}{{.*}}fail_independent_errors.py:5:5: error: invalid octal literal [InvalidNumber]
# CHECK: {{^}}{{.*}}fail_independent_errors.py:6:5: error: expected ':' [ExpectedToken]
# CHECK: {{^}}{{.*}}fail_independent_errors.py:8:11: error: invalid syntax: perhaps you forgot a comma? [InvalidSyntax]
