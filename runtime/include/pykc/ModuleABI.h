/*===- pykc/ModuleABI.h - What a compiled pykc object registers -----------===*
 *
 * `pykc FILE.py -c` writes an object holding one pykc_module_image: the GPU
 * code for every requested architecture, the CPU backend's native code for
 * every kernel, and a table of the kernels. Its symbol is
 *
 *   extern const pykc_module_image pykc_module_<NAMESPACE>;
 *
 * (NAMESPACE is the header's namespace with `::` spelled `__`). The
 * generated header launches through it (pykc/Kernel.h); hand-written driver
 * code can load `images` with cuModuleLoadData (one per group, below) and
 * launch `kernels[i].symbol` with cuLaunchKernel, passing parameters as
 * KernelABI.h describes.
 *
 * C-compatible; every field is fixed-size or a pointer so the compiler can
 * emit the same layout.
 *
 *===----------------------------------------------------------------------===*/
#ifndef PYKC_MODULEABI_H
#define PYKC_MODULEABI_H

#include "pykc/CpuABI.h"
#include "pykc/KernelABI.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a struct below changes, or the parameters of the kernels
 * the runtime launches itself (a @cuda.reduce's: 3 added use_init; 4 the
 * GPU groups); the runtime refuses objects built for another version. */
#define PYKC_MODULE_ABI_VERSION 4

/* The version of the whole contract between an object (`pykc -c`) and this
 * runtime: the structs below (PYKC_MODULE_ABI_VERSION) and KernelABI.h's
 * parameter flattening (PYKC_KERNEL_ABI_VERSION), as MODULE * 100 + KERNEL.
 * Every object references PYKC_ABI_SYMBOL, which only a runtime of this
 * version defines, so an object built for another runtime fails to link
 * (and to load: see abi_version). The stamp that ties an object to its
 * header (pykc_stamp_<hash>_abi<N>) carries it too. */
#define PYKC_ABI_VERSION 401
#define PYKC_ABI_CAT_(A, B) A##B
#define PYKC_ABI_CAT(A, B) PYKC_ABI_CAT_(A, B)
#define PYKC_ABI_TEXT_(X) #X
#define PYKC_ABI_TEXT(X) PYKC_ABI_TEXT_(X)
/* pykc_runtime_abi_v401: defined by the runtime, referenced by objects. */
#define PYKC_ABI_SYMBOL PYKC_ABI_CAT(pykc_runtime_abi_v, PYKC_ABI_VERSION)
#define PYKC_ABI_SYMBOL_NAME "pykc_runtime_abi_v" PYKC_ABI_TEXT(PYKC_ABI_VERSION)

/* What a GPU image holds.
 *
 * A module's kernels are compiled for the GPU in groups (a file of many
 * kernels in groups of about 16, so that ptxas runs on every core and a
 * changed kernel recompiles its group alone): each group is a GPU module of
 * its own, with its own images, and kernels[i] is in the module of the
 * images whose group is kernels[i].gpu_group. Load one image per group. */
#define PYKC_IMAGE_PTX 0    /* PTX text for one architecture (NUL-terminated) */
#define PYKC_IMAGE_CUBIN 1  /* SASS for exactly one architecture (ptxas) */
#define PYKC_IMAGE_FATBIN 2 /* SASS and PTX for several (fatbinary) */

typedef struct pykc_gpu_image {
  uint32_t kind; /* PYKC_IMAGE_* */
  uint32_t sm;   /* 75 for sm_75; a fatbin: its lowest architecture */
  const char *arch; /* "sm_75", "sm_90a"; a fatbin: "sm_75,sm_80,..." */
  const void *data;
  uint64_t size;  /* bytes; a PTX image's size excludes the NUL */
  uint32_t group; /* the kernels' group it holds: 0 .. num_gpu_groups - 1 */
  uint32_t reserved;
} pykc_gpu_image;

/* pykc_kernel_entry::flags */
#define PYKC_KERNEL_COOPERATIVE 1u /* launch cooperatively (grid sync) */

typedef struct pykc_kernel_entry {
  const char *name;      /* the Python name */
  const char *symbol;    /* the entry point in the PTX and SASS */
  const char *signature; /* "(an_array: float32[:], n: int32)" */
  uint32_t num_params;   /* Python parameters */
  uint32_t num_slots;    /* flattened kernel parameters (KernelABI.h) */
  uint64_t cpu_shared_bytes; /* static shared memory on the CPU backend */
  uint32_t cpu_uses_barrier; /* 1 if the kernel calls cuda.syncthreads() */
  uint32_t flags;            /* PYKC_KERNEL_* */
  pykc_cpu_kernel_fn cpu_thread; /* SYM__cpu (CpuABI.h), or null */
  pykc_cpu_blocks_fn cpu_blocks; /* SYM__cpu_blocks, or null */
  const char *const *param_names; /* num_params Python names */
  const char *const *param_types; /* num_params Numba types: "float32[:, ::1]" */
  uint32_t gpu_group; /* the group of images holding its GPU code */
  uint32_t reserved;
} pykc_kernel_entry;

typedef struct pykc_module_image {
  uint32_t abi_version; /* PYKC_MODULE_ABI_VERSION */
  uint32_t num_images;
  uint32_t num_kernels;
  /* 0, or num_kernels with `pykc -c --check`: kernels[num_kernels + i] is
   * kernel i instrumented for the checker (CPU code only), which a program
   * run with PYKC_CHECK=1 launches instead. */
  uint32_t num_checked_kernels;
  const char *name;   /* the module's namespace, e.g. "kernels" */
  const char *source; /* the Python file as given to pykc */
  const pykc_gpu_image *images;
  const pykc_kernel_entry *kernels;
  uint32_t num_gpu_groups; /* 1, or more in a file of many kernels */
  uint32_t reserved;
} pykc_module_image;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PYKC_MODULEABI_H */
