"""`pykc --emit=cuda`'s source, compiled for the host with
test/CudaSource/host_cuda.h (CUDA's kernel language on the CPU) and launched
there, so the CUDA C++ that pykc writes can be checked against Numba's
simulator on a machine without a GPU. Used by run_differential.py
(--backend emitted-cuda) and run_conformance.py (--backend emitted-cuda).

Per launch: emit the kernel for the types of its arguments, write a main()
that loads the arrays (their bytes in memory order), launches the kernel
with KernelABI.h's flattened parameters and stores the arrays back, build
it with clang++ (or c++) as C++20, run it, load the arrays. With an nvcc,
the emitted file must also compile with nvcc -ptx without any warning.
"""

import hashlib
import os
import re
import shutil
import subprocess
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
HOST_HEADER = os.path.join(os.path.dirname(HERE), "CudaSource", "host_cuda.h")
# Stand-ins for cuda_fp16.h and cooperative_groups.h.
HOST_INCLUDE = os.path.join(os.path.dirname(HERE), "CudaSource", "host_include")
GPU_HEADER = os.path.join(os.path.dirname(HERE), "CudaSource", "gpu_launch.h")
TIMEOUT_S = 120
# -O0: the corpus's kernels run in milliseconds, and building is what
# costs (-O1 took 40% longer over the differential and conformance runs);
# -fwrapv: signed overflow wraps, as nvcc's code and Numba's do;
# -ffp-contract=off: every float operation rounded, as the simulator does.
HOST_FLAGS = ["-std=c++20", "-O0", "-fwrapv", "-ffp-contract=off", "-pthread", "-w"]

# Blocks run their threads as std::threads when the kernel needs them to
# meet (barriers, warp operations); otherwise one after the other.
NEEDS_THREADS = re.compile(r"__syncthreads|__shfl|_sync\(|__activemask")

C_TYPES = {"bool": "bool", "int8": "int8_t", "int16": "int16_t",
           "int32": "int32_t", "int64": "int64_t", "uint8": "uint8_t",
           "uint16": "uint16_t", "uint32": "uint32_t", "uint64": "uint64_t",
           "float16": "__half", "float32": "float", "float64": "double",
           "complex64": "pykc_complex<float>", "complex128": "pykc_complex<double>"}


# A pointer to a record array's bytes, passed where the kernel takes a
# pointer to the record's struct.
ANY_POINTER = ("struct pykc_any_ptr {\n  void *p;\n"
               "  template <typename T> operator T *() const { return (T *)p; }\n};\n")


class Unsupported(Exception):
    """An argument the host launch cannot pass (records, tuples)."""


def add_options(parser):
    """The options of the emitted-cuda backend, for both scripts."""
    parser.add_argument("--emitted-on", choices=["host", "gpu"], default="host",
                        help="with --backend emitted-cuda: build the emitted "
                             "source for the host (host_cuda.h, default) or "
                             "with nvcc for this machine's GPU")
    parser.add_argument("--nvcc", metavar="PATH",
                        help="with --backend emitted-cuda: also compile each "
                             "emitted file with this nvcc (-ptx, every warning "
                             "an error)")


def host_compiler():
    for name in ("clang++-19", "clang++", "c++", "g++"):
        path = shutil.which(name)
        if path:
            return path
    return None


