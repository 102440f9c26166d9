#!/usr/bin/env bash
# The code two pykc binaries generate for the same kernels: PTX
# instructions per kernel (lines of the entry's body that are
# instructions) and ptxas -v's registers, spill stores and stack, sm_90;
# the documents' kernels, bench/gpu's and operators.py's.
#
#   bench/codegen_compare/compare.sh OLD_PYKC NEW_PYKC [OUT_DIR]
#
# Prints one row per kernel with both builds' numbers and writes
# OUT_DIR/codegen_compare.csv (default build/bench/codegen_compare).
# Needs ptxas ($CUDA_HOME, default /usr/local/cuda).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PYKC_CACHE=0
old=${1:?usage: compare.sh OLD_PYKC NEW_PYKC [OUT_DIR]}
new=${2:?usage: compare.sh OLD_PYKC NEW_PYKC [OUT_DIR]}
out=${3:-build/bench/codegen_compare}
ptxas=${CUDA_HOME:-/usr/local/cuda}/bin/ptxas
[ -x "$ptxas" ] || { echo "compare: error: $ptxas not found" >&2; exit 1; }
mkdir -p "$out"
docs=examples/documents
m2='float32[:, :]'
mm="($m2, $m2, $m2)"
# file|signatures separated by ;
specs=(
  "$docs/increment_grid.py|increment_by_one(float32[:]);increment_a_2D_array($m2)"
  "$docs/matmul.py|cuda_matmul$mm;cuda_matmul1$mm;cuda_fast_matmul$mm"
  "$docs/reductions.py|sum_reduce(float32);cuda_reduce(float32)"
  "bench/gpu/kernels/saxpy.py|saxpy(float32, float32[:], float32[:], float32[:])"
  "bench/gpu/kernels/stencil.py|jacobi5(float32[:, :], float32[:, :])"
  "bench/gpu/kernels/histogram.py|histogram(int32[:], int32[:])"
  "bench/gpu/kernels/transpose.py|transpose(float32[:, :], float32[:, :])"
  "bench/codegen_compare/operators.py|tile_index(int64[:], int64);wrap_around(float32[:], float32[:], int64);float_divmod(float32[:], float32[:], float32[:]);powers(float64[:], float64[:], int32);bit_mix(int64[:], int64[:], int64)"
)
# kernel instructions registers spill_stores stack, one line per kernel
measure() { # PYKC PTX_FILE
  awk '/^\.(visible )?\.entry/ { name = $NF; sub(/\(.*/, "", name); inside = 1; n = 0; next }
       inside && /^}/ { print name, n; inside = 0; next }
       inside && /^\t[a-z@]/ && !/^\t\.(reg|local|shared)/ { n++ }' "$1" | sort >"$1.count"
  "$ptxas" -arch=sm_90 -v "$1" -o /dev/null 2>&1 |
    awk '/Compiling entry function/ { gsub(/['\''`]/, "", $7); k = $7 }
         /bytes stack frame/ { st = $1; ss = $5 }
         /Used [0-9]+ registers/ { for (i = 1; i <= NF; i++) if ($i == "Used") r = $(i + 1); print k, r, ss, st }' |
    sort >"$1.regs"
  join "$1.count" "$1.regs"
}
echo "kernel,old_instructions,new_instructions,old_registers,new_registers,old_spill_stores,new_spill_stores,old_stack,new_stack" >"$out/codegen_compare.csv"
for spec in "${specs[@]}"; do
  file=${spec%%|*}
  IFS=';' read -ra sigs <<<"${spec#*|}"
  args=()
  for s in "${sigs[@]}"; do args+=(--sig "$s"); done
  stem=$(basename "$file" .py)
  for which in old new; do
    bin=$old; [ "$which" = new ] && bin=$new
    "$bin" "$file" -w "${args[@]}" --arch sm_90 --emit=ptx -o "$out/$stem.$which.ptx"
    measure "$out/$stem.$which.ptx" >"$out/$stem.$which.txt"
  done
  join "$out/$stem.old.txt" "$out/$stem.new.txt" |
    awk '{ printf "%s,%s,%s,%s,%s,%s,%s,%s,%s\n", $1, $2, $6, $3, $7, $4, $8, $5, $9 }' >>"$out/codegen_compare.csv"
done
column -s, -t "$out/codegen_compare.csv"
