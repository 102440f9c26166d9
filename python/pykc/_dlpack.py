"""DLPack (the exchange format of PyTorch, CuPy, JAX and NumPy) read with
ctypes: an object's __dlpack__() capsule, or a capsule itself, described as
a pointer, a dtype, a shape and byte strides. The capsule is not consumed
(not renamed "used_dltensor"): its producer frees the tensor when it dies,
and the loader keeps it alive for the call."""

import ctypes

import numpy as np

CPU, CUDA, CUDA_HOST, CUDA_MANAGED = 1, 2, 3, 13  # DLDeviceType


class _Device(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _Tensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _Device), ("ndim", ctypes.c_int32),
                ("dtype", _DataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class _ManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", _Tensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p)]


_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_get_pointer.restype, _get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
_is_valid = ctypes.pythonapi.PyCapsule_IsValid
_is_valid.restype, _is_valid.argtypes = ctypes.c_int, [ctypes.py_object, ctypes.c_char_p]

# DLDataTypeCode: int, uint, float, complex, bool.
_KINDS = {0: "int", 1: "uint", 2: "float", 5: "complex", 6: "bool"}


class Tensor:
    """What a DLPack capsule describes, with the capsule kept alive."""

    def __init__(self, capsule):
        self.capsule = capsule
        t = _ManagedTensor.from_address(_get_pointer(capsule, b"dltensor")).dl_tensor
        self.device_type = t.device.device_type
        kind = _KINDS.get(t.dtype.code)
        if kind is None or t.dtype.lanes != 1:
            raise TypeError("a DLPack tensor of type code %d (%d bits, %d lanes), which pykc "
                            "cannot pass" % (t.dtype.code, t.dtype.bits, t.dtype.lanes))
        self.dtype = np.dtype(np.bool_ if kind == "bool" else "%s%d" % (kind, t.dtype.bits))
        self.shape = tuple(int(t.shape[i]) for i in range(t.ndim))
        item = self.dtype.itemsize
        if t.strides:  # in elements
            self.strides = tuple(int(t.strides[i]) * item for i in range(t.ndim))
        else:  # compact, C order
            strides, step = [], item
            for n in reversed(self.shape):
                strides.insert(0, step)
                step *= max(n, 1)
            self.strides = tuple(strides)
        self.ptr = (t.data or 0) + t.byte_offset

    @property
    def on_host(self):
        return self.device_type in (CPU, CUDA_HOST)

    def host_array(self):
        """Host memory as a NumPy view of it (writes reach the tensor)."""
        if any(s < 0 for s in self.strides):
            raise TypeError("a DLPack tensor with negative strides, which pykc cannot pass")
        size = int(np.prod(self.shape, dtype=np.int64))
        span = 0 if size == 0 else self.dtype.itemsize + sum(
            (n - 1) * s for n, s in zip(self.shape, self.strides))
        if span == 0:
            return np.empty(self.shape, self.dtype)
        buf = (ctypes.c_char * span).from_address(self.ptr)
        return np.ndarray(self.shape, self.dtype, buffer=buf, strides=self.strides)


def tensor_of(value):
    """The DLPack tensor of value (a capsule, or an object with __dlpack__),
    or None when it has none."""
    if type(value).__name__ == "PyCapsule":
        return Tensor(value) if _is_valid(value, b"dltensor") else None
    if hasattr(value, "__dlpack__"):
        return Tensor(value.__dlpack__())
    return None
