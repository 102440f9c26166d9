"""A loaded pykc shared library as a Python module: its kernels launch as
Numba's do (kernel[grid, block](args)), its @cuda.reduce functions and its
@njit functions are called as Numba's are."""

import builtins
import ctypes
import re
import types

import numpy as np

from . import _abi, _dlpack, _types
from ._device import DeviceArray, HostCopy


def _dims(value, what):
    if isinstance(value, (int, np.integer)):
        value = (value,)
    if not isinstance(value, tuple) or not 1 <= len(value) <= 3 or \
            not all(isinstance(v, (int, np.integer)) for v in value):
        raise TypeError("%s must be an int or a tuple of 1 to 3 ints, not %r" % (what, value))
    dims = [int(v) for v in value] + [1] * (3 - len(value))
    for v in dims:
        if not 1 <= v <= 0xFFFFFFFF:
            raise ValueError("%s %r: every dimension must be at least 1" % (what, value))
    return (ctypes.c_uint32 * 3)(*dims)


class _Signature:
    """One compiled signature: its parameters' names and parsed types."""

    def __init__(self, name, text, names, types_):
        self.name, self.text, self.names = name, text, names
        self.types = [_types.parse(t) for t in types_]
        # The most specific signature the arguments satisfy wins, as in the
        # C++ header: those with fewer any-layout arrays first.
        self.rank = sum(1 for t in self.types if isinstance(t, _types.Array) and t.layout == "A")


