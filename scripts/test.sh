#!/usr/bin/env bash
# Runs every pykc test and ends with one summary line:
#   pykc: N passed, N failed, N skipped
#
# The plain build (build/, Release, as the quick start builds it):
# 1. scripts/setup.sh and scripts/build.sh (both are quick when nothing is
#    missing or changed).
# 2. GoogleTest units through ctest.
# 3. lit tests in test/ (PASS and XFAIL pass; FAIL, XPASS, UNRESOLVED and
#    TIMEOUT fail; UNSUPPORTED is skipped, e.g. `REQUIRES: cuda` without a GPU).
# 4. Every benchmark once at small sizes (bench/smoke.sh).
#
# The sanitized build (build-asan/: ASan with LeakSanitizer, UBSan with its
# errors fatal, -O1 with assertions on, LLVM linked as a shared library:
# building is what costs; the compiler's libraries also carry libFuzzer's
# coverage, so the fuzzers link them):
# 5. The units and lit again; the C++ hosts that lit tests compile get the
#    same sanitizers. Skipped there, and said so: pykc.install and
#    pykc.readme (they build a user's project with plain flags against the
#    sanitized runtime, which cannot link), the example programs and their tests (not built), and
#    lit's four differential suites (Numba's CUDA tests, the simulator and
#    @njit differentials, the RealModules corpus: minutes each under ASan,
#    through the same compiler paths as the rest). PYKC_SANITIZE=all builds and runs those.
# 6. The fuzzers (test/fuzz/) for $PYKC_FUZZ_SECONDS seconds (default 60;
#    0 skips them) and three tenths more: the frontend, typing (past the
#    frontend), code generation (both backends), the .npy reader and the
#    signature parser a tenth each, and the structure-aware kernel fuzzer
#    (mutated kernels through both backends, PTX to SASS) the other half;
#    then `pykc run`'s argument parser, the runtime's C and C++ APIs, and
#    program-size growth (work linear in the program) a tenth each; each on
#    a temporary copy of its seed corpus. Each counts as one test.
#
# PYKC_SANITIZE=0 leaves out the sanitized build (5 and 6), for a quicker
# run while working; PYKC_SANITIZE=only runs just that.
#
# Exits 1 if anything failed. Environment: PYKC_BUILD_DIR (default build),
# PYKC_ASAN_BUILD_DIR (default build-asan), PYKC_JOBS (default 2),
# PYKC_FUZZ_SECONDS, PYKC_SANITIZE, PYKC_BENCH_SMOKE (0 skips 4),
# PYKC_HAVE_GPU (0/1 overrides GPU detection for lit).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

sanitize=${PYKC_SANITIZE:-1}
plain_dir=${PYKC_BUILD_DIR:-build}
asan_dir=${PYKC_ASAN_BUILD_DIR:-build-asan}
jobs=${PYKC_JOBS:-2}
fuzz_seconds=${PYKC_FUZZ_SECONDS:-60}
passed=0 failed=0 skipped=0
lit_py=/usr/lib/llvm-19/build/utils/lit/lit.py

summary() {
  echo
  echo "test: done in $((SECONDS / 60))m$((SECONDS % 60))s"
  echo "pykc: $passed passed, $failed failed, $skipped skipped"
  [ "$failed" -eq 0 ]
  exit
}

