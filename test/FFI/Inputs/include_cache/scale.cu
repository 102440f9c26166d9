// include_cache.test edits the headers this file includes: each edit must
// change the compile cache's key. <cmath> is a system header, not hashed.
#include "factor.cuh"
#include <cmath>

extern "C" __device__ int scale_by_factor(float *result, float x) {
  *result = std::fabs(x) * FACTOR + OFFSET;
  return 0;
}
