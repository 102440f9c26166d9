#!/usr/bin/env bash
# Builds the pykc of another commit (default: HEAD's parent) in build-ref/,
# from a worktree of that commit in build-ref/src, for comparing every lit
# command's output with it:
#
#   scripts/reference-build.sh [COMMIT]
#   PYKC_LIT_REFERENCE=build-ref/build/bin/pykc scripts/test.sh   (or lit)
#   grep -c '^differs' build/test/pykc-compare.log
#
# Only the pykc binary is built. Environment: PYKC_JOBS (default 2).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

commit=$(git rev-parse --verify "${1:-HEAD~1}^{commit}")
ref=build-ref
if [ -d "$ref/src" ]; then
  git -C "$ref/src" checkout -q --detach "$commit"
else
  mkdir -p "$ref"
  git worktree add -q --detach "$ref/src" "$commit"
fi
echo "reference: $(git -C "$ref/src" log --oneline -1)"
if [ ! -f "$ref/build/build.ninja" ]; then
  cmake -S "$ref/src" -B "$ref/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
fi
cmake --build "$ref/build" -j "${PYKC_JOBS:-2}" --target pykc
echo "reference: $ref/build/bin/pykc"
