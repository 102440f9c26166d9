/*===- pykc/CpuABI.h - How the CPU backend's kernels run ------------------===*
 *
 * The contract between kernels compiled for the host CPU (codegen's CPU
 * target) and the runtime that launches them. C-compatible.
 *
 * For every kernel symbol SYM, the CPU backend emits
 *
 *   void SYM__cpu(void **args, pykc_cpu_context *ctx);
 *
 * `args` is laid out exactly as cuLaunchKernel's kernelParams (see
 * KernelABI.h): one pointer per flattened parameter. One call runs ONE
 * thread of the kernel: the runtime sets ctx->thread_idx (and the other
 * fields) before each call. Threads of a block share ctx->shared_memory;
 * a kernel that calls cuda.syncthreads() calls pykc_cpu_barrier(ctx), and
 * the runtime must then run every other thread of the block up to the same
 * barrier before returning (fibers do this). Kernels without barriers can
 * run their threads one after the other.
 *
 * For a kernel that never synchronizes, and for one whose threads meet only
 * at cuda.syncthreads() (its blocks then run in rounds, each thread from
 * one barrier to the next, in the fiber scheduler's order), the backend
 * also emits
 *
 *   void SYM__cpu_blocks(void **args, pykc_cpu_context *ctx,
 *                        uint64_t first, uint64_t count);
 *
 * which runs blocks first to first + count - 1 (linear block indices, x
 * fastest), one after the other, each thread of a block in turn (x
 * fastest, then y, then z), in one call: the arguments stay in registers
 * and consecutive threads run in SIMD lanes. (A kernel that cannot tell
 * the order, as it finds its x only as cuda.grid()'s and its threads never
 * meet, has the x threads of the blocks of a grid row run as one loop
 * instead: see codegen/CPUGridFusion.h.) ctx->thread_idx and
 * ctx->block_idx are ignored on entry; the blocks use ctx->shared_memory
 * in turn.
 *
 * The threads of a block form warps as on a GPU: 32 consecutive linear
 * thread indices (x fastest); a block whose size is not a multiple of 32
 * ends with a partial warp. Warp-level operations (pykc_cpu_warp_*) are
 * meeting points like barriers: a lane waits until every live lane of its
 * mask has reached a warp operation, then all of them read what the others
 * published there. A lane that has returned is not waited for.
 *
 * Beside each kernel the backend emits two constants:
 *   const uint64_t SYM__cpu_shared_bytes;   static shared memory per block
 *   const uint8_t  SYM__cpu_uses_barrier;   1 if the kernel may call
 *                                           pykc_cpu_barrier or a
 *                                           pykc_cpu_warp_* meeting point
 *
 *===----------------------------------------------------------------------===*/
#ifndef PYKC_CPUABI_H
#define PYKC_CPUABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The dimensions stay within CUDA's limits, which the kernels' code assumes
 * (values outside them are undefined behaviour): block_dim at most
 * (1024, 1024, 64) and 1024 threads in all, grid_dim at most
 * (2^31 - 1, 65535, 65535), every index below its dimension. */
typedef struct pykc_cpu_context {
  uint32_t thread_idx[3]; /* threadIdx.x, .y, .z */
  uint32_t block_idx[3];  /* blockIdx */
  uint32_t block_dim[3];  /* blockDim */
  uint32_t grid_dim[3];   /* gridDim */
  void *shared_memory;    /* this block's static shared memory, 16-byte
                           * aligned, ending at an inaccessible page */
  void *scheduler;        /* the runtime's; kernels only pass it back */
  /* The launch's dynamic shared memory (cuda.shared.array(0, dtype)),
   * 16-byte aligned, and its size in bytes. It is not after the static
   * arrays: the static and the dynamic shared memory are mappings of their
   * own, each ending at an inaccessible page, so that an overrun of either
   * faults (and fails the launch) instead of reaching other memory. */
  void *dynamic_shared;
  uint64_t dynamic_shared_bytes;
} pykc_cpu_context;

typedef void (*pykc_cpu_kernel_fn)(void **args, pykc_cpu_context *ctx);
typedef void (*pykc_cpu_blocks_fn)(void **args, pykc_cpu_context *ctx, uint64_t first,
                                   uint64_t count);

/* Defined by the runtime: a bounds-checked kernel (--boundscheck) indexed
 * axis AXIS of extent EXTENT with INDEX at WHERE ("file.py:12:9"), in
 * thread (TX, TY, TZ) of block (BX, BY, BZ). The access is not made; the
 * first such error of a block makes the launch fail. */
