# A barrier that only some threads of a block reach hangs a GPU or gives
# undefined results: one error per barrier (or device function reaching
# one) under a thread-dependent condition or loop, with a note at it.
# Conditions on the block index, parameters, array elements or compile-time
# constants are uniform; an early return before a barrier is allowed (the
# documents' fast_matmul does it); a variable made thread-dependent later
# is uniform where it is used first.
# RUN: not %pykc %s -o %t.ptx 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=note:
from numba import cuda

TPB = 16


@cuda.jit(device=True)
def helper(a):
    cuda.syncthreads()
    return a


@cuda.jit("void(float32[:], int32)")
def divergent(a, n):
    tx = cuda.threadIdx.x
    if cuda.blockIdx.x == 0:
        cuda.syncthreads()
    if n > 2 and a[0] > 0:
        cuda.syncthreads()
    if TPB > 8:
        cuda.syncthreads()
    if tx < 16:
        cuda.syncthreads()
    lead = tx == 0
    if n > 2:
        if lead:
            a[0] = helper(a[0])
    for i in range(tx):
        cuda.syncthreads_count(1)
    while n > 0 and tx > 3:
        n -= 1
        cuda.syncthreads()
    x = cuda.grid(1)
    x = 0
    if x == 0:
        cuda.syncthreads()
    if x == 0 or cuda.syncthreads_or(tx):
        pass
    if tx == 0 or cuda.syncthreads_or(1):
        pass


@cuda.jit("void(float32[:])")
def early_return(a):
    i = cuda.grid(1)
    if i >= a.size:
        return
    cuda.syncthreads()
    a[i] += 1

# CHECK: {{^}}{{.*}}fail_divergent_barrier.py:30:9: error: cuda.syncthreads() is called under a condition that depends on the thread index: the threads that skip it leave the others of their block waiting (a GPU hangs or gives undefined results); move the barrier out of the condition, where every thread of the block reaches it [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_divergent_barrier.py:29:8: note: this condition depends on the thread index [NoteThreadDependentCondition]{{$}}
# CHECK-NEXT: {{^}}    if tx < 16:{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_divergent_barrier.py:34:20: error: 'helper' reaches cuda.syncthreads() and is called under a condition that depends on the thread index: {{.*}} [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}            a[0] = helper(a[0]){{$}}
# CHECK-NEXT: {{^}}                   ^~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_divergent_barrier.py:33:12: note: this condition depends on the thread index [NoteThreadDependentCondition]{{$}}
# CHECK: {{^}}{{.*}}fail_divergent_barrier.py:36:9: error: cuda.syncthreads_count() is called under a condition that depends on the thread index: {{.*}} [DivergentBarrier]{{$}}
# CHECK: {{^}}{{.*}}fail_divergent_barrier.py:35:5: note: this loop runs a number of times that depends on the thread index [NoteThreadDependentLoop]{{$}}
# CHECK-NEXT: {{^}}    for i in range(tx):{{$}}
# CHECK: {{^}}{{.*}}fail_divergent_barrier.py:39:9: error: cuda.syncthreads() is called under {{.*}} [DivergentBarrier]{{$}}
# CHECK: {{^}}{{.*}}fail_divergent_barrier.py:37:11: note: this loop runs a number of times that depends on the thread index [NoteThreadDependentLoop]{{$}}
# CHECK-NEXT: {{^}}    while n > 0 and tx > 3:{{$}}
# CHECK: {{^}}{{.*}}fail_divergent_barrier.py:46:19: error: cuda.syncthreads_or() is called under {{.*}} [DivergentBarrier]{{$}}
# CHECK: {{^}}{{.*}}fail_divergent_barrier.py:46:8: note: this condition depends on the thread index [NoteThreadDependentCondition]{{$}}