# Each section says when it started (seconds into the run): CI has a time limit.
section() { printf '\n== %s (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

# Adds "P F S" (as printed by the parsers below) to the totals.
add_counts() {
  local p f s
  read -r p f s <<<"$1"
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

# What a test runner's result file says ("passed failed skipped"), or one
# failure when the runner wrote none.
add_result() { # RUNNER RESULT_FILE COUNTS
  if [ -f "$2" ]; then
    echo "$1: $3 (passed failed skipped)"
    add_counts "$3"
  else
    echo "test: error: $1 wrote no results" >&2
    failed=$((failed + 1))
  fi
}

# --- GoogleTest ------------------------------------------------------------
run_ctest() { # BUILD_DIR RESULTS [CTEST_ARGS...]
  local build_dir=$1 results=$2
  shift 2
  ctest --test-dir "$build_dir" -j "$jobs" --timeout 300 --output-on-failure "$@" \
    --output-junit "$(realpath "$results")/ctest.xml" </dev/null
  local counts=""
  if [ -f "$results/ctest.xml" ]; then
    counts=$(python3 - "$results/ctest.xml" <<'PY'
import sys
import xml.etree.ElementTree as ET
p = f = s = 0
for case in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    status = case.get("status")
    if status == "run":
        p += 1
    elif status == "fail":
        f += 1
    else:  # notrun (GTEST_SKIP), disabled
        s += 1
print(p, f, s)
PY
    ) || counts="0 1 0"
  fi
  add_result ctest "$results/ctest.xml" "$counts"
}

# --- lit ---------------------------------------------------------------------
run_lit() { # BUILD_DIR RESULTS [LIT_ARGS...]
  local build_dir=$1 results=$2
  shift 2
  PYKC_BUILD_DIR=$build_dir python3 "$lit_py" -sv --no-progress-bar -j "$jobs" \
    -o "$results/lit.json" "$@" "$build_dir/test" </dev/null | tee "$results/lit.log"
  local counts=""
  if [ -f "$results/lit.json" ]; then
    counts=$(python3 - "$results/lit.json" test <<'PY'
import json
import os
import re
import sys

tests = json.load(open(sys.argv[1]))["tests"]
passing = {"PASS", "FLAKYPASS", "XFAIL"}
skipping = {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}
p = f = s = gpu = 0
requires_cuda = re.compile(r"REQUIRES:.*\bcuda\b")
for t in tests:
    if t["code"] in passing:
        p += 1
    elif t["code"] in skipping:
        s += 1
        # "pykc :: Run/foo.py" -> test/Run/foo.py
        path = os.path.join(sys.argv[2], t["name"].split(" :: ", 1)[1])
        try:
            if requires_cuda.search(open(path, errors="replace").read()):
                gpu += 1
        except OSError:
            pass
    else:  # FAIL, XPASS, UNRESOLVED, TIMEOUT
        f += 1
if gpu:
    print(f"lit: {gpu} GPU test(s) skipped: no usable GPU "
          "(REQUIRES: cuda; set PYKC_HAVE_GPU=1 to force)", file=sys.stderr)
print(p, f, s)
PY
    ) || counts="0 1 0"
  fi
  add_result lit "$results/lit.json" "$counts"
}

# --- libFuzzer ---------------------------------------------------------------
# Each fuzzer runs on a temporary copy of its seed corpus (libFuzzer adds new
# inputs to the corpus folder), with test/fuzz/NAME.dict when there is one.
# The frontend, typing, code generation, the .npy reader and the signature
# parser get a tenth of PYKC_FUZZ_SECONDS each (at least 1 s), the kernel
# fuzzer the rest: it goes deepest and runs slowest (a few inputs a second
# under ASan, most compiled by both backends and nvJitLink). The run-args,
# runtime and size fuzzers get a tenth each on top (+18 s at the default).
run_fuzzer() { # BUILD_DIR RESULTS NAME SECONDS CORPUS [EXTRA_SEED...]
  local build_dir=$1 results=$2 name=$3 seconds=$4 corpus=$5
  shift 5
  # A hang is an input that takes longer than this. Code generation under
  # ASan compiles a seed with 100 kernels (test/Run/Inputs/reductions.py:
  # four reductions for six dtypes, GPU, CPU and check kernels each) to PTX
  # and an x86 object in about 10 s on CI's cores, which is not a hang.
  local timeout=5
  [ "$name" = codegen ] || [ "$name" = kernel ] || [ "$name" = size ] && timeout=30
  local fuzzer="$build_dir/test/fuzz/pykc-$name-fuzzer"
  local log="$results/fuzz-$name.log"
  section "fuzz ($name)"
  if [ ! -x "$fuzzer" ]; then
    echo "fuzz: skipped: $fuzzer was not built"
    skipped=$((skipped + 1))
    return
  fi
  if [ "$fuzz_seconds" = 0 ]; then
    echo "fuzz: skipped: PYKC_FUZZ_SECONDS=0"
    skipped=$((skipped + 1))
    return
  fi
  local work
  work=$(mktemp -d "${TMPDIR:-/tmp}/pykc-fuzz.XXXXXX")
  mkdir -p "$work/corpus" "$work/artifacts"
  if [ -d "$corpus" ]; then
    cp -R "$corpus/." "$work/corpus/"
  fi
  local f
  for f in "$@"; do
    [ -f "$f" ] && cp "$f" "$work/corpus/seed_${f//\//_}"
  done
  local dict=()
  [ -f "test/fuzz/$name.dict" ] && dict=("-dict=test/fuzz/$name.dict")
  echo "fuzz: running $fuzzer for ${seconds}s on a copy of $corpus"
  if "$fuzzer" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 \
      -artifact_prefix="$work/artifacts/" "${dict[@]}" "$work/corpus" \
      >"$log" 2>&1 </dev/null; then
    echo "fuzz: passed ($(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$log" || echo done))"
    # What a fuzzer says of itself (the kernel fuzzer: whether nvJitLink ran,
    # how many inputs got how deep).
    grep "^pykc-$name-fuzzer: " "$log" || true
    passed=$((passed + 1))
  else
    tail -n 40 "$log"
    mkdir -p "$results/fuzz-artifacts/$name"
    cp -R "$work/artifacts/." "$results/fuzz-artifacts/$name/"
    echo "fuzz: FAILED; log in $log, inputs in $results/fuzz-artifacts/$name/"
    failed=$((failed + 1))
  fi
  rm -rf "$work"
}