def prepare(opts):
    """Finds the host compiler, makes a directory for what the builds share
    and, with clang, precompiles host_cuda.h once: its templates
    instantiated and its functions compiled into an object in the header
    (-fpch-instantiate-templates, -fpch-codegen), so each kernel's build
    parses and compiles only the emitted file and its main(): the 154
    builds of the differential corpus took 46 s of clang's time, 136 s with
    a plain precompiled header (which instantiates its templates again in
    every build) and -O1.
    Sets opts.host_cxx, opts.host_pch and opts.host_pch_object (None without
    a precompiled header) and opts.shared_dir; returns that directory, to be
    removed afterwards."""
    opts.host_cxx = host_compiler()
    opts.host_pch = opts.host_pch_object = None
    opts.shared_dir = tempfile.mkdtemp(prefix="pykc-host-cuda-")
    if not opts.host_cxx or "clang" not in os.path.basename(opts.host_cxx):
        return opts.shared_dir
    pch = os.path.join(opts.shared_dir, "host_cuda.h.pch")
    obj = os.path.join(opts.shared_dir, "host_cuda.o")
    proc = subprocess.run([opts.host_cxx] + HOST_FLAGS + [
        "-fpch-instantiate-templates", "-fpch-codegen", "-x", "c++-header", HOST_HEADER,
        "-o", pch], capture_output=True, text=True, timeout=TIMEOUT_S)
    if proc.returncode == 0:
        proc = subprocess.run([opts.host_cxx] + HOST_FLAGS + ["-c", pch, "-o", obj],
                              capture_output=True, text=True, timeout=TIMEOUT_S)
    if proc.returncode == 0:
        opts.host_pch, opts.host_pch_object = pch, obj
    return opts.shared_dir


def nvcc_check(opts, cu, source, workdir):
    """None when nvcc compiles the emitted file without a warning, else
    (stage, message), command. Cases share kernels files, so a source
    already checked in this run (a marker named by its hash in
    opts.shared_dir, which threads and processes both see) is not checked
    again."""
    marker = os.path.join(getattr(opts, "shared_dir", None) or workdir,
                          "nvcc-ok-" + hashlib.sha256(source.encode()).hexdigest())
    if os.path.exists(marker):
        return None
    # What a CUDA programmer would build: nvcc, every warning an error.
    # The device pass only (-ptx, a third of -c's time): nvcc's host
    # pass sees the same prelude in every file, and test/CudaSource/
    # builds each construct with -c.
    check = [opts.nvcc, "-ptx", "-arch=sm_75", "-Werror", "all-warnings",
             cu, "-o", os.path.join(workdir, "kernel.ptx")]
    proc = subprocess.run(check, capture_output=True, text=True, timeout=TIMEOUT_S)
    if proc.returncode != 0:
        out = [l for l in (proc.stderr + proc.stdout).splitlines() if l.strip()]
        return ("nvcc", "nvcc rejects the emitted source: %s" % " | ".join(out[:4])), \
            " ".join(check)
    open(marker, "w").close()
    return None


def numba_type_of(value):
    """The Numba type of an argument value, for `pykc --sig`."""
    if isinstance(value, np.ndarray):
        if value.dtype.names is not None:
            # Numba's Record(...) spelling, which --sig reads; a 0-d array
            # is one record.
            from numba.np import numpy_support
            name = str(numpy_support.from_dtype(value.dtype))
            if value.ndim == 0:
                return name
        else:
            name = "boolean" if value.dtype == np.bool_ else str(value.dtype)
        if name not in C_TYPES and name != "boolean" and value.dtype.names is None:
            raise Unsupported("arrays of %s" % name)
        dims = [":"] * value.ndim
        if value.ndim and value.flags.c_contiguous:
            dims[-1] = "::1"
        elif value.ndim and value.flags.f_contiguous:
            dims[0] = "::1"
        return "%s[%s]" % (name, ", ".join(dims))
    dtype, member = value[0], value[1]
    if dtype == "tuple":
        parts = [numba_type_of(e) for e in member]
        if len(value) > 2:  # a named tuple: Point(int64, float64)
            return "%s(%s)" % (value[2].__name__, ", ".join(parts))
        return "(%s%s)" % (", ".join(parts), "," if len(parts) == 1 else "")
    if dtype == "enum":  # --sig names an enum.Enum class
        return type(member).__name__
    if dtype not in C_TYPES:
        raise Unsupported("scalars of %s" % dtype)
    return "boolean" if dtype == "bool" else dtype


