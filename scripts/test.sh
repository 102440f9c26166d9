#!/usr/bin/env bash
# Runs every pykc test and ends with one summary line:
#   pykc: N passed, N failed, N skipped
#
# 1. scripts/setup.sh and scripts/build.sh (both are quick when nothing is
#    missing or changed).
# 2. GoogleTest units through ctest.
# 3. lit tests in test/ (PASS and XFAIL pass; FAIL, XPASS, UNRESOLVED and
#    TIMEOUT fail; UNSUPPORTED is skipped, e.g. `REQUIRES: cuda` without a GPU).
# 4. The fuzzers (test/fuzz/) for $PYKC_FUZZ_SECONDS seconds in all
#    (default 60; 0 skips them): the frontend, typing (past the frontend),
#    code generation (both backends), the .npy reader and the signature
#    parser a fifth each, each on a temporary copy of its seed corpus. Each
#    counts as one test.
#
# PYKC_SANITIZE=1 builds everything with ASan (LeakSanitizer included) and
# UBSan (its errors fatal) in build-asan/ instead, and runs the units and lit
# there; the C++ hosts that lit tests compile get the same sanitizers. Skipped
# there: pykc.install (it builds a user's project with plain flags against
# the sanitized runtime, which cannot link) and the fuzzers (an ASan build of
# their own). Nothing is too slow to keep: lit takes about 1.5x as long.
#
# Exits 1 if anything failed. Environment: PYKC_BUILD_DIR (default build, or
# build-asan), PYKC_JOBS (default 2), PYKC_FUZZ_SECONDS, PYKC_SANITIZE,
# PYKC_HAVE_GPU (0/1 overrides GPU detection for lit).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

sanitize=${PYKC_SANITIZE:-0}
build_args=() ctest_args=()
if [ "$sanitize" = 1 ]; then
  build_dir=${PYKC_BUILD_DIR:-build-asan}
  san_flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
  if [ ! -f "$build_dir/build.ninja" ]; then
    build_args=(-DCMAKE_C_FLAGS="$san_flags" -DCMAKE_CXX_FLAGS="$san_flags"
      -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined"
      -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined"
      -DPYKC_BUILD_FUZZER=OFF)
  fi
  export UBSAN_OPTIONS=print_stacktrace=1
  export PYKC_LIT_CXX="clang++-19 $san_flags"
  ctest_args=(-E '^pykc[.]install$')
else
  build_dir=${PYKC_BUILD_DIR:-build}
fi
export PYKC_BUILD_DIR=$build_dir
jobs=${PYKC_JOBS:-2}
fuzz_seconds=${PYKC_FUZZ_SECONDS:-60}
results="$build_dir/test-results"
passed=0 failed=0 skipped=0

summary() {
  echo
  echo "pykc: $passed passed, $failed failed, $skipped skipped"
  [ "$failed" -eq 0 ]
  exit
}

section() { printf '\n== %s\n' "$*"; }

