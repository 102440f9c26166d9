//===- host_cuda.h - CUDA's kernel language on the host, for testing ------===//
//
// Test-only: enough of CUDA for a file written by `pykc --emit=cuda` to
// compile as plain C++20 and run on the CPU, so the emitted source can be
// checked against Numba's simulator without a GPU
// (test/Differential/emitted_cuda.py).
//
// A launch runs its blocks one after the other. Without barriers or warp
// operations a block's threads run one after the other too; with them,
// every thread of the block is a std::thread, and __syncthreads() and the
// warp operations meet at std::barriers. Shared memory is a function-local
// static (one block at a time uses it). float16 is _Float16.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <atomic>
#include <barrier>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <math.h>
#include <memory>
#include <thread>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __constant__
#define __shared__ static
#define __align__(n) alignas(n)

struct pykc_host_dim3 {
  unsigned x = 1, y = 1, z = 1;
};
inline thread_local pykc_host_dim3 threadIdx, blockIdx;
inline pykc_host_dim3 blockDim, gridDim;
constexpr int warpSize = 32;

// --- Bits -----------------------------------------------------------------

template <typename To, typename From> inline To pykc_host_bitcast(From x) {
  static_assert(sizeof(To) == sizeof(From));
  To r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}
inline unsigned __float_as_uint(float x) { return pykc_host_bitcast<unsigned>(x); }
inline float __uint_as_float(unsigned x) { return pykc_host_bitcast<float>(x); }
inline long long __double_as_longlong(double x) { return pykc_host_bitcast<long long>(x); }
inline double __longlong_as_double(long long x) { return pykc_host_bitcast<double>(x); }
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i)
    r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
inline unsigned long long __brevll(unsigned long long x) {
  return ((unsigned long long)__brev((unsigned)x) << 32) | __brev((unsigned)(x >> 32));
}
[[noreturn]] inline void __trap() { std::abort(); }
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_block() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_system() { std::atomic_thread_fence(std::memory_order_seq_cst); }

// --- Atomics --------------------------------------------------------------

template <typename T> inline std::atomic_ref<T> pykc_host_atomic(T *p) { return std::atomic_ref<T>(*p); }
template <typename T> inline T atomicAdd(T *p, T v) {
  return pykc_host_atomic(p).fetch_add(v, std::memory_order_relaxed);
}
template <typename T> inline T atomicSub(T *p, T v) {
  return pykc_host_atomic(p).fetch_sub(v, std::memory_order_relaxed);
}
template <typename T> inline T atomicAnd(T *p, T v) {
  return pykc_host_atomic(p).fetch_and(v, std::memory_order_relaxed);
}
template <typename T> inline T atomicOr(T *p, T v) {
  return pykc_host_atomic(p).fetch_or(v, std::memory_order_relaxed);
}
template <typename T> inline T atomicXor(T *p, T v) {
  return pykc_host_atomic(p).fetch_xor(v, std::memory_order_relaxed);
}
template <typename T> inline T atomicExch(T *p, T v) {
  return pykc_host_atomic(p).exchange(v, std::memory_order_relaxed);
}
template <typename T> inline T atomicCAS(T *p, T expected, T v) {
  pykc_host_atomic(p).compare_exchange_strong(expected, v, std::memory_order_relaxed);
  return expected; // the old value either way
}
template <typename T, typename F> inline T pykc_host_update(T *p, F f) {
  auto a = pykc_host_atomic(p);
  T old = a.load(std::memory_order_relaxed);
  while (!a.compare_exchange_weak(old, f(old), std::memory_order_relaxed)) {
  }
  return old;
}
template <typename T> inline T atomicMax(T *p, T v) {
  return pykc_host_update(p, [&](T old) { return old < v ? v : old; });
}
template <typename T> inline T atomicMin(T *p, T v) {
  return pykc_host_update(p, [&](T old) { return old > v ? v : old; });
}
inline unsigned atomicInc(unsigned *p, unsigned v) {
  return pykc_host_update(p, [&](unsigned old) { return old >= v ? 0u : old + 1; });
}
inline unsigned atomicDec(unsigned *p, unsigned v) {
  return pykc_host_update(p, [&](unsigned old) { return old == 0 || old > v ? v : old - 1; });
}

// --- Blocks and warps -----------------------------------------------------

