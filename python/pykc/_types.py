"""Numba type spellings as a pykc library's tables give them ("float32",
"float32[:, ::1]", "(int64, float64)", "OptionalType(int64)"), parsed into
small objects that know how to check and convert a Python argument."""

import numpy as np

SCALARS = {
    "bool": np.bool_, "boolean": np.bool_,
    "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32, "uint64": np.uint64,
    "float16": np.float16, "float32": np.float32, "float64": np.float64,
    "complex64": np.complex64, "complex128": np.complex128,
}


class Scalar:
    def __init__(self, name):
        self.name = "bool" if name == "boolean" else name
        self.dtype = np.dtype(SCALARS[name])

    def __str__(self):
        return self.name

    @property
    def slots(self):  # KernelABI.h: a complex is two parameters
        return 2 if self.dtype.kind == "c" else 1


class Array:
    def __init__(self, element, ndim, layout):
        self.element, self.ndim, self.layout = element, ndim, layout
        self.dtype = element.dtype

    def __str__(self):
        dims = []
        for d in range(self.ndim):
            unit = (self.layout == "C" and d == self.ndim - 1) or (self.layout == "F" and d == 0)
            dims.append("::1" if unit else ":")
        return "%s[%s]" % (self.element, ", ".join(dims))


class Tuple:
    def __init__(self, name, elements):
        self.name, self.elements = name, elements

    def __str__(self):
        inner = ", ".join(str(e) for e in self.elements)
        single = len(self.elements) == 1 and not self.name
        return "%s(%s%s)" % (self.name, inner, "," if single else "")


class Optional:
    def __init__(self, base):
        self.base = base

    def __str__(self):
        return "OptionalType(%s)" % self.base


class NoneType:
    def __str__(self):
        return "none"


class Unsupported:
    """A type the loader cannot pass (a record, an enum class)."""

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text


def _split(inner):
    """Top-level comma-separated parts of inner."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    return [p.strip() for p in parts if p.strip()]


def parse(text):
    text = text.strip()
    if text == "none":
        return NoneType()
    if text in SCALARS:
        return Scalar(text)
    if text.startswith("OptionalType(") and text.endswith(")"):
        return Optional(parse(text[len("OptionalType("):-1]))
    if text.endswith("]") and "[" in text:
        head, dims = text[:-1].split("[", 1)
        if head in SCALARS:
            parts = [d.strip() for d in dims.split(",")]
            layout = "A"
            if parts and parts[-1] == "::1":
                layout = "C"
            elif parts and parts[0] == "::1" and len(parts) > 1:
                layout = "F"
            return Array(Scalar(head), len(parts), layout)
    if text.endswith(")") and "(" in text:
        name, inner = text[:-1].split("(", 1)
        if name == "" or name.isidentifier():
            return Tuple(name, [parse(p) for p in _split(inner)])
    return Unsupported(text)


def describe(value):
    """How a rejected argument is named in a TypeError: its Numba type when
    it is an array (float64[::1] array, a DLPack tensor's too), else its
    Python type."""
    info = None
    if isinstance(value, np.ndarray):
        info = value.dtype, value.shape, value.strides, "array"
    elif hasattr(value, "__cuda_array_interface__"):
        cai = value.__cuda_array_interface__
        info = np.dtype(cai["typestr"]), tuple(cai["shape"]), cai.get("strides"), "array"
    elif hasattr(value, "__dlpack__") or type(value).__name__ == "PyCapsule":
        from . import _dlpack
        try:
            t = _dlpack.tensor_of(value)
        except TypeError:
            t = None
        if t is not None:
            info = t.dtype, t.shape, t.strides, "DLPack tensor"
    if info is not None:
        dtype, shape, strides, what = info
        name = "bool" if dtype == np.bool_ else str(dtype)
        if not shape:
            return "%s 0-d %s" % (name, what)
        layout = "A"
        if strides is None or _contiguous(shape, strides, dtype.itemsize, "C"):
            layout = "C"
        elif _contiguous(shape, strides, dtype.itemsize, "F"):
            layout = "F"
        return "%s %s" % (Array(Scalar(name), len(shape), layout), what)
    if isinstance(value, np.generic):
        return "numpy.%s" % type(value).__name__
    return type(value).__name__


def _contiguous(shape, strides, itemsize, order):
    step = itemsize
    for d in (range(len(shape) - 1, -1, -1) if order == "C" else range(len(shape))):
        if shape[d] != 1 and strides[d] != step:
            return False
        step *= shape[d]
    return True


def scalar_value(ty, value):
    """value converted to ty's dtype as Numba's dispatcher converts a
    Python or NumPy scalar (safe conversions only); None when it cannot."""
    kind = ty.dtype.kind
    if isinstance(value, (bool, np.bool_)):
        ok = True
    elif isinstance(value, (int, np.integer)):
        ok = kind in "iufc"
    elif isinstance(value, (float, np.floating)):
        ok = kind in "fc"
    elif isinstance(value, (complex, np.complexfloating)):
        ok = kind == "c"
    else:
        ok = False
    if not ok:
        return None
    if kind in "iu" and not isinstance(value, (bool, np.bool_)):
        info = np.iinfo(ty.dtype)
        if not info.min <= int(value) <= info.max:
            return None
    return np.array(value, dtype=ty.dtype)
