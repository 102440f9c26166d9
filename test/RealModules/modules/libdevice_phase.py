"""Phase shifts and bit tricks with cuda.libdevice, as seismic and signal
libraries write them for speed: sincosf for a rotation, fast_expf, frexp,
and the integer intrinsics."""
from numba import cuda
from numba.cuda import libdevice


@cuda.jit
def rotate(re, im, phase, out_re, out_im):
    i = cuda.grid(1)
    if i < re.size:
        s, c = libdevice.sincosf(phase[i])
        out_re[i] = re[i] * c - im[i] * s
        out_im[i] = re[i] * s + im[i] * c


@cuda.jit
def decompose(x, mant, expo, bits):
    i = cuda.grid(1)
    if i < x.size:
        m, e = libdevice.frexp(x[i])
        mant[i] = m
        expo[i] = e
        k = libdevice.llrint(x[i] * 1000.0)
        bits[i] = (libdevice.popcll(k) + libdevice.clzll(k) * 100 + libdevice.ffs(e) * 10000
                   + libdevice.brev(1) + libdevice.abs(-3))


@cuda.jit
def damped(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = libdevice.exp(-libdevice.fabs(x[i])) * libdevice.hypot(x[i], 2.0) + \
            libdevice.fma(x[i], 3.0, libdevice.cbrt(x[i]))
