#!/usr/bin/env bash
# The compile cache on a file of N small kernels (default 150):
#   cold      pykc -c with an empty cache (the cache stores the outputs),
#   warm      the same compile again (a hit: the front end, then the copy),
#   off       the same with --no-cache (no lookup, no store),
#   one kernel changed: kernel 0's constant differs each run (a miss of
#             the whole outputs; the other kernels' CPU code comes from
#             the cache, part by part).
# Options: PYKC_CACHE_BENCH_KERNELS (150), PYKC_CACHE_BENCH_FLAGS (the -c
# flags; default --no-sass --arch sm_90, as ptxas dominates otherwise),
# PYKC_BENCH_RUNS (3). Medians to $PYKC_BENCH_RESULTS/compile_cache.csv
# (default build/bench).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

build_dir=${PYKC_BUILD_DIR:-build}
pykc="$(pwd)/$build_dir/bin/pykc"
out="$(pwd)/$build_dir/bench/cache"
n=${PYKC_CACHE_BENCH_KERNELS:-150}
flags=${PYKC_CACHE_BENCH_FLAGS:---no-sass --arch sm_90}
runs=${PYKC_BENCH_RUNS:-3}
rm -rf "$out" && mkdir -p "$out"
gen=bench/compile_time/many_kernels.py
python3 $gen "$n" "$out/k.py"
export PYKC_CACHE=1 PYKC_CACHE_DIR="$out/cache"
c="$pykc $out/k.py -w -c $flags -o $out/k.o"
# hyperfine takes one --prepare per command, in order: none for --no-cache.
hyperfine --runs "$runs" --style basic --export-json "$out/cache.json" \
  --prepare "rm -rf $out/cache" -n "cold ($n kernels)" "$c" \
  --prepare "$c" -n "warm ($n kernels)" "$c" \
  --prepare "true" -n "off ($n kernels)" "$c --no-cache" \
  --prepare "python3 $gen $n $out/k.py 1\$(date +%N)" -n "one of $n kernels changed" "$c"
results=${PYKC_BENCH_RESULTS:-$build_dir/bench}
mkdir -p "$results"
python3 bench/common/hyperfine_csv.py "$out/cache.json" "$results/compile_cache.csv" --print
