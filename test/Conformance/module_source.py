"""Rebuilds a kernel that Numba's tests define as a self-contained module.

Numba's tests define kernels inside test methods: they close over local
variables, call device functions defined next to them and read module
globals. pykc compiles a file, so to replay a kernel the source of the
kernel and of everything it refers to is written out as one module:

  * modules (math, numpy, numba, numba.cuda) become imports;
  * device functions, kernels and @njit functions become their own source,
    with their decorators reduced to what pykc reads;
  * ints, floats, bools, strings and tuples of them become assignments;
    Numba and NumPy types become imports from numba / numpy;
  * NumPy arrays become `np.array([...], dtype=np.T)` (Numba freezes global
    arrays as constants, so the kernel sees the values of the launch).

Anything else (records, enums, Python objects, functions without source)
makes the kernel not replayable, with the reason.
"""

import ast
import builtins
import enum
import inspect
import math
import textwrap
import types as pytypes

import numpy as np


class NotReplayable(Exception):
    """The kernel cannot be written out as a module; the message says why."""


# Names every generated module starts with; free names resolving to these
# modules reuse them.
PRELUDE = ["import math", "import numpy as np", "import numba",
           "from numba import cuda"]


def _function_source(fn):
    try:
        text = inspect.getsource(fn)
    except (OSError, TypeError) as e:
        raise NotReplayable("no source for %s (%s)" % (fn.__qualname__, e))
    text = textwrap.dedent(text)
    try:
        tree = ast.parse(text)
    except SyntaxError:
        raise NotReplayable("the source of %s is not a whole definition"
                            % fn.__qualname__)
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    if len(defs) != 1 or defs[0].name != fn.__name__:
        raise NotReplayable("the source of %s is not one def (a lambda or a "
                            "generated function)" % fn.__qualname__)
    return defs[0]


class _FreeNames(ast.NodeVisitor):
    """Names a function reads that it does not bind itself."""

    def __init__(self):
        self.bound = set()
        self.loaded = []

    def visit_FunctionDef(self, node):
        for a in node.args.args + node.args.kwonlyargs + node.args.posonlyargs:
            self.bound.add(a.arg)
        if node.args.vararg:
            self.bound.add(node.args.vararg.arg)
        for stmt in node.body:
            self.visit(stmt)

    def visit_Name(self, node):
        if isinstance(node.ctx, (ast.Store, ast.Del)):
            self.bound.add(node.id)
        elif node.id not in self.loaded:
            self.loaded.append(node.id)

    def visit_Import(self, node):
        for alias in node.names:
            self.bound.add((alias.asname or alias.name).split(".")[0])

    visit_ImportFrom = visit_Import

    def free(self):
        return [n for n in self.loaded if n not in self.bound]


def _namespace(fn):
    """What the function's free names refer to: its closure, then globals."""
    names = dict(fn.__globals__)
    if fn.__closure__:
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__):
            try:
                names[name] = cell.cell_contents
            except ValueError:
                raise NotReplayable("closure variable %r of %s is unset"
                                    % (name, fn.__qualname__))
    return names


