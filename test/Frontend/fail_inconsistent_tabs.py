# RUN: not %pykc --emit=ast %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
if x:
	y = 1
        z = 2

# A tab is column 8 like eight spaces, but the two spellings disagree with
# tabs counted as one column, so CPython rejects the mix.
# CHECK: {{^}}{{.*}}fail_inconsistent_tabs.py:4:9: error: inconsistent use of tabs and spaces in indentation [InconsistentTabs]
# CHECK-NEXT: {{^}}        z = 2{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
