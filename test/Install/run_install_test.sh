#!/usr/bin/env bash
# Builds a program against the INSTALLED pykc, as a user would, from a
# temporary directory (nothing is written to the source tree or to the build
# directory):
#
#  1. `cmake --install BUILD_DIR` into a staging prefix, then moves it, so
#     everything below also checks that the installed tree is relocatable;
#     checks the installed files (the completions and man page among them).
#  2. Configures and builds Inputs/project (find_package(pykc) and
#     pykc_add_kernels, three .py files) with Ninja, runs it with
#     PYKC_BACKEND=cpu and compares its output with Inputs/project/expected.txt.
#  3. Checks the dependencies: a second build does nothing, touching
#     kernels.py recompiles only kernels.o (and relinks), touching the
#     installed pykc recompiles every kernel object.
#  4. Builds the same program without CMake: the installed pykc -c and
#     pkg-config, linked with the shared runtime and with the static one
#     (pkg-config --static), and runs both.
#  5. No LLVM: ldd of the programs and of libpykcRuntime.so, nm of the
#     programs, of libpykcRuntime.a and of the kernel objects.
#  6. pykc_add_kernels argument errors (Inputs/errors) stop the configure
#     with a clear message.
#  7. The installed Python loader (share/pykc/python) runs a kernel of the
#     library pykc_add_kernels(... SHARED) built.
#
# Usage: run_install_test.sh BUILD_DIR
# Environment: PYKC_TEST_CMAKE (default cmake), PYKC_TEST_NINJA (default
# ninja), PYKC_TEST_CXX (the compiler for the CMake project; default: CMake's
# choice), PYKC_TEST_PKG_CXX (for the pkg-config builds; default c++),
# PYKC_TEST_KEEP=1 keeps the temporary directory.
# Prints one PASS/FAIL line per check; exits 1 if any failed, 77 if a tool
# it needs (ninja, pkg-config) is missing.
set -uo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
fi
build_dir=$(cd "$1" && pwd) || exit 2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cmake=${PYKC_TEST_CMAKE:-cmake}
ninja=${PYKC_TEST_NINJA:-ninja}
cxx=${PYKC_TEST_CXX:-}
pkg_cxx=${PYKC_TEST_PKG_CXX:-c++}
jobs=2

for tool in "$cmake" "$ninja" pkg-config "$pkg_cxx" nm ldd; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool not found"
    exit 77
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/pykc-install-test.XXXXXX") || exit 1
if [ "${PYKC_TEST_KEEP:-0}" = 1 ]; then
  echo "note: keeping $work"
else
  trap 'rm -rf "$work"' EXIT
fi
start=$SECONDS
passed=0 failed=0

