#!/usr/bin/env bash
# Compile time of two pykc binaries on the same inputs, in one hyperfine
# run (so both see the same machine load): the documents' kernels to PTX,
# the reductions file (its operators checked, its kernels built), and the
# 150-kernel file of scale.sh to PTX and to a --no-sass object.
#
#   bench/compile_time/before_after.sh OLD_PYKC NEW_PYKC [OUT_DIR]
#
# Prints each median and NEW/OLD; the table and JSON go to OUT_DIR
# (default build/bench/before_after). PYKC_BENCH_RUNS=N: N runs each.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PYKC_CACHE=0
old=${1:?usage: before_after.sh OLD_PYKC NEW_PYKC [OUT_DIR]}
new=${2:?usage: before_after.sh OLD_PYKC NEW_PYKC [OUT_DIR]}
out=${3:-build/bench/before_after}
mkdir -p "$out"
command -v hyperfine >/dev/null || {
  echo "bench: error: hyperfine not found; run scripts/setup.sh" >&2
  exit 1
}
docs=examples/documents
m2='float32[:, :]'
mm="($m2, $m2, $m2)"
python3 bench/compile_time/many_kernels.py 150 "$out/many.py"
# name|arguments after the binary
inputs=(
  "increment_grid|$docs/increment_grid.py --sig 'increment_by_one(float32[:])' --sig 'increment_a_2D_array($m2)' --emit=ptx"
  "fast_matmul|$docs/fast_matmul.py --sig 'fast_matmul$mm' --emit=ptx"
  "matmul|$docs/matmul.py --sig 'cuda_matmul$mm' --sig 'cuda_matmul1$mm' --sig 'cuda_fast_matmul$mm' --emit=ptx"
  "reductions|$docs/reductions.py -w --emit=ptx"
  "150 kernels ptx|$out/many.py -w --emit=ptx"
  "150 kernels -c --no-sass|$out/many.py -w -c --no-sass --arch sm_80"
)
args=()
for entry in "${inputs[@]}"; do
  name=${entry%%|*} rest=${entry#*|}
  for which in old new; do
    bin=$old; [ "$which" = new ] && bin=$new
    cmd="$bin $rest -o $out/$which.out"
    sh -c "$cmd" >/dev/null 2>&1 || { echo "bench: error: '$cmd' failed" >&2; exit 1; }
    args+=(-n "$which $name" "$cmd")
  done
done
runs=(--warmup 2)
if [ -n "${PYKC_BENCH_RUNS:-}" ]; then runs=(--runs "$PYKC_BENCH_RUNS"); fi
hyperfine "${runs[@]}" --style basic --export-markdown "$out/before_after.md" \
  --export-json "$out/before_after.json" "${args[@]}" >/dev/null
python3 - "$out/before_after.json" <<'PY'
import json
import sys

median = {r["command"]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
names = [n[4:] for n in median if n.startswith("old ")]
print(f"{'input':28} {'old ms':>9} {'new ms':>9} {'new/old':>8}")
for n in names:
    o, w = median["old " + n], median["new " + n]
    print(f"{n:28} {o * 1000:9.1f} {w * 1000:9.1f} {w / o:8.3f}")
PY
