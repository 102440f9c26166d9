# -*- Python -*-
# lit configuration for pykc. Loaded through the generated
# build/test/lit.site.cfg.py, which sets the tool paths found by CMake.
#
# Substitutions: %pykc, %ptxas, %python, %examples, %cxx, %libcxx-cxx23,
# %runtime-libs,
# FileCheck, not.
# Features:
#   ptxas      ptxas was found; PTX tests verify with
#              `%if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}`.
#   cuda       a GPU is usable (`nvidia-smi -L` lists one, or PYKC_HAVE_GPU=1;
#              PYKC_HAVE_GPU=0 turns it off). `REQUIRES: cuda` tests are
#              UNSUPPORTED without it.
#   numba-sim  the system python3 imports numba (for comparisons with Numba's
#              CUDA simulator).
#   numpy1     that python3's NumPy is 1.x (the examples' printer prints as
#              NumPy 1.x does).
#   host-clang %cxx is clang (tests that check its diagnostics).
#   libcxx-mdspan  %libcxx-cxx23 has C++23's std::mdspan (libc++).
#   nvcc       nvcc is beside ptxas (%nvcc): --emit=cuda output is compiled.
#   nvjitlink  the toolkit has libnvJitLink: objects get SASS from it.
#   clang-format  clang-format(-19) is on PATH: --emit=cuda output is formatted.
#   zsh        zsh is on PATH: `zsh -n` checks `pykc --completion=zsh`.
#   groff      groff is on PATH: `pykc --man` is rendered with -ww.

import os
import re
import shlex
import shutil
import subprocess

import lit.formats

config.name = "pykc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py", ".ll", ".test"]
# lit treats every file with a test suffix as a test, so everything that is
# not one lives under these names (shared inputs go in Inputs/ folders).
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "unit", "fuzz", "tools"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pykc_obj_root, "test")


def tool_pattern(name):
    """A regex that matches `name` as a command word, not inside a path or a
    longer name (like LLVM's ToolSubst)."""
    return r"(?<![\w.\-/\\<^%])" + re.escape(name) + r"(?![\w.\-])"


# A build carried to another machine (bench/gpu/ runs the suite on a GPU
# machine) may find the host compiler and Python elsewhere than CMake did.
config.cxx_path = os.environ.get("PYKC_LIT_CXX", config.cxx_path)
config.python3_path = os.environ.get("PYKC_LIT_PYTHON", config.python3_path)

# PYKC_LIT_REFERENCE=OTHER/bin/pykc: every %pykc command also runs with
# that binary (scripts/reference-build.sh builds one), and
# test/tools/pykc_compare.py records in build/test/pykc-compare.log where
# the two differ: a refactoring's proof that nothing printed or written
# changed, beyond what the CHECK lines look at.
reference = os.environ.get("PYKC_LIT_REFERENCE")
if reference:
    compare_log = os.path.join(config.test_exec_root, "pykc-compare.log")
    # A program of its own, as tests also hand %pykc to scripts as a path.
    wrapper = os.path.join(config.test_exec_root, "pykc-compared")
    os.makedirs(config.test_exec_root, exist_ok=True)
    with open(wrapper, "w") as f:
        f.write("#!/bin/sh\nexec " + " ".join(shlex.quote(w) for w in [
            config.python3_path,
            os.path.join(config.pykc_src_root, "test", "tools", "pykc_compare.py"),
            "--new", config.pykc_path, "--reference", os.path.abspath(reference),
            "--log", compare_log, "--"]) + ' "$@"\n')
    os.chmod(wrapper, 0o755)
    config.substitutions.append(("%pykc", wrapper))
    lit_config.note("comparing every %pykc command with " + reference + " (" + compare_log + ")")
else:
    config.substitutions.append(("%pykc", config.pykc_path))
config.substitutions.append(("%ptxas", config.ptxas_path or "ptxas-not-found"))
config.substitutions.append(("%python", config.python3_path))
config.substitutions.append(
    ("%matmul-check", os.path.join(os.path.dirname(config.pykc_path), "pykc-npy-matmul-check")))
config.substitutions.append(
    ("%examples", os.path.join(config.pykc_src_root, "examples")))
# The build's bin/: pykc and the example programs (pykc-example-*).
config.substitutions.append(("%bindir", os.path.dirname(config.pykc_path)))
# C++ hosts of generated objects: %cxx compiles against the runtime's
# headers, %runtime-libs links the static runtime as users do.
config.substitutions.append(
    ("%cxx", config.cxx_path + " -std=c++20 -Wall -Wextra -I" +
     os.path.join(config.pykc_src_root, "runtime", "include")))
config.substitutions.append(
    ("%runtime-libs", config.runtime_library + " -lboost_context -lpthread -ldl"))
config.substitutions.append((tool_pattern("FileCheck"), config.filecheck_path))
config.substitutions.append((tool_pattern("not"), config.not_path))

