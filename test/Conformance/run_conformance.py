"""Numba's own CUDA tests, replayed on pykc.

Runs the tests of Numba's CUDA test suite (numba/cuda/tests/cudapy and
doc_examples, from Debian's python3-numba) in Numba's CUDA simulator,
records every kernel launch (record.py), rebuilds each kernel as a module
(module_source.py), replays the launch with `pykc run --backend cpu` and
compares the arrays: integers and bools exactly, floats within a relative
tolerance (the simulator evaluates float32 math in float64).

Each kernel (one per distinct argument types) ends as one of
  match        pykc's arrays equal the simulator's
  wrong        they differ
  compile      pykc rejected the kernel with a diagnostic (exit 1)
  crash        pykc died, hung or exited with another code
  undefined    the simulator's results depend on uninitialised memory or on
               thread order (two fills disagree): not compared
  simdiff      the simulator differs from Numba-CUDA here (SIMULATOR_DIFFERS)
  unreplayable the launch cannot be written as `pykc run` (an argument or a
               global of a kind pykc run does not take, no source)
and the counts are printed per test file and in total. Exits 1 when any
kernel is wrong or crashes.

With --backend emitted-cuda the launches are replayed through the CUDA C++
of `pykc --emit=cuda`, built and run on the host
(test/Differential/emitted_cuda.py); emitted source that does not build or
run counts as a crash.

Run with the system python3 (Debian's numba and numpy):
    /usr/bin/python3 test/Conformance/run_conformance.py --pykc build/bin/pykc
        [-j N] [--only test_file.py] [--show wrong,compile,...] [--keep DIR]
        [--backend cpu|cpu-check|emitted-cuda] [--nvcc PATH]

With --backend cpu-check the launches are replayed with `pykc run --check`:
a kernel the checker reports on counts as wrong (the false-positive run).

With --backend cuda they are replayed with `pykc run --backend cuda` on a
GPU. The GPU machine's Numba (numba-cuda, NumPy 2) is not the simulator
these tests are recorded in, so the recording travels: --save-cases FILE
records here and writes the cases (a pickle of plain values) without
replaying; --load-cases FILE replays them there without importing Numba.
"""

import os
import sys

os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "Differential"))

import argparse
import collections
import concurrent.futures
import pkgutil
import re
import shutil
import subprocess
import tempfile
import time

import pickle
import types

import numpy as np

from compare import DEFAULT_RTOL, compare_array  # noqa: E402
import emitted_cuda  # noqa: E402

STATUSES = ["match", "wrong", "compile", "crash", "undefined", "unreplayable",
            "simdiff"]

# Launches where Numba's simulator computes something else than Numba-CUDA
# on a GPU, and pykc computes what Numba's own test asserts: the test (by
# the end of its id) and why. Reported as "simdiff", not compared.
SIMULATOR_DIFFERS = {
    "test_intrinsics.TestCudaIntrinsic.test_round_to_f4_halfway":
        "round(float32(0.3425), 3): the simulator multiplies in float32 "
        "(NumPy scalar rules), giving 342.5 and 0.342; Numba-CUDA multiplies "
        "by the float64 power, giving 342.500001 and 0.343, which the test "
        "asserts and pykc gives",
}

PYKC_TIMEOUT_S = 60
SUITES = ["numba.cuda.tests.cudapy", "numba.cuda.tests.doc_examples"]


def test_modules(only):
    names = []
    for suite in SUITES:
        package = __import__(suite, fromlist=["_"])
        for info in pkgutil.iter_modules(package.__path__):
            if info.name.startswith("test_") and not info.ispkg:
                if not only or info.name + ".py" in only:
                    names.append(suite + "." + info.name)
    return sorted(names)


def dims(d):
    return ",".join(str(x) for x in d)


