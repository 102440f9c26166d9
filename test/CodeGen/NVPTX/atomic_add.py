# cuda.atomic.add is a relaxed atomicrmw add/fadd: atom.global.add on a
# kernel's arrays, atom.shared.add on a cuda.shared.array, for ints and
# floats, with the old value in a register when it is used.
# RUN: %pykc %s --sig 'hist(int32[:], uint64[:, :], float32[:], float64[:])' -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'hist(int32[:], uint64[:, :], float32[:], float64[:])' -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
# RUN: %if ptxas %{ %pykc %s --sig 'hist(int32[:], uint64[:, :], float32[:], float64[:])' --arch sm_90 -o %t.sm90.ptx && %ptxas -arch=sm_90 %t.sm90.ptx -o /dev/null %}
from numba import cuda, int32


@cuda.jit
def hist(bins, grid, fbins, dbins):
    s = cuda.shared.array(8, int32)
    t = cuda.threadIdx.x
    if t < 8:
        s[t] = 0
    cuda.syncthreads()
    old = cuda.atomic.add(s, t % 8, 1)
    cuda.atomic.add(grid, (t % 4, old), 2)
    cuda.atomic.add(fbins, t % 4, 1.0)
    cuda.atomic.add(dbins, t % 4, 0.5)
    cuda.syncthreads()
    if t < 8:
        cuda.atomic.add(bins, t, s[t])

# CHECK-LABEL: .visible .entry hist(
# CHECK: atom.shared.add.u32 [[OLD:%r[0-9]+]], [{{%rd[0-9]+}}], 1;
# CHECK: cvt.s64.s32 {{%rd[0-9]+}}, [[OLD]];
# CHECK: {{(atom|red)}}.global.add.u64 {{(%rd[0-9]+, )?}}[{{%rd[0-9]+}}], 2;
# CHECK: {{(atom|red)}}.global.add.f32 {{(%f[0-9]+, )?}}[{{%rd[0-9]+}}], 0f3F800000;
# CHECK: {{(atom|red)}}.global.add.f64 {{(%fd[0-9]+, )?}}[{{%rd[0-9]+}}], 0d3FE0000000000000;
# CHECK: barrier.sync 0;
# CHECK: ld.shared.u32 [[V:%r[0-9]+]]
# CHECK: {{(atom|red)}}.global.add.u32 {{(%r[0-9]+, )?}}[{{%rd[0-9]+}}], [[V]];
# CHECK: ret;