void pykc_cpu_bounds_error(pykc_cpu_context *ctx, const char *where, uint32_t axis,
                           int64_t index, int64_t extent, uint32_t tx, uint32_t ty,
                           uint32_t tz, uint32_t bx, uint32_t by, uint32_t bz);

/* Defined by the runtime: a kernel used the value of an optional (Numba's
 * OptionalType) holding None at WHERE, where a value of type EXPECTED was
 * needed, in thread (TX, TY, TZ) of block (BX, BY, BZ). The thread goes on
 * with a zero; the first such error of a block makes the launch fail. */
void pykc_cpu_none_error(pykc_cpu_context *ctx, const char *where, const char *expected,
                         uint32_t tx, uint32_t ty, uint32_t tz, uint32_t bx, uint32_t by,
                         uint32_t bz);

/* Defined by the runtime: blocks the calling thread of the kernel until
 * every thread of its block has reached a barrier. */
void pykc_cpu_barrier(pykc_cpu_context *ctx);

/* Host code (@njit functions run by pykc call or from C++) sees the context
 * of thread 0 of a one-thread grid whose scheduler field points to a
 * pykc_host_status. An exception Numba's CPU target raises there (division
 * by zero) records its message, "file.py:3:12: ZeroDivisionError: division
 * by zero (in 'f')", the first one wins, and the code goes on with a
 * harmless value; the host entry then returns the message. */
typedef struct pykc_host_status {
  const char *error;
} pykc_host_status;
void pykc_host_raise(pykc_cpu_context *ctx, const char *message);
/* An index out of range in host code compiled with boundscheck: records
 * "where: IndexError: index 12 is out of bounds for axis 0 with size 10
 * (in 'function')" as pykc_host_raise does (the first one wins); the code
 * goes on with the access pointed at a scratch element. */
void pykc_host_bounds_error(pykc_cpu_context *ctx, const char *where, const char *function,
                            uint32_t axis, int64_t index, int64_t extent);

/* print() of a float in host code, as Python's repr() gives it ("2.5",
 * "1e-05"): written to BUFFER (32 bytes), which it returns. */
const char *pykc_host_float_repr(double value, char *buffer);

/* A prange loop of a parallel @njit function: runs chunk(env, lo, hi,
 * partials + k * partial_bytes) for chunks k = 0, 1, ... of [0, trips),
 * one a thread (threads > 0: set_num_threads; PYKC_NUM_THREADS overrides;
 * at most PYKC_CPU_MAX_PARALLEL_CHUNKS), and returns the number of chunks.
 * Chunk k's iterations come before chunk k + 1's. */
#define PYKC_CPU_MAX_PARALLEL_CHUNKS 256
typedef void (*pykc_cpu_chunk_fn)(void *env, int64_t lo, int64_t hi, void *out);
int64_t pykc_cpu_parallel_for(int64_t trips, int32_t threads, pykc_cpu_chunk_fn chunk, void *env,
                              void *partials, int64_t partial_bytes);

/* cuda.cg.this_grid().sync(): blocks the calling thread until every thread
 * of the grid has reached it (or returned). The kernel must be launched
 * cooperatively (KernelImage::Cooperative), so that all blocks run at once. */
void pykc_cpu_grid_sync(pykc_cpu_context *ctx);

/* cuda.syncthreads_count/and/or: a barrier that returns, to every thread,
 * how many live threads passed a non-zero predicate (COUNT), whether all did
 * (AND) or whether any did (OR). */
#define PYKC_CPU_REDUCE_COUNT 0
#define PYKC_CPU_REDUCE_AND 1
#define PYKC_CPU_REDUCE_OR 2
int32_t pykc_cpu_barrier_reduce(pykc_cpu_context *ctx, int32_t op, int32_t predicate);

/* Warp operations, defined by the runtime. `mask` names the lanes taking
 * part (the caller's own lane always does). */
/* cuda.syncwarp(mask): waits for the live lanes of mask. */
void pykc_cpu_warp_sync(pykc_cpu_context *ctx, uint32_t mask);
/* Every lane publishes `value` (any 64 bits); returns what lane `src_lane`
 * of the caller's warp published, or `value` itself when that lane is not
 * in the block (src_lane >= 32 or past a partial warp's end). */
