// include_cache.test edits the headers this file includes: each edit must
// change the compile cache's key. <factor.cuh> is found in this folder
// (the include path pykc gives clang++ and NVRTC).
#include <factor.cuh>

extern "C" __device__ int scale_by_factor(float *result, float x) {
  *result = x * FACTOR + OFFSET;
  return 0;
}
