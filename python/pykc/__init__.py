"""pykc's compiled kernels from Python, without Numba.

    import pykc
    mod = pykc.load("libkernels.so")   # pykc kernels.py -c --shared -o libkernels.so
    mod.increment_by_one[blocks, threads](an_array)   # NumPy arrays, as Numba
    total = mod.sum_reduce(A)                         # @cuda.reduce
    s = mod.numba_reduce(A)                           # @njit

Pure Python over the runtime's C interface (ctypes; pykc/runtime_c.h and
pykc/SharedABI.h): no compiled extension, any CPython 3 with NumPy. The
runtime picks the device as everywhere: the first GPU, else the CPU backend
(PYKC_BACKEND=cpu forces it)."""

import ctypes
import os

from ._abi import (ABI_VERSION, MODULE_ABI_VERSION, SHARED_ABI_VERSION, SHARED_SYMBOL, PykcError,
                   Runtime, SharedModule)
from ._device import DeviceArray
from ._module import Function, Kernel, Module, Reduction

__all__ = ["load", "Module", "Kernel", "Reduction", "Function", "DeviceArray", "PykcError",
           "to_device", "device_array"]
__version__ = "0.1.0"

_runtime = None


def load(path):
    """The module of the shared library at path (`pykc FILE.py -c --shared`)."""
    global _runtime
    path = os.fspath(path)
    try:
        # A file by its absolute path (so a name in the current folder is
        # that file); a bare library name as the dynamic loader finds it.
        lib = ctypes.CDLL(os.path.abspath(path) if os.path.exists(path) else path)
    except OSError as e:
        raise ImportError("pykc.load: cannot load %s: %s" % (path, e)) from None
    try:
        shared = SharedModule.in_dll(lib, SHARED_SYMBOL)
    except ValueError:
        raise ImportError("pykc.load: %s is not a pykc shared library (it has no %s); build "
                          "it with `pykc FILE.py -c --shared -o %s`" % (
                              path, SHARED_SYMBOL, os.path.basename(path))) from None
    if shared.abi_version != ABI_VERSION or shared.shared_version != SHARED_ABI_VERSION or \
            shared.module.contents.abi_version != MODULE_ABI_VERSION:
        raise ImportError("pykc.load: %s was built for runtime ABI %d (table version %d), but "
                          "this pykc package reads ABI %d (table version %d); rebuild it with "
                          "the pykc this package came with" % (
                              path, shared.abi_version, shared.shared_version, ABI_VERSION,
                              SHARED_ABI_VERSION))
    runtime = Runtime(lib)
    _runtime = _runtime or runtime
    return Module(path, lib, shared, runtime)


def _the_runtime():
    if _runtime is None:
        raise RuntimeError("load a pykc module (pykc.load) before allocating device memory")
    return _runtime


def to_device(ary):
    """A DeviceArray holding a copy of the host array ary (numba.cuda.to_device)."""
    return DeviceArray.from_host(_the_runtime(), ary)


def device_array(shape, dtype=float, order="C"):
    """An uninitialized DeviceArray (numba.cuda.device_array)."""
    return DeviceArray(_the_runtime(), shape, dtype, order=order)


def synchronize():
    """Waits for the current device's launches (numba.cuda.synchronize)."""
    _the_runtime().synchronize()
