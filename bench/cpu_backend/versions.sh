#!/usr/bin/env bash
# The CPU code of `pykc -c` objects: built for x86-64 alone (the default)
# against --host-cpu x86-64,x86-64-v3 (codegen/CPUVersions.h), the same kernels
# (versions_kernels.py) launched from one C++ program on the CPU backend,
# medians of 15 launches of 2^24 elements. The program runs twice: as the
# machine chooses, and with PYKC_CPU_LEVEL=1, where the versioned object
# must run as fast as the baseline (its x86-64 version).
#
#   bench/cpu_backend/versions.sh [OUT_DIR]
#
# Writes OUT_DIR/versions.csv (default build/bench/versions) and prints it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PYKC_CACHE=0
build=${PYKC_BUILD_DIR:-build}
out=${1:-$build/bench/versions}
cxx=${CXX:-clang++-19}
mkdir -p "$out"
kernels=bench/cpu_backend/versions_kernels.py
sigs=(--sig 'saxpy(float32, float32[:], float32[:], float32[:])' --sig 'steps(float32[:], float32[:])')
"$build/bin/pykc" "$kernels" -c --no-sass --arch sm_80 "${sigs[@]}" --host-cpu x86-64 \
  --namespace baseline -o "$out/baseline.o" --header "$out/baseline.h"
"$build/bin/pykc" "$kernels" -c --no-sass --arch sm_80 "${sigs[@]}" --host-cpu x86-64,x86-64-v3 \
  --namespace versions -o "$out/versions.o" --header "$out/versions.h"
"$cxx" -std=c++20 -O2 -I"$out" -Iruntime/include bench/cpu_backend/versions_host.cpp \
  "$out/baseline.o" "$out/versions.o" "$build/runtime/libpykcRuntime.a" \
  -lboost_context -lpthread -ldl -o "$out/host"
csv="$out/versions.csv"
PYKC_BACKEND=cpu "$out/host" | sed 's/$/,machine/' | sed '1s/,machine$/,level/' >"$csv"
PYKC_BACKEND=cpu PYKC_CPU_LEVEL=1 "$out/host" | tail -n +2 | sed 's/$/,1/' >>"$csv"
cat "$csv"
