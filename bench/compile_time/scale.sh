#!/usr/bin/env bash
# pykc -c against nvcc -c on files of 1, 10 and 150 small kernels (issue
# 29's goal 1): the same kernels (nvcc compiles the CUDA C++ that
# `pykc --emit=cuda` writes), the same architectures (pykc's default list:
# SASS for sm_75, 80, 86, 89, 90, 100 and 120, PTX for sm_75 .. sm_90, the
# newer ones built from sm_90's PTX, as pykc does), nvcc with --threads set
# to the cores. The compile cache is off. Also pykc -c --no-sass and, for
# the share nvcc and pykc cannot avoid, ptxas alone on pykc's PTX for the
# seven architectures, one after another; and pykc -c with its CPU code
# built whole, the way it was before each kernel became a part.
# Options: PYKC_SCALE_SIZES ("1 10 150"), PYKC_BENCH_RUNS (3).
# Medians to $PYKC_BENCH_RESULTS/compile_scale.csv (default build/bench),
# with the ratio pykc / nvcc printed per size.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PYKC_CACHE=0

build_dir=${PYKC_BUILD_DIR:-build}
pykc="$(pwd)/$build_dir/bin/pykc"
out="$(pwd)/$build_dir/bench/scale"
runs=${PYKC_BENCH_RUNS:-3}
sizes=${PYKC_SCALE_SIZES:-1 10 150}
nvcc=${NVCC:-${CUDA_HOME:-/usr/local/cuda}/bin/nvcc}
ptxas=$(dirname "$nvcc")/ptxas
cores=$(nproc)
for tool in "$nvcc" "$ptxas" "$pykc"; do
  [ -x "$tool" ] || { echo "bench: error: $tool not found" >&2; exit 1; }
done
# An empty PATH folder: without an `ld`, pykc -c builds the CPU code as
# one module on one thread (tools/pykc/HostParts.h), as before it was split
# per kernel.
rm -rf "$out" && mkdir -p "$out/no-ld"
gencode="-gencode arch=compute_75,code=[sm_75,compute_75]"
gencode+=" -gencode arch=compute_80,code=[sm_80,compute_80]"
gencode+=" -gencode arch=compute_86,code=[sm_86,compute_86]"
gencode+=" -gencode arch=compute_89,code=[sm_89,compute_89]"
gencode+=" -gencode arch=compute_90,code=[sm_90,sm_100,sm_120,compute_90]"
args=()
for n in $sizes; do
  python3 bench/compile_time/many_kernels.py "$n" "$out/k$n.py"
  "$pykc" "$out/k$n.py" -w --emit=cuda -o "$out/k$n.cu"
  ptxas_all=""
  for t in 75 80 86 89 90; do
    "$pykc" "$out/k$n.py" -w --arch "sm_$t" -o "$out/k$n.sm_$t.ptx"
  done
  for a in 75 80 86 89 90 100 120; do
    p=$((a > 90 ? 90 : a))
    ptxas_all+="$ptxas -arch=sm_$a -O3 $out/k$n.sm_$p.ptx -o $out/k$n.sm_$a.cubin && "
  done
  args+=(-n "pykc -c ($n kernels)" "$pykc $out/k$n.py -w -c -o $out/p$n.o"
         -n "pykc -c --no-sass ($n kernels)" "$pykc $out/k$n.py -w -c --no-sass -o $out/q$n.o"
         -n "pykc -c, CPU code whole ($n kernels)" "env PATH=$out/no-ld $pykc $out/k$n.py -w -c -o $out/w$n.o"
         -n "nvcc -c --threads $cores ($n kernels)" "$nvcc -c --threads $cores $gencode $out/k$n.cu -o $out/n$n.o"
         -n "ptxas alone, 7 archs serially ($n kernels)" "${ptxas_all}true")
done
hyperfine --runs "$runs" --style basic --export-json "$out/scale.json" "${args[@]}"
results=${PYKC_BENCH_RESULTS:-$build_dir/bench}
mkdir -p "$results"
python3 bench/common/hyperfine_csv.py "$out/scale.json" "$results/compile_scale.csv" --print
python3 - "$results/compile_scale.csv" <<'PY'
import csv, re, sys
rows = {r["command"]: float(r["median_ms"]) for r in csv.DictReader(open(sys.argv[1]))}
for name, ms in rows.items():
    m = re.match(r"pykc -c \((\d+) kernels\)", name)
    if not m:
        continue
    nv = next(v for k, v in rows.items() if k.startswith("nvcc") and k.endswith(f"({m.group(1)} kernels)"))
    print(f"pykc -c / nvcc -c at {m.group(1):>3} kernels: {ms / nv:.3f} ({nv / ms:.2f}x faster)")
PY
