// Defines nothing the kernels declare.
extern "C" __device__ int unrelated(int *return_value) {
  *return_value = 1;
  return 0;
}
