"""Records the kernel launches of Numba's own CUDA tests in its simulator.

Every launch of a kernel (not a device function) made while Numba's tests
run is intercepted: the arguments are copied before and after, and the first
launch of each kernel with given argument types becomes a case: the kernel
rebuilt as a module (module_source.py), the inputs, the simulator's outputs,
the launch configuration. A case whose kernel reads memory it never wrote
(uninitialised shared or local arrays) or races is found by launching it
twice more, with that memory filled with 0x00 and then 0xFF bytes: when the
two disagree, the case is marked undefined and not compared.

Must run with NUMBA_ENABLE_CUDASIM=1 set before numba is imported.
"""

import contextlib
import enum
import io
import os
import sys
import unittest
import warnings

import numpy as np

from module_source import NotReplayable, kernel_module

from numba.cuda.simulator import kernel as sim_kernel
from numba.cuda.simulator import kernelapi as sim_kernelapi
from numba.cuda.simulator.cudadrv.devicearray import FakeCUDAArray

REPLAYABLE_KINDS = "biufc"


def replayable_dtype(dtype):
    """Whether pykc run takes arrays of `dtype`: numbers, or records of
    numbers, nested records and subarrays of those."""
    if dtype.subdtype is not None:
        return replayable_dtype(dtype.subdtype[0])
    if dtype.names is not None:
        return all(replayable_dtype(dtype.fields[n][0]) for n in dtype.names)
    return dtype.kind in REPLAYABLE_KINDS


class Case:
    """One recorded launch."""

    def __init__(self, test_file, test_id, qualname):
        self.test_file = test_file
        self.test_id = test_id
        self.qualname = qualname
        self.source = None
        self.extra_files = {}  # other files of the program, beside the kernel's
        self.kernel = None
        self.grid = None
        self.block = None
        self.shared = 0
        self.inputs = []       # ndarray, or (dtype name, Python value)
        self.outputs = []      # ndarray, or None for scalars
        self.unreplayable = None
        self.undefined = None
        # Arguments passed as cuda.In(array): Numba copies them in and never
        # back, so what pykc run writes back to them is not compared.
        self.copied_in_only = set()


# --- Arguments --------------------------------------------------------------

def _array_of(arg):
    if isinstance(arg, FakeCUDAArray):
        return arg._ary
    if isinstance(arg, np.ndarray):
        return arg
    if isinstance(arg, np.void) and arg.dtype.names is not None:
        # A record (a[i] of a structured array): pykc run takes it as a
        # 0-d .npy file, as np.save writes one.
        return np.array(arg)
    return None


def _unwrapped(arg):
    """The array of cuda.In/Out/InOut(array), which only says which way
    Numba copies it; anything else as it is."""
    if type(arg).__name__ in ("In", "Out", "InOut") and hasattr(arg, "value"):
        return arg.value
    return arg


def _snapshot(arg):
    """A copy of the argument as pykc run takes it; raises NotReplayable."""
    arg = _unwrapped(arg)
    array = _array_of(arg)
    if array is not None:
        if array.ndim == 0 and array.dtype.names is None:
            raise NotReplayable("a 0-d array argument")
        if not replayable_dtype(array.dtype):
            raise NotReplayable("an array of dtype %s" % array.dtype)
        return np.array(array, copy=True, order="K")
    if type(arg) is tuple:
        # Tuples of numbers, arrays and tuples: pykc run takes them as
        # Python writes them, with .npy files for the arrays.
        return ("tuple", [_snapshot(a) for a in arg])
    if isinstance(arg, tuple) and hasattr(type(arg), "_fields"):
        # A named tuple: its class too (pykc run takes Point(1, 2), the
        # module gets the class).
        return ("tuple", [_snapshot(a) for a in arg], type(arg))
    if isinstance(arg, enum.Enum):
        # Passed to pykc run as Class.member (an IntEnum member too: Numba
        # types it IntEnum<int64>(Class), and so does pykc); the module gets
        # the class.
        return ("enum", arg)
    if isinstance(arg, bool) or isinstance(arg, np.bool_):
        return ("bool", bool(arg))
    if isinstance(arg, int):
        if not -2**63 <= arg < 2**63:
            raise NotReplayable("an int argument beyond int64")
        return ("int64", arg)
    if isinstance(arg, float):
        return ("float64", arg)
    if isinstance(arg, complex):
        return ("complex128", arg)
    if isinstance(arg, np.generic) and arg.dtype.kind in REPLAYABLE_KINDS:
        return (arg.dtype.name, arg.item())
    raise NotReplayable("an argument of type %s" % type(arg).__name__)