# A build with AddressSanitizer (scripts/test.sh's second half) runs pykc
# several times slower; tests that only scale up what smaller tests already
# cover say `UNSUPPORTED: sanitized` so the sanitized run stays within CI's time.
if "-fsanitize=" in getattr(config, "cxx_flags", ""):
    config.available_features.add("sanitized")

# Keep the environment small and predictable, but let tests find the LLVM
# tools by name and let the GPU driver and CUDA paths through.
llvm_bin = os.path.dirname(config.filecheck_path)
config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ["HOME", "TMPDIR", "CUDA_HOME", "CUDA_PATH", "CUDA_VISIBLE_DEVICES",
            "PYKC_VERIFY_ROUNDS",
            "LD_LIBRARY_PATH", "LIBRARY_PATH"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
# The compile cache is off in tests, so that none reads or fills the user's
# ~/.cache/pykc; the cache's own tests turn it on with a private folder
# (`env PYKC_CACHE=1 PYKC_CACHE_DIR=%t/cache %pykc ...`).
config.environment["PYKC_CACHE"] = "0"

# nvcc (beside ptxas): optional; --emit=cuda output is compiled with it.
if config.ptxas_path and os.access(os.path.join(os.path.dirname(config.ptxas_path), "nvcc"), os.X_OK):
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", os.path.join(os.path.dirname(config.ptxas_path), "nvcc")))

# libnvJitLink (the toolkit's, beside ptxas): `pykc -c` compiles SASS in the
# process with it instead of running ptxas and fatbinary.
if config.ptxas_path:
    root = os.path.dirname(os.path.dirname(config.ptxas_path))
    for lib in ("lib64", os.path.join("targets", "x86_64-linux", "lib")):
        if os.path.exists(os.path.join(root, lib, "libnvJitLink.so")):
            config.available_features.add("nvjitlink")
            break

# clang-format: --emit=cuda formats its output with it when installed.
if shutil.which("clang-format-19") or shutil.which("clang-format"):
    config.available_features.add("clang-format")

# lld, beside binutils' ld: `pykc -c` joins its parts with whichever `ld`
# PATH finds (test/Object/cpu_parts.test tries both).
for lld in ("ld.lld-19", "ld.lld"):
    if shutil.which(lld):
        config.available_features.add("lld")
        config.substitutions.append(("%ld.lld", shutil.which(lld)))
        break

# The shells and the formatter that check the completion scripts and the
# man page (test/Driver/completion_*.test, man_page.test).
for tool in ("zsh", "groff"):
    if shutil.which(tool):
        config.available_features.add(tool)

# ptxas: optional; without it PTX is not verified.
if config.ptxas_path and os.access(config.ptxas_path, os.X_OK):
    config.available_features.add("ptxas")
else:
    lit_config.note("ptxas not found: PTX is not verified with ptxas")


def have_gpu():
    forced = os.environ.get("PYKC_HAVE_GPU")
    if forced is not None:
        return forced == "1"
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True,
                             timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0 and bool(re.search(r"^GPU \d+", out.stdout, re.M))


if have_gpu():
    config.available_features.add("cuda")
else:
    lit_config.note("no usable GPU: tests with `REQUIRES: cuda` are skipped "
                    "(reported as UNSUPPORTED)")


def have_numba():
    try:
        out = subprocess.run([config.python3_path, "-c", "import numba"],
                             capture_output=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0


def numpy_major():
    try:
        out = subprocess.run([config.python3_path, "-c",
                              "import numpy; print(numpy.__version__)"],
                             capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    m = re.match(r"(\d+)\.", out.stdout) if out.returncode == 0 else None
    return int(m.group(1)) if m else None


# numpy1: the NumPy next to Numba is 1.x, whose printing the examples'
# printer reproduces (NumPy 2 prints some arrays differently).
if numpy_major() == 1:
    config.available_features.add("numpy1")

# host-clang: the host compiler is clang, for tests that check its
# diagnostics word for word.
if "clang" in os.path.basename(config.cxx_path):
    config.available_features.add("host-clang")

# libcxx-mdspan: %libcxx-cxx23 (the host compiler with C++23 and LLVM's
# libc++) has std::mdspan, which libstdc++ 12 lacks: pykc/ArrayView.h's
# mdspan conversions are compiled only where <mdspan> exists.
config.substitutions.append(
    ("%libcxx-cxx23", config.cxx_path + " -std=c++23 -stdlib=libc++ -Wall -Wextra -I" +
     os.path.join(config.pykc_src_root, "runtime", "include")))


def have_libcxx_mdspan():
    try:
        out = subprocess.run(config.cxx_path.split() + [
            "-std=c++23", "-stdlib=libc++", "-fsyntax-only", "-x", "c++", "-"],
            input="#include <mdspan>\nstd::mdspan<float, std::dextents<int, 1>> m;\n",
            capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0


if have_libcxx_mdspan():
    config.available_features.add("libcxx-mdspan")

if have_numba():
    config.available_features.add("numba-sim")
else:
    lit_config.note(config.python3_path + " cannot import numba: "
                    "`REQUIRES: numba-sim` tests are skipped")