# === The plain build ========================================================
if [ "$sanitize" != only ]; then
  results="$plain_dir/test-results"
  section "setup and build"
  if ! scripts/setup.sh || ! PYKC_BUILD_DIR=$plain_dir scripts/build.sh; then
    echo "test: error: setup or build failed; no tests ran" >&2
    failed=1
    summary
  fi
  rm -rf "$results"
  mkdir -p "$results"
  section "GoogleTest (ctest)"
  run_ctest "$plain_dir" "$results"
  section "lit (test/)"
  run_lit "$plain_dir" "$results"

  # Every benchmark once at small sizes (bench/smoke.sh): fails only when
  # one breaks, never on a number.
  section "benchmarks (smoke)"
  if [ "${PYKC_BENCH_SMOKE:-1}" = 0 ]; then
    echo "bench smoke: skipped (PYKC_BENCH_SMOKE=0)"
    skipped=$((skipped + 1))
  elif PYKC_BUILD_DIR="$plain_dir" bash bench/smoke.sh </dev/null; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
fi

# === The sanitized build =====================================================
if [ "$sanitize" = 0 ]; then
  section "sanitizers"
  echo "sanitizers: skipped: PYKC_SANITIZE=0 (no ASan/UBSan units, lit or fuzzers; 9 fuzzers counted skipped)"
  skipped=$((skipped + 9))
  summary
fi
results="$asan_dir/test-results"
san_flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
examples=OFF
[ "$sanitize" = all ] && examples=ON
build_args=()
if [ ! -f "$asan_dir/build.ninja" ] || [ "$sanitize" = all ]; then
  build_args=(-DCMAKE_C_FLAGS="$san_flags" -DCMAKE_CXX_FLAGS="$san_flags"
    -DCMAKE_C_FLAGS_DEBUG="-O1 -gline-tables-only" -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only"
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined"
    -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined"
    -DPYKC_BUILD_FUZZER=ON -DPYKC_FUZZ_COVERAGE=ON -DPYKC_BUILD_EXAMPLES=$examples)
