# cuda.libdevice's functions (ir/Libdevice.def) call libdevice's __nv_ ones
# on the GPU, as Numba-CUDA does; pointer parameters come back as results
# (sincosf: a pair; frexp: the mantissa and the exponent). The CPU backend
# calls the C library's function of the same name, or an LLVM intrinsic.
# libdevice is linked in and inlined before --emit=llvm, so its functions
# show as the blocks they leave; a libdevice without __nv_sincosf is named.
# RUN: %pykc %s --sig 'k(float32[:], float64[:], int32[:])' --emit=llvm -O0 -o - 2>/dev/null | FileCheck %s --check-prefix=GPU
# RUN: rm -rf %t && mkdir -p %t && %pykc %S/../../Run/Inputs/optional_values.py --sig 'narrowed(int64[:], int64[:])' --emit=llvm -O0 -o %t/other.ll 2>/dev/null
# RUN: llvm-as-19 %t/other.ll -o %t/other.bc
# RUN: not %pykc %s --sig 'k(float32[:], float64[:], int32[:])' --libdevice %t/other.bc -o %t/k.ptx 2>&1 | FileCheck %s --check-prefix=NOLIB
# RUN: %pykc %s --sig 'k(float32[:], float64[:], int32[:])' --emit=cpu-llvm -O0 -o - 2>/dev/null | FileCheck %s --check-prefix=CPU
# RUN: %if ptxas %{ %pykc %s --sig 'k(float32[:], float64[:], int32[:])' -o %t/k.ptx 2>/dev/null && %ptxas -arch=sm_75 %t/k.ptx -o /dev/null %}
from numba import cuda
from numba.cuda import libdevice


@cuda.jit
def k(x, y, bits):
    i = cuda.grid(1)
    if i < x.size:
        s, c = libdevice.sincosf(x[i])
        m, e = libdevice.frexp(y[i])
        x[i] = s * c + cuda.libdevice.fast_expf(x[i])
        y[i] = m + libdevice.j0(y[i])
        bits[i] = libdevice.popc(e) + libdevice.clzll(e)

# GPU: __nv_sincosf.exit:
# GPU: __nv_frexp.exit:
# GPU: __nv_j0.exit:
# GPU: call i32 @llvm.ctpop.i32(
# GPU: call i64 @llvm.ctlz.i64(
# NOLIB: pykc: error: '{{.*}}other.bc' is not libdevice: it does not define __nv_sincosf; pass the CUDA toolkit's nvvm/libdevice/libdevice.10.bc
# CPU: call void @sincosf(float %{{.*}}, ptr %{{.*}}, ptr %{{.*}})
# CPU: call double @frexp(double %{{.*}}, ptr %{{.*}})
# CPU: call float @expf(
# CPU: call double @j0(
# CPU: call i32 @llvm.ctpop.i32(
# CPU: call i64 @llvm.ctlz.i64(i64 %{{.*}}, i1 false)
