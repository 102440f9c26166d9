#!/usr/bin/env bash
# The documents' @njit(parallel=True) numba_reduce: pykc's compiled
# function called from C++, Numba's JIT, and a C++ loop (the anchor, in the
# same run), at 1 thread and at every core. Medians of 21 calls on 10^7
# float32 values; writes bench/results/njit-<host>.md (or under
# $PYKC_BENCH_RESULTS).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build=${PYKC_BUILD_DIR:-build}
out=$build/bench/njit
mkdir -p "$out"
N=${N:-10000000}
cores=$(nproc)

"$build/bin/pykc" examples/documents/reductions.py -c --no-sass --host-cpu native \
  --sig 'numba_reduce(float32[::1])' -o "$out/reductions.o" --header "$out/reductions.h" 2>/dev/null
clang++-19 -std=c++20 -O3 -march=native -I"$out" -I runtime/include bench/njit/njit_bench.cpp \
  "$out/reductions.o" "$build/runtime/libpykcRuntime.a" -lboost_context -lpthread -ldl -o "$out/bench"

rows=()
for t in 1 "$cores"; do
  while read -r line; do rows+=("$line"); done < <(PYKC_NUM_THREADS=$t "$out/bench" "$N" "$t")
  rows+=("$(/usr/bin/python3 bench/njit/numba_njit.py "$N" "$t")")
done
cpu=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)
printf '%s\n' "${rows[@]}" | /usr/bin/python3 -c '
import sys
rows = {}
for line in sys.stdin:
    name, t, ms, result = line.split()
    rows.setdefault(int(t), {})[name] = (float(ms), float(result))
print("| threads | pykc (ms) | Numba @njit (ms) | C++ loop (ms) | C++ loop, reassociated (ms) | pykc / Numba speed | pykc / C++ speed | pykc / reassociated C++ speed |")
print("|---|---|---|---|---|---|---|---|")
for t in sorted(rows):
    r = rows[t]
    p, n, c, q = r["pykc"][0], r["numba"][0], r["cxx"][0], r["cxx-reassoc"][0]
    print(f"| {t} | {p:.2f} | {n:.2f} | {c:.2f} | {q:.2f} | {n / p:.2f}x | {c / p:.2f}x | {q / p:.2f}x |")
' | tee "$out/results.md"
{
  echo "# numba_reduce on $(hostname): $cpu, $cores cores"
  echo
  echo "N = $N float32 values; medians of 21 calls; speed ratios above 1 mean pykc is faster."
  echo "pykc $(git rev-parse --short HEAD), numba $(/usr/bin/python3 -c 'import numba; print(numba.__version__)')."
  echo
  cat "$out/results.md"
} > "${PYKC_BENCH_RESULTS:-bench/results}/njit-$(hostname | cut -c1-20).md"