def _outputs(args):
    """Copies of the arrays among `args` after a launch: None for a scalar,
    a list of its elements' for a tuple."""
    out = []
    for arg in args:
        if type(arg) is tuple:
            out.append(_outputs(arg))
            continue
        array = _array_of(arg)
        out.append(None if array is None else np.array(array, copy=True, order="K"))
    return out


# --- Filling uninitialised memory ------------------------------------------

class _FillingNumpy:
    """Stands in for numpy inside the simulator's kernel API so that shared,
    local and dynamic shared arrays start filled with one byte value."""

    def __init__(self, byte):
        self._byte = byte

    def __getattr__(self, name):
        return getattr(np, name)

    def empty(self, shape, dtype=float, *a, **k):
        array = np.empty(shape, dtype, *a, **k)
        array.view(np.uint8).fill(self._byte)
        return array

    def zeros(self, shape, dtype=float, *a, **k):
        return self.empty(shape, dtype, *a, **k)


@contextlib.contextmanager
def _filled_memory(byte):
    saved = sim_kernelapi.np
    sim_kernelapi.np = _FillingNumpy(byte)
    try:
        yield
    finally:
        sim_kernelapi.np = saved


def _relaunch(kernel, inputs, byte, python_ints=False):
    """The outputs of launching `kernel` on copies of `inputs`. Scalars are
    NumPy scalars of their types, except where Python takes only its own
    ints (math.ldexp(x, np.int32(2)) is a TypeError): then, with
    `python_ints`, integers are passed as Python ints."""
    def scalar(v):
        if isinstance(v, np.ndarray):
            return np.array(v, copy=True, order="K")
        if v[0] == "tuple":
            elements = tuple(scalar(e) for e in v[1])
            return v[2](*elements) if len(v) > 2 else elements
        if v[0] in ("int64", "float64", "bool", "enum"):
            return v[1]
        if python_ints and np.dtype(v[0]).kind in "iu":
            return int(v[1])
        return np.dtype(v[0]).type(v[1])
    args = [np.array(v, copy=True, order="K") if isinstance(v, np.ndarray)
            else scalar(v) for v in inputs]
    # A record argument is a view of its 0-d array, so what the kernel
    # writes into it is in the array afterwards.
    launch_args = [a[()] if isinstance(a, np.ndarray) and a.ndim == 0 else a
                   for a in args]
    with _filled_memory(byte):
        try:
            _original_call(kernel, *launch_args)
        except TypeError:
            if python_ints:
                raise
            return _relaunch(kernel, inputs, byte, python_ints=True)
    return _outputs(args)


def _converted(kernel, inputs):
    """The scalar inputs converted to the kernel's declared signature, as
    Numba's dispatcher converts them (the simulator does not)."""
    signature = getattr(kernel, "pykc_signature", None)
    if signature is None:
        return inputs
    from numba.core import sigutils, types
    try:
        params, _ = sigutils.normalize_signature(signature)
    except Exception as e:
        raise NotReplayable("the signature %r: %s" % (signature, e))
    if len(params) != len(inputs):
        raise NotReplayable("%d arguments for a signature of %d"
                            % (len(inputs), len(params)))
    out = []
    for value, param in zip(inputs, params):
        if not isinstance(value, np.ndarray) and isinstance(
                param, (types.Integer, types.Float, types.Boolean)):
            dtype = np.dtype(str(param))
            value = (dtype.name, dtype.type(value[1]).item())
        out.append(value)
    return out


def _same_outputs(a, b):
    for x, y in zip(a, b):
        if x is None:
            continue
        if isinstance(x, list):
            if not _same_outputs(x, y):
                return False
            continue
        if not np.array_equal(x, y, equal_nan=x.dtype.kind == "f"):
            return False
    return True


# --- Interception ------------------------------------------------------------

_original_call = sim_kernel.FakeCUDAKernel.__call__


