# Acceptance: examples/documents/matmul.py, compiled unchanged.
# The three matrix products of the document (naive, square, shared-memory tiled).
# Every kernel, for float32 and for float64 arrays, for sm_75, sm_80 and sm_90;
# each PTX is checked for the kernels' entries and verified by ptxas for its arch.
# RUN: %pykc %examples/documents/matmul.py --sig 'cuda_matmul(float32[:, :], float32[:, :], float32[:, :])' --sig 'cuda_matmul1(float32[:, :], float32[:, :], float32[:, :])' --sig 'cuda_fast_matmul(float32[:, :], float32[:, :], float32[:, :])' --arch sm_75 -o %t.float32.sm_75.ptx
# RUN: FileCheck %s --input-file %t.float32.sm_75.ptx --check-prefixes=CHECK,SM75
# RUN: %if ptxas %{ %ptxas -arch=sm_75 %t.float32.sm_75.ptx -o /dev/null %}
# RUN: %pykc %examples/documents/matmul.py --sig 'cuda_matmul(float32[:, :], float32[:, :], float32[:, :])' --sig 'cuda_matmul1(float32[:, :], float32[:, :], float32[:, :])' --sig 'cuda_fast_matmul(float32[:, :], float32[:, :], float32[:, :])' --arch sm_80 -o %t.float32.sm_80.ptx
# RUN: FileCheck %s --input-file %t.float32.sm_80.ptx --check-prefixes=CHECK,SM80
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.float32.sm_80.ptx -o /dev/null %}
# RUN: %pykc %examples/documents/matmul.py --sig 'cuda_matmul(float32[:, :], float32[:, :], float32[:, :])' --sig 'cuda_matmul1(float32[:, :], float32[:, :], float32[:, :])' --sig 'cuda_fast_matmul(float32[:, :], float32[:, :], float32[:, :])' --arch sm_90 -o %t.float32.sm_90.ptx
# RUN: FileCheck %s --input-file %t.float32.sm_90.ptx --check-prefixes=CHECK,SM90
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.float32.sm_90.ptx -o /dev/null %}
# RUN: %pykc %examples/documents/matmul.py --sig 'cuda_matmul(float64[:, :], float64[:, :], float64[:, :])' --sig 'cuda_matmul1(float64[:, :], float64[:, :], float64[:, :])' --sig 'cuda_fast_matmul(float64[:, :], float64[:, :], float64[:, :])' --arch sm_75 -o %t.float64.sm_75.ptx
# RUN: FileCheck %s --input-file %t.float64.sm_75.ptx --check-prefixes=CHECK,SM75
# RUN: %if ptxas %{ %ptxas -arch=sm_75 %t.float64.sm_75.ptx -o /dev/null %}
# RUN: %pykc %examples/documents/matmul.py --sig 'cuda_matmul(float64[:, :], float64[:, :], float64[:, :])' --sig 'cuda_matmul1(float64[:, :], float64[:, :], float64[:, :])' --sig 'cuda_fast_matmul(float64[:, :], float64[:, :], float64[:, :])' --arch sm_80 -o %t.float64.sm_80.ptx
# RUN: FileCheck %s --input-file %t.float64.sm_80.ptx --check-prefixes=CHECK,SM80
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.float64.sm_80.ptx -o /dev/null %}
# RUN: %pykc %examples/documents/matmul.py --sig 'cuda_matmul(float64[:, :], float64[:, :], float64[:, :])' --sig 'cuda_matmul1(float64[:, :], float64[:, :], float64[:, :])' --sig 'cuda_fast_matmul(float64[:, :], float64[:, :], float64[:, :])' --arch sm_90 -o %t.float64.sm_90.ptx
# RUN: FileCheck %s --input-file %t.float64.sm_90.ptx --check-prefixes=CHECK,SM90
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.float64.sm_90.ptx -o /dev/null %}

# SM75: .target sm_75{{$}}
# SM80: .target sm_80{{$}}
# SM90: .target sm_90{{$}}
# CHECK: .visible .entry cuda_matmul(
# CHECK-COUNT-15: .param .u64 cuda_matmul_param_
# CHECK-NEXT: )
# CHECK: .visible .entry cuda_matmul1(
# CHECK-COUNT-15: .param .u64 cuda_matmul1_param_
# CHECK-NEXT: )
# CHECK: .visible .entry cuda_fast_matmul(
# CHECK-COUNT-15: .param .u64 cuda_fast_matmul_param_
# CHECK-NEXT: )