fi
section "sanitized build ($asan_dir/: ASan, UBSan)"
if [ "$sanitize" = only ] && ! scripts/setup.sh; then
  echo "test: error: setup failed" >&2
  failed=$((failed + 1))
  summary
fi
if ! PYKC_BUILD_DIR=$asan_dir PYKC_BUILD_TYPE=Debug scripts/build.sh "${build_args[@]}"; then
  echo "test: error: the sanitized build failed; its tests did not run" >&2
  failed=$((failed + 1))
  summary
fi
rm -rf "$results"
mkdir -p "$results"
export UBSAN_OPTIONS=print_stacktrace=1
# The CPU backend catches faults in kernels with its own SIGSEGV handler
# (runtime/lib/KernelFaults.cpp); ASan must let it.
export ASAN_OPTIONS=allow_user_segv_handler=1
# Leaks inside the CUDA toolkit's libraries are not pykc's (test/sanitizers/lsan.supp).
export LSAN_OPTIONS="suppressions=$PWD/test/sanitizers/lsan.supp:print_suppressions=0"
section "GoogleTest (ctest) under ASan and UBSan"
echo "ctest: skipping pykc.install and pykc.readme (a plain user build cannot link the sanitized runtime)"
skipped=$((skipped + 2))
run_ctest "$asan_dir" "$results" -E '^pykc[.](install|readme)$'
section "lit (test/) under ASan and UBSan"
lit_args=()
if [ "$sanitize" != all ]; then
  lit_args=(--filter-out '^pykc :: (Conformance|Differential|NjitDifferential|RealModules|Examples)/')
fi
PYKC_LIT_CXX="clang++-19 $san_flags" run_lit "$asan_dir" "$results" "${lit_args[@]}"
if [ ${#lit_args[@]} -gt 0 ]; then
  excluded=$(grep -o 'Excluded *: *[0-9]*' "$results/lit.log" | grep -o '[0-9]*$' || echo 0)
  echo "lit: $excluded test(s) not run under ASan: Conformance/, Differential/," \
    "NjitDifferential/ and RealModules/ (minutes each; they ran in the plain build) and" \
    "Examples/ (not built);" \
    "PYKC_SANITIZE=all runs them"
  skipped=$((skipped + excluded))
fi

tenth=$((fuzz_seconds / 10))
[ "$tenth" -lt 1 ] && tenth=1
kernel_seconds=$((fuzz_seconds - 5 * tenth))
[ "$kernel_seconds" -lt 1 ] && kernel_seconds=1
# The documents' kernels seed the frontend too, without copies in the repo;
# the repository's kernels seed typing, code generation and the kernel fuzzer.
kernels=(examples/documents/*.py test/Differential/kernels/*.py test/Run/Inputs/*.py)
fz=("$asan_dir" "$results")
run_fuzzer "${fz[@]}" frontend "$tenth" test/fuzz/corpus \
  examples/documents/*.py examples/documents/errors/*.py
run_fuzzer "${fz[@]}" typing "$tenth" /nonexistent "${kernels[@]}"
run_fuzzer "${fz[@]}" codegen "$tenth" /nonexistent "${kernels[@]}"
run_fuzzer "${fz[@]}" kernel "$kernel_seconds" /nonexistent "${kernels[@]}"
run_fuzzer "${fz[@]}" npy "$tenth" test/fuzz/corpus-npy
run_fuzzer "${fz[@]}" signature "$tenth" test/fuzz/corpus-signature
run_fuzzer "${fz[@]}" run-args "$tenth" test/fuzz/corpus-run-args
run_fuzzer "${fz[@]}" runtime "$tenth" test/fuzz/corpus-runtime
run_fuzzer "${fz[@]}" size "$tenth" test/fuzz/corpus-size

summary
