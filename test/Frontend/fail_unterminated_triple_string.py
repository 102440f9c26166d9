# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
# CHECK: {{^}}{{.*}}fail_unterminated_triple_string.py:7:5: error: unterminated triple-quoted string literal [UnterminatedTripleQuotedString]
# CHECK-NEXT: {{^}}    """Docstring that never ends.{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}

def kernel(a):
    """Docstring that never ends.
    a[0] = 1
