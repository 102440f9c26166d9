#!/usr/bin/env bash
# Every benchmark once, at small sizes, so that CI notices when one breaks
# (a script error, a kernel that no longer compiles, a program that no
# longer links). It fails only on such a break, never because a number
# moved: nothing here compares times. Results go to a temporary directory,
# not bench/results/. GPU-only programs are built, not run.
#
#   bash bench/smoke.sh        (after scripts/build.sh; scripts/test.sh runs it)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
export PYKC_BENCH_RESULTS=$results

step() {
  local name=$1
  shift
  local start=$SECONDS
  if "$@" >"$results/$name.log" 2>&1; then
    echo "bench smoke: $name ok ($((SECONDS - start)) s)"
  else
    echo "bench smoke: $name FAILED; its output:" >&2
    tail -20 "$results/$name.log" >&2
    return 1
  fi
}

step compile_time env PYKC_BENCH_RUNS=1 bash bench/compile_time/run.sh
step huge_kernel env PYKC_HUGE_SIZES=100 bash bench/compile_time/huge_kernel.sh \
  "${PYKC_BUILD_DIR:-build}/bin/pykc" "${PYKC_BUILD_DIR:-build}/bin/pykc" "$results/huge_kernel"
step cpu_backend env PYKC_BENCH_QUICK=1 bash bench/cpu_backend/run.sh
step njit env N=100000 bash bench/njit/run.sh
if [ -x "${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" ]; then
  # The GPU programs (matmul, launch overhead, reduce against CUB), built.
  step gpu_build bash bench/gpu/build.sh
else
  step launch_overhead bash bench/launch_overhead/run.sh build
  echo "bench smoke: the other GPU programs skipped (no nvcc to build their CUDA side)"
fi