// What the threads of the running block share: a barrier for the block
// and one per warp, and a slot per thread to exchange values through.
struct pykc_host_block {
  unsigned threads = 0;
  std::unique_ptr<std::barrier<>> all;
  std::vector<std::unique_ptr<std::barrier<>>> warps;
  std::vector<uint64_t> slots;
};
inline thread_local pykc_host_block *pykc_host_current = nullptr;
// A launch with grid sync runs every thread of the grid at once; they meet
// here.
inline std::barrier<> *pykc_host_grid = nullptr;
inline void pykc_host_grid_sync() {
  if (!pykc_host_grid) {
    std::fprintf(stderr, "host_cuda.h: grid sync needs a launch of the whole grid at once\n");
    std::abort();
  }
  pykc_host_grid->arrive_and_wait();
}

inline unsigned pykc_host_linear() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
[[noreturn]] inline void pykc_host_no_threads(const char *what) {
  std::fprintf(stderr, "host_cuda.h: %s needs a launch with threads\n", what);
  std::abort();
}

inline void __syncthreads() {
  if (!pykc_host_current)
    pykc_host_no_threads("__syncthreads");
  pykc_host_current->all->arrive_and_wait();
}
// PTX's shfl.sync reads the lane or offset's low 5 bits only.
//
// Every thread publishes v, all meet, each computes from the others'
// values, all meet again before the slots are reused.
template <typename F> inline auto pykc_host_exchange(bool warp, uint64_t v, F f) {
  if (!pykc_host_current)
    pykc_host_no_threads("a warp operation");
  pykc_host_block &b = *pykc_host_current;
  unsigned me = pykc_host_linear();
  std::barrier<> &meet = warp ? *b.warps[me / 32] : *b.all;
  b.slots[me] = v;
  meet.arrive_and_wait();
  unsigned first = warp ? me / 32 * 32 : 0;
  unsigned count = warp ? std::min(32u, b.threads - first) : b.threads;
  auto r = f(&b.slots[first], count, me - first);
  meet.arrive_and_wait();
  return r;
}
template <typename T> inline uint64_t pykc_host_to_slot(T v) {
  uint64_t s = 0;
  std::memcpy(&s, &v, sizeof v);
  return s;
}
template <typename T> inline T pykc_host_from_slot(uint64_t s) {
  T v;
  std::memcpy(&v, &s, sizeof v);
  return v;
}
template <typename T> inline T pykc_host_shuffle(T v, int (*source)(int lane, int arg), int arg) {
  return pykc_host_exchange(true, pykc_host_to_slot(v), [&](const uint64_t *s, unsigned n, unsigned lane) {
    int from = source((int)lane, arg);
    return from >= 0 && from < (int)n ? pykc_host_from_slot<T>(s[from]) : v;
  });
}
template <typename T> inline T __shfl_sync(unsigned, T v, int lane) {
  return pykc_host_shuffle(v, [](int, int a) { return a & 31; }, lane);
}
template <typename T> inline T __shfl_up_sync(unsigned, T v, unsigned delta) {
  return pykc_host_shuffle(v, [](int l, int d) { return l - (d & 31) < 0 ? l : l - (d & 31); }, (int)delta);
}
template <typename T> inline T __shfl_down_sync(unsigned, T v, unsigned delta) {
  return pykc_host_shuffle(v, [](int l, int d) { return l + (d & 31) > 31 ? l : l + (d & 31); }, (int)delta);
}
template <typename T> inline T __shfl_xor_sync(unsigned, T v, int mask) {
  return pykc_host_shuffle(v, [](int l, int m) { return (l ^ m) & 31; }, mask);
}
inline unsigned __ballot_sync(unsigned mask, int pred) {
  return pykc_host_exchange(true, pred != 0, [&](const uint64_t *s, unsigned n, unsigned) {
    unsigned bits = 0;
    for (unsigned l = 0; l < n; ++l)
      bits |= (s[l] && ((mask >> l) & 1)) ? 1u << l : 0;
    return bits;
  });
}
inline int __all_sync(unsigned mask, int pred) {
  return pykc_host_exchange(true, pred != 0, [&](const uint64_t *s, unsigned n, unsigned) {
    for (unsigned l = 0; l < n; ++l)
      if (((mask >> l) & 1) && !s[l])
        return 0;
    return 1;
  });
}
inline int __any_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) != 0; }
inline int __uni_sync(unsigned mask, int pred) {
  unsigned b = __ballot_sync(mask, pred);
  return b == 0 || b == (mask & __ballot_sync(mask, 1));
}
template <typename T> inline unsigned __match_any_sync(unsigned mask, T v) {
  return pykc_host_exchange(true, pykc_host_to_slot(v), [&](const uint64_t *s, unsigned n, unsigned me) {
    unsigned bits = 0;
    for (unsigned l = 0; l < n; ++l)
      bits |= (((mask >> l) & 1) && s[l] == s[me]) ? 1u << l : 0;
    return bits;
  });
}
template <typename T> inline unsigned __match_all_sync(unsigned mask, T v, int *pred) {
  unsigned same = __match_any_sync(mask, v);
  unsigned present = __ballot_sync(mask, 1);
  *pred = same == (mask & present);
  return *pred ? same : 0;
}
inline void __syncwarp(unsigned = 0xffffffffu) {
  pykc_host_exchange(true, 0, [](const uint64_t *, unsigned, unsigned) { return 0; });
}
inline unsigned __activemask() { return __ballot_sync(0xffffffffu, 1); }
inline int pykc_host_block_reduce(int pred, int which) {
  return pykc_host_exchange(false, pred != 0, [&](const uint64_t *s, unsigned n, unsigned) {
    int count = 0;
    for (unsigned l = 0; l < n; ++l)
      count += s[l] != 0;
    return which == 0 ? count : which == 1 ? count == (int)n : count != 0;
  });
}
inline int __syncthreads_count(int pred) { return pykc_host_block_reduce(pred, 0); }
inline int __syncthreads_and(int pred) { return pykc_host_block_reduce(pred, 1); }
inline int __syncthreads_or(int pred) { return pykc_host_block_reduce(pred, 2); }