class _Binder:
    """Flattens arguments into KernelABI.h's slots, keeping what the
    pointers point at alive until the call returns."""

    def __init__(self):
        self.slots, self.keep, self.copies = [], [], []

    def scalar(self, buf):
        self.keep.append(buf)
        base = buf.ctypes.data
        if buf.dtype.kind == "c":  # its real part, then its imaginary part
            self.slots += [base, base + buf.dtype.itemsize // 2]
        else:
            self.slots.append(base)

    def array(self, ptr, shape, strides):
        for v in [ctypes.c_void_p(ptr)] + [ctypes.c_int64(int(s)) for s in shape] + \
                [ctypes.c_int64(int(s)) for s in strides]:
            self.keep.append(v)
            self.slots.append(ctypes.addressof(v))

    def pointers(self):
        return (ctypes.c_void_p * max(len(self.slots), 1))(*self.slots)


def _layout_ok(ty, shape, strides, itemsize):
    """Whether an array of shape and byte strides has ty's layout."""
    if ty.layout == "A" or len(shape) <= 1 or int(np.prod(shape)) <= 1:
        return True
    order = ty.layout
    step, dims = itemsize, range(len(shape) - 1, -1, -1) if order == "C" else range(len(shape))
    for d in dims:
        if shape[d] != 1 and strides[d] != step:
            return False
        step *= shape[d]
    return True


def _array_info(value):
    """(dtype, shape, strides) of an array argument, or None."""
    if isinstance(value, (np.ndarray, DeviceArray)):
        return np.dtype(value.dtype), tuple(value.shape), tuple(value.strides)
    cai = getattr(type(value), "__cuda_array_interface__", None)
    if cai is not None:
        cai = value.__cuda_array_interface__
        dtype, shape = np.dtype(cai["typestr"]), tuple(cai["shape"])
        strides = cai.get("strides") or _contiguous(shape, dtype.itemsize)
        return dtype, shape, tuple(strides)
    t = _dlpack.tensor_of(value)
    if t is not None:
        return t.dtype, t.shape, t.strides
    return None


def _contiguous(shape, itemsize):
    strides, step = [], itemsize
    for n in reversed(shape):
        strides.insert(0, step)
        step *= max(n, 1)
    return strides


def _problem(sig, i, ty, value):
    """Why value cannot be parameter i of sig (None when it can)."""
    expected = "parameter '%s' of %s%s expects %s, but was given %s" % (
        sig.names[i], sig.name, sig.text, ty, _types.describe(value))
    if isinstance(ty, _types.Array):
        info = _array_info(value)
        if info is None:
            return expected
        dtype, shape, strides = info
        if dtype != ty.dtype or len(shape) != ty.ndim:
            return expected
        if not _layout_ok(ty, shape, strides, dtype.itemsize):
            return expected
        return None
    if isinstance(ty, _types.Scalar):
        return None if _types.scalar_value(ty, value) is not None else expected
    if isinstance(ty, _types.Tuple):
        if not isinstance(value, tuple) or len(value) != len(ty.elements):
            return expected
        for e, v in zip(ty.elements, value):
            if _problem(sig, i, e, v) is not None:
                return expected
        return None
    return "parameter '%s' of %s%s has type %s, which pykc.load() cannot pass yet" % (
        sig.names[i], sig.name, sig.text, ty)


def _choose(name, sigs, args):
    """The signature the arguments fit, else a TypeError."""
    problems = []
    for sig in sorted(sigs, key=lambda s: s.rank):
        if len(args) != len(sig.types):
            problems.append("%s%s takes %d argument%s, %d given" % (
                name, sig.text, len(sig.types), "" if len(sig.types) == 1 else "s", len(args)))
            continue
        p = next((p for p in (_problem(sig, i, t, a)
                              for i, (t, a) in enumerate(zip(sig.types, args))) if p), None)
        if p is None:
            return sig
        problems.append(p)
    if len(problems) == 1:
        raise TypeError(problems[0])
    raise TypeError("no signature of %s takes (%s):\n  %s" % (
        name, ", ".join(_types.describe(a) for a in args), "\n  ".join(problems)))


class Kernel:
    """A @cuda.jit kernel: kernel[grid, block](args) or
    kernel[grid, block, stream, shared_bytes](args), as in Numba."""

    def __init__(self, module, name, entries):
        self._module, self.__name__ = module, name
        self.signatures = [_Signature(name, _abi.text(e.signature),
                                      _abi.strings(e.param_names, e.num_params),
                                      _abi.strings(e.param_types, e.num_params))
                           for _, e in entries]
        self._index = {id(s): i for s, (i, _) in zip(self.signatures, entries)}

    def __getitem__(self, config):
        if not isinstance(config, tuple) or not 2 <= len(config) <= 4:
            raise TypeError("%s[...] takes [grid, block], [grid, block, stream] or "
                            "[grid, block, stream, shared_bytes]" % self.__name__)
        grid, block = _dims(config[0], "grid"), _dims(config[1], "block")
        stream = config[2] if len(config) > 2 else 0
        if stream not in (0, None):
            raise NotImplementedError("%s: launches on a stream are not supported by "
                                      "pykc.load() yet; pass 0" % self.__name__)
        shared = int(config[3]) if len(config) > 3 else 0
        return lambda *args: self._launch(grid, block, shared, args)

    def __call__(self, *args):
        raise TypeError("%s is a kernel: launch it as %s[blocks, threads](...)"
                        % (self.__name__, self.__name__))

    def _launch(self, grid, block, shared, args):
        rt = self._module._runtime
        sig = _choose(self.__name__, self.signatures, args)
        b = _Binder()
        try:
            for i, (ty, value) in enumerate(zip(sig.types, args)):
                self._bind(rt, b, sig, i, ty, value)
            rt.module_launch(self._module._image, self._index[id(sig)], grid, block, shared,
                             b.pointers())
            if b.copies:  # as Numba: wait, then copy host arrays back
                rt.synchronize()
                for c in b.copies:
                    c.copy_back(rt)
        finally:
            for c in b.copies:
                c.device.free()

    def _bind(self, rt, b, sig, i, ty, value):
        if isinstance(ty, _types.Tuple):
            for e, v in zip(ty.elements, value):
                self._bind(rt, b, sig, i, e, v)
        elif isinstance(ty, _types.Scalar):
            b.scalar(_types.scalar_value(ty, value))
        elif isinstance(value, DeviceArray):
            b.array(value.ptr, value.shape, value.strides)
        elif isinstance(value, np.ndarray):
            copy = HostCopy(rt, value)
            b.copies.append(copy)
            b.array(copy.device.ptr, value.shape, copy.device.strides)
        elif getattr(type(value), "__cuda_array_interface__", None) is None:
            self._bind_dlpack(rt, b, sig, i, _dlpack.tensor_of(value))
        else:  # __cuda_array_interface__: the memory is used in place
            if not rt.on_gpu():
                raise TypeError(
                    "parameter '%s' of %s%s was given a CUDA array (%s, with "
                    "__cuda_array_interface__), but pykc runs on the CPU device (no GPU, "
                    "or PYKC_BACKEND=cpu); pass a NumPy array" % (
                        sig.names[i], sig.name, sig.text, type(value).__name__))
            cai = value.__cuda_array_interface__
            dtype, shape, strides = _array_info(value)
            b.array(cai["data"][0], shape, strides)

    def _bind_dlpack(self, rt, b, sig, i, t):
        b.keep.append(t)
        if t.on_host:  # host memory: copied as a NumPy array's is
            copy = HostCopy(rt, t.host_array())
            b.copies.append(copy)
            b.array(copy.device.ptr, t.shape, copy.device.strides)
        elif t.device_type in (_dlpack.CUDA, _dlpack.CUDA_MANAGED) and rt.on_gpu():
            b.array(t.ptr, t.shape, t.strides)
        else:
            raise TypeError(
                "parameter '%s' of %s%s was given a DLPack tensor on device type %d, but pykc "
                "runs on the %s; pass host memory or a tensor of this GPU" % (
                    sig.names[i], sig.name, sig.text, t.device_type,
                    "GPU" if rt.on_gpu() else "CPU device (no GPU, or PYKC_BACKEND=cpu)"))

    def __repr__(self):
        return "<pykc kernel %s: %s>" % (self.__name__, ", ".join(
            s.text for s in self.signatures))


class Reduction:
    """A @cuda.reduce function: f(arr, size=None, res=None, init=0), as
    Numba's Reduce.__call__ (streams are not taken)."""

    def __init__(self, module, name, entries):
        self._module, self.__name__ = module, name
        self._kernels = {np.dtype(_abi.text(r.dtype)): (r.gpu_kernel, r.cpu_kernel)
                         for r in entries}

    @property
    def dtypes(self):
        return list(self._kernels)

    def __call__(self, arr, size=None, res=None, init=0, stream=0):
        rt = self._module._runtime
        if stream not in (0, None):
            raise NotImplementedError("%s: streams are not supported by pykc.load() yet"
                                      % self.__name__)
        info = _array_info(arr)
        if info is None or len(info[1]) != 1:
            raise TypeError("%s reduces a 1-d array, but was given %s"
                            % (self.__name__, _types.describe(arr)))
        dtype, shape, strides = info
        if dtype not in self._kernels:
            raise TypeError("%s was compiled for %s, not for %s (add --sig '%s(%s)')" % (
                self.__name__, ", ".join(str(d) for d in self._kernels), dtype,
                self.__name__, dtype))
        n = shape[0] if size is None else max(0, min(int(size), shape[0]))
        init_buf = np.array(init, dtype=dtype)
        out = np.zeros(1, dtype=dtype)
        gpu, cpu = self._kernels[dtype]
        t = None if isinstance(arr, (np.ndarray, DeviceArray)) or getattr(
            type(arr), "__cuda_array_interface__", None) is not None else _dlpack.tensor_of(arr)
        if t is not None and t.on_host:
            arr = t.host_array()
        if isinstance(arr, np.ndarray):
            host = np.ascontiguousarray(arr[:n])
            rt.module_reduce(self._module._image, gpu, cpu, dtype.itemsize, host.ctypes.data,
                             n, dtype.itemsize, 0, init_buf.ctypes.data, out.ctypes.data)
        else:
            if not isinstance(arr, DeviceArray) and not rt.on_gpu():
                raise TypeError("%s was given a CUDA array (%s), but pykc runs on the CPU "
                                "device; pass a NumPy array" % (self.__name__, type(arr).__name__))
            ptr = arr.ptr if isinstance(arr, DeviceArray) else t.ptr if t is not None else \
                arr.__cuda_array_interface__["data"][0]
            rt.module_reduce(self._module._image, gpu, cpu, dtype.itemsize, ptr, n,
                             strides[0], 1, init_buf.ctypes.data, out.ctypes.data)
        if res is not None:  # as Numba: the result stays on the device
            if not isinstance(res, DeviceArray):
                raise TypeError("%s: res must be a pykc DeviceArray" % self.__name__)
            rt.memcpy_htod(res.ptr, out.ctypes.data, dtype.itemsize)
            return None
        return out[0]

    def __repr__(self):
        return "<pykc reduction %s: %s>" % (self.__name__, ", ".join(map(str, self._kernels)))


_RAISED = re.compile(r": (\w+(?:Error|Exception)): ")


class Function:
    """An @njit function, run on the calling thread with NumPy arrays in
    place (as Numba's @njit takes them)."""

    def __init__(self, module, name, entries):
        self._module, self.__name__ = module, name
        self.signatures = []
        self._entries = {}
        for f in entries:
            sig = _Signature(name, _abi.text(f.signature),
                             _abi.strings(f.param_names, f.num_params),
                             _abi.strings(f.param_types, f.num_params))
            sig.result = _types.parse(_abi.text(f.return_type))
            sig.result_slots = f.num_result_slots
            self.signatures.append(sig)
            self._entries[id(sig)] = f.entry

    def __call__(self, *args):
        sig = _choose(self.__name__, self.signatures, args)
        b = _Binder()
        for i, (ty, value) in enumerate(zip(sig.types, args)):
            self._bind(b, sig, i, ty, value)
        result = (ctypes.c_uint64 * max(sig.result_slots, 1))()
        raised = self._entries[id(sig)](b.pointers(), ctypes.cast(result, ctypes.c_void_p))
        if raised:
            message = ctypes.string_at(raised).decode("utf-8", "replace")
            m = _RAISED.search(message)
            cls = getattr(builtins, m.group(1), None) if m else None
            if not (isinstance(cls, type) and issubclass(cls, Exception)):
                cls = _abi.PykcError
            raise cls(message) if cls is not _abi.PykcError else cls(message, 7)
        values, _ = _decode(sig.result, result, 0)
        return values

    def _bind(self, b, sig, i, ty, value):
        if isinstance(ty, _types.Tuple):
            for e, v in zip(ty.elements, value):
                self._bind(b, sig, i, e, v)
        elif isinstance(ty, _types.Scalar):
            b.scalar(_types.scalar_value(ty, value))
        elif isinstance(value, np.ndarray):
            b.keep.append(value)
            b.array(value.ctypes.data, value.shape, value.strides)
        elif self._host_tensor(value) is not None:
            t = self._host_tensor(value)
            b.keep.append(t)
            b.array(t.ptr, t.shape, t.strides)
        else:
            raise TypeError("parameter '%s' of %s%s: an @njit function runs on the host and "
                            "takes NumPy arrays, not %s" % (sig.names[i], sig.name, sig.text,
                                                             type(value).__name__))

    @staticmethod
    def _host_tensor(value):
        """value's DLPack tensor when it is one in host memory."""
        if getattr(type(value), "__cuda_array_interface__", None) is not None:
            return None
        t = _dlpack.tensor_of(value)
        return t if t is not None and t.on_host else None

    def __repr__(self):
        return "<pykc @njit %s: %s>" % (self.__name__, ", ".join(
            s.text for s in self.signatures))


def _decode(ty, slots, i):
    """The Python value of ty from the 64-bit result slots at i, and the
    next slot."""
    if isinstance(ty, _types.NoneType):
        return None, i
    if isinstance(ty, _types.Tuple):
        out = []
        for e in ty.elements:
            v, i = _decode(e, slots, i)
            out.append(v)
        return tuple(out), i
    if isinstance(ty, _types.Optional):
        holds = slots[i] != 0
        v, i = _decode(ty.base, slots, i + 1)
        return (v if holds else None), i
    if not isinstance(ty, _types.Scalar):
        raise NotImplementedError("pykc.load() cannot return a %s yet" % ty)
    kind, bits = ty.dtype.kind, ty.dtype.itemsize * 8
    if kind == "c":
        half = bits // 2
        parts = [_float(slots[k] & ((1 << half) - 1), half) for k in (i, i + 1)]
        return complex(*parts), i + 2
    raw = slots[i] & ((1 << bits) - 1)
    if kind == "b":
        return raw != 0, i + 1
    if kind == "f":
        return _float(raw, bits), i + 1
    if kind == "i" and raw >= 1 << (bits - 1):
        raw -= 1 << bits
    return int(raw), i + 1


def _float(raw, bits):
    """The float whose IEEE bits (bits wide) are raw."""
    return float(np.array(raw, dtype="uint%d" % bits).view("float%d" % bits))


class Module(types.ModuleType):
    """A pykc shared library: its kernels, reductions and @njit functions as
    attributes (a class's kernels under the class's name: mod.Ops.scale)."""

    def __init__(self, path, lib, shared, runtime):
        image = shared.module
        super().__init__(_abi.text(image.contents.name))
        self.__file__ = path
        self._lib, self._shared, self._image, self._runtime = lib, shared, image, runtime
        self.source = _abi.text(image.contents.source)
        self.kernels, self.reductions, self.functions = {}, {}, {}
        reduce_kernels = set()
        groups = {}
        for k in range(shared.num_reductions):
            r = shared.reductions[k]
            reduce_kernels.update((r.gpu_kernel, r.cpu_kernel))
            groups.setdefault(_abi.text(r.name), []).append(r)
        for name, rs in groups.items():
            self.reductions[name] = Reduction(self, name, rs)
        groups = {}
        for k in range(image.contents.num_kernels):
            if k not in reduce_kernels:
                e = image.contents.kernels[k]
                groups.setdefault(_abi.text(e.name), []).append((k, e))
        for name, es in groups.items():
            self.kernels[name] = Kernel(self, name, es)
        groups = {}
        for k in range(shared.num_functions):
            f = shared.functions[k]
            groups.setdefault(_abi.text(f.name), []).append(f)
        for name, fs in groups.items():
            self.functions[name] = Function(self, name, fs)
        for table in (self.kernels, self.reductions, self.functions):
            for name, obj in table.items():
                self._attach(name, obj)

    def _attach(self, dotted, obj):
        *classes, leaf = dotted.split(".")
        where = self
        for c in classes:
            if not hasattr(where, c):
                setattr(where, c, types.SimpleNamespace())
            where = getattr(where, c)
        setattr(where, leaf, obj)

    @property
    def on_gpu(self):
        """Whether launches run on a CUDA GPU (else on the CPU device)."""
        return self._runtime.on_gpu()

    def to_device(self, ary):
        """A DeviceArray holding a copy of the host array ary."""
        return DeviceArray.from_host(self._runtime, ary)

    def device_array(self, shape, dtype=np.float64, order="C"):
        """An uninitialized DeviceArray, as numba.cuda.device_array."""
        return DeviceArray(self._runtime, shape, dtype, order=order)

    def synchronize(self):
        self._runtime.synchronize()

    def __repr__(self):
        return "<pykc module %r from %r>" % (self.__name__, self.__file__)
