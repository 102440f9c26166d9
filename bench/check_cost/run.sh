#!/usr/bin/env bash
# `pykc run --check` against the unchecked CPU backend (issue 31: at most
# 20x): medians of unchecked and checked launches of the CPU-backend
# benchmark's kernels (increment, saxpy, stencil, matmul, fast_matmul, at
# every benchmark size), with their ratios, written to
# $PYKC_BENCH_RESULTS/check_cost.{csv,md} (default build/bench/check_cost;
# bench/results/cpu-vm/ holds the committed ones), with the machine and the
# commit.
#
#   bash bench/check_cost/run.sh          (PYKC_BENCH_QUICK=1: one small size each)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build=${PYKC_BUILD_DIR:-build}
out=${PYKC_BENCH_RESULTS:-$build/bench/check_cost}
quick=()
if [ "${PYKC_BENCH_QUICK:-0}" = 1 ]; then quick=(--quick); fi
/usr/bin/python3 bench/check_cost/measure.py --pykc "$build/bin/pykc" --out "$out" "${quick[@]}"
