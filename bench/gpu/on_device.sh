#!/usr/bin/env bash
# Runs on the GPU machine, in a copy of this repository that carries .gpu/
# (bench/gpu/pack.sh): unpacks the build, then
#   lit    the GoogleTest units and the lit suite alone;
#   tests  the GoogleTest units and the whole lit suite with PYKC_HAVE_GPU=1,
#          every example program on the GPU, and the differential corpus
#          with --backend cuda against numba-cuda on the same GPU and
#          against Numba's simulator;
#   bench  the benchmarks (bench/gpu/bench.sh);
#   differential [ARGS]  only the differential runs, ARGS passed on;
#   loader the Python loader's tests with kernels on the GPU;
#   conformance  only Numba's CUDA tests replayed on the GPU (recorded by
#          pack.sh into .gpu/conformance_cases.pkl);
#   reduce  @cuda.reduce's tests and bench/reduce (CUB, numba-cuda);
#   stream  host arrays streamed through the GPU (pykc-example-stream_reduce
#          and NumPy's sum on the same sizes);
#   compile  pykc -c against nvcc -c --threads $(nproc) at 1, 10 and 150
#          kernels (bench/compile_time/scale.sh): issue 29's goal 1 on this
#          machine's cores, which the 2-core build machine cannot show;
#   all    both (the default).
# Logs go to $OUT (or /tmp/pykc-out): summary.txt, and logs.tar.gz with
# every log.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
mode=${1:-all}
OUT=${OUT:-/tmp/pykc-out}
logs=$OUT/logs
mkdir -p "$logs"
summary=$OUT/summary.txt
: >"$summary"
say() { echo "$*" | tee -a "$summary"; }

# --- Unpack ------------------------------------------------------------------
tools=/tmp/pykc-tools
mkdir -p "$tools"
tar -C "$tools" -xJf .gpu/libs.tar.xz
tar -C "$tools" -xJf .gpu/lit.tar.xz
tar -xJf .gpu/build.tar.xz
# The build names its source and build folders by absolute path (lit's site
# configuration, CTest), as configured on the build machine.
src=$(sed -n 's/^config.pykc_src_root = "\(.*\)"$/\1/p' build/test/lit.site.cfg.py)
if [ -n "$src" ] && [ "$src" != "$root" ]; then
  mkdir -p "$(dirname "$src")"
  ln -sfn "$root" "$src"
fi
# lit's site configuration names FileCheck and not where Debian puts them.
mkdir -p /usr/lib/llvm-19/bin
for t in FileCheck not; do
  [ -x /usr/lib/llvm-19/bin/$t ] || ln -sf "$tools/libs/$t" /usr/lib/llvm-19/bin/$t
done
export LD_LIBRARY_PATH="$tools/libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LIBRARY_PATH="$tools/libs"
export PATH="$tools/libs:$PATH"
python=$(command -v python3)
cxx=$(command -v g++ || command -v clang++ || echo c++)
export PYKC_LIT_PYTHON=$python PYKC_LIT_CXX=$cxx PYKC_HAVE_GPU=1
export PYTHONUNBUFFERED=1

{
  echo "date: $(date -u)"
  echo "commit: $(cat .gpu/commit 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
  nvidia-smi -L
  "$python" -c 'import numba, numpy; print("numba", numba.__version__, "numpy", numpy.__version__)'
  "$python" -c 'import numba_cuda; print("numba-cuda", numba_cuda.__version__)' 2>&1 | tail -1
  (command -v nvcc && nvcc --version | tail -2) 2>&1
  echo "python: $python; c++: $cxx ($($cxx --version | head -1))"
  uname -a
} >"$logs/env.txt" 2>&1
cat "$logs/env.txt" >>"$summary"

