# Acceptance: examples/documents/increment_by_one_threadidx.py, compiled unchanged.
# The first kernel of the document: threadIdx/blockIdx/blockDim indexing and `an_array[pos] += 1`.
# Every kernel, for float32 and for float64 arrays, for sm_75, sm_80 and sm_90;
# each PTX is checked for the kernels' entries and verified by ptxas for its arch.
# RUN: %pykc %examples/documents/increment_by_one_threadidx.py --sig 'increment_by_one(float32[:])' --arch sm_75 -o %t.float32.sm_75.ptx
# RUN: FileCheck %s --input-file %t.float32.sm_75.ptx --check-prefixes=CHECK,SM75
# RUN: %if ptxas %{ %ptxas -arch=sm_75 %t.float32.sm_75.ptx -o /dev/null %}
# RUN: %pykc %examples/documents/increment_by_one_threadidx.py --sig 'increment_by_one(float32[:])' --arch sm_80 -o %t.float32.sm_80.ptx
# RUN: FileCheck %s --input-file %t.float32.sm_80.ptx --check-prefixes=CHECK,SM80
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.float32.sm_80.ptx -o /dev/null %}
# RUN: %pykc %examples/documents/increment_by_one_threadidx.py --sig 'increment_by_one(float32[:])' --arch sm_90 -o %t.float32.sm_90.ptx
# RUN: FileCheck %s --input-file %t.float32.sm_90.ptx --check-prefixes=CHECK,SM90
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.float32.sm_90.ptx -o /dev/null %}
# RUN: %pykc %examples/documents/increment_by_one_threadidx.py --sig 'increment_by_one(float64[:])' --arch sm_75 -o %t.float64.sm_75.ptx
# RUN: FileCheck %s --input-file %t.float64.sm_75.ptx --check-prefixes=CHECK,SM75
# RUN: %if ptxas %{ %ptxas -arch=sm_75 %t.float64.sm_75.ptx -o /dev/null %}
# RUN: %pykc %examples/documents/increment_by_one_threadidx.py --sig 'increment_by_one(float64[:])' --arch sm_80 -o %t.float64.sm_80.ptx
# RUN: FileCheck %s --input-file %t.float64.sm_80.ptx --check-prefixes=CHECK,SM80
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.float64.sm_80.ptx -o /dev/null %}
# RUN: %pykc %examples/documents/increment_by_one_threadidx.py --sig 'increment_by_one(float64[:])' --arch sm_90 -o %t.float64.sm_90.ptx
# RUN: FileCheck %s --input-file %t.float64.sm_90.ptx --check-prefixes=CHECK,SM90
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.float64.sm_90.ptx -o /dev/null %}

# SM75: .target sm_75{{$}}
# SM80: .target sm_80{{$}}
# SM90: .target sm_90{{$}}
# CHECK: .visible .entry increment_by_one(
# CHECK-COUNT-3: .param .u64 increment_by_one_param_
# CHECK-NEXT: )
