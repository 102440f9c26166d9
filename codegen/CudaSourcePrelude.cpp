//===- CudaSourcePrelude.cpp - The helpers every --emit=cuda file starts with -===//
//
// Numba's semantics where C++ differs, each spelled once as a small inline
// function, so that the emitted kernels read like the Python they come
// from. Every helper mirrors what the LLVM emitter does for the same IR
// (codegen/EmitAtomic.cpp, EmitBits.cpp, EmitArray.cpp): the .cu file and
// pykc's PTX compute the same values. Python's //, %, ** and shifts are not
// here: they are functions of the IR (ir/OperatorFunctions.h), written out
// with the kernels.
//
// The helpers use only CUDA's own intrinsics (atomicCAS, __popc, ...), so a
// header that provides those for the host (test/CudaSource/host_cuda.h)
// runs the emitted kernels on the CPU.
//
//===----------------------------------------------------------------------===//
#include "codegen/CudaSourceWriter.h"

namespace pykc::codegen {

const char *cudaSourcePrelude() {
  return R"cu(// Helpers: Numba's semantics where C++ differs.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <type_traits>

// An array as pykc/KernelABI.h passes it: data, extents, byte strides.
template <typename T, int N> struct pykc_array {
  T *data;
  int64_t shape[N];
  int64_t strides[N];
};

// Numba's OptionalType(T): a value, or None (valid false). Using a None as
// a value stops the thread, as Numba-CUDA's TypeError does without debug.
template <typename T> struct pykc_optional {
  T value;
  bool valid;
};
template <typename T> __device__ inline T pykc_unwrap(const pykc_optional<T> &o) {
  if (!o.valid) {
#ifdef __CUDA_ARCH__
    asm volatile("exit;");
#else
    __trap(); // a build of this source for the host has no thread to end
#endif
  }
  return o.value;
}

// a[i, j, ...]: one index per dimension, each already wrapped around by
// its rule (the module's pykc_wrap_<type> functions).
template <typename T, int N, typename... I>
__device__ inline T &pykc_at(const pykc_array<T, N> &a, I... i) {
  static_assert(sizeof...(I) == N, "one index per dimension");
  char *p = (char *)a.data;
  int d = 0;
  ((p += (int64_t)i * a.strides[d], ++d), ...);
  return *(T *)p;
}

// a[i, j, ...] under boundscheck=True: the first index out of range is
// reported as the kernel wrote it and stops the kernel, as pykc's
// --boundscheck does on the GPU.
template <typename T, int N>
__device__ inline T &pykc_at_checked(const char *where, const pykc_array<T, N> &a,
                                     const long long (&written)[N], const int64_t (&index)[N]) {
  char *p = (char *)a.data;
  for (int d = 0; d < N; ++d) {
    if ((uint64_t)index[d] >= (uint64_t)a.shape[d]) {
      printf("pykc: %s: index %lld is out of bounds for axis %d with size %lld in thread "
             "(%u, %u, %u) of block (%u, %u, %u) (--boundscheck)\n",
             where, written[d], d, (long long)a.shape[d], threadIdx.x, threadIdx.y, threadIdx.z,
             blockIdx.x, blockIdx.y, blockIdx.z);
      __trap();
    }
    p += index[d] * a.strides[d];
  }
  return *(T *)p;
}

template <typename T, int N> __device__ inline int64_t pykc_size(const pykc_array<T, N> &a) {
  int64_t s = 1;
  for (int d = 0; d < N; ++d)
    s *= a.shape[d];
  return s;
}

// a.view(dtype): NumPy's rule. The contiguous axis (C: the last, F: the
// first, A: whichever is) takes the new item size; where its bytes do not
// divide, NumPy raises and the view is empty.
template <typename To, typename From, int N>
__device__ inline pykc_array<To, N> pykc_reinterpret(const pykc_array<From, N> &a, char layout) {
  pykc_array<To, N> r;
  r.data = (To *)a.data;
  for (int d = 0; d < N; ++d) {
    r.shape[d] = a.shape[d];
    r.strides[d] = a.strides[d];
  }
  const int64_t from = sizeof(From), to = sizeof(To);
  if (from == to)
    return r;
  bool last = layout == 'C' || (layout == 'A' && a.strides[N - 1] == from);
  int d = last ? N - 1 : 0;
  int64_t bytes = a.shape[d] * from;
  bool ok = bytes % to == 0 && a.strides[d] == from;
  r.shape[d] = bytes / to;
  r.strides[d] = to;
  if (!ok)
    for (int k = 0; k < N; ++k)
      r.shape[k] = 0;
  return r;
}

// Two's complement without C++'s overflow rules: abs(INT_MIN) wraps, as in
// Numba.
template <typename T> __device__ inline T pykc_negate(T a) {
  return (T)(0 - (std::make_unsigned_t<T>)a);
}

template <typename T> __device__ inline T pykc_abs(T x) {
  if constexpr (std::is_floating_point_v<T>)
    return fabs(x);
  else if constexpr (std::is_signed_v<T>)
    return x < 0 ? pykc_negate(x) : x;
  else
    return x;
}

// range(start, stop, step): how many times the loop runs (up to 2**64 - 1,
// so computed without overflow), and the loop variable's value the i-th
// time.
template <typename T> __device__ inline uint64_t pykc_trips(T start, T stop, T step) {
  using U = std::make_unsigned_t<T>;
  if (step > 0)
    return start < stop ? (uint64_t)(((U)stop - (U)start - 1) / (U)step) + 1 : 0;
  if (step < 0)
    return start > stop ? (uint64_t)(((U)start - (U)stop - 1) / (U)(0 - (U)step)) + 1 : 0;
  return 0;
}
template <typename T> __device__ inline T pykc_nth(T start, uint64_t i, T step) {
  using U = std::make_unsigned_t<T>;
  return (T)((U)start + (U)i * (U)step);
}

// cuda.grid(n) and cuda.gridsize(n), in 64 bits as Numba computes them.
__device__ inline int64_t pykc_grid(int d) {
  unsigned t = d == 0 ? threadIdx.x : d == 1 ? threadIdx.y : threadIdx.z;
  unsigned b = d == 0 ? blockIdx.x : d == 1 ? blockIdx.y : blockIdx.z;
  unsigned n = d == 0 ? blockDim.x : d == 1 ? blockDim.y : blockDim.z;
  return (int64_t)b * (int64_t)n + (int64_t)t;
}
__device__ inline int64_t pykc_gridsize(int d) {
  unsigned g = d == 0 ? gridDim.x : d == 1 ? gridDim.y : gridDim.z;
  unsigned n = d == 0 ? blockDim.x : d == 1 ? blockDim.y : blockDim.z;
  return (int64_t)g * (int64_t)n;
}
// cuda.laneid: the thread's place in its warp.
__device__ inline int32_t pykc_laneid() {
  return (int32_t)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32);
}

// The bits of a float, and back.
__device__ inline uint32_t pykc_bits(float x) { return (uint32_t)__float_as_uint(x); }
__device__ inline uint64_t pykc_bits(double x) { return (uint64_t)__double_as_longlong(x); }
template <typename T> __device__ inline T pykc_from_bits(uint64_t b) {
  if constexpr (sizeof(T) == 4)
    return __uint_as_float((unsigned)b);
  else
    return __longlong_as_double((long long)b);
}

// cuda.popc, clz, ffs, brev at the argument's own width.
template <typename T> __device__ inline T pykc_popc(T x) {
  using U = std::make_unsigned_t<T>;
  return (T)(sizeof(T) == 8 ? __popcll((unsigned long long)(U)x) : __popc((unsigned)(U)x));
}
template <typename T> __device__ inline T pykc_clz(T x) {
  using U = std::make_unsigned_t<T>;
  if constexpr (sizeof(T) == 8)
    return (T)__clzll((long long)(U)x);
  else
    return (T)(__clz((int)(unsigned)(U)x) - (int)(32 - sizeof(T) * 8));
}
template <typename T> __device__ inline uint32_t pykc_ffs(T x) {
  using U = std::make_unsigned_t<T>;
  return (uint32_t)(sizeof(T) == 8 ? __ffsll((long long)(U)x) : __ffs((int)(unsigned)(U)x));
}
template <typename T> __device__ inline T pykc_brev(T x) {
  using U = std::make_unsigned_t<T>;
  if constexpr (sizeof(T) == 8)
    return (T)__brevll((unsigned long long)(U)x);
  else
    return (T)(__brev((unsigned)(U)x) >> (32 - sizeof(T) * 8));
}

// cuda.atomic.*: the element's old value, relaxed as in Numba. CUDA's
// instruction where it has one for the type, else a compare-and-swap loop
// that stores f(old) unless another thread came between. On a local array
// (pykc_thread_local), which belongs to one thread, a plain
// read-modify-write.
enum pykc_memory : bool { pykc_thread_local = true };
template <bool Local, typename T, typename F> __device__ inline T pykc_atomic_update(T *p, F f) {
  if constexpr (Local) {
    T old = *p;
    *p = f(old);
    return old;
  } else {
    using U = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;
    U *q = (U *)p;
    U seen = *(volatile U *)q;
    for (;;) {
      T old, next;
      U bits;
      if constexpr (std::is_floating_point_v<T>) {
        old = pykc_from_bits<T>(seen);
        next = f(old);
        bits = (U)pykc_bits(next);
      } else {
        old = (T)seen;
        next = f(old);
        bits = (U)next;
      }
      if (bits == seen)
        return old;
      U was = atomicCAS(q, seen, bits);
      if (was == seen)
        return old;
      seen = was;
    }
  }
}
// The pointer type CUDA's atomics take for T: its bits for add, and, or,
// xor and exch; its order for max and min.
template <typename T> __device__ inline auto *pykc_bits_ptr(T *p) {
  if constexpr (std::is_floating_point_v<T>)
    return p;
  else if constexpr (sizeof(T) == 8)
    return (unsigned long long *)p;
  else
    return (std::conditional_t<std::is_signed_v<T>, int, unsigned> *)p;
}
template <typename T> __device__ inline auto *pykc_order_ptr(T *p) {
  if constexpr (sizeof(T) == 8)
    return (std::conditional_t<std::is_signed_v<T>, long long, unsigned long long> *)p;
  else
    return (std::conditional_t<std::is_signed_v<T>, int, unsigned> *)p;
}
#define PYKC_AS(p, v) ((std::remove_reference_t<decltype(*(p))>)(v))
template <bool Local = false, typename T> __device__ inline T pykc_atomic_add(T *p, T v) {
  if constexpr (Local)
    return pykc_atomic_update<true>(p, [&](T old) { return (T)(old + v); });
  else
    return (T)atomicAdd(pykc_bits_ptr(p), PYKC_AS(pykc_bits_ptr(p), v));
}
template <bool Local = false, typename T> __device__ inline T pykc_atomic_sub(T *p, T v) {
  if constexpr (Local)
    return pykc_atomic_update<true>(p, [&](T old) { return (T)(old - v); });
  else if constexpr (std::is_floating_point_v<T>)
    return atomicAdd(p, -v); // x - v and x + -v round alike
  else
    return pykc_atomic_add(p, pykc_negate(v));
}
template <bool Local = false, typename T> __device__ inline T pykc_atomic_and(T *p, T v) {
  if constexpr (Local)
    return pykc_atomic_update<true>(p, [&](T old) { return (T)(old & v); });
  else
    return (T)atomicAnd(pykc_bits_ptr(p), PYKC_AS(pykc_bits_ptr(p), v));
}
template <bool Local = false, typename T> __device__ inline T pykc_atomic_or(T *p, T v) {
  if constexpr (Local)
    return pykc_atomic_update<true>(p, [&](T old) { return (T)(old | v); });
  else
    return (T)atomicOr(pykc_bits_ptr(p), PYKC_AS(pykc_bits_ptr(p), v));
}
template <bool Local = false, typename T> __device__ inline T pykc_atomic_xor(T *p, T v) {
  if constexpr (Local)
    return pykc_atomic_update<true>(p, [&](T old) { return (T)(old ^ v); });
  else
    return (T)atomicXor(pykc_bits_ptr(p), PYKC_AS(pykc_bits_ptr(p), v));
}
template <bool Local = false, typename T> __device__ inline T pykc_atomic_exch(T *p, T v) {
  if constexpr (Local)
    return pykc_atomic_update<true>(p, [&](T) { return v; });
  else
    return (T)atomicExch(pykc_bits_ptr(p), PYKC_AS(pykc_bits_ptr(p), v));
}
// max and min: on floats, a NaN on either side leaves the element as it is.
template <bool Local = false, typename T> __device__ inline T pykc_atomic_max(T *p, T v) {
  if constexpr (std::is_integral_v<T> && !Local)
    return (T)atomicMax(pykc_order_ptr(p), PYKC_AS(pykc_order_ptr(p), v));
  else
    return pykc_atomic_update<Local>(p, [&](T old) { return old < v ? v : old; });
}
template <bool Local = false, typename T> __device__ inline T pykc_atomic_min(T *p, T v) {
  if constexpr (std::is_integral_v<T> && !Local)
    return (T)atomicMin(pykc_order_ptr(p), PYKC_AS(pykc_order_ptr(p), v));
  else
    return pykc_atomic_update<Local>(p, [&](T old) { return old > v ? v : old; });
}
// nanmax and nanmin: a NaN is a missing value, which any number replaces.
template <bool Local = false, typename T> __device__ inline T pykc_atomic_nanmax(T *p, T v) {
  if constexpr (std::is_integral_v<T>)
    return pykc_atomic_max<Local>(p, v);
  else
    return pykc_atomic_update<Local>(p, [&](T old) { return old < v || (old != old && v == v) ? v : old; });
}
template <bool Local = false, typename T> __device__ inline T pykc_atomic_nanmin(T *p, T v) {
  if constexpr (std::is_integral_v<T>)
    return pykc_atomic_min<Local>(p, v);
  else
    return pykc_atomic_update<Local>(p, [&](T old) { return old > v || (old != old && v == v) ? v : old; });
}
// inc wraps to 0 past v; dec wraps to v at 0 or above v (CUDA's atomicInc
// and atomicDec, which have no 64-bit forms).
template <bool Local = false, typename T> __device__ inline T pykc_atomic_inc(T *p, T v) {
  if constexpr (sizeof(T) == 4 && !Local)
    return (T)atomicInc((unsigned *)p, (unsigned)v);
  else
    return pykc_atomic_update<Local>(p, [&](T old) { return old >= v ? (T)0 : (T)(old + 1); });
}
template <bool Local = false, typename T> __device__ inline T pykc_atomic_dec(T *p, T v) {
  if constexpr (sizeof(T) == 4 && !Local)
    return (T)atomicDec((unsigned *)p, (unsigned)v);
  else
    return pykc_atomic_update<Local>(p, [&](T old) { return old == 0 || old > v ? v : (T)(old - 1); });
}
template <bool Local = false, typename T> __device__ inline T pykc_atomic_cas(T *p, T expected, T v) {
  using U = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;
  if constexpr (Local)
    return pykc_atomic_update<true>(p, [&](T old) { return old == expected ? v : old; });
  else
    return (T)atomicCAS((U *)p, (U)expected, (U)v);
}
#undef PYKC_AS
)cu";
}

} // namespace pykc::codegen