# Lit runs beside the rest (it checks values, not speed); the benchmarks
# run after all of it, alone on the GPU. Each phase has a time limit so that
# a hang in one leaves the others their time inside one device call.
run_tests() {
  say "== lit (PYKC_HAVE_GPU=1), in the background"
  timeout 330 "$python" "$tools/lit/lit.py" -sv --no-progress-bar -j "$(nproc)" \
    -o "$logs/lit.json" build/test >"$logs/lit.log" 2>&1 &
  lit_pid=$!

  say "== GoogleTest"
  timeout 120 build/test/unit/pykcUnitTests --gtest_brief=1 >"$logs/gtest.log" 2>&1
  say "gtest exit $?: $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$logs/gtest.log" | tr '\n' ' ')"
  grep -E '^\[  FAILED  \]' "$logs/gtest.log" | head -20 | tee -a "$summary"
  grep -E 'RuntimeCuda.*(OK|FAILED|SKIPPED)' "$logs/gtest.log" | head -30 | tee -a "$summary"
  timeout 60 build/test/unit/pykcRuntimeUnitTests --gtest_brief=1 >"$logs/gtest-runtime.log" 2>&1
  say "runtime gtest exit $?: $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$logs/gtest-runtime.log" | tr '\n' ' ')"

  say "== examples on the GPU"
  for ex in build/bin/pykc-example-*; do
    args=()  # stream_reduce up to 2^24 values here; run_stream takes it to 2 x 10^9
    [ "$(basename "$ex")" = pykc-example-stream_reduce ] && args=(16777216)
    timeout 60 "$ex" "${args[@]}" >"$logs/$(basename "$ex").log" 2>&1
    say "$(basename "$ex"): exit $?, $(grep -m1 '^device:' "$logs/$(basename "$ex").log"), $(grep -cE 'PASS' "$logs/$(basename "$ex").log") PASS, $(grep -cE 'FAIL' "$logs/$(basename "$ex").log") FAIL"
  done

  run_differential
  run_conformance
  run_loader

  run_lit_results
}

# Waits for lit (started by run_tests), or runs it when none was started.
run_lit_results() {
  if [ -n "${lit_pid:-}" ]; then
    wait "$lit_pid"
  else
    timeout 400 "$python" "$tools/lit/lit.py" -sv --no-progress-bar -j "$(nproc)" \
      -o "$logs/lit.json" build/test >"$logs/lit.log" 2>&1
  fi
  say "lit exit $?"
  grep -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT):' "$logs/lit.log" | tee -a "$summary"
  grep -E '^  (Passed|Failed|Unsupported|Expectedly|Unresolved)' "$logs/lit.log" | tee -a "$summary"
  "$python" - "$logs/lit.json" <<'PY' | tee -a "$summary"
import json, sys
try:
    tests = json.load(open(sys.argv[1]))["tests"]
except (OSError, ValueError) as e:
    sys.exit("no lit results: %s" % e)
for t in tests:
    if any(k in t["name"] for k in ("cuda", "gpu", "GPU", "FFI", "Python")):
        print("  GPU test %s: %s" % (t["name"], t["code"]))
PY
}

# Numba's own CUDA tests (test/Conformance), recorded in the simulator on
# the build machine (pack.sh: .gpu/conformance_cases.pkl) and replayed here
# with `pykc run --backend cuda`.
run_conformance() {
  say "== conformance: Numba's CUDA tests replayed with pykc run --backend cuda"
  if [ ! -f .gpu/conformance_cases.pkl ]; then
    say "no .gpu/conformance_cases.pkl (pack.sh records it): not run"
    return
  fi
  timeout 200 "$python" test/Conformance/run_conformance.py --pykc build/bin/pykc \
    --load-cases .gpu/conformance_cases.pkl --backend cuda -j 8 --show wrong,crash,compile \
    >"$logs/conformance-cuda.log" 2>&1
  say "exit $?"
  grep -E '^(WRONG|CRASH|COMPILE) ' "$logs/conformance-cuda.log" | cut -c1-600 | head -30 | tee -a "$summary"
  grep -E '^(replayed with|kernels:|kernel functions:|conformance:|compile errors by kind)' \
    "$logs/conformance-cuda.log" | tee -a "$summary"
}

