"""Differential tests: pykc's CPU backend against Numba's CUDA simulator.

For every case in cases.py: generate the inputs from a seeded RandomState,
launch the kernel in the simulator, save the same inputs as .npy files, launch
`pykc run FILE KERNEL --grid G --block B --backend cpu ARG...`, load the .npy
files back and compare every array argument with the simulator's result
(integers and bools exactly, floats with a relative tolerance).

Run with the system python3 (Debian's numba and numpy):
    /usr/bin/python3 test/Differential/run_differential.py [--pykc PATH]
        [--backend cpu|cuda] [--check] [--only NAME] [--simulator-only] [--compile-only]
        [-j N] [--keep] [-v] [--list] [--reference simulator|numba-cuda]
        [--corpus DIR]

`--check` runs every kernel on the CPU backend under `pykc run --check`
(racecheck, initcheck, synccheck, memcheck): a correct kernel must get no
report, and its results must still agree (kernels the simulator cannot run
are only checked).

`--corpus DIR` runs another corpus laid out as this folder: DIR/cases.py
lists Case objects (the classes of this folder's cases.py, which it
imports) and DIR/modules/ holds the kernel files; see test/RealModules/.
A kernel file inside a package (folders with __init__.py) is imported by
its dotted name, so relative imports work; a kernel named `Class.kernel`
is found by getattr; DIR/shims/, when present, is put on the simulator's
sys.path (stand-ins for packages the system python lacks; pykc never sees
them).

On a machine with a GPU and numba-cuda, `--backend cuda --reference
numba-cuda` compares pykc's GPU results with numba-cuda's on the same GPU
(the kernels compiled by Numba itself, not simulated).

Prints `PASS name` / `FAIL name: reason` / `SKIP name: reason` per case and
ends with `N passed, N failed` (`, N skipped` when some are); exits 1 when a
case failed.
"""

import os
import re
import sys

# The simulator is chosen when numba is first imported, so the reference is
# read from the command line before anything imports numba.
def _reference_from_argv(argv):
    for k, arg in enumerate(argv):
        if arg.startswith("--reference="):
            return arg.split("=", 1)[1]
        if arg == "--reference" and k + 1 < len(argv):
            return argv[k + 1]
    return "simulator"


REFERENCE = _reference_from_argv(sys.argv[1:])
if REFERENCE == "simulator":
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"

# Importing the kernels and cases.py must not leave __pycache__ folders in
# the source tree.
sys.dont_write_bytecode = True

import argparse
import concurrent.futures
import importlib
import importlib.util
import inspect
import shutil
import subprocess
import tempfile
import time
import traceback
import warnings
import zlib

import numpy as np

# numba-cuda 0.30 still registers np.row_stack, which NumPy 2.4 removed;
# give it the alias back so it imports (no kernel here calls it).
if not hasattr(np, "row_stack"):
    np.row_stack = np.vstack

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels")
sys.path.insert(0, HERE)

import cases as cases_module  # noqa: E402
from compare import DEFAULT_RTOL, EXACT_RTOL, compare_array  # noqa: E402
import emitted_cuda  # noqa: E402

PYKC_TIMEOUT_S = 120


# --- Inputs ---------------------------------------------------------------

def case_seed(case):
    """A seed that depends on the case's name only, so adding cases does not
    change the inputs of the others."""
    return zlib.crc32(case.name.encode()) & 0x7FFFFFFF


def make_inputs(case):
    rng = np.random.RandomState(case_seed(case))
    values = []
    for arg in case.args:
        if isinstance(arg, cases_module.Array):
            values.append(arg.make(rng))
        else:
            values.append(arg.numpy_value())
    return values


def dims_arg(dims):
    if isinstance(dims, int):
        return str(dims)
    return ",".join(str(d) for d in dims)


# --- The simulator side ---------------------------------------------------

_modules = {}


def package_module_name(path):
    """(the folder holding the top package, the dotted module name) for a
    file inside a package (its folder holds __init__.py), else None."""
    folder, base = os.path.split(os.path.abspath(path))
    stem = os.path.splitext(base)[0]
    parts = [] if stem == "__init__" else [stem]
    if not os.path.exists(os.path.join(folder, "__init__.py")):
        return None
    while os.path.exists(os.path.join(folder, "__init__.py")):
        folder, package = os.path.split(folder)
        parts.insert(0, package)
    return folder, ".".join(parts)


