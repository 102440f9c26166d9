#!/usr/bin/env bash
# Configures (once) and builds pykc in build/ with Ninja, clang-19 and the
# Release build type. Ninja makes a second run a no-op when nothing changed.
#
# Environment: PYKC_BUILD_DIR (default build), PYKC_JOBS (default 2),
# PYKC_BUILD_TYPE (default Release; only used when configuring).
# Extra arguments are passed to the first `cmake` configure, e.g.
#   scripts/build.sh -DPYKC_BUILD_FUZZER=OFF
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_dir=${PYKC_BUILD_DIR:-build}
jobs=${PYKC_JOBS:-2}

if [ ! -f "$build_dir/build.ninja" ] || [ $# -gt 0 ]; then
  echo "build: configuring $build_dir/"
  cmake -S . -B "$build_dir" -G Ninja \
    -DCMAKE_BUILD_TYPE="${PYKC_BUILD_TYPE:-Release}" \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    "$@"
fi

echo "build: building $build_dir/ (-j$jobs)"
cmake --build "$build_dir" -j "$jobs"
