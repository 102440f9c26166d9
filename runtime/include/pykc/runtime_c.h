/*===- pykc/runtime_c.h - The runtime's C interface -----------------------===*
 *
 * A C-compatible face of the runtime for hand-written C hosts and foreign
 * function interfaces. Every call returns a pykc_status; on failure
 * pykc_last_error() returns the same message the C++ API's pykc::Error
 * carries (thread-local, valid until the thread's next failing call).
 * Devices, memory and launches behave as in Runtime.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef PYKC_RUNTIME_C_H
#define PYKC_RUNTIME_C_H

#include "pykc/CpuABI.h"
#include "pykc/ModuleABI.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pykc_status {
  PYKC_SUCCESS = 0,
  PYKC_ERROR_INVALID_VALUE = 1,
  PYKC_ERROR_NO_DEVICE = 2,
  PYKC_ERROR_LAUNCH_LIMIT = 3,
  PYKC_ERROR_OUT_OF_MEMORY = 4,
  PYKC_ERROR_MODULE_LOAD = 5,
  PYKC_ERROR_DRIVER = 6,
  PYKC_ERROR_KERNEL = 7,
  PYKC_ERROR_UNKNOWN = 8
} pykc_status;

typedef struct pykc_kernel_image {
  const char *name;
  const char *ptx;              /* may be null */
  pykc_cpu_kernel_fn cpu_entry; /* may be null */
  uint64_t cpu_shared_bytes;
  uint8_t cpu_uses_barrier;
  uint8_t cooperative; /* 1: launch cooperatively (cuda.cg grid sync) */
} pykc_kernel_image;

/* The message of this thread's last failure ("" if none). */
const char *pykc_last_error(void);

pykc_status pykc_device_count(int *count);
pykc_status pykc_select_device(int id);
pykc_status pykc_current_device(int *id);
/* 1 for a CUDA device, 0 for the CPU. */
pykc_status pykc_device_is_cuda(int id, int *is_cuda);
/* Free and total bytes of device id's memory (Numba's
 * get_memory_info()); the CPU device's honour PYKC_DEVICE_MEMORY. */
pykc_status pykc_device_memory_info(int id, uint64_t *free_bytes, uint64_t *total_bytes);
pykc_status pykc_synchronize(void);

/* Memory of the current device. Every call checks its arguments and
 * returns PYKC_ERROR_INVALID_VALUE (or PYKC_ERROR_OUT_OF_MEMORY) with a
 * message instead of crashing:
 *   - pykc_malloc sets *ptr to NULL on failure; a size beyond 2^63 - 1
 *     fails. On the CPU device each allocation is a mapping followed by an
 *     inaccessible region of max(1 MiB, its size): a kernel that runs past
 *     it faults, and the launch reports it.
 *   - pykc_free(NULL) does nothing. The runtime keeps a table of its own
 *     allocations: freeing a pointer twice, one pykc_malloc never returned,
 *     or one into the middle of an allocation is an error, and nothing is
 *     freed.
 *   - pykc_memcpy_*: a NULL pointer (with bytes > 0), a range that wraps
 *     around the address space, or one that starts in an allocation of the
 *     runtime's and runs past its end is an error, and nothing is copied.
 *     Pointers of other libraries are not in the table and may be used. */
pykc_status pykc_malloc(void **ptr, size_t bytes);
pykc_status pykc_free(void *ptr);
pykc_status pykc_memcpy_htod(void *dst, const void *src, size_t bytes);
pykc_status pykc_memcpy_dtoh(void *dst, const void *src, size_t bytes);
pykc_status pykc_memcpy_dtod(void *dst, const void *src, size_t bytes);

/* Launches on the current device's default stream. On the CPU device a
 * kernel that faults (an access past an array, a stack overflow) makes the
 * launch return PYKC_ERROR_KERNEL with "kernel 'k' faulted (address ...,
 * in thread (...) of block (...))"; see KernelFaults.h in the runtime. */
pykc_status pykc_launch(const pykc_kernel_image *kernel, const uint32_t grid[3],
                        const uint32_t block[3], size_t dynamic_shared_bytes,
                        void **args);

/* Compiled modules (`pykc -c`; a shared library's pykc_shared_module, see
 * SharedABI.h, points at one). The runtime keeps one state per module
 * image for the life of the process, as the C++ API's pykc::Module does,
 * so a module loads once per device. */

/* The index of the first kernel of module named `name` (its Python name,
 * Ops.scale for a class's, or its symbol); PYKC_ERROR_INVALID_VALUE with a
 * message listing the kernels when there is none. */
pykc_status pykc_module_find_kernel(const pykc_module_image *module, const char *name,
                                    uint32_t *index);

/* The two kernels of the @cuda.reduce function `name` (its Python name)
 * compiled for `dtype` ("float32", as in --sig 'name(float32)'), for
 * pykc_module_reduce; PYKC_ERROR_INVALID_VALUE with a message listing the
 * module's reductions when it has no such one. */
pykc_status pykc_module_find_reduction(const pykc_module_image *module, const char *name,
                                       const char *dtype, uint32_t *gpu_kernel,
                                       uint32_t *cpu_kernel);

/* Launches kernel `index` of module on the current device's default
 * stream, loading the module there first if needed (as pykc_launch;
 * args flattened as KernelABI.h says). */
pykc_status pykc_module_launch(const pykc_module_image *module, uint32_t index,
                               const uint32_t grid[3], const uint32_t block[3],
                               size_t dynamic_shared_bytes, void **args);

/* Runs the reduction whose kernels are gpu_kernel and cpu_kernel of module
 * (pykc_shared_reduction) on `count` values of element_size bytes at data,
 * as Numba's Reduce.__call__: f-reduced in any order, then f(total, *init)
 * once; `init` for count 0. With on_device, data is memory of the current
 * device (pykc's or another library's) whose elements are stride bytes
 * apart: any multiple of element_size, negative (a reversed array, data
 * pointing at its first element) or zero included; another stride, or data
 * not aligned to element_size, is PYKC_ERROR_INVALID_VALUE. Else data is
 * `count` contiguous host values (stride is ignored), streamed through the
 * device in bounded chunks. The result (element_size bytes) goes to
 * *result. */
pykc_status pykc_module_reduce(const pykc_module_image *module, uint32_t gpu_kernel,
                               uint32_t cpu_kernel, size_t element_size, const void *data,
                               int64_t count, int64_t stride, int on_device, const void *init,
                               void *result);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PYKC_RUNTIME_C_H */