def scalar_literal(dtype, value):
    if dtype not in C_TYPES:
        raise Unsupported("scalars of %s" % dtype)
    v = np.dtype(dtype).type(value)
    if dtype == "bool":
        return "true" if bool(v) else "false"
    if dtype in ("float16", "float32", "float64"):
        f = float(v)
        text = ("NAN" if f != f else "INFINITY" if f == float("inf")
                else "-INFINITY" if f == float("-inf") else repr(f))
        return "(%s)%s" % (C_TYPES[dtype], text)
    if dtype in ("complex64", "complex128"):
        part = "float32" if dtype == "complex64" else "float64"
        return "%s, %s" % (scalar_literal(part, v.real), scalar_literal(part, v.imag))
    if dtype.startswith("int"):
        return "(%s)%dLL" % (C_TYPES[dtype], int(v))
    return "(%s)%dULL" % (C_TYPES[dtype], int(v))


def pykc_symbol(kernel):
    """The symbol pykc gives `kernel` (ir::symbolName): a kernel in a class
    body, `Ops.scale`, is Ops__scale; each UTF-8 byte of a non-ASCII name is
    _xHH_ (`γ` is _xce__xb3_)."""
    out = ""
    for byte in kernel.encode("utf-8"):
        c = chr(byte)
        if byte < 0x80 and (c.isalnum() or c == "_"):
            out += c
        elif c == ".":
            out += "__"
        else:
            out += "_x%02x_" % byte
    return out


def kernel_symbols(source):
    return re.findall(r'extern "C" __global__ void\s+(\w+)\s*\(', source)


def mangled_suffixes(args):
    """pykc's symbol suffixes for a kernel specialised to `args`: with the
    arrays' own layouts, then with any layout (A), as a declared signature
    `int32[:]` takes a C array."""
    def token(value, any_layout):
        if isinstance(value, np.ndarray):
            layout = "A" if any_layout or not value.ndim else (
                "C" if value.flags.c_contiguous else "F" if value.flags.f_contiguous else "A")
            name = "bool" if value.dtype == np.bool_ else str(value.dtype)
            return "%s_%dd%s" % (name, value.ndim, layout)
        if value[0] == "enum":
            return "enum_" + type(value[1]).__name__
        if value[0] == "tuple":
            head = "namedtuple_" + value[2].__name__ if len(value) > 2 else "tuple"
            return head + "".join("_" + token(e, any_layout) for e in value[1])
        return value[0]
    return ["__" + "_".join(token(v, any_layout) for v in args) for any_layout in (False, True)]


def choose_kernel(symbols, kernel, args):
    """The symbol `pykc run` would launch for `kernel` on `args`: its only
    specialisation, the one named as the kernel, or the one whose mangled
    argument types fit."""
    mine = [s for s in symbols if s in (kernel, kernel + "_") or s.startswith(kernel + "__")]
    if len(mine) == 1:
        return mine[0]
    for plain in (kernel, kernel + "_"):
        if plain in mine:
            return plain
    for suffix in mangled_suffixes(args):
        for s in mine:
            if s.rstrip("_").endswith(suffix) and s.startswith(kernel + "__"):
                return s
    raise Unsupported("cannot tell which of %s launches '%s'" % (", ".join(mine) or "no kernel",
                                                                   kernel))


def dim3(d, brackets="{}"):
    """A launch dimension as C++ initialiser: {x, y, z}, or (x, y, z)."""
    d = (d,) if isinstance(d, int) else tuple(d)
    d = d + (1,) * (3 - len(d))
    return brackets[0] + "%du, %du, %du" % d + brackets[1]


def launch_mode(source):
    if "pykc_grid_sync()" in source:
        return "pykc_host_grid_threads"
    return "pykc_host_block_threads" if NEEDS_THREADS.search(source) else "pykc_host_sequential"


def array_leaves(args):
    """The arrays among `args`, tuples' elements included, in order."""
    for value in args:
        if isinstance(value, np.ndarray):
            yield value
        elif value[0] == "tuple":
            yield from array_leaves(value[1])