class Recorder:
    def __init__(self):
        self.cases = []
        self._seen = set()
        self.test_file = None
        self.test_id = None
        self._busy = False

    def _key(self, kernel, inputs):
        code = kernel.fn.__code__
        # Numba compiles once per argument type: an enum member's is its class.
        def token(v):
            if isinstance(v, np.ndarray):
                dtype = str(v.dtype.descr) if v.dtype.names else v.dtype.str
                return (dtype, v.ndim, v.flags.c_contiguous)
            if v[0] == "tuple":
                return tuple(token(e) for e in v[1]) + tuple(v[2:])
            return type(v[1]) if v[0] == "enum" else v[0]
        sig = tuple(token(v) for v in inputs)
        return (code.co_filename, code.co_firstlineno, code.co_name, sig)

    def launch(self, kernel, args):
        if kernel._device or self._busy or self.test_file is None:
            return _original_call(kernel, *args)
        case = Case(self.test_file, self.test_id, kernel.fn.__qualname__)
        case.copied_in_only = {k for k, a in enumerate(args) if type(a).__name__ == "In"}
        try:
            case.inputs = [_snapshot(a) for a in args]
        except NotReplayable as e:
            case.unreplayable = str(e)
        key = (self._key(kernel, case.inputs) if case.unreplayable is None
               else (kernel.fn.__code__.co_filename,
                     kernel.fn.__code__.co_firstlineno, case.unreplayable))
        result = _original_call(kernel, *args)
        if key in self._seen:
            return result
        self._seen.add(key)
        case.grid = tuple(kernel.grid_dim)
        case.block = tuple(kernel.block_dim)
        case.shared = int(kernel.dynshared_size)
        if case.unreplayable is None:
            try:
                case.inputs = _converted(kernel, case.inputs)
                # The classes of enum members and named tuples among the
                # arguments, which the module must define.
                def argument_classes(values):
                    for v in values:
                        if isinstance(v, np.ndarray):
                            continue
                        if v[0] == "tuple":
                            yield from v[2:]
                            yield from argument_classes(v[1])
                        elif v[0] == "enum":
                            yield type(v[1])
                classes = list(argument_classes(case.inputs))
                case.source, case.kernel, case.extra_files = kernel_module(kernel, classes)
            except NotReplayable as e:
                case.unreplayable = str(e)
        if case.unreplayable is None:
            # The expected results come from launching again on the inputs
            # as Numba passes them (scalars converted to a declared
            # signature's types, which the simulator skips).
            self._busy = True
            try:
                case.outputs = _relaunch(kernel, case.inputs, 0x00)
                ones = _relaunch(kernel, case.inputs, 0xFF)
                if not _same_outputs(case.outputs, ones):
                    case.undefined = ("the results depend on uninitialised "
                                      "memory or on the order of threads")
            except Exception as e:
                case.unreplayable = ("the simulator fails on the converted "
                                     "arguments: %s" % type(e).__name__)
            finally:
                self._busy = False
        self.cases.append(case)
        return result


_recorder = Recorder()


def _intercepted_call(kernel, *args):
    return _recorder.launch(kernel, args)


def _remembering_jit(original):
    """cuda.jit that keeps the signature on the kernel: the simulator drops
    it, but it decides the types of the kernel's scalar arguments."""
    def jit(func_or_sig=None, *args, **kwargs):
        from numba.core.typing.templates import Signature
        made = original(func_or_sig, *args, **kwargs)
        if isinstance(func_or_sig, (str, tuple, Signature)):
            def wrapper(fn):
                kernel = made(fn)
                kernel.pykc_signature = func_or_sig
                return kernel
            return wrapper
        return made
    return jit


class _Result(unittest.TestResult):
    def startTest(self, test):
        _recorder.test_id = test.id()
        super().startTest(test)


def record(module_names):
    """Runs the tests of the named modules; returns (cases, test counts)."""
    sim_kernel.FakeCUDAKernel.__call__ = _intercepted_call
    import numba.cuda
    import numba.cuda.simulator.api as sim_api
    saved_jit = sim_api.jit
    numba.cuda.jit = sim_api.jit = _remembering_jit(saved_jit)
    counts = {"run": 0, "failed": 0, "skipped": 0}
    loader = unittest.TestLoader()
    try:
        for name in module_names:
            _recorder.test_file = name.rsplit(".", 1)[-1] + ".py"
            sink = io.StringIO()
            with warnings.catch_warnings(), contextlib.redirect_stdout(sink), \
                    contextlib.redirect_stderr(sink):
                warnings.simplefilter("ignore")
                try:
                    suite = loader.loadTestsFromName(name)
                except Exception:
                    continue
                result = _Result()
                suite.run(result)
            counts["run"] += result.testsRun
            counts["failed"] += len(result.failures) + len(result.errors)
            counts["skipped"] += len(result.skipped)
    finally:
        sim_kernel.FakeCUDAKernel.__call__ = _original_call
        numba.cuda.jit = sim_api.jit = saved_jit
        _recorder.test_file = None
    return _recorder.cases, counts