def _literal(value):
    """Python source for a value that is a literal, or None."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, (int, str)):
        return repr(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "math.nan"
        if math.isinf(value):
            return "math.inf" if value > 0 else "-math.inf"
        return repr(value)
    if isinstance(value, complex):
        if any(math.isnan(x) or math.isinf(x) for x in (value.real, value.imag)):
            return "complex(%s, %s)" % (_literal(value.real), _literal(value.imag))
        return repr(value)
    if isinstance(value, np.generic) and value.dtype.kind in "biufc":
        inner = _literal(value.item())
        if inner is None:
            return None
        return "np.%s(%s)" % (value.dtype.name, inner)
    if isinstance(value, tuple):
        parts = [_literal(v) for v in value]
        if any(p is None for p in parts):
            return None
        return "(%s%s)" % (", ".join(parts), "," if len(parts) == 1 else "")
    return None


def _record_values(item):
    """A record's (or a list of them) values as Python source: tuples of
    numbers, subarrays as nested lists."""
    if isinstance(item, list):
        return "[%s]" % ", ".join(_record_values(x) for x in item)
    if isinstance(item, tuple):
        return "(%s%s)" % (", ".join(_record_values(x) for x in item),
                           "," if len(item) == 1 else "")
    if isinstance(item, np.ndarray):
        return _record_values(item.tolist())
    literal = _literal(item.item() if isinstance(item, np.generic) else item)
    if literal is None:
        raise NotReplayable("a record field value %r" % (item,))
    return literal


def _array_source(value):
    if value.dtype.names is not None:
        if value.size > 4096:
            raise NotReplayable("a global array of %d records" % value.size)
        return "np.array(%s, dtype=%s)" % (_record_values(value.tolist()),
                                           _dtype_source(value.dtype))
    if value.dtype.kind not in "biufc":
        raise NotReplayable("a global array of dtype %s" % value.dtype)
    if value.size > 4096:
        raise NotReplayable("a global array of %d elements" % value.size)
    flat = [_literal(v.item() if isinstance(v, np.generic) else v)
            for v in value.ravel().tolist()]
    body = "[%s]" % ", ".join(flat)
    src = "np.array(%s, dtype=np.%s)" % (body, value.dtype.name)
    if value.ndim != 1:
        src += ".reshape(%r)" % (value.shape,)
    return src


def _enum_source(name, cls):
    """An enum class as a class statement: int members as ints, any other
    member value (Planet's tuples of floats) as its literal."""
    base = "enum.IntEnum" if issubclass(cls, enum.IntEnum) else "enum.Enum"
    members = list(cls.__members__.items())
    values = [_literal(m.value) for _, m in members]
    if not members or None in values:
        raise NotReplayable("the enum %s, whose members are not literals" % cls.__name__)
    body = "".join("\n    %s = %s" % (n, v) for (n, _), v in zip(members, values))
    return "import enum\n\n\nclass %s(%s):%s" % (name, base, body)


def _dtype_source(dtype):
    """A NumPy dtype as source: a scalar's name, a subarray, or a record's
    np.dtype({...}) with its exact offsets and size."""
    if dtype.subdtype is not None:
        base, shape = dtype.subdtype
        return "(%s, %r)" % (_dtype_source(base), shape)
    if dtype.names is None:
        if dtype.kind not in "biufc":
            raise NotReplayable("a record field of dtype %s" % dtype)
        return repr(dtype.str)
    formats = ", ".join(_dtype_source(dtype.fields[n][0]) for n in dtype.names)
    offsets = ", ".join(str(dtype.fields[n][1]) for n in dtype.names)
    return ("np.dtype({'names': %r, 'formats': [%s], 'offsets': [%s], "
            "'itemsize': %d, 'aligned': %r})"
            % (list(dtype.names), formats, offsets, dtype.itemsize,
               bool(dtype.isalignedstruct)))


def _is_cuda_module(value):
    return (isinstance(value, pytypes.ModuleType)
            and value.__name__.startswith("numba.cuda"))


class ModuleWriter:
    """Collects the definitions a kernel needs, in dependency order."""

    def __init__(self):
        from numba.core import types as nbtypes
        from numba.core.dispatcher import Dispatcher
        from numba.cuda.simulator.kernel import FakeCUDAKernel
        self._nbtypes = nbtypes
        self._dispatcher = Dispatcher
        self._fake_kernel = FakeCUDAKernel
        self.lines = list(PRELUDE)
        # Other files of the program (a module made at run time, written
        # as one pykc reads beside the kernel's): name.py -> source.
        self.extra_files = {}
        self.defined = {"math": math, "np": np}
        self._visiting = set()
        import numba
        from numba import cuda
        self.defined["numba"] = numba
        self.defined["cuda"] = cuda

    # -- one free name -----------------------------------------------------

    def _bind(self, name, value, where):
        if name in self.defined:
            if self.defined[name] is value or _same(self.defined[name], value):
                return
            raise NotReplayable("the name %r means two things (in %s)"
                                % (name, where))
        source = self._value_source(name, value, where)
        self.defined[name] = value
        if source:
            self.lines.append(source)

    def _value_source(self, name, value, where):
        if isinstance(value, pytypes.ModuleType):
            if _is_cuda_module(value):
                return "from numba import cuda as %s" % name
            import importlib.util
            import sys
            if (value.__name__ not in sys.modules and "." not in value.__name__
                    and importlib.util.find_spec(value.__name__) is None):
                # types.ModuleType('mymod') with functions set on it: a file
                # of the program, mymod.py, which pykc reads beside the kernel.
                sub = ModuleWriter()
                for attr, v in vars(value).items():
                    if not attr.startswith("__"):
                        sub._bind(attr, v, value.__name__)
                self.extra_files[value.__name__ + ".py"] = sub.source()
                self.extra_files.update(sub.extra_files)
            return "import %s as %s" % (value.__name__, name)
        if isinstance(value, self._fake_kernel):
            self.add_function(value.fn, name,
                              "device" if value._device else "kernel",
                              getattr(value, "pykc_signature", None))
            return None
        if isinstance(value, self._dispatcher):
            self.add_function(value.py_func, name, "njit")
            return None
        literal = _literal(value)
        if literal is not None:
            return "%s = %s" % (name, literal)
        if isinstance(value, np.ndarray):
            return "%s = %s" % (name, _array_source(value))
        if isinstance(value, self._nbtypes.Record):
            from numba.np import numpy_support
            return "%s = numba.from_dtype(%s)" % (
                name, _dtype_source(numpy_support.as_dtype(value)))
        if isinstance(value, np.dtype) and value.names is not None:
            return "%s = %s" % (name, _dtype_source(value))
        if isinstance(value, self._nbtypes.Type):
            import numba
            text = str(value)
            if getattr(numba, text, None) is value:
                return "from numba import %s as %s" % (text, name)
            # Numba's bool prints as "bool"; float16 is only in numba.core.types.
            for attr in ("boolean", text):
                if getattr(self._nbtypes, attr, None) is value:
                    return "from numba.core.types import %s as %s" % (attr, name)
            raise NotReplayable("the Numba type %s (%r in %s)"
                                % (text, name, where))
        if (isinstance(value, type) and value.__module__.startswith("numba.cuda")
                and value.__name__[-1:] in "1234" and "x" in value.__name__):
            # A CUDA vector type's constructor (cuda.float32x4, ...).
            return "from numba.cuda import %s as %s" % (value.__name__, name)
        if isinstance(value, type) and issubclass(value, np.generic):
            return "from numpy import %s as %s" % (value.__name__, name)
        if isinstance(value, np.dtype) and value.kind in "biufc":
            return "%s = np.%s" % (name, value.name)
        if isinstance(value, type) and issubclass(value, enum.Enum):
            return _enum_source(name, value)
        if (isinstance(value, type) and issubclass(value, tuple)
                and hasattr(value, "_fields")):
            # A named tuple class; its fields' types come from the values.
            return "from collections import namedtuple\n%s = namedtuple(%r, %r)" % (
                name, value.__name__, list(value._fields))
        if value is getattr(builtins, name, None):
            return None
        if isinstance(value, pytypes.FunctionType):
            raise NotReplayable("the Python function %s called from %s"
                                % (value.__qualname__, where))
        raise NotReplayable("%r in %s is a %s" % (name, where,
                                                  type(value).__name__))

    # -- functions ---------------------------------------------------------

    def add_function(self, fn, name, kind, signature=None):
        """Writes `fn` as `name` after everything it refers to."""
        if fn in self._visiting:
            return
        self._visiting.add(fn)
        node = _function_source(fn)
        namespace = _namespace(fn)
        finder = _FreeNames()
        finder.visit(node)
        decorator = self._decorator(node, kind, namespace, fn, signature)
        node.decorator_list = [decorator]
        node.name = name
        # A recursive function written under another name calls itself by
        # its new one.
        def is_self(value):
            return getattr(value, "py_func", value) is fn
        if name != fn.__name__ and is_self(namespace.get(fn.__name__, fn)):
            for n in ast.walk(node):
                if isinstance(n, ast.Name) and n.id == fn.__name__:
                    n.id = name
        for free in finder.free():
            if free == fn.__name__ and (free not in namespace or is_self(namespace[free])):
                continue
            if free in namespace:
                self._bind(free, namespace[free], fn.__qualname__)
            elif hasattr(builtins, free):
                continue
            else:
                raise NotReplayable("%r in %s is undefined" % (free, fn.__qualname__))
        self.defined[name] = fn
        self.lines.append(ast.unparse(node))

    def _decorator(self, node, kind, namespace, fn, signature):
        """The decorator pykc reads: @cuda.jit with the signature the
        function was compiled with (record.py keeps it) and the options of
        the original that change results, when they are literals."""
        if kind == "njit":
            return ast.parse("numba.njit", mode="eval").body
        call = None
        for d in node.decorator_list:
            if (isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute)
                    and d.func.attr == "jit"):
                call = d
        new = ast.parse("cuda.jit()", mode="eval").body
        if signature is not None:
            new.args.append(ast.Constant(signature_text(signature)))
        if call is not None:
            for kw in call.keywords:
                if kw.arg in ("device", "fastmath", "inline"):
                    new.keywords.append(ast.keyword(
                        kw.arg, self._inline(kw.value, namespace, fn)))
        if kind == "device" and not any(k.arg == "device" for k in new.keywords):
            new.keywords.append(ast.keyword("device", ast.Constant(True)))
        if not new.args and not new.keywords:
            return new.func
        return new

    def _inline(self, expr, namespace, fn):
        """`expr` with names that hold literals replaced by the literals;
        the other names (types) are bound like free names."""
        class Inline(ast.NodeTransformer):
            def visit_Name(inner, n):
                value = namespace.get(n.id, getattr(builtins, n.id, None))
                literal = _literal(value)
                if literal is not None:
                    return ast.parse(literal, mode="eval").body
                if n.id in namespace:
                    self._bind(n.id, value, fn.__qualname__)
                return n
        return Inline().visit(expr)

    def source(self):
        return "\n".join(self.lines) + "\n"