def flattened_arguments(args, workdir, load, store, counter=None):
    """KernelABI.h's parameters for `args` (arrays, or (dtype, value)
    scalars, or tuples of these): the K-th array's bytes written to argK.bin
    (in array_leaves' order) and read by `load` into aK, then its extents
    and byte strides. Returns (the lines that load the arrays, the
    parameters as (C type, expression), the lines that store the arrays
    back with `store`)."""
    loads, params, stores = [], [], []
    counter = counter if counter is not None else [0]
    for value in args:
        if isinstance(value, np.ndarray):
            k = counter[0]
            counter[0] += 1
            path = os.path.join(workdir, "arg%d.bin" % k)
            with open(path, "wb") as f:
                f.write(value.tobytes(order="A"))
            if value.dtype.names is not None:
                # A record's struct is the emitted file's: passed untyped.
                loads.append('  void *a%d = %s("%s", %d);' % (k, load, path, value.nbytes))
                params.append(("void *", "pykc_any_ptr{a%d}" % k))
            else:
                ctype = C_TYPES["bool" if value.dtype == np.bool_ else str(value.dtype)]
                loads.append('  %s *a%d = (%s *)%s("%s", %d);'
                             % (ctype, k, ctype, load, path, value.nbytes))
                params.append(("%s *" % ctype, "a%d" % k))
            params += [("int64_t", "(int64_t)%d" % n) for n in value.shape]
            params += [("int64_t", "(int64_t)%d" % st) for st in value.strides]
            stores.append('  %s("%s", a%d, %d);' % (store, path, k, value.nbytes))
        elif value[0] == "tuple":  # KernelABI.h: its elements' parameters in order
            inner_loads, inner, inner_stores = flattened_arguments(value[1], workdir, load,
                                                                   store, counter)
            loads += inner_loads
            params += inner
            stores += inner_stores
        elif value[0] == "enum":
            # KernelABI.h: an enum.Enum member is its int64 value, or where
            # the class's values are not all ints, its index among them.
            member, cls = value[1], type(value[1])
            code = (member.value if all(isinstance(m.value, int) for m in cls)
                    else list(cls).index(member))
            params.append(("int64_t", "(int64_t)%dLL" % code))
        elif value[0] in ("complex64", "complex128"):
            # KernelABI.h: a complex is two parameters, its real and imaginary parts.
            part = "float32" if value[0] == "complex64" else "float64"
            z = np.dtype(value[0]).type(value[1])
            params.append((C_TYPES[part], scalar_literal(part, z.real)))
            params.append((C_TYPES[part], scalar_literal(part, z.imag)))
        else:
            params.append((C_TYPES[value[0]], scalar_literal(*value)))
    return loads, params, stores


def main_source(args, grid, block, shared, mode, symbol, workdir):
    """The C++ main() that launches `symbol` on the host (host_cuda.h)."""
    loads, params, stores = flattened_arguments(args, workdir, "pykc_host_load",
                                                "pykc_host_store")
    lines = ['#include "kernel.cu"', "", ANY_POINTER, "int main() {"] + loads
    lines.append("  pykc_host_launch(%s, %s, %d, %s, [&] { %s(%s); });"
                 % (dim3(grid), dim3(block), shared, mode, symbol,
                    ", ".join(text for _, text in params)))
    lines += stores + ["  return 0;", "}", ""]
    return "\n".join(lines)


