#!/usr/bin/env bash
# Where the time of PTX for one document file goes (issue 29, goal 3): the
# three kernels of examples/documents/matmul.py for sm_75, compiled by
# pykc, stopping after each phase (--version: start-up; --emit=ir: the front
# end; --emit=llvm: LLVM IR and its optimization; --emit=ptx: the NVPTX
# back end too), against nvcc -ptx on the CUDA C++ that pykc writes for
# the same kernels (--emit=cuda), in one hyperfine run. Then the medians of
# -v's own steps over 15 compiles (ptx/sm_75/emit, optimize, codegen).
# Writes ptx_profile.csv and ptx_steps.csv to $PYKC_BENCH_RESULTS (default
# build/bench) and prints nvcc / pykc.
#
# The compile cache is off (every run compiles). Needs a built pykc,
# hyperfine, and nvcc ($NVCC, else $CUDA_HOME/bin/nvcc, else
# /usr/local/cuda/bin/nvcc).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PYKC_CACHE=0

build_dir=${PYKC_BUILD_DIR:-build}
pykc="$build_dir/bin/pykc"
out="$build_dir/bench"
results=${PYKC_BENCH_RESULTS:-$out}
mkdir -p "$out" "$results"
nvcc=${NVCC:-${CUDA_HOME:-/usr/local/cuda}/bin/nvcc}
for tool in "$pykc" "$nvcc"; do
  [ -x "$tool" ] || { echo "bench: error: $tool not found" >&2; exit 1; }
done
command -v hyperfine >/dev/null || { echo "bench: error: hyperfine not found" >&2; exit 1; }

m2='float32[:, :]'
mm="($m2, $m2, $m2)"
file=examples/documents/matmul.py
sigs="--sig 'cuda_matmul$mm' --sig 'cuda_matmul1$mm' --sig 'cuda_fast_matmul$mm'"
compile="$pykc $file $sigs -w"
sh -c "$compile --emit=cuda -o $out/matmul.cu"

hyperfine --warmup 3 --runs 15 --style basic --export-json "$out/ptx_profile.json" \
  -n "pykc --version" "$pykc --version" \
  -n "pykc --emit=ir" "$compile --emit=ir -o $out/matmul.ir" \
  -n "pykc --emit=llvm" "$compile --emit=llvm -o $out/matmul.ll" \
  -n "pykc --emit=ptx" "$compile --emit=ptx -o $out/matmul.ptx" \
  -n "nvcc -ptx" "$nvcc -ptx -arch=sm_75 $out/matmul.cu -o $out/matmul_nvcc.ptx"
python3 bench/common/hyperfine_csv.py "$out/ptx_profile.json" "$results/ptx_profile.csv"

# -v's steps of --emit=ptx, 15 compiles.
for _ in $(seq 15); do
  sh -c "$compile --emit=ptx -v -o $out/matmul.ptx" 2>&1 | grep '^pykc: time: '
done > "$out/ptx_steps.txt"
python3 - "$out/ptx_profile.json" "$out/ptx_steps.txt" "$results/ptx_steps.csv" <<'PY'
import json
import statistics
import sys

results = json.load(open(sys.argv[1]))["results"]
median = {r["command"]: r["median"] * 1000 for r in results}
steps = {}
for line in open(sys.argv[2]):
    _, _, name, ms, _ = line.split()
    steps.setdefault(name, []).append(float(ms))
with open(sys.argv[3], "w") as csv:
    csv.write("step,median_ms\n")
    for name, values in steps.items():
        csv.write(f"{name},{statistics.median(values):.3f}\n")
print("Medians (ms):")
for name, ms in median.items():
    print(f"  {name:18} {ms:7.1f}")
print("-v steps of --emit=ptx, medians (ms):")
for name, values in steps.items():
    print(f"  {name:24} {statistics.median(values):7.2f}")
print(f"nvcc -ptx / pykc --emit=ptx: {median['nvcc -ptx'] / median['pykc --emit=ptx']:.1f}x "
      "(issue 29's goal 3: 25x)")
PY
