#!/usr/bin/env bash
# Compile time: pykc compiling each document kernel to PTX, and the four
# kernels of kernels.cu (increment_by_one, increment_a_2D_array, fast_matmul,
# cuda_matmul) compiled by pykc from the documents vs by nvcc from CUDA C++,
# to PTX and to objects with SASS for five architectures.
# One hyperfine run (--warmup 2); the table goes to build/bench/compile_time.md,
# a CSV and a bar chart of the medians to $PYKC_BENCH_RESULTS
# (default build/bench).
# Prints each median and the ratio pykc/nvcc for the same four kernels.
#
# Needs a built pykc (scripts/build.sh) and hyperfine. nvcc is taken from
# $NVCC, else $CUDA_HOME/bin/nvcc, else /usr/local/cuda/bin/nvcc; without it
# only pykc is measured.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
# Compile times are measured with the compile cache off (hyperfine's runs
# would otherwise be cache hits); bench/compile_time/cache.sh measures it.
export PYKC_CACHE=0

build_dir=${PYKC_BUILD_DIR:-build}
pykc="$build_dir/bin/pykc"
out="$build_dir/bench"
docs=examples/documents
mkdir -p "$out"

if [ ! -x "$pykc" ]; then
  echo "bench: error: $pykc not found; run scripts/build.sh first" >&2
  exit 1
fi
command -v hyperfine >/dev/null || {
  echo "bench: error: hyperfine not found; run scripts/setup.sh" >&2
  exit 1
}
nvcc=${NVCC:-${CUDA_HOME:-/usr/local/cuda}/bin/nvcc}
if [ ! -x "$nvcc" ]; then
  echo "bench: nvcc not found at $nvcc; measuring pykc only"
  nvcc=
fi

m2='float32[:, :]'
mm="($m2, $m2, $m2)"
# name|command (commands run in sh; paths have no spaces)
benches=(
  "pykc increment_by_one_threadidx.py|$pykc $docs/increment_by_one_threadidx.py --sig 'increment_by_one(float32[:])' -o $out/a.ptx"
  "pykc increment_grid.py|$pykc $docs/increment_grid.py --sig 'increment_by_one(float32[:])' --sig 'increment_a_2D_array($m2)' -o $out/b.ptx"
  "pykc fast_matmul.py|$pykc $docs/fast_matmul.py --sig 'fast_matmul$mm' -o $out/c.ptx"
  "pykc matmul.py|$pykc $docs/matmul.py --sig 'cuda_matmul$mm' --sig 'cuda_matmul1$mm' --sig 'cuda_fast_matmul$mm' -o $out/d.ptx"
  "pykc copy_kernels.py|$pykc $docs/copy_kernels.py --sig 'foo(int64[:], float64[:])' -o $out/e.ptx"
  "pykc my_kernel.py|$pykc $docs/my_kernel.py --sig 'my_kernel(float32[:])' -o $out/f.ptx"
  # The same four kernels as kernels.cu, in three pykc processes.
  "pykc kernels.cu set|$pykc $docs/increment_grid.py --sig 'increment_by_one(float32[:])' --sig 'increment_a_2D_array($m2)' -o $out/g1.ptx && $pykc $docs/fast_matmul.py --sig 'fast_matmul$mm' -o $out/g2.ptx && $pykc $docs/matmul.py --sig 'cuda_matmul$mm' -o $out/g3.ptx"
)
# Objects: pykc -c with its default architectures (PTX and SASS for sm_75,
# 80, 86, 89, 90, plus the CPU backend's code; the SASS from ptxas and
# fatbinary runs, or with PYKC_NVJITLINK=1 from libnvJitLink in the process)
# against nvcc -c for the same five architectures' SASS and PTX.
c_set="$pykc $docs/increment_grid.py -c --sig 'increment_by_one(float32[:])' --sig 'increment_a_2D_array($m2)' -o $out/o1.o && $pykc $docs/fast_matmul.py -c --sig 'fast_matmul$mm' -o $out/o2.o && $pykc $docs/matmul.py -c --sig 'cuda_matmul$mm' -o $out/o3.o"
benches+=(
  "pykc -c kernels.cu set|$c_set"
  "pykc -c --no-sass kernels.cu set|${c_set//-c --sig/-c --no-sass --sig}"
  "pykc -c (nvJitLink) kernels.cu set|export PYKC_NVJITLINK=1 && $c_set"
)
gencode=
for sm in 75 80 86 89 90; do
  gencode+=" -gencode arch=compute_$sm,code=[sm_$sm,compute_$sm]"
done
if [ -n "$nvcc" ]; then
  benches+=("nvcc kernels.cu|$nvcc -ptx -arch=sm_75 bench/compile_time/kernels.cu -o $out/kernels.ptx")
  benches+=("nvcc -c kernels.cu|$nvcc -c$gencode bench/compile_time/kernels.cu -o $out/kernels.o")
fi

args=()
for b in "${benches[@]}"; do
  name=${b%%|*} cmd=${b#*|}
  # Fail early with the compiler's own message rather than hyperfine's.
  if ! sh -c "$cmd" >/dev/null; then
    echo "bench: error: '$name' failed: $cmd" >&2
    exit 1
  fi
  args+=(-n "$name" "$cmd")
done

# PYKC_BENCH_RUNS=N: N runs each and no warm-up (bench/smoke.sh uses 1).
runs=(--warmup 2)
if [ -n "${PYKC_BENCH_RUNS:-}" ]; then runs=(--runs "$PYKC_BENCH_RUNS"); fi
hyperfine "${runs[@]}" --style basic \
  --export-markdown "$out/compile_time.md" --export-json "$out/compile_time.json" \
  "${args[@]}"

echo
python3 - "$out/compile_time.json" <<'PY'
import json
import sys

results = json.load(open(sys.argv[1]))["results"]
median = {r["command"]: r["median"] for r in results}
print("Median compile times:")
for name, t in median.items():
    print(f"  {name:36} {t * 1000:8.1f} ms")
if "nvcc kernels.cu" in median:
    ratio = median["pykc kernels.cu set"] / median["nvcc kernels.cu"]
    print(f"pykc/nvcc (increment_by_one, increment_a_2D_array, fast_matmul, "
          f"cuda_matmul): {ratio:.3g}")
if "nvcc -c kernels.cu" in median:
    ratio = median["pykc -c kernels.cu set"] / median["nvcc -c kernels.cu"]
    print(f"pykc -c / nvcc -c (the same kernels, SASS and PTX for sm_75, 80, 86, "
          f"89, 90): {ratio:.3g}")
PY

# CSV of the medians, and a bar chart of them (bench/common/plot_style.py's
# style; skipped with a message when matplotlib is missing).
results=${PYKC_BENCH_RESULTS:-$out}
mkdir -p "$results"
python3 bench/common/hyperfine_csv.py "$out/compile_time.json" "$results/compile_time.csv"
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')
/usr/bin/python3 bench/common/plot_hyperfine.py "$results/compile_time.csv" \
  "$results/compile_time.png" "Compile time per kernel file and per set" \
  --device "$cpu ($(nproc) cores)" --commit "$(git rev-parse --short=7 HEAD 2>/dev/null || echo unknown)"
[ -f "$results/compile_time.png" ] && echo "Plot: $results/compile_time.png"
echo "Table: $out/compile_time.md; CSV: $results/compile_time.csv"