def scalar_arg(dtype, value, cls=None, save=None):
    """An argument as `pykc run` takes it; `save(array)` writes an array
    inside a tuple to a .npy file and gives its path. A named tuple (`cls`
    its class) is spelled Point(1, 2)."""
    if dtype == "tuple":
        parts = [save(e) if isinstance(e, np.ndarray) else scalar_arg(*e, save=save)
                 for e in value]
        if cls is not None:
            name = cls if isinstance(cls, str) else cls.__name__
            return "%s(%s)" % (name, ", ".join(parts))
        return "(%s%s)" % (", ".join(parts), "," if len(parts) == 1 else "")
    if dtype == "enum":
        if isinstance(value, str):  # as portable() wrote it
            return value
        return "%s.%s" % (type(value).__name__, value.name)
    if dtype == "bool":
        return "bool:%d" % int(value)
    if dtype.startswith("float"):
        text = repr(float(value))
    elif dtype.startswith("complex"):
        text = repr(complex(value)).strip("()")
    else:
        text = str(int(value))
    return "%s:%s" % (dtype, text)


def replay_emitted(opts, case, source, workdir):
    """Replays through `pykc --emit=cuda` built for the host
    (emitted_cuda.py): what the emitted CUDA source computes. Returns
    (status, detail, the arguments after the launch or None)."""
    results, error, shown = emitted_cuda.host_run(opts, source, case.kernel, case.inputs, case.grid,
                                                  case.block, case.shared or 0, workdir)
    with open(os.path.join(workdir, "pykc-output.txt"), "w") as f:
        f.write(shown + "\n" + (error[1] if error else "") + "\n")
    if error:
        stage, message = error
        # pykc refusing the kernel is a compile error as with `pykc run`;
        # emitted source that does not compile or run is a crash.
        return ("compile" if stage == "emit" else "crash"), message, None
    return None, None, results


def replay(opts, case, workdir):
    """(status, detail) for one recorded case."""
    pykc = opts.pykc
    if case.unreplayable:
        return "unreplayable", case.unreplayable
    if case.undefined:
        return "undefined", case.undefined
    for test, reason in SIMULATOR_DIFFERS.items():
        if case.test_id.endswith(test):
            return "simdiff", reason
    os.makedirs(workdir, exist_ok=True)
    source = os.path.join(workdir, "kernel.py")
    with open(source, "w") as f:
        f.write(case.source)
    for name, text in case.extra_files.items():
        with open(os.path.join(workdir, name), "w") as f:
            f.write(text)
    if opts.backend == "emitted-cuda":
        status, detail, got = replay_emitted(opts, case, source, workdir)
        if status:
            return status, detail
        problems = []

        def compare_all(k, value, expected):
            if isinstance(value, np.ndarray):
                diff = compare_array(expected, value, None, DEFAULT_RTOL)
                if diff:
                    problems.append("arg %d: %s" % (k, diff))
            elif isinstance(value, list):  # a tuple holding arrays
                for v, e in zip(value, expected):
                    compare_all(k, v, e)
        for k, (value, expected) in enumerate(zip(got, case.outputs)):
            if k not in case.copied_in_only:
                compare_all(k, value, expected)
        return ("wrong", "; ".join(problems)) if problems else ("match", None)
    cmd = [pykc, "run", source, case.kernel, "--grid", dims(case.grid),
           "--block", dims(case.block), "--backend",
           "cuda" if opts.backend == "cuda" else "cpu", "--fmad=false"]
    if opts.backend == "cpu-check":
        cmd.append("--check")
    if case.shared:
        cmd += ["--shared", str(case.shared)]
    paths = []
    saved = []

    def save(value):
        path = os.path.join(workdir, "arg%d.npy" % len(saved))
        np.save(path, value)
        saved.append(path)
        return path

    for k, value in enumerate(case.inputs):
        if isinstance(value, np.ndarray):
            path = save(value)
            paths.append(path)
            cmd.append(path)
        else:
            start = len(saved)
            cmd.append(scalar_arg(*value, save=save))
            paths.append(saved[start:] if value[0] == "tuple" else None)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=PYKC_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return "crash", "timed out after %d s" % PYKC_TIMEOUT_S
    text = (proc.stderr + proc.stdout).strip()
    with open(os.path.join(workdir, "pykc-output.txt"), "w") as f:
        f.write(text + "\n")  # kept with --keep: the warnings, for review
    if proc.returncode == 1 and "pykc: --check found " in text:
        errors = [l for l in text.splitlines() if ": error: " in l]
        return "wrong", "--check: " + (errors[0] if errors else text.splitlines()[-1])
    if proc.returncode == 1:
        errors = [l for l in text.splitlines() if ": error: " in l]
        return "compile", (errors[0] if errors else text.splitlines()[-1] if text else "")
    if proc.returncode != 0:
        lines = text.splitlines()
        return "crash", "exit %d: %s" % (proc.returncode,
                                         " | ".join(lines[-4:]))
    problems = []

    def flat(outputs):
        # A tuple's outputs in the order its arrays were saved.
        for o in outputs:
            if isinstance(o, list):
                yield from flat(o)
            elif o is not None:
                yield o
    for k, (path, expected) in enumerate(zip(paths, case.outputs)):
        if path is None or k in case.copied_in_only:
            continue
        pairs = (zip(path, flat(expected)) if isinstance(path, list)
                 else [(path, expected)])
        for p, e in pairs:
            diff = compare_array(e, np.load(p), None, DEFAULT_RTOL)
            if diff:
                problems.append("arg %d: %s" % (k, diff))
    if problems:
        return "wrong", "; ".join(problems)
    return "match", None


