"""Device memory from Python: DeviceArray (what Numba calls a device
array), and the copies a launch makes of host arrays."""

import ctypes

import numpy as np


class DeviceArray:
    """An array in the current device's memory (pykc_malloc), freed when it
    is collected. On a GPU it has __cuda_array_interface__, so CuPy, PyTorch
    and Numba use it in place; on the CPU device it is the runtime's guarded
    host memory, which only pykc's kernels read."""

    def __init__(self, runtime, shape, dtype, strides=None, order="C"):
        self._runtime = runtime
        self.shape = tuple(int(s) for s in (shape if isinstance(shape, tuple) else (shape,)))
        self.dtype = np.dtype(dtype)
        if strides is None:
            strides = _contiguous_strides(self.shape, self.dtype.itemsize, order)
        self.strides = tuple(int(s) for s in strides)
        self.nbytes = int(np.prod(self.shape, dtype=np.int64)) * self.dtype.itemsize
        ptr = ctypes.c_void_p()
        runtime.malloc(ctypes.byref(ptr), max(self.nbytes, 1))
        self.ptr = ptr.value

    @classmethod
    def from_host(cls, runtime, ary):
        """A device copy of the host array ary, in its order."""
        ary = np.asarray(ary)
        f = ary.flags.f_contiguous and not ary.flags.c_contiguous
        d = cls(runtime, ary.shape, ary.dtype, order="F" if f else "C")
        d.copy_to_device(ary)
        return d

    @property
    def size(self):
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def ndim(self):
        return len(self.shape)

    def __len__(self):
        return self.shape[0]

    def copy_to_device(self, ary):
        """Copies the host array ary (same shape and dtype) into this one."""
        ary = np.asarray(ary, dtype=self.dtype)
        if ary.shape != self.shape:
            raise ValueError("copy_to_device: shape %s into a device array of shape %s"
                             % (ary.shape, self.shape))
        src = _like(ary, self.strides)
        if self.nbytes:
            self._runtime.memcpy_htod(self.ptr, src.ctypes.data, self.nbytes)

    def copy_to_host(self, ary=None):
        """The array's values in a NumPy array (ary, when given, is filled)."""
        c = _contiguous_strides(self.shape, self.dtype.itemsize, "C")
        out = np.empty(self.shape, self.dtype, order="C" if self.strides == c else "F")
        if self.nbytes:
            self._runtime.memcpy_dtoh(out.ctypes.data, self.ptr, self.nbytes)
        if ary is not None:
            ary[...] = out
            return ary
        return out

    @property
    def __cuda_array_interface__(self):
        if not self._runtime.on_gpu():
            raise AttributeError("a pykc DeviceArray on the CPU device is not CUDA memory")
        return {"shape": self.shape, "strides": self.strides, "typestr": self.dtype.str,
                "data": (self.ptr, False), "version": 3}

    def free(self):
        """Frees the memory now (the array is empty afterwards)."""
        ptr, self.ptr = getattr(self, "ptr", None), None
        if ptr:
            self._runtime.free(ptr)

    def __del__(self):
        try:
            self.free()
        except Exception:  # at interpreter shutdown
            pass

    def __repr__(self):
        return "<pykc.DeviceArray shape=%s dtype=%s>" % (self.shape, self.dtype)


def _contiguous_strides(shape, itemsize, order):
    strides, step = [0] * len(shape), itemsize
    dims = range(len(shape) - 1, -1, -1) if order == "C" else range(len(shape))
    for d in dims:
        strides[d] = step
        step *= max(shape[d], 1)
    return tuple(strides)


def _like(ary, strides):
    """ary with exactly these byte strides (C or F order), copied if need be."""
    if ary.strides == tuple(strides):
        return ary
    f = ary.ndim > 1 and tuple(strides) == _contiguous_strides(ary.shape, ary.itemsize, "F")
    return np.asfortranarray(ary) if f else np.ascontiguousarray(ary)


class HostCopy:
    """A host array's device copy for one launch, as Numba makes one: the
    values go to the device before the launch and come back after it."""

    def __init__(self, runtime, ary):
        self.host = ary
        # A contiguous array (either order) goes as it is; any other is
        # copied to C order first and written back through its view.
        if ary.flags.c_contiguous or ary.flags.f_contiguous:
            self.staging = ary
        else:
            self.staging = np.ascontiguousarray(ary)
        self.device = DeviceArray(runtime, ary.shape, ary.dtype, self.staging.strides)
        if self.device.nbytes:
            runtime.memcpy_htod(self.device.ptr, self.staging.ctypes.data, self.device.nbytes)

    def copy_back(self, runtime):
        if not self.host.flags.writeable or not self.device.nbytes:
            return
        if self.staging is self.host:
            runtime.memcpy_dtoh(self.host.ctypes.data, self.device.ptr, self.device.nbytes)
        else:
            runtime.memcpy_dtoh(self.staging.ctypes.data, self.device.ptr, self.device.nbytes)
            self.host[...] = self.staging
