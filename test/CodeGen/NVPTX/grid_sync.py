# cuda.cg.this_grid().sync(): a block barrier, then thread 0 of each block
# arrives at the module's counter (membar.gl, atom.global.add) and spins on
# a volatile load until its top bit flips, then a second block barrier. A
# GridGroup holds nothing: passing one to a device function costs nothing.
# RUN: %pykc %s -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit(device=True)
def wait(g):
    g.sync()


@cuda.jit("void(int32[:])")
def grid_sync(a):
    a[cuda.grid(1)] = 1
    wait(cuda.cg.this_grid())
    a[0] = 2

# CHECK: .global .align 4 .u32 __pykc_grid_barrier;
# CHECK-LABEL: .visible .entry grid_sync(
# CHECK: barrier.sync 0;
# CHECK: membar.gl;
# CHECK: atom.global.add.u32
# CHECK: ld.volatile.global.u32
# CHECK: membar.gl;
# CHECK: barrier.sync 0;
# CHECK: ret;