# Adds "P F S" (as printed by the parsers below) to the totals.
add_counts() {
  local p f s
  read -r p f s <<<"$1"
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

section "setup and build"
if ! scripts/setup.sh || ! scripts/build.sh "${build_args[@]}"; then
  echo "test: error: setup or build failed; no tests ran" >&2
  failed=1
  summary
fi
rm -rf "$results"
mkdir -p "$results"

# --- GoogleTest ------------------------------------------------------------
section "GoogleTest (ctest)"
if [ "$sanitize" = 1 ]; then
  echo "ctest: skipping pykc.install under PYKC_SANITIZE=1 (a plain user build cannot link the sanitized runtime)"
  skipped=$((skipped + 1))
fi
ctest --test-dir "$build_dir" -j "$jobs" --timeout 300 --output-on-failure "${ctest_args[@]}" \
  --output-junit "$(realpath "$results")/ctest.xml" </dev/null
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
  echo "ctest: $counts (passed failed skipped)"
  add_counts "$counts"
else
  echo "test: error: ctest wrote no results" >&2
  failed=$((failed + 1))
fi

# --- lit ---------------------------------------------------------------------
section "lit (test/)"
lit_py=/usr/lib/llvm-19/build/utils/lit/lit.py
python3 "$lit_py" -sv --no-progress-bar -j "$jobs" -o "$results/lit.json" "$build_dir/test" </dev/null
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
  echo "lit: $counts (passed failed skipped)"
  add_counts "$counts"
else
  echo "test: error: lit wrote no results" >&2
  failed=$((failed + 1))
fi

# --- Benchmarks (smoke) ----------------------------------------------------
# Every benchmark once at small sizes (bench/smoke.sh): fails only when one
# breaks, never on a number. PYKC_BENCH_SMOKE=0 skips it.
section "benchmarks (smoke)"
if [ "$sanitize" = 1 ] || [ "${PYKC_BENCH_SMOKE:-1}" = 0 ]; then
  echo "bench smoke: skipped (PYKC_SANITIZE=1 or PYKC_BENCH_SMOKE=0)"
  skipped=$((skipped + 1))
elif PYKC_BUILD_DIR="$build_dir" bash bench/smoke.sh </dev/null; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi

# --- libFuzzer ---------------------------------------------------------------
# Each fuzzer runs on a temporary copy of its seed corpus (libFuzzer adds new
# inputs to the corpus folder), with test/fuzz/NAME.dict when there is one.
# The frontend, typing, code generation, the .npy reader and the signature
# parser get a fifth of PYKC_FUZZ_SECONDS each (at least 1 s).
run_fuzzer() { # NAME SECONDS CORPUS [EXTRA_SEED...]
  local name=$1 seconds=$2 corpus=$3
  shift 3
  # A hang is an input that takes longer than this. Code generation under
  # ASan compiles a seed with 100 kernels (test/Run/Inputs/reductions.py:
  # four reductions for six dtypes, GPU, CPU and check kernels each) to PTX
  # and an x86 object in about 10 s on CI's cores, which is not a hang.
  local timeout=5
  [ "$name" = codegen ] && timeout=30
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
    [ -f "$f" ] && cp "$f" "$work/corpus/seed_$(basename "$f")"
  done
  local dict=()
  [ -f "test/fuzz/$name.dict" ] && dict=("-dict=test/fuzz/$name.dict")
  echo "fuzz: running $fuzzer for ${seconds}s on a copy of $corpus"
  if "$fuzzer" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 \
      -artifact_prefix="$work/artifacts/" "${dict[@]}" "$work/corpus" \
      >"$log" 2>&1 </dev/null; then
    echo "fuzz: passed ($(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$log" || echo done))"
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

if [ "$sanitize" = 1 ]; then
  fuzz_seconds=0
  section "fuzz"
  echo "fuzz: skipped: PYKC_SANITIZE=1 (the fuzzers are an ASan build of their own)"
  skipped=$((skipped + 5))
  summary
fi
fifth=$((fuzz_seconds / 5))
[ "$fifth" -lt 1 ] && fifth=1
# The documents' kernels seed the frontend too, without copies in the repo;
# the repository's kernels seed typing and code generation.
frontend_seconds=$((fuzz_seconds - 4 * fifth))
[ "$frontend_seconds" -lt 1 ] && frontend_seconds=1
kernels=(examples/documents/*.py test/Differential/kernels/*.py test/Run/Inputs/*.py)
run_fuzzer frontend "$frontend_seconds" test/fuzz/corpus \
  examples/documents/*.py examples/documents/errors/*.py
run_fuzzer typing "$fifth" /nonexistent "${kernels[@]}"
run_fuzzer codegen "$fifth" /nonexistent "${kernels[@]}"
run_fuzzer npy "$fifth" test/fuzz/corpus-npy
run_fuzzer signature "$fifth" test/fuzz/corpus-signature

summary