def portable(case):
    """The case as plain values that unpickle without the test modules: a
    named tuple's class and an enum member become the text pykc run takes."""
    def plain(value):
        if isinstance(value, tuple) and value and value[0] == "tuple":
            parts = [plain(v) for v in value[1]]
            if len(value) > 2 and value[2] is not None:
                return ("tuple", parts, value[2].__name__)
            return ("tuple", parts)
        if isinstance(value, tuple) and value and value[0] == "enum":
            return ("enum", scalar_arg(*value))
        return value
    fields = dict(vars(case))
    fields["inputs"] = [plain(v) for v in case.inputs]
    return fields


def kind_of(detail):
    """The diagnostic's [Kind], to group compile errors."""
    m = re.search(r"\[(\w+)\]\s*$", detail or "")
    return m.group(1) if m else "other"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pykc", default=os.environ.get("PYKC", "build/bin/pykc"))
    parser.add_argument("-j", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", action="append", metavar="TEST_FILE",
                        help="only this test file, e.g. test_atomics.py")
    parser.add_argument("--show", default="wrong,crash",
                        help="statuses whose kernels are listed one per line "
                             "(default: wrong,crash; 'all' for every one)")
    parser.add_argument("--keep", metavar="DIR",
                        help="write each case's module and arrays under DIR")
    parser.add_argument("--backend", default="cpu",
                        help="replay with `pykc run --backend cpu` (cpu, the "
                             "default), with --check (cpu-check), on a GPU "
                             "(cuda) or through `pykc --emit=cuda` built for "
                             "the host (emitted-cuda, test/Differential/"
                             "emitted_cuda.py); several, comma-separated, "
                             "replay one recording several times")
    parser.add_argument("--save-cases", metavar="FILE",
                        help="record, write the cases to FILE and stop")
    parser.add_argument("--load-cases", metavar="FILE",
                        help="replay the cases in FILE instead of recording")
    emitted_cuda.add_options(parser)
    opts = parser.parse_args(argv)
    opts.pykc = pykc = os.path.abspath(opts.pykc)
    if not os.access(pykc, os.X_OK):
        parser.error("pykc not found at %s (use --pykc or $PYKC)" % pykc)
    backends = opts.backend.split(",")
    for b in backends:
        if b not in ("cpu", "cpu-check", "cuda", "emitted-cuda"):
            parser.error("unknown backend '%s' (cpu, cpu-check, cuda, emitted-cuda)" % b)
    show = set(STATUSES if opts.show == "all" else opts.show.split(","))

    if opts.load_cases:
        with open(opts.load_cases, "rb") as f:
            cases = [types.SimpleNamespace(**c) for c in pickle.load(f)]
        print("%d cases loaded from %s" % (len(cases), opts.load_cases), file=sys.stderr)
    else:
        import record  # Numba's simulator, needed only to record
        start = time.time()
        cases, tests = record.record(test_modules(opts.only))
        recorded = time.time() - start
        print("Numba's tests: %d run, %d skipped in the simulator; %.1f s recording"
              % (tests["run"], tests["skipped"], recorded), file=sys.stderr)
    if opts.save_cases:
        with open(opts.save_cases, "wb") as f:
            pickle.dump([portable(c) for c in cases], f)
        print("%d cases written to %s" % (len(cases), opts.save_cases), file=sys.stderr)
        return 0
    failing = False
    for backend in backends:
        opts.backend = backend
        failing |= replay_all(opts, cases, show, len(backends) > 1)
    return 1 if failing else 0


