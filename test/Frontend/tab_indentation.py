# RUN: %pykc --emit=ast %s -o - | FileCheck %s
# Tabs indent to the next multiple of 8, so both bodies parse.
def kernel(io_array):
	for i in range(4):
		io_array[i] = i
	return

# CHECK-LABEL: {{^}}Module
# CHECK-NEXT:   FunctionDef 'kernel' <3:1-6:8>
# CHECK-NEXT:     params:
# CHECK-NEXT:       Param 'io_array' <3:12-3:20>
# CHECK-NEXT:     body:
# CHECK-NEXT:       For <4:2-5:18>
# CHECK-NEXT:         Name 'i' <4:6-4:7>
# CHECK-NEXT:         in:
# CHECK-NEXT:           Call <4:11-4:19>
# CHECK-NEXT:             Name 'range' <4:11-4:16>
# CHECK-NEXT:             args:
# CHECK-NEXT:               Constant 4 <4:17-4:18>
# CHECK-NEXT:         body:
# CHECK-NEXT:           Assign <5:3-5:18>
# CHECK-NEXT:             targets:
# CHECK-NEXT:               Subscript <5:3-5:14>
# CHECK-NEXT:                 Name 'io_array' <5:3-5:11>
# CHECK-NEXT:                 Name 'i' <5:12-5:13>
# CHECK-NEXT:             value:
# CHECK-NEXT:               Name 'i' <5:17-5:18>
# CHECK-NEXT:       Return <6:2-6:8>