// Dynamic shared memory: what the launch asked for, one buffer per block.
#define PYKC_DYNAMIC_SHARED_BYTES
inline unsigned char *pykc_host_dynamic = nullptr;
inline int64_t pykc_host_dynamic_bytes = 0;
#define pykc_dynamic_shared pykc_host_dynamic
inline int64_t pykc_dynamic_shared_bytes() { return pykc_host_dynamic_bytes; }

// --- float16 and vector types ---------------------------------------------

// _Float16 rounds each conversion and operation once, as the GPU's f16.
using __half = _Float16;
inline float __half2float(__half h) { return (float)h; }
inline __half __float2half(float f) { return (__half)f; }
inline __half __double2half(double d) { return (__half)d; }
inline __half __ll2half_rn(long long x) { return (__half)x; }
inline __half __ull2half_rn(unsigned long long x) { return (__half)x; }
inline __half __hadd(__half a, __half b) { return (__half)((float)a + (float)b); }
inline __half __hsub(__half a, __half b) { return (__half)((float)a - (float)b); }
inline __half __hmul(__half a, __half b) { return (__half)((float)a * (float)b); }
inline __half __hfma(__half a, __half b, __half c) {
  return (__half)std::fma((double)a, (double)b, (double)c);
}
inline __half __hneg(__half a) { return -a; }
inline __half __habs(__half a) { return (__half)std::fabs((float)a); }
inline bool __heq(__half a, __half b) { return (float)a == (float)b; }
inline bool __hne(__half a, __half b) { return (float)a < (float)b || (float)a > (float)b; }
inline bool __hge(__half a, __half b) { return (float)a >= (float)b; }
inline bool __hgt(__half a, __half b) { return (float)a > (float)b; }
inline bool __hle(__half a, __half b) { return (float)a <= (float)b; }
inline bool __hlt(__half a, __half b) { return (float)a < (float)b; }

#define PYKC_HOST_VECTORS(T, N)                                                 \
  struct N##1 { T x; };                                                         \
  struct N##2 { T x, y; };                                                      \
  struct N##3 { T x, y, z; };                                                   \
  struct N##4 { T x, y, z, w; };                                                \
  inline N##1 make_##N##1(T x) { return {x}; }                                  \
  inline N##2 make_##N##2(T x, T y) { return {x, y}; }                          \
  inline N##3 make_##N##3(T x, T y, T z) { return {x, y, z}; }                  \
  inline N##4 make_##N##4(T x, T y, T z, T w) { return {x, y, z, w}; }