def replay_all(opts, cases, show, several):
    """Replays every case on opts.backend and prints the tables; whether any
    kernel was wrong or crashed."""
    host_tmp = emitted_cuda.prepare(opts) if opts.backend == "emitted-cuda" else None
    root = opts.keep or tempfile.mkdtemp(prefix="pykc-conformance-")
    if several:
        root = os.path.join(root, opts.backend)
    workdirs = [os.path.join(root, "%03d-%s" % (k, case.qualname.split(".")[-1]))
                for k, case in enumerate(cases)]
    try:
        with concurrent.futures.ThreadPoolExecutor(max(1, opts.j)) as pool:
            results = list(pool.map(lambda cw: replay(opts, *cw),
                                    zip(cases, workdirs)))
    finally:
        if not opts.keep:
            shutil.rmtree(root, ignore_errors=True)
        if host_tmp:
            shutil.rmtree(host_tmp, ignore_errors=True)

    print("replayed with: %s" % opts.backend)
    per_file = collections.OrderedDict()
    totals = collections.Counter()
    kinds = collections.Counter()
    for case, (status, detail), workdir in zip(cases, results, workdirs):
        per_file.setdefault(case.test_file, collections.Counter())[status] += 1
        totals[status] += 1
        if status == "compile":
            kinds[kind_of(detail)] += 1
        if status in show:
            print("%-12s %s %s (%s): %s%s" % (status.upper(), case.test_file,
                                         case.qualname,
                                         case.test_id.rsplit(".", 1)[-1], detail,
                                         "  [%s]" % workdir if opts.keep else ""))

    print("%-36s %s" % ("file", " ".join("%6.6s" % s for s in STATUSES)))
    for name, counts in sorted(per_file.items()):
        print("%-36s %s" % (name, " ".join("%6d" % counts[s] for s in STATUSES)))
    replayable = sum(totals[s] for s in ("match", "wrong", "compile", "crash"))
    print("compile errors by kind: " + ", ".join(
        "%s %d" % kv for kv in kinds.most_common()))
    print("kernels: %d recorded, %d undefined, %d unreplayable, %d where the "
          "simulator differs from Numba-CUDA, %d replayed"
          % (len(cases), totals["undefined"], totals["unreplayable"],
             totals["simdiff"], replayable))
    # The same kernel function launched with other argument types counts
    # once here: it matches when every replayed launch of it matches.
    functions = {}
    for case, (status, _) in zip(cases, results):
        if status in ("match", "wrong", "compile", "crash"):
            key = (case.test_file, case.qualname, case.source)
            functions[key] = functions.get(key, True) and status == "match"
    print("kernel functions: %d of %d match in every replayed launch"
          % (sum(functions.values()), len(functions)))
    print("conformance: %d of %d match, %d wrong, %d compile errors, %d crashes"
          % (totals["match"], replayable, totals["wrong"], totals["compile"],
             totals["crash"]))
    sys.stdout.flush()
    return bool(totals["wrong"] or totals["crash"])


if __name__ == "__main__":
    sys.exit(main())
