#!/usr/bin/env bash
# Runs every pykc test and ends with one summary line:
#   pykc: N passed, N failed, N skipped
#
# 1. scripts/setup.sh and scripts/build.sh (both are quick when nothing is
#    missing or changed).
# 2. GoogleTest units through ctest.
# 3. lit tests in test/ (PASS and XFAIL pass; FAIL, XPASS, UNRESOLVED and
#    TIMEOUT fail; UNSUPPORTED is skipped, e.g. `REQUIRES: cuda` without a GPU).
# 4. The frontend fuzzer for $PYKC_FUZZ_SECONDS seconds (default 60; 0 skips
#    it) on a temporary copy of test/fuzz/corpus. Counts as one test.
#
# Exits 1 if anything failed. Environment: PYKC_BUILD_DIR (default build),
# PYKC_JOBS (default 2), PYKC_FUZZ_SECONDS, PYKC_HAVE_GPU (0/1 overrides GPU
# detection for lit).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_dir=${PYKC_BUILD_DIR:-build}
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
if ! scripts/setup.sh || ! scripts/build.sh; then
  echo "test: error: setup or build failed; no tests ran" >&2
  failed=1
  summary
fi
rm -rf "$results"
mkdir -p "$results"

# --- GoogleTest ------------------------------------------------------------
section "GoogleTest (ctest)"
ctest --test-dir "$build_dir" -j "$jobs" --timeout 300 --output-on-failure \
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

# --- libFuzzer ---------------------------------------------------------------
section "fuzz (frontend)"
fuzzer="$build_dir/test/fuzz/pykc-frontend-fuzzer"
if [ ! -x "$fuzzer" ]; then
  echo "fuzz: skipped: $fuzzer was not built"
  skipped=$((skipped + 1))
elif [ "$fuzz_seconds" = 0 ]; then
  echo "fuzz: skipped: PYKC_FUZZ_SECONDS=0"
  skipped=$((skipped + 1))
else
  # libFuzzer adds new inputs to the corpus folder, so it works on a copy.
  work=$(mktemp -d "${TMPDIR:-/tmp}/pykc-fuzz.XXXXXX")
  mkdir -p "$work/corpus" "$work/artifacts"
  if [ -d test/fuzz/corpus ]; then
    cp -R test/fuzz/corpus/. "$work/corpus/"
  fi
  # The documents' kernels seed it too, without keeping copies in the repo.
  for f in examples/documents/*.py examples/documents/errors/*.py; do
    [ -f "$f" ] && cp "$f" "$work/corpus/doc_$(basename "$f")"
  done
  dict=()
  for d in test/fuzz/*.dict; do
    [ -f "$d" ] && dict=("-dict=$d") && break
  done
  echo "fuzz: running $fuzzer for ${fuzz_seconds}s on a copy of test/fuzz/corpus and the documents"
  if "$fuzzer" -max_total_time="$fuzz_seconds" -timeout=5 -rss_limit_mb=2048 \
      -artifact_prefix="$work/artifacts/" "${dict[@]}" "$work/corpus" \
      >"$results/fuzz.log" 2>&1 </dev/null; then
    echo "fuzz: passed ($(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$results/fuzz.log" || echo done))"
    passed=$((passed + 1))
  else
    tail -n 40 "$results/fuzz.log"
    mkdir -p "$results/fuzz-artifacts"
    cp -R "$work/artifacts/." "$results/fuzz-artifacts/"
    echo "fuzz: FAILED; log in $results/fuzz.log, inputs in $results/fuzz-artifacts/"
    failed=$((failed + 1))
  fi
  rm -rf "$work"
fi

summary