_corpus_ready = set()


def prepare_corpus_imports(kernels_dir):
    """For a --corpus run, once per process: the corpus's shims/ go on
    sys.path (after everything, so an installed package wins), and the
    simulator's cuda.jit learns what compiled Numba-CUDA accepts and Numba
    0.56's simulator does not: options it lacks (lineinfo, max_registers,
    newer ones: TypeError there) are ignored, and a list of signatures
    (taken there for the function) means "compile when called"."""
    if kernels_dir == KERNELS or kernels_dir in _corpus_ready:
        return
    _corpus_ready.add(kernels_dir)
    shims = os.path.join(os.path.dirname(kernels_dir), "shims")
    if os.path.isdir(shims) and shims not in sys.path:
        sys.path.append(shims)
    if REFERENCE != "simulator":
        return
    # The simulator's cuda.libdevice is stubs: a corpus's shims may give
    # stand-ins that compute (shims/libdevice_sim.py).
    if os.path.exists(os.path.join(shims, "libdevice_sim.py")):
        importlib.import_module("libdevice_sim")
    from numba import cuda
    jit = cuda.jit
    if getattr(jit, "_pykc_tolerant", False):
        return
    known = set(inspect.signature(jit).parameters)

    def tolerant_jit(*args, **kwargs):
        if args and isinstance(args[0], list):
            args = (None,) + args[1:]
        return jit(*args, **{k: v for k, v in kwargs.items() if k in known})

    tolerant_jit._pykc_tolerant = True
    cuda.jit = tolerant_jit


def load_kernel(case, kernels_dir=KERNELS):
    prepare_corpus_imports(kernels_dir)
    path = os.path.join(kernels_dir, case.file)
    module = _modules.get(path)
    if module is None:
        package = package_module_name(path)
        if package is not None:
            root, dotted = package
            if root not in sys.path:
                sys.path.insert(0, root)
            module = importlib.import_module(dotted)
        else:
            name = "pykc_diff_" + os.path.splitext(case.file)[0]
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        _modules[path] = module
    kernel = module
    for part in case.kernel.split("."):  # Class.kernel
        kernel = getattr(kernel, part)
    if inspect.isfunction(kernel):
        # A plain function that the module's host code compiles at run
        # time (cuda.jit(sig)(fn) inside a def): compiled here instead.
        from numba import cuda
        kernel = cuda.jit(kernel)
    return kernel


def run_simulator(case, inputs, kernels_dir=KERNELS):
    """Launches the kernel in the reference (the simulator, or numba-cuda on
    a GPU) on copies of `inputs`; returns the arguments after the launch."""
    kernel = load_kernel(case, kernels_dir)
    args = [np.copy(v, order="K") if isinstance(v, np.ndarray) else v
            for v in inputs]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if REFERENCE == "numba-cuda":
            from numba import cuda
            # Device copies, so the launch does not depend on Numba's
            # implicit host-array transfers; written back explicitly.
            dev = [cuda.to_device(a) if isinstance(a, np.ndarray) else a
                   for a in args]
            kernel[case.grid, case.block](*dev)
            cuda.synchronize()
            args = [d.copy_to_host() if isinstance(a, np.ndarray) else a
                    for a, d in zip(args, dev)]
        else:
            kernel[case.grid, case.block](*args)
    return args


# --- The pykc side --------------------------------------------------------

def pykc_command(opts, case, arg_paths):
    cmd = [opts.pykc, "run", os.path.join(opts.kernels_dir, case.file), case.kernel,
           "--grid", dims_arg(case.grid), "--block", dims_arg(case.block),
           "--backend", opts.backend, "--fmad=" + opts.fmad]
    if opts.check:
        cmd.append("--check")
    for arg, path in zip(case.args, arg_paths):
        cmd.append(path if path is not None else arg.cli())
    return cmd


