# A barrier under a thread-dependent condition or loop is accepted; it is
# a warning when the threads that skip it can reach another barrier (after
# the condition, in a later turn of the loop, in a device function called
# later, back in a device function's caller), with notes at the condition
# and at the barrier they can wait at. Conditions on the block index,
# parameters, array elements or compile-time constants are uniform; threads
# that skip a barrier and then leave the kernel (an early return, the end
# of the kernel) get no warning; a variable made thread-dependent later is
# uniform where it is used first.
# RUN: %pykc %s -o %t.ptx 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=error:
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


@cuda.jit("void(int32[:], int32)")
def skip_then_sync(a, n):
    tid = cuda.threadIdx.x
    for step in range(n):
        if tid < step:
            cuda.syncthreads()
        a[tid] += step


@cuda.jit("void(int32[:], int32)")
def continue_before_sync(a, n):
    tid = cuda.threadIdx.x
    for step in range(n):
        if tid == step:
            continue
        cuda.syncthreads()
        a[tid] += step


@cuda.jit("void(int32[:])")
def break_then_sync(a):
    tid = cuda.threadIdx.x
    i = 0
    while i < 8:
        cuda.syncthreads()
        if a[tid] > i + tid:
            break
        i += 1
    a[tid] = i
    cuda.syncthreads()


@cuda.jit(device=True)
def lead_sync(a):
    if cuda.threadIdx.x == 0:
        cuda.syncthreads()


@cuda.jit("void(int32[:])")
def back_in_caller(a):
    tid = cuda.threadIdx.x
    lead_sync(a)
    cuda.syncthreads()
    a[tid] = tid


@cuda.jit("void(int32[:])")
def else_barrier(a):
    tid = cuda.threadIdx.x
    if tid < 16:
        a[tid] = 1
        cuda.syncthreads()
    else:
        cuda.syncthreads()

# CHECK: {{^}}{{.*}}divergent_barrier_warning.py:32:9: warning: cuda.syncthreads() is called under a condition that depends on the thread index, and the threads that skip it can go on to 'helper' on line 36, which reaches cuda.syncthreads(): they wait there while the others wait here, and a GPU (sm_70+) releases a block's barrier once every thread that has not exited waits at any barrier, so each group releases the other and neither barrier synchronizes as written; let the threads that skip it leave the kernel, or make every thread reach it [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:31:8: note: this condition depends on the thread index [NoteThreadDependentCondition]{{$}}
# CHECK-NEXT: {{^}}    if tx < 16:{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:36:20: note: the threads that skip it can wait here [NoteSkippersWaitHere]{{$}}
# CHECK-NEXT: {{^}}            a[0] = helper(a[0]){{$}}
# CHECK-NEXT: {{^}}                   ^~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}divergent_barrier_warning.py:36:20: warning: 'helper' reaches cuda.syncthreads() and is called under a condition that depends on the thread index, and the threads that skip it can go on to cuda.syncthreads_count() on line 38: {{.*}} [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}            a[0] = helper(a[0]){{$}}
# CHECK-NEXT: {{^}}                   ^~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:35:12: note: this condition depends on the thread index [NoteThreadDependentCondition]{{$}}
# CHECK-NEXT: {{^}}        if lead:{{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:38:9: note: the threads that skip it can wait here [NoteSkippersWaitHere]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads_count(1){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}divergent_barrier_warning.py:38:9: warning: cuda.syncthreads_count() is called under a condition that depends on the thread index, and the threads that skip it can go on to cuda.syncthreads() on line 41: {{.*}} [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads_count(1){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:37:5: note: this loop runs a number of times that depends on the thread index [NoteThreadDependentLoop]{{$}}
# CHECK-NEXT: {{^}}    for i in range(tx):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:41:9: note: the threads that skip it can wait here [NoteSkippersWaitHere]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}divergent_barrier_warning.py:41:9: warning: cuda.syncthreads() is called under a condition that depends on the thread index, and the threads that skip it can go on to cuda.syncthreads() on line 45: {{.*}} [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:39:11: note: this loop runs a number of times that depends on the thread index [NoteThreadDependentLoop]{{$}}
# CHECK-NEXT: {{^}}    while n > 0 and tx > 3:{{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:45:9: note: the threads that skip it can wait here [NoteSkippersWaitHere]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}divergent_barrier_warning.py:66:13: warning: cuda.syncthreads() is called under a condition that depends on the thread index, and the threads that skip it can go on to it again in a later turn of the loop: they wait there while the others wait here, and a GPU (sm_70+) releases a block's barrier once every thread that has not exited waits at any barrier, so each group releases the other and neither barrier synchronizes as written; let the threads that skip it leave the kernel, or make every thread reach it [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}            cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}            ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:65:12: note: this condition depends on the thread index [NoteThreadDependentCondition]{{$}}
# CHECK-NEXT: {{^}}        if tid < step:{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}divergent_barrier_warning.py:76:9: warning: cuda.syncthreads() is called under a condition that depends on the thread index, and the threads that skip it can go on to it again in a later turn of the loop: {{.*}} [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:74:12: note: this condition depends on the thread index [NoteThreadDependentCondition]{{$}}
# CHECK-NEXT: {{^}}        if tid == step:{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}divergent_barrier_warning.py:85:9: warning: cuda.syncthreads() is called under a condition that depends on the thread index, and the threads that skip it can go on to cuda.syncthreads() on line 90: {{.*}} [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:84:11: note: this loop runs a number of times that depends on the thread index [NoteThreadDependentLoop]{{$}}
# CHECK-NEXT: {{^}}    while i < 8:{{$}}
# CHECK-NEXT: {{^}}          ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:90:5: note: the threads that skip it can wait here [NoteSkippersWaitHere]{{$}}
# CHECK-NEXT: {{^}}    cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}divergent_barrier_warning.py:96:9: warning: cuda.syncthreads() is called under a condition that depends on the thread index, and the threads that skip it can go on to cuda.syncthreads() on line 103: {{.*}} [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:95:8: note: this condition depends on the thread index [NoteThreadDependentCondition]{{$}}
# CHECK-NEXT: {{^}}    if cuda.threadIdx.x == 0:{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:103:5: note: the threads that skip it can wait here [NoteSkippersWaitHere]{{$}}
# CHECK-NEXT: {{^}}    cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}divergent_barrier_warning.py:112:9: warning: cuda.syncthreads() is called under a condition that depends on the thread index, and the threads that skip it can go on to cuda.syncthreads() on line 114: {{.*}} [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:110:8: note: this condition depends on the thread index [NoteThreadDependentCondition]{{$}}
# CHECK-NEXT: {{^}}    if tid < 16:{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:114:9: note: the threads that skip it can wait here [NoteSkippersWaitHere]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}divergent_barrier_warning.py:114:9: warning: cuda.syncthreads() is called under a condition that depends on the thread index, and the threads that skip it can go on to cuda.syncthreads() on line 112: {{.*}} [DivergentBarrier]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:110:8: note: this condition depends on the thread index [NoteThreadDependentCondition]{{$}}
# CHECK-NEXT: {{^}}    if tid < 16:{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}divergent_barrier_warning.py:112:9: note: the threads that skip it can wait here [NoteSkippersWaitHere]{{$}}
# CHECK-NEXT: {{^}}        cuda.syncthreads(){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