pass() { echo "PASS: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
finish() {
  echo "install test: $passed passed, $failed failed ($((SECONDS - start)) s)"
  [ "$failed" -eq 0 ] && exit 0
  exit 1
}
# run LOG CMD...: runs CMD with its output in $work/LOG; prints the log's end
# when it fails.
run() {
  local log="$work/$1"
  shift
  "$@" >"$log" 2>&1
  local rc=$?
  [ $rc -eq 0 ] && return 0
  echo "---- $* (exit $rc); last lines of its output:"
  tail -n 30 "$log"
  echo "----"
  return $rc
}

# --- 1. install ---------------------------------------------------------------
stage=$work/stage
prefix=$work/prefix
if run install.log "$cmake" --install "$build_dir" --prefix "$stage" &&
    mv "$stage" "$prefix"; then
  pass "cmake --install into a temporary prefix (then moved)"
else
  fail "cmake --install $build_dir"
  finish
fi

# The library folder: lib, or lib/<multiarch> when the build's prefix is /usr.
lib=$(cd "$prefix" && find . -name pykcConfig.cmake -path '*/cmake/pykc/*' | head -n 1)
lib=${lib#./}
lib=${lib%/cmake/pykc/pykcConfig.cmake}
[ -n "$lib" ] || lib=lib
missing=()
for f in bin/pykc $lib/libpykcRuntime.a $lib/libpykcRuntime.so \
    $lib/cmake/pykc/pykcConfig.cmake $lib/cmake/pykc/pykcConfigVersion.cmake \
    $lib/cmake/pykc/pykcTargets.cmake $lib/cmake/pykc/PykcAddKernels.cmake \
    $lib/pkgconfig/pykc.pc share/bash-completion/completions/pykc \
    share/zsh/site-functions/_pykc share/man/man1/pykc.1; do
  [ -e "$prefix/$f" ] || missing+=("$f")
done
for h in "$here"/../../runtime/include/pykc/*.h; do
  [ -f "$prefix/include/pykc/$(basename "$h")" ] || missing+=("include/pykc/$(basename "$h")")
done
if [ ${#missing[@]} -eq 0 ]; then
  pass "installed files: bin/pykc, the runtime (.a, .so), its headers, $lib/cmake/pykc, $lib/pkgconfig/pykc.pc, the completions and the man page"
else
  fail "not installed: ${missing[*]}"
fi

src_root=$(cd "$here/../.." && pwd)
if grep -rlF -e "$build_dir" -e "$src_root" -e "$stage" \
    "$prefix/$lib/cmake" "$prefix/$lib/pkgconfig" >"$work/paths.txt"; then
  fail "absolute build, source or staging paths in the package: $(tr '\n' ' ' <"$work/paths.txt")"
else
  pass "the CMake package and pykc.pc hold no build, source or staging paths"
fi

if "$prefix/bin/pykc" --version >"$work/version.txt" 2>&1; then
  pass "installed pykc runs: $(head -n 1 "$work/version.txt")"
else
  fail "installed pykc --version: $(cat "$work/version.txt")"
fi

# The completions and the man page are what the installed pykc prints.
docs_ok=1
for doc in "--completion=bash share/bash-completion/completions/pykc" \
    "--completion=zsh share/zsh/site-functions/_pykc" "--man share/man/man1/pykc.1"; do
  set -- $doc
  "$prefix/bin/pykc" "$1" 2>&1 | cmp -s - "$prefix/$2" || { docs_ok=0; fail "$2 is not pykc $1"; }
done
bash -n "$prefix/share/bash-completion/completions/pykc" || { docs_ok=0; fail "bash -n on the completion"; }
[ $docs_ok = 1 ] && pass "share/: the bash and zsh completions and pykc.1 match the installed pykc"

# --- 2. find_package(pykc) + pykc_add_kernels --------------------------------
project=$work/project
cp -R "$here/Inputs/project" "$project"
ubuild=$work/build
cmake_args=(-S "$project" -B "$ubuild" -G Ninja -DCMAKE_MAKE_PROGRAM="$ninja"
            -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix")
[ -n "$cxx" ] && cmake_args+=(-DCMAKE_CXX_COMPILER="$cxx")
app=$ubuild/app
if run configure.log "$cmake" "${cmake_args[@]}"; then
  pykc_dir=$(sed -n 's/^pykc_DIR:PATH=//p' "$ubuild/CMakeCache.txt")
  if [ "$pykc_dir" = "$prefix/$lib/cmake/pykc" ]; then
    pass "configure with find_package(pykc): $(grep -o 'pykc [0-9.]*:.*' "$work/configure.log")"
  else
    fail "find_package(pykc) found '$pykc_dir', not $prefix/$lib/cmake/pykc"
  fi
  if run build.log "$cmake" --build "$ubuild" -j "$jobs"; then
    pass "build with pykc_add_kernels (Ninja, -j$jobs)"
  else
    fail "build of the user project"
  fi
else
  fail "configure of the user project (find_package(pykc))"
fi

# check_output NAME PROGRAM [ENV...]: runs PROGRAM on the CPU backend and
# compares its output with expected.txt.
check_output() {
  local name=$1 prog=$2
  shift 2
  if [ ! -x "$prog" ]; then
    fail "$name: $prog was not built"
    return
  fi
  env PYKC_BACKEND=cpu "$@" "$prog" >"$work/$name.out" 2>"$work/$name.err"
  local rc=$?
  if [ $rc -ne 0 ]; then
    fail "$name: exit $rc: $(head -c 2000 "$work/$name.err")"
  elif diff -u "$project/expected.txt" "$work/$name.out" >"$work/$name.diff"; then
    pass "$name: output matches expected.txt (PYKC_BACKEND=cpu)"
  else
    fail "$name: output differs from expected.txt:"
    cat "$work/$name.diff"
  fi
}
check_output cmake-app "$app"

# --- 3. dependencies ----------------------------------------------------------
# ninja -n prints what it would run: the custom commands' COMMENTs.
if [ -x "$app" ]; then
  "$ninja" -C "$ubuild" -n >"$work/noop.txt" 2>&1
  if grep -q "no work to do" "$work/noop.txt"; then
    pass "a second build does nothing"
  else
    fail "a second build is not a no-op:"
    cat "$work/noop.txt"
  fi

  obj=$ubuild/pykc/kernels.o
  before=$(stat -c %Y.%y "$obj")
  sleep 1 # mtime granularity
  touch "$project/kernels.py"
  "$ninja" -C "$ubuild" -n >"$work/touch-py.txt" 2>&1
  if grep -q "pykc: compiling kernels.py" "$work/touch-py.txt" &&
      ! grep -qE "pykc: compiling (scale|shift).py" "$work/touch-py.txt"; then
    pass "touching kernels.py schedules pykc for kernels.py only"
  else
    fail "touching kernels.py: ninja -n plans:"
    cat "$work/touch-py.txt"
  fi
  if run rebuild.log "$cmake" --build "$ubuild" -j "$jobs" &&
      [ "$(stat -c %Y.%y "$obj")" != "$before" ] &&
      grep -q "Linking CXX executable app" "$work/rebuild.log"; then
    pass "the rebuild recompiled kernels.o and relinked app"
  else
    fail "the rebuild after touching kernels.py did not recompile kernels.o and relink"
  fi
  check_output cmake-app-rebuilt "$app"

  touch "$prefix/bin/pykc"
  "$ninja" -C "$ubuild" -n >"$work/touch-pykc.txt" 2>&1
  n=$(grep -cE "pykc: compiling (kernels|scale|shift).py to [^ ]+\.o and" "$work/touch-pykc.txt")
  if [ "$n" -eq 3 ] && grep -q "pykc: compiling scale.py to pykc/libscale.so" "$work/touch-pykc.txt"; then
    pass "touching the installed pykc schedules all 3 kernel files and the SHARED library"
  else
    fail "touching the installed pykc schedules $n of 3 kernel files:"
    cat "$work/touch-pykc.txt"
  fi
fi

# --- 4. pkg-config, without CMake --------------------------------------------
export PKG_CONFIG_PATH=$prefix/$lib/pkgconfig
pc=$work/pkgconfig
mkdir -p "$pc"
if version=$(pkg-config --modversion pykc 2>"$work/pc.err"); then
  pass "pkg-config finds pykc $version"
else
  fail "pkg-config --modversion pykc: $(cat "$work/pc.err")"
fi
libdir=$(pkg-config --variable=libdir pykc)
pykc_bin=$(pkg-config --variable=pykc pykc)
compiled=1
while read -r stem ns sigs; do
  args=()
  [ "$ns" != - ] && args+=(--namespace "$ns")
  IFS='|' read -ra sig_list <<<"$sigs"
  for s in "${sig_list[@]}"; do args+=(--sig "$s"); done
  run "pykc-$stem.log" "$pykc_bin" "$project/$stem.py" -c -o "$pc/$stem.o" \
    --header "$pc/$stem.h" --arch sm_80 "${args[@]}" || compiled=0
done <<'EOF'
kernels - saxpy(float32, float32[:], float32[:])|index_2d(int32[:, ::1], int32)
scale - scale(float64[:], float64)
shift user::ops shift(int32[:], int32)
EOF
if [ $compiled = 1 ]; then
  pass "installed pykc -c (from pkg-config --variable=pykc) wrote the objects and headers"
fi
objs=("$pc/kernels.o" "$pc/scale.o" "$pc/shift.o")

# Shared runtime: the plain `pkg-config --cflags --libs`.
# shellcheck disable=SC2046
if [ $compiled = 1 ] && run pc-shared.log "$pkg_cxx" -std=c++20 -I"$pc" \
    "$project/main.cpp" "${objs[@]}" $(pkg-config --cflags --libs pykc) \
    -o "$pc/app-shared"; then
  pass "pkg-config --cflags --libs pykc: linked with $pkg_cxx (shared runtime)"
  check_output pkgconfig-shared "$pc/app-shared" LD_LIBRARY_PATH="$libdir"
  # grep reads a variable, not a pipe: `ldd | grep -q` under pipefail fails
  # when grep stops reading early and ldd dies of SIGPIPE.
  loaded=$(LD_LIBRARY_PATH="$libdir" ldd "$pc/app-shared")
  if grep -q "libpykcRuntime\.so.*=> $libdir/" <<<"$loaded"; then
    pass "pkgconfig-shared loads libpykcRuntime.so from the prefix"
  else
    fail "pkgconfig-shared does not load libpykcRuntime.so from $libdir"
  fi
elif [ $compiled = 1 ]; then
  fail "pkg-config build with the shared runtime"
fi

# Static runtime: pkg-config --static adds what libpykcRuntime.a needs;
# -Bstatic makes the linker take the .a although the .so is beside it.
# shellcheck disable=SC2046
if [ $compiled = 1 ] && run pc-static.log "$pkg_cxx" -std=c++20 -I"$pc" \
    "$project/main.cpp" "${objs[@]}" $(pkg-config --cflags pykc) \
    -Wl,-Bstatic $(pkg-config --static --libs pykc) -Wl,-Bdynamic \
    -o "$pc/app-static"; then
  pass "pkg-config --static --libs pykc: linked with $pkg_cxx (static runtime)"
  check_output pkgconfig-static "$pc/app-static"
  loaded=$(ldd "$pc/app-static")
  if grep -qE "libpykcRuntime|libboost_context" <<<"$loaded"; then
    fail "pkgconfig-static still loads a shared runtime or Boost: $(ldd "$pc/app-static" | tr '\n' ' ')"
  else
    pass "pkgconfig-static needs neither libpykcRuntime.so nor libboost_context.so"
  fi
elif [ $compiled = 1 ]; then
  fail "pkg-config build with the static runtime"
fi

# --- 5. no LLVM -----------------------------------------------------------------
programs=()
for p in "$app" "$pc/app-shared" "$pc/app-static"; do
  [ -x "$p" ] && programs+=("$p")
done
bad=""
for f in "${programs[@]}" "$prefix/$lib/libpykcRuntime.so"; do
  if LD_LIBRARY_PATH="$libdir" ldd "$f" | grep -iE "libLLVM|libclang" >>"$work/ldd-llvm.txt"; then
    bad+=" ${f#"$work"/}"
  fi
done
if [ ${#programs[@]} -eq 0 ]; then
  fail "ldd: no programs were built to check"
elif [ -z "$bad" ]; then
  pass "ldd: no libLLVM/libclang in ${#programs[@]} program(s) and libpykcRuntime.so"
else
  fail "ldd: LLVM libraries in:$bad: $(sort -u "$work/ldd-llvm.txt" | tr '\n' ' ')"
fi
bad=""
kernel_objs=()
for o in "$ubuild"/pykc/*.o "${objs[@]}"; do
  [ -f "$o" ] && kernel_objs+=("$o")
done
for f in "${programs[@]}" "$prefix/$lib/libpykcRuntime.a" "$prefix/$lib/libpykcRuntime.so" "${kernel_objs[@]}"; do
  # Mangled (_ZN4llvm), demangled (llvm::) and C API (LLVMFoo) names.
  if { nm "$f" 2>/dev/null; nm -D "$f" 2>/dev/null; nm -C "$f" 2>/dev/null; } |
      grep -E "_ZN4llvm|llvm::| LLVM[A-Z][A-Za-z]+$" >>"$work/nm-llvm.txt"; then
    bad+=" ${f#"$work"/}"
  fi
done
if [ -z "$bad" ] && [ ${#kernel_objs[@]} -gt 0 ]; then
  pass "nm: no LLVM symbols in the programs, libpykcRuntime.a/.so and ${#kernel_objs[@]} kernel object(s)"
elif [ -z "$bad" ]; then
  fail "nm: no kernel objects to check"
else
  fail "nm: LLVM symbols in:$bad: $(sort -u "$work/nm-llvm.txt" | head -n 5 | tr '\n' ' ')"
fi
if [ -f "$pc/kernels.o" ]; then
  undefined=$(nm -u "$pc/kernels.o" | awk '{print $2}' | sort -u | tr '\n' ' ')
  echo "note: kernels.o's undefined symbols: ${undefined:-none}"
fi

# --- 6. pykc_add_kernels argument errors -------------------------------------
errors=$work/errors
mkdir -p "$errors"
cp -R "$here/Inputs/errors" "$errors/src"
# The errors project refers to ../project/*.py.
cp -R "$here/Inputs/project" "$errors/project"
while IFS='|' read -r case expected; do
  err_args=(-S "$errors/src" -B "$errors/build" -G Ninja -DCMAKE_MAKE_PROGRAM="$ninja"
            -DCMAKE_PREFIX_PATH="$prefix" -DPYKC_ERROR_CASE="$case")
  [ -n "$cxx" ] && err_args+=(-DCMAKE_CXX_COMPILER="$cxx")
  "$cmake" "${err_args[@]}" >"$work/error-$case.log" 2>&1
  rc=$?
  # CMake wraps messages; join the lines before matching.
  if [ $rc -ne 0 ] && grep -qF "$expected" <<<"$(tr -s ' \n' ' ' <"$work/error-$case.log")"; then
    pass "pykc_add_kernels error ($case): $expected"
  else
    fail "pykc_add_kernels error ($case): exit $rc, expected '$expected' in:"
    cat "$work/error-$case.log"
  fi
done <<'EOF'
no_target|pykc_add_kernels: TARGET <target> is required
unknown_target|pykc_add_kernels: there is no target named 'no_such_target'
no_sources|pykc_add_kernels: SOURCES <file.py>... is required
namespace_many|pykc_add_kernels: NAMESPACE is only allowed with a single source
missing_source|pykc_add_kernels: kernel source 'no_such_file.py' does not exist
twice|kernels.py is already compiled in this directory for target 'app'
EOF

# --- 7. Python: pykc_add_kernels(... SHARED) and the installed package -------
python=${PYKC_TEST_PYTHON:-/usr/bin/python3}
pylib=$ubuild/pykc/libscale.so
if ! "$python" -c 'import numpy' 2>/dev/null; then
  echo "note: $python lacks NumPy: the Python loader is not checked"
elif [ ! -f "$prefix/share/pykc/python/pykc/__init__.py" ]; then
  fail "not installed: share/pykc/python/pykc/__init__.py"
elif PYTHONPATH="$prefix/share/pykc/python" PYKC_BACKEND=cpu "$python" -c '
import sys, numpy as np, pykc
a = np.arange(4.0)
pykc.load(sys.argv[1]).scale[1, 4](a, 2.5)
print(a.tolist())' "$pylib" >"$work/python.out" 2>&1 &&
    [ "$(cat "$work/python.out")" = "[0.0, 2.5, 5.0, 7.5]" ]; then
  pass "pykc.load (share/pykc/python) runs scale from pykc_add_kernels(... SHARED)"
else
  fail "pykc.load of $pylib: $(cat "$work/python.out")"
fi

finish