def numba_type(arg):
    """The Numba type of an argument, for `pykc --sig`: C and F order arrays
    are contiguous, as Numba types numpy arrays."""
    name = "boolean" if arg.dtype == "bool" else arg.dtype
    if isinstance(arg, cases_module.Scalar):
        return name
    if np.dtype(arg.dtype).names is not None:  # Numba's Record(...) spelling
        from numba.np import numpy_support
        name = str(numpy_support.from_dtype(np.dtype(arg.dtype)))
    n = len(arg.shape)
    dims = [":"] * n
    dims[-1 if arg.order == "C" else 0] = "::1"
    return "%s[%s]" % (name, ", ".join(dims))


def compile_pykc(opts, case):
    """Compiles the case's kernel to PTX with the signature of its inputs;
    returns an error message or None."""
    sig = "%s(%s)" % (case.kernel, ", ".join(numba_type(a) for a in case.args))
    cmd = [opts.pykc, os.path.join(opts.kernels_dir, case.file), "--sig", sig,
           "-o", os.devnull]
    proc = subprocess.run(cmd, capture_output=True, text=True,
                          timeout=PYKC_TIMEOUT_S)
    if proc.returncode != 0:
        out = proc.stderr.strip().splitlines()
        return ("pykc exited with %d: %s\n    %s"
                % (proc.returncode, " | ".join(out[:6]),
                   " ".join(cmd[:3]) + " '%s' -o /dev/null" % sig))
    return None


def run_pykc(opts, case, inputs, workdir):
    """Saves `inputs` as .npy files, runs pykc on them and loads them back.
    Returns (arrays or None, error message or None, command line)."""
    paths = []
    for k, v in enumerate(inputs):
        if isinstance(v, np.ndarray):
            path = os.path.join(workdir, "arg%d.npy" % k)
            np.save(path, v)
            paths.append(path)
        else:
            paths.append(None)
    cmd = pykc_command(opts, case, paths)
    shown = " ".join(cmd)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=PYKC_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, "pykc timed out after %d s" % PYKC_TIMEOUT_S, shown
    except OSError as e:
        return None, "cannot run pykc: %s" % e, shown
    if proc.returncode != 0:
        out = (proc.stderr + proc.stdout).strip().splitlines()
        tail = " | ".join(out[-6:]) if out else "(no output)"
        return None, "pykc exited with %d: %s" % (proc.returncode, tail), shown
    results = []
    for path, v in zip(paths, inputs):
        results.append(np.load(path) if path is not None else v)
    return results, None, shown


