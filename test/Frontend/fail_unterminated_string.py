# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
name = 'kernel
ok = 1

# CHECK: {{^}}{{.*}}fail_unterminated_string.py:2:8: error: unterminated string literal [UnterminatedString]
# CHECK-NEXT: {{^}}name = 'kernel{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~{{$}}
