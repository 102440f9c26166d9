/*===- pykc/KernelABI.h - How compiled kernels take their arguments -------===*
 *
 * The calling convention of every kernel pykc emits, for hosts that launch
 * them with the CUDA driver API (cuLaunchKernel) or call the CPU backend.
 * C-compatible so hand-written driver code can include it.
 *
 * Each Python parameter becomes consecutive kernel parameters:
 *   - a scalar: one parameter of its type (bool is passed as uint8_t, 0 or 1;
 *     int8..uint64 as the matching <stdint.h> type; float16 as _Float16
 *     (its 2 bytes); float32 as float; float64 as double); a complex64 or
 *     complex128 is two parameters, its real then its imaginary part, each
 *     a float or double;
 *   - an enum.Enum member: its value, an int64_t (an IntEnum member is an
 *     int64 scalar); a member of a class whose values are not all ints is
 *     its index among the class's distinct values, in definition order;
 *   - an N-d array: a data pointer, then N int64_t extents, then N int64_t
 *     strides in BYTES (NumPy's convention), i.e. exactly the fields of
 *     pykc_array_N below, in order;
 *   - a tuple: its elements' parameters in order, by these same rules
 *     (nested tuples included).
 * So the kernelParams array for cuLaunchKernel holds, for an array argument
 * `A`: &A.data, &A.shape[0] .. &A.shape[N-1], &A.strides[0] .. &A.strides[N-1].
 *
 * Kernels with a single signature keep their Python name as their symbol.
 * A kernel compiled for several signatures gets one symbol per signature:
 * NAME__T1_T2..., where an array type is spelled DTYPE_Nd{C,F,A} and a
 * scalar by its Numba name (e.g. saxpy__float32_1dC_float32_1dC_float32);
 * ir/Sema.cpp's mangle() writes them. Device functions (internal to the
 * image, not part of this ABI) are named the same way per instantiation,
 * with a compile-time argument spelled c<value>: clamp__float32_c0_c1.
 *
 *===----------------------------------------------------------------------===*/
#ifndef PYKC_KERNELABI_H
#define PYKC_KERNELABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PYKC_KERNEL_ABI_VERSION 1

typedef struct pykc_array_1 {
  void *data;
  int64_t shape[1];
  int64_t strides[1];
} pykc_array_1;

typedef struct pykc_array_2 {
  void *data;
  int64_t shape[2];
  int64_t strides[2];
} pykc_array_2;

typedef struct pykc_array_3 {
  void *data;
  int64_t shape[3];
  int64_t strides[3];
} pykc_array_3;

/* --boundscheck on a GPU. A module compiled with bounds checks has a global
 * pointer PYKC_BOUNDS_RECORD_SYMBOL (null until the runtime sets it to a
 * pykc_bounds_record in host memory mapped for the device). The first
 * thread to index out of range fills the record (state 1 while writing, 2
 * when complete), then traps; the trap kills the CUDA context, but host
 * memory survives it, so the runtime can say which index of which line
 * failed when the launch's error surfaces. */
#define PYKC_BOUNDS_RECORD_SYMBOL "pykc_bounds_record"
#define PYKC_BOUNDS_WHERE_BYTES 200

typedef struct pykc_bounds_record {
  uint32_t state; /* 0 empty, 1 being written, 2 complete */
  uint32_t axis;
  int64_t index;  /* as the kernel wrote it */
  int64_t extent;
  uint32_t thread[3];
  uint32_t block[3];
  char where[PYKC_BOUNDS_WHERE_BYTES]; /* "file.py:line:col", NUL-terminated */
} pykc_bounds_record;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PYKC_KERNELABI_H */
