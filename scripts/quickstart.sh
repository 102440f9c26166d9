#!/usr/bin/env bash
# The main job: installs what is missing, builds pykc and the examples, then
# compiles every kernel in the example documents (examples/documents/) to PTX
# in build/ptx/ and prints where each .ptx went (verified with ptxas when it
# is installed), and finally runs one example C++ program, whose kernels
# `pykc -c` compiled at build time: on the GPU if there is one, else on the
# CPU backend.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_dir=${PYKC_BUILD_DIR:-build}
scripts/setup.sh
scripts/build.sh

pykc="$build_dir/bin/pykc"
ptx_dir="$build_dir/ptx"
docs=examples/documents
mkdir -p "$ptx_dir"

# Each document and the Numba signatures of its kernels (a reduction's
# names the dtype it reduces). The element types
# follow the documents: float32 data (the matmul shared arrays are float32);
# copy_kernels.py copies np.asarray(range(10)) (int64) into np.zeros (float64).
jobs=(
  "increment_by_one_threadidx.py|increment_by_one(float32[:])"
  "increment_grid.py|increment_by_one(float32[:])|increment_a_2D_array(float32[:, :])"
  "fast_matmul.py|fast_matmul(float32[:, :], float32[:, :], float32[:, :])"
  "matmul.py|cuda_matmul(float32[:, :], float32[:, :], float32[:, :])|cuda_matmul1(float32[:, :], float32[:, :], float32[:, :])|cuda_fast_matmul(float32[:, :], float32[:, :], float32[:, :])"
  "copy_kernels.py|foo(int64[:], float64[:])"
  "my_kernel.py|my_kernel(float32[:])"
  "reductions.py|sum_reduce(float32)|cuda_reduce(float32)"
)

ptxas=$(sed -n 's/^PYKC_PTXAS:[A-Z]*=//p' "$build_dir/CMakeCache.txt" 2>/dev/null || true)
[ -x "$ptxas" ] || ptxas=

echo
echo "Compiling the document kernels in $docs/ to PTX with $pykc"
ok=0 bad=0
for job in "${jobs[@]}"; do
  IFS='|' read -r -a fields <<<"$job"
  file=${fields[0]}
  out="$ptx_dir/${file%.py}.ptx"
  args=()
  for sig in "${fields[@]:1}"; do
    args+=(--sig "$sig")
  done
  if ! "$pykc" "$docs/$file" "${args[@]}" -o "$out"; then
    printf '  %-31s FAILED (see the errors above)\n' "$file"
    bad=$((bad + 1))
    continue
  fi
  kernels=$(grep -c '^\.visible \.entry' "$out" || true)
  note="$kernels kernel(s)"
  if [ -n "$ptxas" ]; then
    arch=$(sed -n 's/^\.target \(sm_[0-9]*[a-z]*\).*/\1/p' "$out" | head -n1)
    if "$ptxas" -arch="${arch:-sm_75}" "$out" -o /dev/null; then
      note+=", ptxas ok"
    else
      printf '  %-31s FAILED: ptxas rejected %s\n' "$file" "$out"
      bad=$((bad + 1))
      continue
    fi
  fi
  printf '  %-31s -> %s (%s)\n' "$file" "$out" "$note"
  ok=$((ok + 1))
done

echo
echo "$ok document(s) compiled to $ptx_dir/, $bad failed"
[ "$bad" -eq 0 ]

example="$build_dir/bin/pykc-example-increment"
echo
echo "Running $example (examples/increment.cpp: documents 000 and 004 in C++)"
echo
"$example"
