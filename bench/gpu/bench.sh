#!/usr/bin/env bash
# The GPU benchmarks, run on the GPU machine by on_device.sh (after
# bench/gpu/build.sh and pack.sh here). Writes to the folder given (default
# build/bench/gpu/results):
#   codegen.csv        pykc against nvcc -O3 per kernel (codegen_bench)
#   numba_codegen.csv  numba-cuda on the same files, sizes and data
#   matmul.csv         the documents' matmuls against cuBLAS SGEMM
#   numba_matmul.csv   numba-cuda's matmuls at the same sizes
#   launch.txt         launch cost: typed, bare cuLaunchKernel, numba-cuda
#   registers.csv      ptxas -v of both (made by build.sh, copied)
#   device.txt         the GPU, driver and commit
# bench/gpu/report.py turns them into bench/results/<gpu>/. Each program has
# a time limit, so one that hangs leaves the others their share of a device call.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
dir=${1:-build/bench/gpu/results}
mkdir -p "$dir"
bin=build/bench/gpu
python=$(command -v python3)
export PYTHONUNBUFFERED=1
# cuBLAS for matmul_bench: the toolkit's, else the pip wheel's.
for d in /usr/local/cuda/lib64 $("$python" -c 'import nvidia.cu13, os; print(os.path.join(nvidia.cu13.__path__[0], "lib"))' 2>/dev/null) \
         $("$python" -c 'import nvidia.cublas, os; print(os.path.join(nvidia.cublas.__path__[0], "lib"))' 2>/dev/null); do
  [ -d "$d" ] && export LD_LIBRARY_PATH="$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
done

{
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader
  echo "commit $(cat .gpu/commit 2>/dev/null || git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  "$python" -c 'import numba_cuda, numba; print("numba-cuda", numba_cuda.__version__, "numba", numba.__version__)' 2>&1 | tail -1
  (nvcc --version 2>/dev/null || /usr/local/cuda/bin/nvcc --version) | tail -1
} >"$dir/device.txt"
cp "$bin/registers.csv" "$dir/registers.csv"

echo "== codegen: pykc against nvcc -O3"
timeout 90 "$bin/codegen_bench" "$bin/anchors.cubin" 15 | tee "$dir/codegen.csv"
echo "== codegen: numba-cuda"
timeout 90 "$python" bench/gpu/numba_bench.py 2>&1 | tee "$dir/numba_codegen.csv"
echo "== matmul against cuBLAS"
timeout 60 "$bin/matmul_bench" 4096 2>&1 | tee "$dir/matmul.csv"
echo "== matmul: numba-cuda"
timeout 60 "$python" bench/gpu/numba_bench.py --matmul 2>&1 | tee "$dir/numba_matmul.csv"
echo "== launch cost"
{
  timeout 40 build/bench/launch_overhead/launch_overhead 10000 15
  timeout 40 "$python" bench/launch_overhead/numba_launch.py 10000 15
} 2>&1 | tee "$dir/launch.txt"