def run_cpu_reference(opts, case, inputs):
    """The arguments after pykc's CPU backend ran the kernel on copies of
    `inputs`; raises when it fails."""
    cpu = argparse.Namespace(**vars(opts))
    cpu.backend = "cpu"
    workdir = tempfile.mkdtemp(prefix="pykc-diff-ref-%s-" % case.name)
    try:
        got, error, _ = run_pykc(cpu, case, inputs, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if error:
        raise RuntimeError("pykc's CPU backend, the reference here: " + error)
    return got


# --- Comparison -----------------------------------------------------------

def exact_float64(opts):
    """float64 results must be bit-identical: pykc on the CPU with
    --fmad=false against the simulator (both round every operation and call
    the same C library)."""
    return (opts.backend in ("cpu", "emitted-cuda") and opts.fmad == "false"
            and REFERENCE == "simulator")


def max_float_error(ref, got):
    """The largest relative error over the float arrays, for the report."""
    worst = 0.0
    for r, g in zip(ref, got):
        if isinstance(r, np.ndarray) and r.dtype.kind == "f" and r.size:
            r64, g64 = r.astype(np.float64), g.astype(np.float64)
            ok = np.isfinite(r64) & np.isfinite(g64)
            if ok.any():
                scale = max(1.0, float(np.max(np.abs(r64[ok]))))
                e = np.abs(g64[ok] - r64[ok]) / (np.abs(r64[ok]) + scale)
                worst = max(worst, float(e.max()))
    return worst


# --- One case -------------------------------------------------------------

def run_case(opts, case):
    """Returns (status, name, detail) with status PASS, FAIL or SKIP."""
    try:
        if opts.compile_only:
            error = compile_pykc(opts, case)
            return ("FAIL", case.name, error) if error else ("PASS", case.name, None)
        if REFERENCE == "numba-cuda" and case.numba_cuda_fails:
            return "SKIP", case.name, case.numba_cuda_fails
        # The emitted source is compared with pykc's CPU backend where the
        # simulator cannot run the kernel (the CPU backend itself is
        # compared with numba-cuda on a GPU).
        cpu_reference = (REFERENCE == "simulator" and case.simulator_lacks
                         and opts.backend == "emitted-cuda")
        if (REFERENCE == "simulator" and case.simulator_lacks and opts.check
                and not case.skip):
            # Nothing to compare with, but the checker must stay quiet.
            workdir = tempfile.mkdtemp(prefix="pykc-diff-%s-" % case.name)
            try:
                _, error, cmd = run_pykc(opts, case, make_inputs(case), workdir)
            finally:
                shutil.rmtree(workdir, ignore_errors=True)
            return ("FAIL", case.name, error + "\n    " + cmd) if error else ("PASS", case.name, None)
        if REFERENCE == "simulator" and case.simulator_lacks and not cpu_reference:
            return "SKIP", case.name, ("Numba's simulator lacks %s; compared with "
                                       "numba-cuda on a GPU" % case.simulator_lacks)
        if (REFERENCE == "simulator" and case.numpy2_simulator
                and int(np.__version__.split(".")[0]) >= 2):
            return "SKIP", case.name, case.numpy2_simulator
        inputs = make_inputs(case)
        try:
            ref = (run_cpu_reference(opts, case, inputs) if cpu_reference
                   else run_simulator(case, inputs, opts.kernels_dir))
        except Exception as e:
            # Numba's messages span lines and colour them: keep the text.
            text = re.sub(r"\x1b\[[0-9;]*m", "", "%s: %s" % (type(e).__name__, e))
            lines = [l.strip() for l in text.splitlines() if l.strip()]
            return "FAIL", case.name, ("pykc cpu" if cpu_reference else REFERENCE) + ": " + " | ".join(lines)[:800]
        if opts.simulator_only:
            wrote = any(isinstance(v, np.ndarray) and
                        not np.array_equal(v, r, equal_nan=True)
                        for v, r in zip(inputs, ref))
            if not wrote:
                return "FAIL", case.name, "simulator: the kernel wrote nothing"
            return "PASS", case.name, None
        if case.skip:
            return "SKIP", case.name, case.skip
        workdir = tempfile.mkdtemp(prefix="pykc-diff-%s-" % case.name)
        try:
            if opts.backend == "emitted-cuda":
                got, error, cmd = emitted_cuda.run_emitted(opts, case, inputs, workdir)
            else:
                got, error, cmd = run_pykc(opts, case, inputs, workdir)
            if error:
                return "FAIL", case.name, error + "\n    " + cmd
            problems = []
            for k, (arg, r, g) in enumerate(zip(case.args, ref, got)):
                if isinstance(arg, cases_module.Array):
                    diff = compare_array(r, g, case.rtol,
                                         EXACT_RTOL if exact_float64(opts) else DEFAULT_RTOL)
                    if diff:
                        problems.append("arg %d (%s): %s" % (k, arg.dtype, diff))
            if problems:
                return ("FAIL", case.name,
                        "; ".join(problems) + "\n    " + cmd)
            detail = None
            if opts.verbose:
                detail = "max relative float error %.3g" % max_float_error(ref, got)
            return "PASS", case.name, detail
        finally:
            if opts.keep:
                print("kept %s" % workdir, file=sys.stderr)
            else:
                shutil.rmtree(workdir, ignore_errors=True)
    except Exception:
        return "FAIL", case.name, "harness: " + traceback.format_exc()


class _Worker:
    """Picklable callable for the process pool."""

    def __init__(self, opts):
        self.opts = opts

    def __call__(self, case):
        return run_case(self.opts, case)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pykc", default=os.environ.get("PYKC", "build/bin/pykc"),
                        help="the pykc binary (default: $PYKC or build/bin/pykc)")
    parser.add_argument("--backend", choices=["cpu", "cuda", "emitted-cuda"],
                        default="cpu",
                        help="the pykc backend to compare (default: cpu); "
                             "emitted-cuda: pykc --emit=cuda's source, built "
                             "and run on the host (emitted_cuda.py)")
    emitted_cuda.add_options(parser)
    parser.add_argument("--check", action="store_true",
                        help="run pykc with --check (CPU backend): any report fails the case")
    parser.add_argument("--reference", choices=["simulator", "numba-cuda"],
                        default="simulator",
                        help="what pykc is compared with: Numba's CUDA simulator "
                             "(default) or numba-cuda on this machine's GPU")
    parser.add_argument("--fmad", choices=["true", "false"], default=None,
                        help="pykc's --fmad (default: false on the CPU, where "
                             "float64 results are then compared exactly, true "
                             "on the GPU, as numba-cuda fuses)")
    parser.add_argument("--only", action="append", metavar="NAME",
                        help="run only this case (repeatable)")
    parser.add_argument("--simulator-only", action="store_true",
                        help="only check that every case runs in the simulator "
                             "and writes something")
    parser.add_argument("--compile-only", action="store_true",
                        help="only check that pykc compiles every case's "
                             "kernel to PTX for the types of its arguments")
    parser.add_argument("-j", type=int, default=os.cpu_count() or 1,
                        metavar="N", help="cases run in parallel")
    parser.add_argument("--keep", action="store_true",
                        help="keep each case's .npy files")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print the largest float error of passing cases")
    parser.add_argument("--list", action="store_true",
                        help="list the cases and exit")
    parser.add_argument("--corpus", metavar="DIR",
                        help="run the corpus of DIR (DIR/cases.py, kernels in "
                             "DIR/modules/) instead of this folder's")
    opts = parser.parse_args(argv)
    opts.kernels_dir = KERNELS
    corpus_cases = cases_module
    if opts.corpus:
        corpus = os.path.abspath(opts.corpus)
        if not os.path.isfile(os.path.join(corpus, "cases.py")):
            parser.error("no cases.py in %s" % corpus)
        spec = importlib.util.spec_from_file_location(
            "pykc_corpus_cases", os.path.join(corpus, "cases.py"))
        corpus_cases = importlib.util.module_from_spec(spec)
        # Registered, so that fills defined there pickle for the workers.
        sys.modules[spec.name] = corpus_cases
        spec.loader.exec_module(corpus_cases)
        opts.kernels_dir = os.path.join(corpus, "modules")
    if opts.fmad is None:
        opts.fmad = "true" if opts.backend == "cuda" else "false"
    if opts.check and opts.backend != "cpu":
        parser.error("--check runs on the CPU backend (--backend cpu)")

    selected = corpus_cases.CASES
    if opts.list:
        for c in selected:
            print("%-24s %s:%s grid=%s block=%s%s"
                  % (c.name, c.file, c.kernel, dims_arg(c.grid),
                     dims_arg(c.block), "  [skip: %s]" % c.skip if c.skip else ""))
        return 0
    if opts.only:
        known = {c.name for c in selected}
        unknown = [n for n in opts.only if n not in known]
        if unknown:
            parser.error("unknown case(s): %s" % ", ".join(unknown))
        selected = [c for c in selected if c.name in opts.only]
    if not opts.simulator_only:
        opts.pykc = os.path.abspath(opts.pykc)
        if not os.access(opts.pykc, os.X_OK):
            parser.error("pykc not found at %s (use --pykc or $PYKC)" % opts.pykc)

    host_tmp = emitted_cuda.prepare(opts) if opts.backend == "emitted-cuda" else None
    start = time.time()
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    worker = _Worker(opts)
    jobs = max(1, min(opts.j, len(selected)))
    if jobs == 1:
        results = map(worker, selected)
        pool = None
    else:
        pool = concurrent.futures.ProcessPoolExecutor(max_workers=jobs)
        results = pool.map(worker, selected)
    try:
        for status, name, detail in results:
            counts[status] += 1
            if status == "PASS":
                print("PASS %s%s" % (name, "  (%s)" % detail if detail else ""))
            else:
                print("%s %s: %s" % (status, name, detail))
            sys.stdout.flush()
    finally:
        if pool is not None:
            pool.shutdown()
        if host_tmp:
            shutil.rmtree(host_tmp, ignore_errors=True)
    print("time %.1f s" % (time.time() - start), file=sys.stderr)
    summary = "%d passed, %d failed" % (counts["PASS"], counts["FAIL"])
    if counts["SKIP"]:
        summary += ", %d skipped" % counts["SKIP"]
    print(summary)
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main())
