#!/usr/bin/env bash
# `pykc run`'s peak memory against the size of its arrays (issue: at most
# 1.2x). Runs the documents' increment_by_one on float32 arrays of 2^24 ..
# 2^27 elements (64 MiB .. 512 MiB) on the CPU backend, with GNU time's
# maximum resident set size, and the same for an unchanged launch (grid 1,
# block 1: one element changes, the file is still written back). Prints CSV:
#   elements,array_bytes,max_rss_bytes,ratio
# Usage: bench/run_memory/measure.sh [BUILD_DIR] [MAX_LOG2]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build=${1:-build}
max_log2=${2:-27}
python=/usr/bin/python3
work=$(mktemp -d "${TMPDIR:-/tmp}/pykc-run-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "elements,array_bytes,max_rss_bytes,ratio"
for ((k = 24; k <= max_log2; ++k)); do
  n=$((1 << k))
  "$python" -c "import numpy as np; np.save('$work/a.npy', np.ones($n, np.float32))"
  /usr/bin/time -f "%M" -o "$work/rss" "$build/bin/pykc" run examples/documents/increment_grid.py \
    increment_by_one --grid $((n / 512)) --block 512 --backend cpu "$work/a.npy" 2>/dev/null
  rss=$(($(cat "$work/rss") * 1024))
  echo "$n,$((n * 4)),$rss,$(awk -v r="$rss" -v b="$((n * 4))" 'BEGIN { printf "%.2f", r / b }')"
done
