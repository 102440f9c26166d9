"""ctypes mirrors of the runtime's C headers: ModuleABI.h (the kernel table
of a compiled module), SharedABI.h (what a `pykc -c --shared` library
describes) and runtime_c.h (the functions a loader calls).

The layouts must stay those of the headers (test/Python/abi_versions.test
compares the versions); load() refuses a library of other versions."""

import ctypes

ABI_VERSION = 401  # PYKC_ABI_VERSION, pykc/ModuleABI.h
MODULE_ABI_VERSION = 4  # PYKC_MODULE_ABI_VERSION
SHARED_ABI_VERSION = 1  # PYKC_SHARED_ABI_VERSION, pykc/SharedABI.h
SHARED_SYMBOL = "pykc_shared_module"  # PYKC_SHARED_SYMBOL_NAME

_c_str_p = ctypes.POINTER(ctypes.c_char_p)


class GpuImage(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_uint32), ("sm", ctypes.c_uint32),
                ("arch", ctypes.c_char_p), ("data", ctypes.c_void_p),
                ("size", ctypes.c_uint64), ("group", ctypes.c_uint32),
                ("reserved", ctypes.c_uint32)]


class KernelEntry(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("symbol", ctypes.c_char_p),
                ("signature", ctypes.c_char_p), ("num_params", ctypes.c_uint32),
                ("num_slots", ctypes.c_uint32), ("cpu_shared_bytes", ctypes.c_uint64),
                ("cpu_uses_barrier", ctypes.c_uint32), ("flags", ctypes.c_uint32),
                ("cpu_thread", ctypes.c_void_p), ("cpu_blocks", ctypes.c_void_p),
                ("param_names", _c_str_p), ("param_types", _c_str_p),
                ("gpu_group", ctypes.c_uint32), ("reserved", ctypes.c_uint32)]


class ModuleImage(ctypes.Structure):
    _fields_ = [("abi_version", ctypes.c_uint32), ("num_images", ctypes.c_uint32),
                ("num_kernels", ctypes.c_uint32), ("num_checked_kernels", ctypes.c_uint32),
                ("name", ctypes.c_char_p), ("source", ctypes.c_char_p),
                ("images", ctypes.POINTER(GpuImage)),
                ("kernels", ctypes.POINTER(KernelEntry)),
                ("num_gpu_groups", ctypes.c_uint32), ("reserved", ctypes.c_uint32)]


class SharedReduction(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("dtype", ctypes.c_char_p),
                ("gpu_kernel", ctypes.c_uint32), ("cpu_kernel", ctypes.c_uint32)]


HostEntry = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p),
                             ctypes.c_void_p)


class SharedFunction(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("symbol", ctypes.c_char_p),
                ("signature", ctypes.c_char_p), ("num_params", ctypes.c_uint32),
                ("num_result_slots", ctypes.c_uint32), ("param_names", _c_str_p),
                ("param_types", _c_str_p), ("return_type", ctypes.c_char_p),
                ("entry", HostEntry)]


class SharedModule(ctypes.Structure):
    _fields_ = [("abi_version", ctypes.c_uint32), ("num_reductions", ctypes.c_uint32),
                ("num_functions", ctypes.c_uint32), ("shared_version", ctypes.c_uint32),
                ("module", ctypes.POINTER(ModuleImage)),
                ("reductions", ctypes.POINTER(SharedReduction)),
                ("functions", ctypes.POINTER(SharedFunction))]


def text(p):
    return p.decode("utf-8") if p is not None else ""


def strings(array, count):
    return [text(array[i]) for i in range(count)] if count else []


_u32x3 = ctypes.c_uint32 * 3
_status = ctypes.c_int


class PykcError(RuntimeError):
    """A failure the runtime reported (pykc_last_error's message)."""

    def __init__(self, message, status):
        super().__init__(message)
        self.status = status


class Runtime:
    """The runtime's C functions, found through a loaded library's handle
    (its dependency libpykcRuntime.so), so all modules share one runtime."""

    def __init__(self, lib):
        self.lib = lib
        p, sz = ctypes.c_void_p, ctypes.c_size_t
        sigs = {
            "pykc_last_error": (ctypes.c_char_p, []),
            "pykc_current_device": (_status, [ctypes.POINTER(ctypes.c_int)]),
            "pykc_device_is_cuda": (_status, [ctypes.c_int, ctypes.POINTER(ctypes.c_int)]),
            "pykc_synchronize": (_status, []),
            "pykc_malloc": (_status, [ctypes.POINTER(p), sz]),
            "pykc_free": (_status, [p]),
            "pykc_memcpy_htod": (_status, [p, p, sz]),
            "pykc_memcpy_dtoh": (_status, [p, p, sz]),
            "pykc_memcpy_dtod": (_status, [p, p, sz]),
            "pykc_module_find_kernel": (_status, [ctypes.POINTER(ModuleImage), ctypes.c_char_p,
                                                  ctypes.POINTER(ctypes.c_uint32)]),
            "pykc_module_launch": (_status, [ctypes.POINTER(ModuleImage), ctypes.c_uint32,
                                             _u32x3, _u32x3, sz, ctypes.POINTER(p)]),
            "pykc_module_reduce": (_status, [ctypes.POINTER(ModuleImage), ctypes.c_uint32,
                                             ctypes.c_uint32, sz, p, ctypes.c_int64,
                                             ctypes.c_int64, ctypes.c_int, p, p]),
        }
        for name, (restype, argtypes) in sigs.items():
            f = getattr(lib, name)
            f.restype, f.argtypes = restype, argtypes
            setattr(self, name[5:], self._checked(f) if restype is _status else f)

    def _checked(self, f):
        def call(*args):
            status = f(*args)
            if status != 0:
                raise PykcError(text(self.lib.pykc_last_error()), status)
        return call

    def on_gpu(self):
        """Whether the current device is a CUDA GPU (else the CPU device)."""
        dev, cuda = ctypes.c_int(), ctypes.c_int()
        self.current_device(ctypes.byref(dev))
        self.device_is_cuda(dev.value, ctypes.byref(cuda))
        return bool(cuda.value)
