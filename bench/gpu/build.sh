#!/usr/bin/env bash
# Builds the GPU benchmarks here (no GPU needed) into build/bench/gpu/:
#   codegen_bench   pykc's kernels (pykc -c, typed headers) against nvcc -O3's
#                   (anchors.cubin), see codegen_bench.cpp
#   matmul_bench    the documents' matmuls against cuBLAS SGEMM
#   registers.csv   ptxas -v registers, spills and stack of both, sm_90
# and bench/launch_overhead's program. Needs scripts/build.sh first and the
# CUDA toolkit (nvcc, ptxas, cuBLAS) in $CUDA_HOME (default /usr/local/cuda).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build=${PYKC_BUILD_DIR:-build}
cuda=${CUDA_HOME:-/usr/local/cuda}
arch=${PYKC_BENCH_ARCH:-sm_90}
out=$build/bench/gpu
mkdir -p "$out"
pykc=$build/bin/pykc
docs=examples/documents
kern=bench/gpu/kernels

# file|namespace|signatures (;-separated)
specs=(
  "$docs/increment_by_one_threadidx.py|increment_by_one(float32[::1])"
  "$docs/increment_grid.py|increment_by_one(float32[::1]);increment_a_2D_array(float32[:, ::1])"
  "$docs/copy_kernels.py|foo(int64[::1], float64[::1])"
  "$docs/matmul.py|cuda_matmul(float32[:, ::1], float32[:, ::1], float32[:, ::1]);cuda_matmul1(float32[:, ::1], float32[:, ::1], float32[:, ::1]);cuda_fast_matmul(float32[:, ::1], float32[:, ::1], float32[:, ::1])"
  "$docs/fast_matmul.py|fast_matmul(float32[:, ::1], float32[:, ::1], float32[:, ::1])"
  "$kern/saxpy.py|saxpy(float32, float32[::1], float32[::1], float32[::1])"
  "$kern/stencil.py|jacobi5(float32[:, ::1], float32[:, ::1])"
  "$kern/transpose.py|transpose(float32[:, ::1], float32[:, ::1])"
  "$kern/histogram.py|histogram(uint8[::1], int32[::1])"
)

# ptxas -v's report as "kernel regs spill_stores spill_loads stack" lines.
ptxas_report() {
  awk '/Compiling entry function/ { gsub(/['\''`]/, "", $7); k = $7 }
       /bytes stack frame/ { st = $1; ss = $5; sl = $9 }
       /Used [0-9]+ registers/ { for (i = 1; i <= NF; i++) if ($i == "Used") r = $(i + 1);
                                 print k, r, ss, sl, st }'
}

objs=() defs=()
: >"$out/pykc_regs.txt"
for spec in "${specs[@]}"; do
  file=${spec%%|*}
  IFS=';' read -ra sigs <<<"${spec#*|}"
  stem=$(basename "$file" .py)
  args=()
  for s in "${sigs[@]}"; do args+=(--sig "$s"); done
  # A kernel pykc cannot compile yet is left out of the benchmark (and
  # said so), not a reason to measure nothing.
  if ! "$pykc" "$file" "${args[@]}" -c --arch "$arch" -o "$out/$stem.o" --header "$out/$stem.h"; then
    echo "bench: $file is left out: pykc cannot compile it" >&2
    continue
  fi
  defs+=("-DHAVE_$(echo "$stem" | tr a-z A-Z)=1")
  "$pykc" "$file" "${args[@]}" --arch "$arch" -o "$out/$stem.ptx"
  "$cuda/bin/ptxas" -v -arch="$arch" "$out/$stem.ptx" -o /dev/null 2>&1 |
    ptxas_report | sed "s|^|$stem.py |" >>"$out/pykc_regs.txt"
  objs+=("$out/$stem.o")
done

"$cuda/bin/nvcc" -O3 -cubin -arch="$arch" -Xptxas -v bench/gpu/anchors.cu \
  -o "$out/anchors.cubin" 2>"$out/nvcc_ptxas.txt"
ptxas_report <"$out/nvcc_ptxas.txt" >"$out/nvcc_regs.txt"

# registers.csv: one row per pykc kernel, nvcc's anchor for it beside it.
{
  echo "file,kernel,pykc_registers,pykc_spill_stores,pykc_spill_loads,pykc_stack,nvcc_kernel,nvcc_registers,nvcc_spill_stores,nvcc_spill_loads,nvcc_stack"
  while read -r file k r ss sl st; do
    case "$k" in
      cuda_matmul1) a=cuda_matmul ;;
      cuda_fast_matmul) a=fast_matmul ;;
      *) a=$k ;;
    esac
    n=$(awk -v a="$a" '$1 == a { print $2 "," $3 "," $4 "," $5 }' "$out/nvcc_regs.txt")
    echo "$file,$k,$r,$ss,$sl,$st,$a,${n:-,,,}"
  done <"$out/pykc_regs.txt"
} >"$out/registers.csv"

clang++-19 -std=c++20 -O2 "${defs[@]}" -I"$out" -Iruntime/include -I"$cuda/include" \
  bench/gpu/codegen_bench.cpp "${objs[@]}" "$build/runtime/libpykcRuntime.a" \
  -Wl,-Bstatic -lboost_context -Wl,-Bdynamic -static-libstdc++ -static-libgcc \
  -lpthread -ldl -o "$out/codegen_bench"
echo "built $out/codegen_bench, $out/anchors.cubin, $out/registers.csv"

if [ -f bench/gpu/matmul_bench.cpp ]; then
  clang++-19 -std=c++20 -O2 -I"$out" -Iruntime/include -I"$cuda/include" \
    bench/gpu/matmul_bench.cpp "$out/matmul.o" "$out/fast_matmul.o" "$build/runtime/libpykcRuntime.a" \
    -L"$cuda/lib64" -lcublas -Wl,-rpath,'$ORIGIN' \
    -Wl,-Bstatic -lboost_context -Wl,-Bdynamic -static-libstdc++ -static-libgcc \
    -lpthread -ldl -o "$out/matmul_bench"
  echo "built $out/matmul_bench"
fi

bench/launch_overhead/run.sh build
bash bench/reduce/build.sh
