#!/usr/bin/env bash
# Installs every Debian package pykc needs to build, test and benchmark on
# Debian 12 (bookworm). Idempotent: when everything is present it only asks
# dpkg and returns in well under a second. Runs apt-get (as root, or through
# sudo when not root) only for what is missing.
#
# The CUDA toolkit (ptxas, libdevice, nvcc) is not a Debian package here; it is
# found at configure time (cmake/FindCUDAToolkitPaths.cmake) and is optional.
set -euo pipefail

packages=(
  # Build.
  cmake ninja-build clang-19 llvm-19-dev zlib1g-dev libzstd-dev
  # Tests: FileCheck, not and lit; GoogleTest; libFuzzer; Numba's simulator.
  llvm-19-tools libgtest-dev libgmock-dev libclang-rt-19-dev python3
  python3-numba python3-numpy
  # test/Python/ runs as unittest; pytest runs the same files.
  python3-pytest
  # The install test (test/Install/): pkg-config for the installed pykc.pc,
  # nm to check that nothing from LLVM is linked. binutils' ld also joins
  # the parts of `pykc -c` (ld -r), and test/Object/cpu_parts.test joins
  # them with lld too.
  pkgconf binutils lld-19
  # The shell completion and man page tests (test/Driver/completion_zsh,
  # man_page): zsh parses pykc's zsh completion, groff its man page.
  zsh groff-base
  # pykc/ArrayView.h's std::mdspan conversions are C++23, whose <mdspan>
  # only LLVM's libc++ has on Debian 12 (test/Headers/).
  libc++-19-dev
  # Runtime and benchmarks (g++ is the host compiler nvcc uses).
  libboost-context-dev libbenchmark-dev hyperfine g++
  # The benchmarks' and examples' plots (bench/common/plot_style.py).
  python3-matplotlib
  # Formatting (.clang-format) and what the scripts themselves use.
  clang-format-19 git ca-certificates
)

missing=()
# One dpkg-query call for all packages; unknown packages print nothing on
# stdout and are therefore reported missing.
installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${packages[@]}" 2>/dev/null || true)
for pkg in "${packages[@]}"; do
  if ! grep -q "^${pkg} ii" <<<"$installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} Debian packages are installed"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null; then
    echo "setup: error: not root and sudo is not installed; run as root:" >&2
    echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q </dev/null
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
echo "setup: done"
