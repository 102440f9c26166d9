#!/usr/bin/env bash
# One huge kernel (issue 29's goal 4): N statements `v = math.FN(v) + K.5`
# on float64 data, FN sin and exp; or N small loops with an if in each
# (`loops`: the typing walk once copied every variable's state per loop);
# or N small loops that read an array (`reads`: LLVM's MemorySSA updater
# walked back over every loop before, codegen/LoopFences.h). Compiled to
# PTX for sm_90 and to the CPU backend's LLVM IR by two pykc binaries in
# one run (so both see the same machine load), and to an object with
# sm_90's SASS (and the CPU code) by the new one. CPU seconds (user +
# system) of single runs, since the old binary takes minutes at the
# largest sizes.
#
#   bench/compile_time/huge_kernel.sh OLD_PYKC NEW_PYKC [OUT_DIR]
#
# Writes OUT_DIR/huge_kernel.csv (default build/bench/huge_kernel) and
# prints it. PYKC_HUGE_SIZES: the sizes (default "500 1000 2000 4000");
# PYKC_HUGE_SHAPES: the kernels (default "sin exp loops reads").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PYKC_CACHE=0
old=${1:?usage: huge_kernel.sh OLD_PYKC NEW_PYKC [OUT_DIR]}
new=${2:?usage: huge_kernel.sh OLD_PYKC NEW_PYKC [OUT_DIR]}
out=${3:-build/bench/huge_kernel}
sizes=${PYKC_HUGE_SIZES:-500 1000 2000 4000}
shapes=${PYKC_HUGE_SHAPES:-sin exp loops reads}
mkdir -p "$out"
sig='long_kernel(float64[:], float64[:])'

# CPU seconds of one run of "$@" (its output thrown away).
cpu_seconds() {
  /usr/bin/time -f '%U %S' -o "$out/time.txt" "$@" >/dev/null 2>&1 || {
    echo "bench: error: $* failed" >&2
    exit 1
  }
  awk '{ printf "%.2f", $1 + $2 }' "$out/time.txt"
}

csv="$out/huge_kernel.csv"
echo "function,statements,old_ptx_s,new_ptx_s,old_cpu_llvm_s,new_cpu_llvm_s,new_object_sass_sm90_s" >"$csv"
for fn in $shapes; do
  for n in $sizes; do
    src="$out/${fn}_$n.py"
    python3 - "$fn" "$n" >"$src" <<'PY'
import sys
fn, n = sys.argv[1], int(sys.argv[2])
print("from numba import cuda\nimport math\n\n\n@cuda.jit\ndef long_kernel(out, x):")
# reads starts from 0.0: a load of x[i] before the loops would let
# EarlyCSE replace the loops' own, and no load would be left to hoist.
print("    i = cuda.grid(1)\n    if i < out.size:")
print("        v = 0.0" if fn == "reads" else "        v = x[i]")
for k in range(n):
    if fn == "loops":
        print("        w%d = v * %d.5" % (k, k % 10))
        print("        for j in range(4):")
        print("            if j > 1:")
        print("                v = v + w%d * j" % k)
    elif fn == "reads":
        print("        for j in range(%d):" % (k % 5 + 2))
        print("            v = v + x[i] * j + %d.5" % (k % 10))
    else:
        print("        v = math.%s(v) + %d.5" % (fn, k % 10))
print("        out[i] = v")
PY
    o=$(cpu_seconds "$old" "$src" --sig "$sig" --arch sm_90 -o "$out/old.ptx")
    p=$(cpu_seconds "$new" "$src" --sig "$sig" --arch sm_90 -o "$out/new.ptx")
    oc=$(cpu_seconds "$old" "$src" --sig "$sig" --emit=cpu-llvm -o "$out/old.ll")
    pc=$(cpu_seconds "$new" "$src" --sig "$sig" --emit=cpu-llvm -o "$out/new.ll")
    c=$(cpu_seconds "$new" "$src" --sig "$sig" -c --arch sm_90 -o "$out/new.o")
    echo "$fn,$n,$o,$p,$oc,$pc,$c" >>"$csv"
    echo "$fn,$n,$o,$p,$oc,$pc,$c"
  done
done
