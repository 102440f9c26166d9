# Acceptance: examples/documents/reductions.py, compiled unchanged. Its two
# @cuda.reduce functions compile, each for the default dtypes (int32, int64,
# uint32, uint64, float32, float64) into a GPU and a CPU kernel; the @njit
# function has no signature, so one warning says it is compiled only for
# `pykc call` or a --sig (never an error; call.test runs it); cuda_reduce gets a
# warning that its result depends on the order; exit status 0.
# RUN: %pykc %examples/documents/reductions.py -o %t.ptx 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
# RUN: FileCheck %s --input-file %t.ptx --check-prefix=PTX
# RUN: %if ptxas %{ %ptxas -arch=sm_75 %t.ptx -o /dev/null %}
# A --sig names the dtypes of a reduction.
# RUN: %pykc %examples/documents/reductions.py --sig 'sum_reduce(float32)' --sig 'cuda_reduce(int64)' -o - 2>/dev/null | FileCheck %s --check-prefix=SIG
# RUN: not %pykc %examples/documents/reductions.py --sig 'sum_reduce(float32[:])' -o - 2>&1 | FileCheck %s --check-prefix=BADSIG

# CHECK: {{^}}{{.*}}reductions.py:15:5: warning: @njit function 'numba_reduce' has no signature, so it is compiled only where a kernel calls it; give it one (in the decorator, or --sig) to compile it for the host [MissingHostSignature]{{$}}
# CHECK-NEXT: {{^}}def numba_reduce(A):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~{{$}}
# Each operator is tried on sample values at compile time: sum_reduce
# associates and commutes on them, the document's cuda_reduce does neither.
# CHECK-NEXT: {{^}}{{.*}}reductions.py:28:5: warning: the reduction 'cuda_reduce' does not associate: f(f(1, -3), 1) != f(1, f(-3, 1)) and does not commute: f(1, -3) != f(-3, 1) for int32; its result depends on the order values are combined in, which differs between GPUs, the CPU backend and Numba [OrderDependentReduction]{{$}}
# CHECK-NEXT: {{^}}def cuda_reduce(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}

# PTX: .target sm_75
# (Every kernel is in both images; the runtime launches the GPU variant on
# a GPU and the CPU variant on the CPU.)
# PTX-COUNT-12: .entry sum_reduce__pykc_reduce_{{(int32|int64|uint32|uint64|float32|float64)}}_{{gpu|cpu}}(
# PTX-COUNT-12: .entry cuda_reduce__pykc_reduce_{{(int32|int64|uint32|uint64|float32|float64)}}_{{gpu|cpu}}(
# PTX-NOT: .entry

# SIG: .entry sum_reduce__pykc_reduce_float32_gpu(
# SIG-NEXT: .param
# SIG: .entry sum_reduce__pykc_reduce_float32_cpu(
# SIG: .entry cuda_reduce__pykc_reduce_int64_gpu(
# SIG: .entry cuda_reduce__pykc_reduce_int64_cpu(
# SIG-NOT: .entry

# BADSIG: <--sig>:1:1: error: a --sig for the reduction 'sum_reduce' names one dtype, e.g. 'sum_reduce(float32)' [InvalidReduceSignature]