PYKC_HOST_VECTORS(signed char, char)
PYKC_HOST_VECTORS(unsigned char, uchar)
PYKC_HOST_VECTORS(short, short)
PYKC_HOST_VECTORS(unsigned short, ushort)
PYKC_HOST_VECTORS(int, int)
PYKC_HOST_VECTORS(unsigned, uint)
PYKC_HOST_VECTORS(long long, longlong)
PYKC_HOST_VECTORS(unsigned long long, ulonglong)
PYKC_HOST_VECTORS(float, float)
PYKC_HOST_VECTORS(double, double)
#undef PYKC_HOST_VECTORS

// --- Launches -------------------------------------------------------------

/// How a launch runs its threads: one after the other (no barriers or
/// warp operations), each block's as std::threads meeting at barriers, or
/// every thread of the grid at once (grid sync; the blocks' shared memory,
/// function-local statics, is then one for all: such kernels must not use
/// it).
enum pykc_host_mode { pykc_host_sequential, pykc_host_block_threads, pykc_host_grid_threads };

inline void pykc_host_set_thread(unsigned t, unsigned bx, unsigned by, unsigned bz) {
  blockIdx = {bx, by, bz};
  threadIdx = {t % blockDim.x, t / blockDim.x % blockDim.y, t / (blockDim.x * blockDim.y)};
}

inline std::unique_ptr<pykc_host_block> pykc_host_make_block(unsigned threads) {
  auto b = std::make_unique<pykc_host_block>();
  b->threads = threads;
  b->all = std::make_unique<std::barrier<>>(threads);
  for (unsigned w = 0; w < (threads + 31) / 32; ++w)
    b->warps.push_back(std::make_unique<std::barrier<>>(std::min(32u, threads - 32 * w)));
  b->slots.resize(threads);
  return b;
}

/// Runs \p kernel (a call of the kernel with its arguments) on every
/// thread of a grid x block launch with \p shared bytes of dynamic shared
/// memory.
inline void pykc_host_launch(pykc_host_dim3 grid, pykc_host_dim3 block, int64_t shared,
                             pykc_host_mode mode, const std::function<void()> &kernel) {
  gridDim = grid;
  blockDim = block;
  unsigned threads = block.x * block.y * block.z;
  std::vector<unsigned char> dynamic((size_t)shared + 16);
  pykc_host_dynamic = dynamic.data();
  pykc_host_dynamic_bytes = shared;
  std::vector<std::unique_ptr<pykc_host_block>> blocks;
  std::vector<std::thread> running;
  auto start = [&](pykc_host_block *b, unsigned t, unsigned bx, unsigned by, unsigned bz) {
    running.emplace_back([=, &kernel] {
      pykc_host_current = b;
      pykc_host_set_thread(t, bx, by, bz);
      kernel();
      // A thread that returned no longer holds the others up.
      b->warps[t / 32]->arrive_and_drop();
      b->all->arrive_and_drop();
      if (pykc_host_grid)
        pykc_host_grid->arrive_and_drop();
    });
  };
  std::unique_ptr<std::barrier<>> whole;
  if (mode == pykc_host_grid_threads) {
    whole = std::make_unique<std::barrier<>>(threads * grid.x * grid.y * grid.z);
    pykc_host_grid = whole.get();
  }
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx) {
        if (mode == pykc_host_sequential) {
          for (unsigned t = 0; t < threads; ++t) {
            pykc_host_set_thread(t, bx, by, bz);
            kernel();
          }
          continue;
        }
        blocks.push_back(pykc_host_make_block(threads));
        for (unsigned t = 0; t < threads; ++t)
          start(blocks.back().get(), t, bx, by, bz);
        if (mode == pykc_host_block_threads) {
          for (std::thread &r : running)
            r.join();
          running.clear();
          blocks.clear();
        }
      }
  for (std::thread &r : running)
    r.join();
  pykc_host_grid = nullptr;
}

// --- Arguments ------------------------------------------------------------

inline void *pykc_host_load(const char *path, size_t bytes) {
  void *data = std::calloc(bytes ? bytes : 1, 1);
  FILE *f = std::fopen(path, "rb");
  if (!f || std::fread(data, 1, bytes, f) != bytes) {
    std::fprintf(stderr, "host_cuda.h: cannot read %zu bytes from %s\n", bytes, path);
    std::exit(2);
  }
  std::fclose(f);
  return data;
}
inline void pykc_host_store(const char *path, const void *data, size_t bytes) {
  FILE *f = std::fopen(path, "wb");
  if (!f || std::fwrite(data, 1, bytes, f) != bytes) {
    std::fprintf(stderr, "host_cuda.h: cannot write %s\n", path);
    std::exit(2);
  }
  std::fclose(f);
}
