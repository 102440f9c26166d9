# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
total = $price * 2

# A run of invalid characters is one diagnostic; the parser says nothing more
# about the line.
# CHECK: {{^}}{{.*}}fail_invalid_character.py:2:9: error: invalid character '$' in source [InvalidCharacter]
# CHECK-NEXT: {{^}}total = $price * 2{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
