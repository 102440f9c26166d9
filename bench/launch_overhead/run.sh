#!/usr/bin/env bash
# Builds bench/launch_overhead against this checkout's build (scripts/build.sh
# first) and, on a machine with a GPU, runs it: typed launches through the
# generated header against bare cuLaunchKernel of the same image, plus
# numba-cuda's launch when its Python package is importable.
#
# The binary links the runtime, Boost.Context and libstdc++ statically and
# opens libcuda.so.1 at run time, so it can be built here and copied to a GPU
# machine (without one it measures the CPU backend only):
#   bench/launch_overhead/run.sh build     # here: writes build/bench/launch_overhead
#   build/bench/launch_overhead/launch_overhead   # there
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

build_dir=${PYKC_BUILD_DIR:-build}
out="$build_dir/bench/launch_overhead"
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out"
"$build_dir/bin/pykc" bench/launch_overhead/kernels.py -c -o "$out/kernels.o" --header "$out/kernels.h"
clang++-19 -std=c++20 -O2 -I"$out" -Iruntime/include -I"$cuda/include" \
  bench/launch_overhead/launch_overhead.cpp "$out/kernels.o" "$build_dir/runtime/libpykcRuntime.a" \
  -Wl,-Bstatic -lboost_context -Wl,-Bdynamic \
  -static-libstdc++ -static-libgcc -lpthread -ldl -o "$out/launch_overhead"
echo "built $out/launch_overhead"
[ "${1:-}" = build ] && exit 0
"$out/launch_overhead"
if python3 -c 'import numba.cuda' 2>/dev/null; then
  python3 bench/launch_overhead/numba_launch.py
fi
