#!/usr/bin/env bash
# The CPU backend against a plain single-threaded C++ loop doing the same
# work (plain.cpp, the anchor, measured in the same run), on the documents'
# increment and matmuls and on saxpy and a stencil (kernels.py), across
# sizes: run.py prints the table of medians and ratios and writes
# cpu_backend.csv, cpu_backend.md, device.txt and cpu_backend.png to
# $PYKC_BENCH_RESULTS (default build/bench/cpu_backend). Then Numba's CUDA
# simulator on two small launches, for scale.
#
#   bash bench/cpu_backend/run.sh          (PYKC_BENCH_QUICK=1: one small size each)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build=${PYKC_BUILD_DIR:-build}
out=${PYKC_BENCH_RESULTS:-$build/bench/cpu_backend}
mkdir -p "$out" "$build/bench/cpu_backend"
plain=$build/bench/cpu_backend/plain
clang++-19 -O3 -march=native -o "$plain" bench/cpu_backend/plain.cpp

quick=()
if [ "${PYKC_BENCH_QUICK:-0}" = 1 ]; then quick=(--quick); fi
echo "CPU backend vs plain C++ on $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
/usr/bin/python3 bench/cpu_backend/run.py --pykc "$build/bin/pykc" --plain "$plain" --out "$out" "${quick[@]}"

SN=${SN:-4096}
SM=${SM:-16}
if [ "${PYKC_BENCH_QUICK:-0}" = 1 ]; then SN=256 SM=8; fi
echo
echo "Numba's CUDA simulator (increment N=$SN, naive matmul ${SM}x$SM), medians:"
/usr/bin/python3 bench/cpu_backend/simulator.py "$SN" "$SM" | while read -r name n ms; do
  units=$n
  if [ "$name" = matmul ]; then units=$((n * n * n)); fi
  /usr/bin/python3 -c "print(f'  $name: {$ms * 1e6 / $units:.1f} ns per unit')"
done