# The GPU backend against numba-cuda and the simulator, and the CPU backend
# against numba-cuda on the GPU (the only reference for what the simulator
# lacks, such as warp intrinsics). Arguments go to run_differential.py
# (e.g. --only CASE).
run_differential() {
  for pair in cuda:numba-cuda cuda:simulator cpu:numba-cuda; do
    backend=${pair%%:*} ref=${pair#*:}
    log="$logs/differential-$backend-$ref.log"
    say "== differential: pykc --backend $backend against $ref"
    timeout 150 "$python" test/Differential/run_differential.py --pykc build/bin/pykc \
      --backend "$backend" --reference "$ref" -j 8 -v "$@" >"$log" 2>&1
    say "exit $?: $(tail -1 "$log")"
    grep -E '^(FAIL|SKIP)' "$log" | cut -c1-900 | head -20 | tee -a "$summary"
  done
}

# The Python loader (python/pykc) with its kernels on the GPU: what
# test/Python/loader.test builds and runs, without its llvm-readelf and
# llvm-nm checks (the GPU machine has neither), and the CUDA runtime's units
# by name (borrowed streams and contexts among them).
run_loader() {
  say "== Python loader on the GPU"
  local libs=/tmp/pykc-loader
  rm -rf "$libs" && mkdir -p "$libs"
  build/bin/pykc test/Python/Inputs/loader_kernels.py -c --shared --no-sass \
    -o "$libs/libloader_kernels.so" \
    --sig 'ramp(float64[:], (float64, float64), int32)' --sig 'describe(float32[:], complex128)' \
    --sig 'first_negative(int64[:])' --sig 'max_reduce(float64)' --sig 'max_reduce(int32)' &&
  build/bin/pykc test/Run/Inputs/njit.py -c --shared --no-sass -o "$libs/libnjit.so" \
    --sig 'total(int32[:])' --sig 'stats(float64[:])' --sig 'scale(float32[:, ::1], float64)' \
    --sig 'par_stats(float64[:])' --sig 'half(float32)' --sig 'ratio(int64, int64)' 2>/dev/null &&
  build/bin/pykc examples/documents/reductions.py -c --shared --no-sass -o "$libs/libreductions.so" \
    --sig 'sum_reduce(float32)' --sig 'sum_reduce(int64)' --sig 'cuda_reduce(float32)' \
    --sig 'numba_reduce(float32[:])' 2>/dev/null
  say "built: exit $?"
  PYKC_TEST_LIBS=$libs PYTHONPATH=python timeout 120 "$python" test/Python/Inputs/test_loader.py -v \
    >"$logs/loader.log" 2>&1
  say "loader tests exit $?: $(grep -E '^(Ran|OK|FAILED)' "$logs/loader.log" | tr '\n' ' ')"
  grep -E '(skipped|FAIL|ERROR)' "$logs/loader.log" | head -10 | tee -a "$summary"
  timeout 60 build/test/unit/pykcUnitTests --gtest_filter='RuntimeCuda*:RuntimeStream*' \
    >"$logs/gtest-cuda.log" 2>&1
  say "CUDA runtime units exit $?"
  grep -E '^\[ +(OK|FAILED|SKIPPED) +\]' "$logs/gtest-cuda.log" | tee -a "$summary"
}

# @cuda.reduce on the GPU: its tests, then bench/reduce against CUB (same
# process) and numba-cuda's cuda.reduce. CSVs go to $OUT.
run_reduce() {
  [ "${1:-}" = bench-only ] || {
  say "== lit: reductions (PYKC_HAVE_GPU=1)"
  "$python" "$tools/lit/lit.py" -sv --no-progress-bar --filter 'reduce' build/test \
    >"$logs/lit-reduce.log" 2>&1
  say "lit exit $?"
  grep -E '^(PASS|FAIL|UNSUPPORTED|UNRESOLVED):' "$logs/lit-reduce.log" | tee -a "$summary"
  }
  say "== bench/reduce: pykc against CUB"
  timeout 90 build/bench/reduce/reduce_bench 30 >"$OUT/reduce_pykc_cub.csv" 2>"$logs/reduce_bench.err"
  say "exit $?"
  cat "$logs/reduce_bench.err" "$OUT/reduce_pykc_cub.csv" | tee -a "$summary"
  say "== bench/reduce: numba-cuda's cuda.reduce"
  timeout 90 "$python" bench/reduce/numba_reduce.py 30 >"$OUT/reduce_numba.csv" 2>"$logs/numba_reduce.err"
  say "exit $?"
  tail -3 "$logs/numba_reduce.err" | tee -a "$summary"
  cat "$OUT/reduce_numba.csv" | tee -a "$summary"
}

# Host arrays reduced by streaming them through the GPU, 2^12 .. 2 x 10^9
# float32 values: streamed, copy-then-reduce, the transfer limit (a pinned
# copy of the same bytes) and a C++ loop, then NumPy; tables in $OUT.
run_stream() {
  say "== stream_reduce: host arrays streamed through the GPU"
  build/bin/pykc-example-stream_reduce >"$OUT/stream_reduce.txt" 2>&1
  say "exit $?"
  tee -a "$summary" <"$OUT/stream_reduce.txt"
  "$python" examples/stream_reduce_numpy.py >"$OUT/stream_reduce_numpy.txt" 2>&1
  say "exit $?"
  tee -a "$summary" <"$OUT/stream_reduce_numpy.txt"
}

# Issue 29's goal 1 needs more cores than the build machine has; this
# machine's CPUs run scale.sh (hyperfine travels in .gpu/libs).
run_compile() {
  say "== compile time: pykc -c against nvcc -c --threads $(nproc)"
  PYKC_BENCH_RESULTS="$OUT/compile-scale" timeout 300 bash bench/compile_time/scale.sh \
    >"$logs/compile_scale.log" 2>&1
  say "exit $?"
  tail -n 25 "$logs/compile_scale.log" | tee -a "$summary"
  nproc >"$OUT/compile-scale/cores.txt" 2>/dev/null
  grep -m1 "model name" /proc/cpuinfo >>"$OUT/compile-scale/cores.txt" 2>/dev/null
  # Traces of the 150-kernel compile on every core and on one, to see how
  # the cores were used and to check trace_cores.py's model against them.
  local k150=build/bench/scale/k150.py
  if [ -f "$k150" ]; then
    for j in "$(nproc)" 1; do
      PYKC_CACHE=0 timeout 120 build/bin/pykc "$k150" -w -c -j "$j" -o "$OUT/compile-scale/k150.o" \
        -ftime-trace="$OUT/compile-scale/k150_j$j.time-trace.json" >/dev/null 2>&1
    done
    rm -f "$OUT/compile-scale/k150.o"
    "$python" bench/compile_time/trace_cores.py "$OUT/compile-scale/k150_j1.time-trace.json" \
      1 2 4 8 "$(nproc)" 2>&1 | tee "$OUT/compile-scale/k150_model.txt" | tee -a "$summary"
  fi
}

case "$mode" in
  tests) run_tests ;;
  lit)  # the unit tests and lit alone, in the foreground
    timeout 120 build/test/unit/pykcUnitTests --gtest_brief=1 >"$logs/gtest.log" 2>&1
    say "gtest exit $?: $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$logs/gtest.log" | tr '\n' ' ')"
    grep -E '^\[  FAILED  \]' "$logs/gtest.log" | head -20 | tee -a "$summary"
    lit_pid=
    run_lit_results ;;
  stream) run_stream ;;
  reduce) run_reduce ;;
  differential) shift; run_differential "$@" ;;
  conformance) run_conformance ;;
  loader) run_loader ;;
  compile) run_compile ;;
  bench) bash bench/gpu/bench.sh "$logs" 2>&1 | tee -a "$summary" ;;
  all) run_tests; bash bench/gpu/bench.sh "$logs" 2>&1 | tee -a "$summary"; run_reduce bench-only; run_compile ;;
  *) echo "usage: on_device.sh [lit|loader|tests|bench|all|reduce|stream|compile|conformance|differential [ARGS]]" >&2; exit 2 ;;
esac

tar -C "$OUT" -czf "$OUT/logs.tar.gz" logs && rm -rf "$logs"
