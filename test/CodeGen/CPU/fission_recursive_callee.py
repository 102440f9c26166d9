# Barrier fission inlines every call of a kernel first. A device function
# that calls itself (here twice, as fib does) can never be inlined whole:
# the kernel keeps its fibers, found before inlining (each round of it would
# double the calls: this took unbounded memory and time). The same barrier
# with a callee that does not recurse is fissioned (a blocks entry).
# RUN: %pykc %s --sig 'recursive(int64[:], int64[:])' --sig 'plain(int64[:], int64[:])' --emit=cpu-llvm -o - | FileCheck %s
from numba import cuda


@cuda.jit("i8(i8)", device=True)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@cuda.jit(device=True)
def twice(n):
    return n + n


@cuda.jit
def recursive(r, x):
    i = cuda.grid(1)
    r[i] = fib(x[i])
    cuda.syncthreads()


@cuda.jit
def plain(r, x):
    i = cuda.grid(1)
    r[i] = twice(x[i])
    cuda.syncthreads()

# CHECK-NOT: define void @recursive__cpu_blocks(
# CHECK-LABEL: define void @recursive__cpu(
# CHECK: call void @pykc_cpu_barrier(
# CHECK: define void @plain__cpu_blocks(
# CHECK-NOT: pykc_cpu_barrier
# CHECK-LABEL: define void @plain__cpu(