uint64_t pykc_cpu_warp_shuffle(pykc_cpu_context *ctx, uint32_t mask, uint64_t value,
                               uint32_t src_lane);
/* A vote: the low 32 bits are the lanes of mask (live when they met) whose
 * predicate is non-zero, the high 32 bits those lanes themselves. */
uint64_t pykc_cpu_warp_ballot(pykc_cpu_context *ctx, uint32_t mask, int32_t predicate);
/* match_any_sync/match_all_sync: the low 32 bits are the lanes of mask
 * (live when they met) whose `value` equals the caller's, the high 32 bits
 * those lanes themselves. */
uint64_t pykc_cpu_warp_match(pykc_cpu_context *ctx, uint32_t mask, uint64_t value);
/* The caller's warp's lanes that had not returned when the threads last
 * went on from a meeting point (no waiting). */
uint32_t pykc_cpu_warp_active(pykc_cpu_context *ctx);

/* --check (pykc run --check): kernels compiled for checking call these
 * before each access of a shared, local or global array element, at each
 * threadfence, when a local
 * array starts its life, and before each meeting point (barrier, warp
 * operation); the runtime's checker (runtime/lib/CheckState.h) finds races,
 * reads of memory nothing wrote and barriers or warp masks the threads do
 * not agree on. `flags` is the kind (read, write, atomic), the memory and
 * the number of indices i0..i2 given (ndim << 4); `where` is
 * "file.py:12:9", `array` the array's name. */
#define PYKC_CHECK_READ 0u
#define PYKC_CHECK_WRITE 1u
#define PYKC_CHECK_ATOMIC 2u
#define PYKC_CHECK_SHARED 4u
#define PYKC_CHECK_LOCAL 8u
#define PYKC_CHECK_GLOBAL 64u
/* The checker's record of a shared element (at its first byte's offset),
 * and what checked kernels read to update it inline for a read of static
 * shared memory that can only be recorded: ctx->scheduler points to a
 * pointer to pykc_check_inline; `on` is 0 when every access must call
 * pykc_check_access. Internal to pykc's compiler and runtime. */
typedef struct pykc_check_shadow {
  uint32_t gen, epoch, w_thread, w_clock;
  const char *w_where;
  uint32_t r_thread[2], r_clock[2];
  const char *r_where[2];
} pykc_check_shadow;
typedef struct pykc_check_inline {
  pykc_check_shadow *records; /* per byte of shared memory */
  const uint32_t *written;    /* per byte: gen once some thread wrote it */
  const char *shared;         /* the block's static shared memory */
  uint64_t shared_bytes;
  uint32_t gen, epoch, on;
} pykc_check_inline;
void pykc_check_access(pykc_cpu_context *ctx, const void *ptr, uint32_t bytes, uint32_t flags,
                       const char *where, const char *array, int64_t i0, int64_t i1, int64_t i2);
void pykc_check_local(pykc_cpu_context *ctx, const void *ptr, uint64_t bytes);
void pykc_check_site(pykc_cpu_context *ctx, const char *where);
void pykc_check_fence(pykc_cpu_context *ctx);
/* A checked kernel's blocks run as loops over their threads between
 * barriers (codegen/CPUBarrierFission.h) tell the checker where a block
 * begins and where each round of its threads ends (the barrier they wait
 * at opens); states[t] is ~0u for thread t once it returned. */
void pykc_check_block_begin(pykc_cpu_context *ctx);
void pykc_check_round(pykc_cpu_context *ctx, const uint32_t *states);
/* The array the next pykc_cpu_bounds_error is about, for memcheck's report. */
void pykc_check_bounds_array(pykc_cpu_context *ctx, const char *array);
/* A checked kernel's SYM__cpu_blocks (codegen/CPUCheckFast.h: one whose
 * global accesses cannot race by construction) asks first whether this
 * launch keeps that guarantee; `arrays` describes its array arguments. 0:
 * it returns at once and the launch runs its blocks checked. */
uint8_t pykc_check_fast_launch(void **args, pykc_cpu_context *ctx, const int64_t *arrays);
/* pykc call --check: host code (@njit) reports each array access and the
 * start of each prange iteration (its index); two iterations of one prange
 * loop touching an element, one writing, race. */
void pykc_check_host_access(const void *ptr, uint32_t bytes, uint32_t flags, const char *where,
                            const char *array, int64_t i0, int64_t i1, int64_t i2);
void pykc_check_iteration(int64_t index);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PYKC_CPUABI_H */
