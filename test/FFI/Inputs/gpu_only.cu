// A device function that uses a GPU intrinsic: it compiles for the GPU
// only, so the CPU backend refuses it.
extern "C" __device__ int lane_sum(float *return_value, float x) {
  __syncthreads();
  *return_value = x;
  return 0;
}
