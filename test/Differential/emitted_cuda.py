"""The emitted-cuda backend of run_differential.py: `pykc --emit=cuda`'s
source, compiled for the host with test/CudaSource/host_cuda.h (CUDA's
kernel language on the CPU) and launched there, so the CUDA C++ that pykc
writes is checked against Numba's simulator on a machine without a GPU.

Per case: emit the kernel for the types of its arguments, write a main()
that loads the arrays (their bytes in memory order), launches the kernel
with KernelABI.h's flattened parameters and stores the arrays back, build
it with clang++ (or c++) as C++20, run it, load the arrays. With --nvcc,
the emitted file must also compile with nvcc -ptx without any warning.
"""

import os
import re
import shutil
import subprocess

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
HOST_HEADER = os.path.join(os.path.dirname(HERE), "CudaSource", "host_cuda.h")
TIMEOUT_S = 120

# Blocks run their threads as std::threads when the kernel needs them to
# meet (barriers, warp operations); otherwise one after the other.
NEEDS_THREADS = re.compile(r"__syncthreads|__shfl|_sync\(|__activemask")

C_TYPES = {"bool": "bool", "int8": "int8_t", "int16": "int16_t",
           "int32": "int32_t", "int64": "int64_t", "uint8": "uint8_t",
           "uint16": "uint16_t", "uint32": "uint32_t", "uint64": "uint64_t",
           "float32": "float", "float64": "double"}


def host_compiler():
    for name in ("clang++-19", "clang++", "c++", "g++"):
        path = shutil.which(name)
        if path:
            return path
    return None


def scalar_literal(dtype, value):
    if dtype not in C_TYPES:
        raise ValueError("no C type for %s" % dtype)
    v = np.dtype(dtype).type(value)
    if dtype == "bool":
        return "true" if bool(v) else "false"
    if dtype in ("float32", "float64"):
        f = float(v)
        text = ("NAN" if f != f else "INFINITY" if f == float("inf")
                else "-INFINITY" if f == float("-inf") else repr(f))
        return "(%s)%s" % (C_TYPES[dtype], text)
    return "(%s)%dLL" % (C_TYPES[dtype], int(v)) if dtype.startswith("int") \
        else "(%s)%dULL" % (C_TYPES[dtype], int(v))


def kernel_symbol(source):
    names = re.findall(r'extern "C" __global__ void\s+(\w+)\s*\(', source)
    if len(names) != 1:
        raise ValueError("expected one kernel in the emitted source, found %d"
                         % len(names))
    return names[0]


def main_source(case, inputs, symbol, workdir):
    """The C++ main() that launches the case's kernel on its inputs."""
    from cases import Array  # noqa: E402 (run_differential put it on the path)
    lines = ['#include "kernel.cu"', "", "int main() {"]
    args, stores = [], []
    for k, (arg, value) in enumerate(zip(case.args, inputs)):
        if isinstance(arg, Array):
            path = os.path.join(workdir, "arg%d.bin" % k)
            with open(path, "wb") as f:
                f.write(value.tobytes(order="A"))
            ctype = C_TYPES[arg.dtype]
            lines.append('  auto *a%d = (%s *)pykc_host_load("%s", %d);'
                         % (k, ctype, path, value.nbytes))
            args.append("a%d" % k)
            args += ["(int64_t)%d" % n for n in value.shape]
            args += ["(int64_t)%d" % s for s in value.strides]
            stores.append('  pykc_host_store("%s", a%d, %d);'
                          % (path, k, value.nbytes))
        else:
            args.append(scalar_literal(arg.dtype, arg.value))

    def dim3(d):
        d = (d,) if isinstance(d, int) else tuple(d)
        d = d + (1,) * (3 - len(d))
        return "{%du, %du, %du}" % d

    lines.append("  pykc_host_launch(%s, %s, [&] { %s(%s); });"
                 % (dim3(case.grid), dim3(case.block), symbol, ", ".join(args)))
    lines += stores
    lines += ["  return 0;", "}", ""]
    return "\n".join(lines)


def run_emitted(opts, case, inputs, workdir, numba_type):
    """Returns (arrays or None, error message or None, command line), as
    run_differential.run_pykc does."""
    from cases import Array  # noqa: E402
    sig = "%s(%s)" % (case.kernel, ", ".join(numba_type(a) for a in case.args))
    cu = os.path.join(workdir, "kernel.cu")
    emit = [opts.pykc, os.path.join(HERE, "kernels", case.file), "--sig", sig,
            "--emit=cuda", "-o", cu]
    shown = " ".join(emit[:2]) + " --sig '%s' --emit=cuda -o %s" % (sig, cu)
    proc = subprocess.run(emit, capture_output=True, text=True, timeout=TIMEOUT_S)
    if proc.returncode != 0:
        err = [l for l in proc.stderr.splitlines() if "error" in l]
        return None, "pykc --emit=cuda exited with %d: %s" % (
            proc.returncode, " | ".join(err[:3]) or proc.stderr.strip()[:300]), shown
    with open(cu) as f:
        source = f.read()
    if getattr(opts, "nvcc", None):
        # What a CUDA programmer would build: nvcc, every warning an error.
        check = [opts.nvcc, "-ptx", "-arch=sm_75", "-Werror", "all-warnings",
                 cu, "-o", os.path.join(workdir, "kernel.ptx")]
        proc = subprocess.run(check, capture_output=True, text=True, timeout=TIMEOUT_S)
        if proc.returncode != 0:
            out = [l for l in (proc.stderr + proc.stdout).splitlines() if l.strip()]
            return None, "nvcc rejects the emitted source: %s" % " | ".join(out[:4]), \
                " ".join(check)
    try:
        symbol = kernel_symbol(source)
        main = main_source(case, inputs, symbol, workdir)
    except ValueError as e:
        return None, str(e), shown
    main_path = os.path.join(workdir, "main.cpp")
    with open(main_path, "w") as f:
        f.write(main)
    compiler = host_compiler()
    if not compiler:
        return None, "no C++ compiler (clang++-19, clang++, c++, g++) found", shown
    exe = os.path.join(workdir, "kernel")
    build = [compiler, "-std=c++20", "-O1", "-fwrapv", "-ffp-contract=off",
             "-pthread", "-w", "-include", HOST_HEADER, "-I", workdir]
    if NEEDS_THREADS.search(source):
        build.append("-DPYKC_HOST_THREADS")
    build += [main_path, "-o", exe]
    proc = subprocess.run(build, capture_output=True, text=True, timeout=TIMEOUT_S)
    if proc.returncode != 0:
        out = [l for l in proc.stderr.splitlines() if "error" in l]
        return None, "the emitted source does not build on the host: %s" % (
            " | ".join(out[:4]) or proc.stderr[:400]), " ".join(build)
    proc = subprocess.run([exe], capture_output=True, text=True, timeout=TIMEOUT_S)
    if proc.returncode != 0:
        return None, "the host-built kernel exited with %d: %s" % (
            proc.returncode, (proc.stderr + proc.stdout).strip()[-400:]), exe
    results = []
    for k, (arg, value) in enumerate(zip(case.args, inputs)):
        if isinstance(arg, Array):
            with open(os.path.join(workdir, "arg%d.bin" % k), "rb") as f:
                data = np.frombuffer(f.read(), dtype=value.dtype)
            order = "F" if (value.flags.f_contiguous and not value.flags.c_contiguous) else "C"
            results.append(data.reshape(value.shape, order=order))
        else:
            results.append(value)
    return results, None, shown
