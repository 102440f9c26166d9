#!/usr/bin/env bash
# Builds bench/reduce here (no GPU needed) into build/bench/reduce/: the
# documents' reductions.py through pykc -c, CUB's sum through nvcc -O3, and
# reduce_bench linking both with pykc's runtime. Run it on a GPU machine
# with bench/reduce/run.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build=${PYKC_BUILD_DIR:-build}
cuda=${CUDA_HOME:-/usr/local/cuda}
arch=${PYKC_BENCH_ARCH:-sm_90}
out=$build/bench/reduce
mkdir -p "$out"
"$build/bin/pykc" examples/documents/reductions.py --sig 'sum_reduce(float32)' -c --arch "$arch" \
  -o "$out/reductions.o" --header "$out/reductions.h" 2>/dev/null
"$cuda/bin/nvcc" -O3 -arch="$arch" -c bench/reduce/cub_sum.cu -o "$out/cub_sum.o"
clang++-19 -std=c++20 -O2 -I"$out" -Iruntime/include bench/reduce/reduce_bench.cpp \
  "$out/reductions.o" "$out/cub_sum.o" "$build/runtime/libpykcRuntime.a" \
  -L"$cuda/lib64" -lcudart_static -lrt \
  -Wl,-Bstatic -lboost_context -Wl,-Bdynamic -static-libstdc++ -static-libgcc \
  -lpthread -ldl -o "$out/reduce_bench"
echo "built $out/reduce_bench"
