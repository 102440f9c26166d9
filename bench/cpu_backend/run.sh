#!/usr/bin/env bash
# The CPU backend against a plain C++ loop doing the same work (the anchor,
# measured in the same run) and Numba's CUDA simulator, on the documents'
# increment and naive matmul kernels; times are medians, ratios are per
# element (increment) or per multiply-add (matmul), so sizes may differ.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build=${PYKC_BUILD_DIR:-build}
pykc=$build/bin/pykc
out=$build/bench/cpu_backend
mkdir -p "$out"
N=${N:-1000000}
M=${M:-256}

clang++-19 -O3 -march=native -o "$out/plain" bench/cpu_backend/plain.cpp
read -r _ _ plain_inc <<<"$("$out/plain" "$N" "$M" | sed -n 1p)"
read -r _ _ plain_mat <<<"$("$out/plain" "$N" "$M" | sed -n 2p)"

npy=test/Run/Inputs/npy.py
/usr/bin/python3 $npy fill "$out/inc.npy" float32 "$N" 1.0
pykc_inc=$("$pykc" run examples/documents/increment_grid.py increment_by_one --backend cpu \
  --grid $(((N + 511) / 512)) --block 512 --time 20 "$out/inc.npy" 2>&1 | sed -n -E 's/.*median ([0-9.]+) ms.*/\1/p')
/usr/bin/python3 $npy fill "$out/a.npy" float32 "$M,$M" random:1:-1:1
/usr/bin/python3 $npy fill "$out/c.npy" float32 "$M,$M" 0.0
pykc_mat=$("$pykc" run examples/documents/matmul.py cuda_matmul --backend cpu \
  --grid $(((M + 15) / 16)),$(((M + 15) / 16)) --block 16,16 --time 5 \
  "$out/a.npy" "$out/a.npy" "$out/c.npy" 2>&1 | sed -n -E 's/.*median ([0-9.]+) ms.*/\1/p')
pykc_fast=$("$pykc" run examples/documents/fast_matmul.py fast_matmul --backend cpu \
  --grid $(((M + 15) / 16)),$(((M + 15) / 16)) --block 16,16 --time 5 \
  "$out/a.npy" "$out/a.npy" "$out/c.npy" 2>&1 | sed -n -E 's/.*median ([0-9.]+) ms.*/\1/p')

SN=${SN:-4096}
SM=${SM:-16}
read -r _ _ sim_inc <<<"$(/usr/bin/python3 bench/cpu_backend/simulator.py "$SN" "$SM" | sed -n 1p)"
read -r _ _ sim_mat <<<"$(/usr/bin/python3 bench/cpu_backend/simulator.py "$SN" "$SM" | sed -n 2p)"

/usr/bin/python3 - "$N" "$M" "$SN" "$SM" "$plain_inc" "$plain_mat" "$pykc_inc" "$pykc_mat" "$pykc_fast" "$sim_inc" "$sim_mat" <<'PY' | tee "$out/results.md"
import sys
N, M, SN, SM = (int(x) for x in sys.argv[1:5])
plain_inc, plain_mat, pykc_inc, pykc_mat, pykc_fast, sim_inc, sim_mat = (float(x) for x in sys.argv[5:])
per = lambda ms, work: ms * 1e6 / work  # ns per unit of work
rows = [
    ("increment (ns/element)", per(plain_inc, N), per(pykc_inc, N), per(sim_inc, SN)),
    ("naive matmul (ns/multiply-add)", per(plain_mat, M**3), per(pykc_mat, M**3), per(sim_mat, SM**3)),
    ("tiled fast_matmul (ns/multiply-add)", per(plain_mat, M**3), per(pykc_fast, M**3), float("nan")),
]
print(f"| kernel | plain C++ loop | pykc CPU backend | Numba simulator | pykc / C++ | simulator / pykc |")
print(f"|---|---|---|---|---|---|")
for name, c, p, s in rows:
    print(f"| {name} | {c:.3f} | {p:.3f} | {s:.1f} | {p / c:.1f}x | {s / p:.0f}x |")
print(f"\nsizes: increment N={N} (simulator {SN}), matmul {M}x{M} (simulator {SM}x{SM}); medians")
PY