def _type_text(ty):
    """A Numba type as signature strings spell it."""
    from numba.core import types
    if isinstance(ty, str):
        return ty
    if isinstance(ty, types.Record):
        return str(ty)  # Numba's Record(...) spelling, which pykc reads
    if isinstance(ty, types.Array):
        if ty.dtype.__class__.__name__ not in ("Integer", "Float", "Boolean",
                                               "Complex", "Record"):
            raise NotReplayable("a signature with %s" % ty)
        dims = [":"] * ty.ndim
        if ty.layout == "C":
            dims[-1] = "::1"
        elif ty.layout == "F":
            dims[0] = "::1"
        return "%s[%s]" % (_type_text(ty.dtype), ", ".join(dims))
    if isinstance(ty, types.Boolean):
        return "boolean"
    if isinstance(ty, (types.Integer, types.Float, types.Complex)) or ty == types.none:
        return "void" if ty == types.none else str(ty)
    raise NotReplayable("a signature with %s" % ty)


def signature_text(sig):
    """The signature a function was jitted with, as a string."""
    from numba.core.typing.templates import Signature
    if isinstance(sig, str):
        return sig
    if isinstance(sig, tuple):
        return "(%s)" % ", ".join(_type_text(t) for t in sig)
    if isinstance(sig, Signature):
        ret = "" if sig.return_type is None else _type_text(sig.return_type)
        return "%s(%s)" % (ret, ", ".join(_type_text(t) for t in sig.args))
    raise NotReplayable("a signature %r" % (sig,))


def _same(a, b):
    try:
        if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
            return (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)
                    and a.dtype == b.dtype and np.array_equal(a, b))
        return a == b and type(a) is type(b)
    except Exception:
        return False


def kernel_module(kernel, argument_classes=()):
    """(source, kernel name, other files {name.py: source}) for a
    FakeCUDAKernel, with the classes of the enum members and named tuples
    it is launched with; raises NotReplayable."""
    writer = ModuleWriter()
    for cls in argument_classes:
        writer._bind(cls.__name__, cls, "the kernel's arguments")
    name = kernel.fn.__name__
    writer.add_function(kernel.fn, name, "kernel",
                        getattr(kernel, "pykc_signature", None))
    return writer.source(), name, writer.extra_files
