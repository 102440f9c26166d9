/*===- pykc/SharedABI.h - What a pykc shared library describes ------------===*
 *
 * `pykc FILE.py -c --shared -o libk.so` links a module's object into a
 * shared library against the shared runtime (libpykcRuntime.so), and adds
 * one more exported symbol, the same in every such library:
 *
 *   extern const pykc_shared_module pykc_shared_module;
 *
 * It describes everything a loader needs to call the module without its
 * C++ header (python/pykc is such a loader): the kernel table of
 * ModuleABI.h, the @cuda.reduce functions (which of the kernels reduce
 * which dtype) and the @njit functions' host entries. Launches go through
 * runtime_c.h (pykc_module_launch, pykc_module_reduce); a loader finds the
 * runtime's C functions through the library's own handle (dlsym searches
 * a library's dependencies), so every library of a process shares one
 * runtime: its devices, memory and loaded modules.
 *
 * Types are spelled as Numba spells them in signatures ("float32[:, ::1]",
 * "int64", "(float64, float64, bool)"), so the loader parses one grammar.
 *
 *===----------------------------------------------------------------------===*/
#ifndef PYKC_SHAREDABI_H
#define PYKC_SHAREDABI_H

#include "pykc/ModuleABI.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PYKC_SHARED_SYMBOL_NAME "pykc_shared_module"

/* Bumped whenever a struct below changes. A loader checks it and the
 * runtime ABI (abi_version) before it reads anything else. */
#define PYKC_SHARED_ABI_VERSION 1

/* An @njit function's host entry: args as KernelABI.h flattens parameters
 * (pointers to each slot; arrays are the caller's memory, used in place),
 * the result as 64-bit slots (ir::scalarCount of the return type: a float
 * in its low bits, an integer widened, a complex two slots, an optional a
 * flag slot first). Returns NULL, or the message of the exception the
 * function raised ("f.py:6:12: ZeroDivisionError: ... (in 'ratio')"). */
typedef const char *(*pykc_host_entry_fn)(void **args, void *result);

/* One dtype of one @cuda.reduce function: two entries of the kernel table. */
typedef struct pykc_shared_reduction {
  const char *name;    /* the Python name: "sum_reduce" */
  const char *dtype;   /* "float32" */
  uint32_t gpu_kernel; /* index into module->kernels */
  uint32_t cpu_kernel;
} pykc_shared_reduction;

/* One signature of one @njit function. */
typedef struct pykc_shared_function {
  const char *name;      /* the Python name */
  const char *symbol;    /* the IR symbol (several signatures: mangled) */
  const char *signature; /* "(A: float32[:])" */
  uint32_t num_params;
  uint32_t num_result_slots;
  const char *const *param_names;
  const char *const *param_types; /* Numba spellings */
  const char *return_type;        /* Numba spelling; "none" for None */
  pykc_host_entry_fn entry;
} pykc_shared_function;

typedef struct pykc_shared_module {
  uint32_t abi_version; /* PYKC_ABI_VERSION of the runtime it links */
  uint32_t num_reductions;
  uint32_t num_functions;
  uint32_t shared_version; /* PYKC_SHARED_ABI_VERSION */
  const pykc_module_image *module;
  const pykc_shared_reduction *reductions;
  const pykc_shared_function *functions;
} pykc_shared_module;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PYKC_SHAREDABI_H */