def gpu_main_source(args, grid, block, shared, cooperative, symbol, workdir):
    """The CUDA main() that launches `symbol` on a GPU (gpu_launch.h)."""
    loads, params, stores = flattened_arguments(args, workdir, "pykc_gpu_load",
                                                "pykc_gpu_store")
    lines = ['#include "kernel.cu"', '#include "%s"' % GPU_HEADER, "", ANY_POINTER,
             "int main() {"] + loads
    for n, (ctype, text) in enumerate(params):
        lines.append("  %s p%d = %s;" % (ctype, n, text))
    lines.append("  void *params[] = {%s};" % ", ".join("&p%d" % n for n in range(len(params))))
    lines.append("  pykc_gpu_launch((const void *)%s, dim3%s, dim3%s, %d, %s, params);"
                 % (symbol, dim3(grid, "()"), dim3(block, "()"), shared,
                    "true" if cooperative else "false"))
    lines += stores + ["  return 0;", "}", ""]
    return "\n".join(lines)


def host_run(opts, python_file, kernel, args, grid, block, shared, workdir):
    """Emits `kernel` of `python_file` for the types of `args`, builds it for
    the host and launches it. Returns (results, None, command) with the
    arguments after the launch, or (None, (stage, message), command) where
    stage is "emit", "nvcc", "build" or "run"."""
    try:
        sig = "%s(%s)" % (kernel, ", ".join(numba_type_of(a) for a in args))
    except Unsupported as e:
        return None, ("emit", "cannot pass %s" % e), ""
    cu = os.path.join(workdir, "kernel.cu")
    # A kernel declared with signatures runs as declared (as `pykc run`
    # does); otherwise it is specialised to the arguments' types.
    symbol_name = pykc_symbol(kernel)
    emit = [opts.pykc, python_file, "--emit=cuda", "-o", cu]
    shown = "%s %s --emit=cuda -o %s" % (opts.pykc, python_file, cu)
    proc = subprocess.run(emit, capture_output=True, text=True, timeout=TIMEOUT_S)
    declared = False
    if proc.returncode == 0:
        with open(cu) as f:
            declared = any(s == symbol_name or s.startswith(symbol_name + "_")
                           for s in kernel_symbols(f.read()))
    if not declared:
        emit = [opts.pykc, python_file, "--sig", sig, "--emit=cuda", "-o", cu]
        shown = "%s %s --sig '%s' --emit=cuda -o %s" % (opts.pykc, python_file, sig, cu)
        proc = subprocess.run(emit, capture_output=True, text=True, timeout=TIMEOUT_S)
    if proc.returncode != 0:
        err = [l for l in proc.stderr.splitlines() if "error" in l]
        return None, ("emit", "pykc --emit=cuda exited with %d: %s" % (
            proc.returncode, " | ".join(err[:3]) or proc.stderr.strip()[:300])), shown
    with open(cu) as f:
        source = f.read()
    if getattr(opts, "nvcc", None):
        failed = nvcc_check(opts, cu, source, workdir)
        if failed:
            return None, failed[0], failed[1]
    if getattr(opts, "emitted_on", "host") == "gpu":
        return gpu_run(opts, source, symbol_name, args, grid, block, shared, workdir, shown)
    try:
        symbol = choose_kernel(kernel_symbols(source), symbol_name, args)
        mode = launch_mode(source)
        if mode == "pykc_host_grid_threads" and "__shared__" in source:
            raise Unsupported("grid sync with shared memory (host_cuda.h runs such a "
                              "grid's blocks at once, sharing their statics)")
        main = main_source(args, grid, block, shared, mode, symbol, workdir)
    except Unsupported as e:
        return None, ("emit", str(e)), shown
    main_path = os.path.join(workdir, "main.cpp")
    with open(main_path, "w") as f:
        f.write(main)
    if not getattr(opts, "host_cxx", None):
        return None, ("build", "no C++ compiler (clang++-19, clang++, c++, g++) found"), shown
    exe = os.path.join(workdir, "kernel")
    build = [opts.host_cxx] + HOST_FLAGS
    if getattr(opts, "host_pch", None):
        build += ["-include-pch", opts.host_pch, opts.host_pch_object]
    else:
        build += ["-include", HOST_HEADER]
    build += ["-I", workdir, "-I", HOST_INCLUDE, main_path, "-o", exe]
    proc = subprocess.run(build, capture_output=True, text=True, timeout=TIMEOUT_S)
    if proc.returncode != 0:
        out = [l for l in proc.stderr.splitlines() if "error" in l]
        return None, ("build", "the emitted source does not build on the host: %s" % (
            " | ".join(out[:4]) or proc.stderr[:400])), " ".join(build)
    try:
        proc = subprocess.run([exe], capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, ("run", "the host-built kernel timed out after %d s" % TIMEOUT_S), exe
    if proc.returncode != 0:
        return None, ("run", "the host-built kernel exited with %d: %s" % (
            proc.returncode, (proc.stderr + proc.stdout).strip()[-400:])), exe
    return read_back(args, workdir), None, shown


def gpu_run(opts, source, kernel, args, grid, block, shared, workdir, shown):
    """host_run's second half on a GPU: the emitted file and a launcher
    built by nvcc (every float operation rounded, -fmad=false, as the
    simulator computes), run on this machine's GPU."""
    try:
        symbol = choose_kernel(kernel_symbols(source), kernel, args)
        main = gpu_main_source(args, grid, block, shared, "pykc_grid_sync()" in source,
                               symbol, workdir)
    except Unsupported as e:
        return None, ("emit", str(e)), shown
    main_path = os.path.join(workdir, "main.cu")
    with open(main_path, "w") as f:
        f.write(main)
    exe = os.path.join(workdir, "kernel")
    nvcc = getattr(opts, "nvcc", None) or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    build = [nvcc, "-arch=%s" % getattr(opts, "gpu_arch", "native"), "-O2", "-fmad=false",
             "-I", workdir, main_path, "-o", exe]
    proc = subprocess.run(build, capture_output=True, text=True, timeout=TIMEOUT_S)
    if proc.returncode != 0:
        out = [l for l in (proc.stderr + proc.stdout).splitlines() if "error" in l]
        return None, ("build", "nvcc cannot build the launcher: %s" % (
            " | ".join(out[:4]) or proc.stderr[:400])), " ".join(build)
    if getattr(opts, "build_only", False):
        return list(args), None, " ".join(build)
    try:
        proc = subprocess.run([exe], capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, ("run", "the GPU launch timed out after %d s" % TIMEOUT_S), exe
    if proc.returncode != 0:
        return None, ("run", "the GPU launch exited with %d: %s" % (
            proc.returncode, (proc.stderr + proc.stdout).strip()[-400:])), exe
    return read_back(args, workdir), None, shown


def read_back(args, workdir, counter=None):
    """The arguments after the launch: arrays read back (a tuple's as a list
    of its elements')."""
    results = []
    counter = counter if counter is not None else [0]
    for value in args:
        if isinstance(value, np.ndarray):
            with open(os.path.join(workdir, "arg%d.bin" % counter[0]), "rb") as f:
                data = np.frombuffer(f.read(), dtype=value.dtype)
            counter[0] += 1
            order = "F" if (value.flags.f_contiguous and not value.flags.c_contiguous) else "C"
            results.append(data.reshape(value.shape, order=order).copy())
        elif value[0] == "tuple" and any(True for _ in array_leaves(value[1])):
            results.append(read_back(value[1], workdir, counter))
        else:
            results.append(value)
    return results


def run_emitted(opts, case, inputs, workdir):
    """run_differential's backend: (arrays or None, error message or None,
    command line), as run_differential.run_pykc returns."""
    args = [v if isinstance(v, np.ndarray) else (a.dtype, a.value)
            for a, v in zip(case.args, inputs)]
    kernels_dir = getattr(opts, "kernels_dir", None) or os.path.join(HERE, "kernels")
    results, error, shown = host_run(opts, os.path.join(kernels_dir, case.file),
                                     case.kernel, args, case.grid, case.block, 0, workdir)
    if error:
        return None, error[1], shown
    return [r if isinstance(v, np.ndarray) else v for r, v in zip(results, inputs)], None, shown
