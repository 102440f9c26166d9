#!/usr/bin/env bash
# Packs what bench/gpu/on_device.sh needs on a GPU machine into .gpu/ (an
# ignored folder the device tool carries): this checkout's build (the
# compiler, tests, examples and benchmark programs), the shared libraries
# pykc's compiler needs beyond a stock Linux (libLLVM and its dependencies;
# the runtime and the programs it builds need none of them), FileCheck, not
# and lit. Run here (it builds pykc and the benchmarks first):
#   bench/gpu/pack.sh
# then on the GPU machine (see bench/gpu/README.md):
#   bash bench/gpu/on_device.sh [tests|bench|all]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build=${PYKC_BUILD_DIR:-build}
scripts/build.sh
bench/gpu/build.sh
mkdir -p .gpu
echo "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!bench/results' || echo '+uncommitted changes')" >.gpu/commit

# The compiler's shared libraries, once: they change only with the Debian
# packages (delete .gpu/libs.tar.xz to make it again). glibc, libstdc++, libgcc and zlib are the GPU machine's own.
if [ ! -f .gpu/libs.tar.xz ]; then
  tmp=$(mktemp -d)
  mkdir "$tmp/libs"
  # What pykc, the unit tests, FileCheck and not load (FileCheck needs
  # libz3 and libzstd, which the GPU machine lacks).
  for lib in $(for bin in "$build/bin/pykc" "$build/test/unit/pykcUnitTests" \
                 /usr/lib/llvm-19/bin/FileCheck /usr/lib/llvm-19/bin/not; do
                 ldd "$bin" | awk '/=>/ {print $3}'
               done | sort -u); do
    case "$(basename "$lib")" in
      libc.so.*|libm.so.*|libstdc++.so.*|libgcc_s.so.*|libz.so.*) ;;
      *) cp -L "$lib" "$tmp/libs/" ;;
    esac
  done
  cp -L /usr/lib/llvm-19/bin/FileCheck /usr/lib/llvm-19/bin/not "$tmp/libs/"
  # hyperfine for on_device.sh compile (bench/compile_time/scale.sh).
  cp -L "$(command -v hyperfine)" "$tmp/libs/"
  # -lboost_context for the host programs the GPU lit tests link.
  ln -sf "$(basename "$tmp"/libs/libboost_context.so.*)" "$tmp/libs/libboost_context.so"
  cp -L /usr/lib/x86_64-linux-gnu/libboost_context.a "$tmp/libs/" 2>/dev/null || true
  tar -C "$tmp" -cf - libs | xz -T0 -6 >.gpu/libs.tar.xz
  rm -rf "$tmp"
fi

# Numba's own CUDA tests, recorded in Numba's simulator here (Debian's
# numba): on_device.sh replays them with `pykc run --backend cuda`. The GPU
# machine's numba-cuda is not the simulator they were written against.
/usr/bin/python3 test/Conformance/run_conformance.py --pykc "$build/bin/pykc" \
  --save-cases .gpu/conformance_cases.pkl

# lit itself (pure Python).
tar -C /usr/lib/llvm-19/build/utils -cJf .gpu/lit.tar.xz lit/lit lit/lit.py

# The build: everything but object files and CMake's scratch.
tar -C . --exclude='*.o' --exclude=CMakeFiles --exclude='test-results' \
  --exclude='Output' -cJf .gpu/build.tar.xz "$build"
du -sh .gpu/*
