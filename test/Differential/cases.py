"""The differential test cases: which kernel to launch, how, and on what.

Each Case names a kernel file under kernels/, the kernel, the launch shape and
the argument specs. Array arguments are generated from a numpy RandomState
seeded per case (see run_differential.py), so every run, and both sides of a
comparison, see the same inputs. Every array argument is compared after the
launch, inputs included (a kernel that writes where it should not is caught).

Keep the launches small: the simulator runs every thread as a Python thread.
"""

import numpy as np


# --- How to fill an array -------------------------------------------------

class Uniform:
    """Uniform floats in [lo, hi)."""

    def __init__(self, lo=-10.0, hi=10.0):
        self.lo, self.hi = lo, hi

    def __call__(self, rng, shape):
        return rng.uniform(self.lo, self.hi, size=shape)

    def __repr__(self):
        return "Uniform(%g, %g)" % (self.lo, self.hi)


class SignedUniform:
    """Floats with magnitude uniform in [lo, hi) and a random sign: divisors
    that keep away from zero."""

    def __init__(self, lo=0.5, hi=5.0):
        self.lo, self.hi = lo, hi

    def __call__(self, rng, shape):
        mag = rng.uniform(self.lo, self.hi, size=shape)
        return np.where(rng.randint(0, 2, size=shape) == 1, mag, -mag)

    def __repr__(self):
        return "SignedUniform(%g, %g)" % (self.lo, self.hi)


class ComplexUniform:
    """Complex numbers with real and imaginary parts uniform in [lo, hi)."""

    def __init__(self, lo=-3.0, hi=3.0):
        self.lo, self.hi = lo, hi

    def __call__(self, rng, shape):
        re = rng.uniform(self.lo, self.hi, size=shape)
        return re + 1j * rng.uniform(self.lo, self.hi, size=shape)

    def __repr__(self):
        return "ComplexUniform(%g, %g)" % (self.lo, self.hi)


class Ints:
    """Integers in [lo, hi], both ends included."""

    def __init__(self, lo=-100, hi=100):
        self.lo, self.hi = lo, hi

    def __call__(self, rng, shape):
        return rng.randint(self.lo, self.hi + 1, size=shape)

    def __repr__(self):
        return "Ints(%d, %d)" % (self.lo, self.hi)


class NonZeroInts:
    """Integers in [lo, hi] without 0: divisors with either sign."""

    def __init__(self, lo=-9, hi=9):
        self.lo, self.hi = lo, hi

    def __call__(self, rng, shape):
        v = rng.randint(self.lo, self.hi + 1, size=shape)
        return np.where(v == 0, 1, v)

    def __repr__(self):
        return "NonZeroInts(%d, %d)" % (self.lo, self.hi)


class Bools:
    """True with probability p."""

    def __init__(self, p=0.5):
        self.p = p

    def __call__(self, rng, shape):
        return rng.uniform(size=shape) < self.p

    def __repr__(self):
        return "Bools(%g)" % self.p


class Fields:
    """A record array: each field filled by its own fill (subarray fields
    get the extra dimensions)."""

    def __init__(self, **fills):
        self.fills = fills

    def __call__(self, rng, shape, dtype=None):
        out = np.zeros(shape, dtype)
        for name, fill in self.fills.items():
            field = out[name]
            field[...] = np.asarray(fill(rng, field.shape)).astype(field.dtype)
        return out

    def __repr__(self):
        return "Fields(%s)" % ", ".join("%s=%r" % kv for kv in self.fills.items())


class Const:
    """Every element `value`: outputs start from a known sentinel."""

    def __init__(self, value=0):
        self.value = value

    def __call__(self, rng, shape):
        return np.full(shape, self.value)

    def __repr__(self):
        return "Const(%r)" % (self.value,)


class Arange:
    """start, start + 1, ... in C order."""

    def __init__(self, start=0):
        self.start = start

    def __call__(self, rng, shape):
        n = int(np.prod(shape))
        return np.arange(self.start, self.start + n).reshape(shape)

    def __repr__(self):
        return "Arange(%d)" % self.start


# --- Arguments and cases --------------------------------------------------

class Array:
    """An array argument: dtype name, shape, 'C' or 'F' order, fill."""

    def __init__(self, dtype, shape, fill, order="C"):
        if isinstance(shape, int):
            shape = (shape,)
        assert order in ("C", "F")
        self.dtype, self.shape, self.fill, self.order = dtype, shape, fill, order

    def make(self, rng):
        if isinstance(self.fill, Fields):
            data = self.fill(rng, self.shape, np.dtype(self.dtype))
        else:
            data = np.asarray(self.fill(rng, self.shape)).astype(self.dtype)
        if self.order == "F":
            return np.asfortranarray(data)
        return np.ascontiguousarray(data)

    def __repr__(self):
        return "Array(%s, %s, %r, %s)" % (self.dtype, self.shape, self.fill,
                                          self.order)


class Scalar:
    """A scalar argument with an explicit type: int32, int64, float32,
    float64, complex64, complex128, uint8 or bool."""

    def __init__(self, dtype, value):
        self.dtype, self.value = dtype, value

    def numpy_value(self):
        return np.dtype(self.dtype).type(self.value)

    def cli(self):
        """The argument as `pykc run` takes it: plain for int64 and float64,
        TYPE:VALUE otherwise (and for negative values, which would read as
        options)."""
        v = self.numpy_value()
        if self.dtype == "bool":
            return "bool:%d" % int(bool(v))
        if self.dtype == "int64" and v >= 0:
            return str(int(v))
        if self.dtype == "float64" and v >= 0:
            return repr(float(v))
        if self.dtype in ("float32", "float64"):
            return "%s:%r" % (self.dtype, float(v))
        if self.dtype in ("complex64", "complex128"):
            return "%s:%s" % (self.dtype, repr(complex(v)).strip("()"))
        return "%s:%d" % (self.dtype, int(v))

    def __repr__(self):
        return "Scalar(%s, %r)" % (self.dtype, self.value)


class Case:
    """One launch. `rtol` overrides the float tolerance of every float array
    (default: 1e-5 for float32 arrays, 1e-12 for float64 ones); `note` says
    what is special; `skip` (a reason) keeps the case out of the pykc
    comparison, for behaviour where the simulator and Numba genuinely
    disagree; `numba_cuda_fails` (a reason) keeps it out when the reference
    is numba-cuda on a GPU (run_differential.py --reference numba-cuda)
    because numba-cuda itself cannot run the kernel; `numpy2_simulator`
    (a reason) keeps it out when the reference is the simulator running on
    NumPy 2, whose scalar promotion (NEP 50) the simulator inherits while
    compiled Numba does not; `simulator_lacks` (what) keeps it out when the
    reference is the simulator, which does not implement it."""

    def __init__(self, name, file, kernel, grid, block, args, rtol=None,
                 note=None, skip=None, numba_cuda_fails=None,
                 numpy2_simulator=None, simulator_lacks=None):
        self.name, self.file, self.kernel = name, file, kernel
        self.grid, self.block, self.args = grid, block, args
        self.rtol, self.note, self.skip = rtol, note, skip
        self.numba_cuda_fails = numba_cuda_fails
        self.numpy2_simulator = numpy2_simulator
        self.simulator_lacks = simulator_lacks


A = Array
S = Scalar

# Record dtypes of the kernels in kernels/records.py.
POINT = np.dtype([('x', np.float32), ('y', np.float32), ('w', np.int16),
                  ('hist', np.int32, 3)], align=True)
XOROSHIRO = np.dtype([('s0', np.uint64), ('s1', np.uint64)], align=True)

# Why the NumPy ufunc cases are not compared with numba-cuda on a GPU.
NUMBA_CUDA_NO_UFUNCS = ("numba-cuda 0.30 with NumPy 2.5 (the GPU machine's) cannot type "
                        "NumPy ufuncs in a kernel: KeyError: <ufunc 'sqrt'>")

# What the simulator of this Numba lacks (numba/cuda/simulator/kernelapi.py).
NO_WARP_SIM = "warp intrinsics (shfl_sync, vote, activemask, ...)"

CASES = [
    # Special registers and cuda.grid / cuda.gridsize.
    Case("registers_1d", "special_registers.py", "registers_1d", 4, 8,
         [A("int32", 32, Const(-1)), A("int64", 32, Const(-1)),
          A("int32", 32, Const(-1)), A("int64", 32, Const(-1))]),
    Case("registers_3d", "special_registers.py", "registers_3d", (2, 3, 2),
         (4, 2, 2), [A("int64", (192, 12), Const(-1))]),
    Case("grid_stride_1d", "grid_1d.py", "grid_stride", 3, 32,
         [A("float32", 500, Uniform()), A("float32", 500, Const(0))]),
    Case("grid_ids_1d", "grid_1d.py", "grid_ids", 5, 16,
         [A("int64", 70, Const(-1)), A("int32", 70, Const(-1))]),
    Case("grid2_stride", "grid_2d.py", "grid2_stride", (2, 2), (4, 8),
         [A("float64", (21, 37), Uniform(), "F"),
          A("float64", (21, 37), Const(0))]),
    Case("grid2_ids", "grid_2d.py", "grid2_ids", (3, 2), (8, 8),
         [A("int64", (20, 13), Const(-1), "F")]),
    Case("grid3_ids", "grid_3d.py", "grid3_ids", (2, 2, 2), (4, 4, 2),
         [A("int32", (7, 6, 3), Ints()), A("int32", (7, 6, 3), Const(-1))]),
    Case("grid3_stride", "grid_3d.py", "grid3_stride", (1, 2, 1), (4, 2, 2),
         [A("float32", (9, 5, 6), Uniform(), "F"),
          A("float32", (9, 5, 6), Const(0), "F")]),

    # Dtypes, layouts, indexing and attributes.
    Case("scale_float32", "dtypes_1d.py", "scale_float32", 4, 32,
         [A("float32", 100, Uniform()), A("float32", 100, Const(0))]),
    Case("scale_float64", "dtypes_1d.py", "scale_float64", 4, 32,
         [A("float64", 100, Uniform()), A("float64", 100, Const(0))]),
    Case("ints_mixed", "dtypes_1d.py", "ints_mixed", 2, 64,
         [A("int32", 100, Ints()), A("int64", 100, Ints()),
          A("int32", 100, Const(0)), A("int64", 100, Const(0))]),
    Case("uint8_bool", "dtypes_1d.py", "uint8_bool", 2, 64,
         [A("uint8", 100, Ints(0, 120)), A("bool", 100, Const(False)),
          A("int32", 100, Const(-1)), A("int64", 100, Const(0))]),
    Case("add_2d_float32_CF", "dtypes_nd.py", "add_2d", (2, 3), (8, 8),
         [A("float32", (13, 20), Uniform()), A("float32", (13, 20), Uniform(), "F"),
          A("float32", (13, 20), Const(0), "F")]),
    Case("add_2d_int64", "dtypes_nd.py", "add_2d", (2, 2), (8, 8),
         [A("int64", (16, 9), Ints(), "F"), A("int64", (16, 9), Ints()),
          A("int64", (16, 9), Const(0))]),
    Case("add_2d_uint8", "dtypes_nd.py", "add_2d", (2, 2), (8, 8),
         [A("uint8", (10, 11), Ints(0, 100)), A("uint8", (10, 11), Ints(0, 100)),
          A("uint8", (10, 11), Const(0))]),
    Case("transpose_2d_bool", "dtypes_nd.py", "transpose_2d", (2, 2), (8, 8),
         [A("bool", (12, 9), Bools(), "F"), A("bool", (9, 12), Const(False))]),
    Case("transpose_2d_int32", "dtypes_nd.py", "transpose_2d", (2, 2), (8, 8),
         [A("int32", (12, 9), Ints()), A("int32", (9, 12), Const(0), "F")]),
    Case("mask_3d_float64", "dtypes_nd.py", "mask_3d", (2, 2, 2), (4, 4, 2),
         [A("float64", (6, 5, 4), Uniform(), "F"), A("bool", (6, 5, 4), Bools()),
          A("float64", (6, 5, 4), Const(0))]),
    Case("mask_3d_int32", "dtypes_nd.py", "mask_3d", (2, 2, 2), (4, 4, 2),
         [A("int32", (6, 5, 4), Ints()), A("bool", (6, 5, 4), Bools(), "F"),
          A("int32", (6, 5, 4), Const(0), "F")]),
    Case("uint8_3d", "dtypes_nd.py", "uint8_3d", (2, 2, 2), (4, 4, 2),
         [A("uint8", (5, 6, 3), Ints(0, 100), "F"),
          A("int64", (5, 6, 3), Const(-1))]),
    Case("negative_1d", "negative_index.py", "negative_1d", 1, 32,
         [A("float64", 40, Uniform()), A("float64", 32, Const(0))]),
    Case("negative_2d", "negative_index.py", "negative_2d", (2, 2), (8, 8),
         [A("int64", (10, 14), Ints(), "F"), A("int64", (10, 14), Const(0))]),
    Case("index_sometimes_negative", "index_signs.py", "sometimes_negative", 1, 16,
         [A("float64", 40, Uniform()), A("float64", 16, Const(0))]),
    Case("index_after_countdown", "index_signs.py", "after_countdown", 1, 16,
         [A("float64", 40, Uniform()), A("float64", 16, Const(0))]),
    Case("index_signed_operators", "index_signs.py", "signed_operators", 1, 16,
         [A("float64", 40, Uniform()), A("float64", 16, Const(0))]),
    Case("index_narrowed", "index_signs.py", "narrowed", 1, 16,
         [A("float64", 40, Uniform()), A("float64", 16, Const(0))]),
    Case("index_grown_in_loop", "index_signs.py", "grown_in_loop", 1, 16,
         [A("float64", 40, Uniform()), A("float64", 16, Const(0))]),
    Case("array_attributes", "array_attributes.py", "attributes", 1, 4,
         [A("float32", 17, Uniform()), A("int32", (5, 7), Ints(), "F"),
          A("uint8", (2, 3, 4), Ints(0, 9)), A("int64", 12, Const(-1))]),
    Case("scratch_like_float32", "array_dtype_idioms.py", "scratch_like", 1, 32,
         [A("float32", 32, Uniform()), A("float32", (32, 2), Const(0))]),
    Case("scratch_like_int16", "array_dtype_idioms.py", "scratch_like", 1, 32,
         [A("int16", 32, Ints()), A("int16", (32, 2), Const(0))]),
    Case("tuple_return_signatures", "array_dtype_idioms.py", "tuple_returns", 1, 32,
         [A("float64", (32, 2), Uniform(-5, 5)), A("float64", (32, 3), Const(0)),
          A("int64", 32, Const(0))]),
    Case("range_parts", "range_variables.py", "range_parts", 1, 32,
         [A("int64", (32, 3), Const(0)), S("int64", 20)]),
    Case("range_defaults", "range_variables.py", "range_defaults", 1, 16,
         [A("int64", (16, 3), Const(0)), S("int64", 9)]),
    Case("range_in_branches", "range_variables.py", "range_in_branches", 1, 32,
         [A("float64", 32, Uniform()), A("float64", 32, Const(0))]),
    Case("range_int32", "range_variables.py", "range_int32", 1, 8,
         [A("int32", 8, Const(0)), S("int32", 6)]),
    Case("for_else", "loop_else.py", "for_else", 1, 32,
         [A("float64", (32, 6), SignedUniform(0.0, 1.0)), A("float64", (32, 3), Const(0))]),
    Case("while_else", "loop_else.py", "while_else", 1, 32,
         [A("float64", (32, 6), Uniform()), A("float64", (32, 3), Const(0))]),
    Case("loop_unpack", "loop_unpack.py", "unpack_pairs", 1, 32,
         [A("float64", 32, Uniform()), A("float64", (32, 4), Const(0))]),
    Case("slice_assign_rows", "slice_assign.py", "fill_rows", 1, 32,
         [A("float64", 20, Uniform()), A("float64", (20, 8), Const(0))]),
    Case("slice_assign_rows_F", "slice_assign.py", "fill_rows", 1, 32,
         [A("float32", 20, Uniform()), A("float32", (20, 8), Const(0), "F")]),
    Case("slice_assign_cube", "slice_assign.py", "fill_cube", 1, 32,
         [A("int32", (9, 4, 5), Const(0)), S("int32", 7)]),
    Case("slice_assign_converted", "slice_assign.py", "fill_converted", 1, 32,
         [A("float64", 24, Uniform(-4, 4)), A("int16", (24, 7), Const(0))]),
    Case("transposed_copy_C", "view_idioms.py", "transposed_copy", (2, 2), (8, 8),
         [A("float64", (13, 9), Uniform()), A("float64", (9, 13), Const(0))]),
    Case("transposed_copy_F", "view_idioms.py", "transposed_copy", (2, 2), (8, 8),
         [A("float32", (7, 11), Uniform(), "F"), A("float32", (11, 7), Const(0))]),
    Case("permuted_sums", "view_idioms.py", "permuted_sums", 1, 32,
         [A("float64", (3, 4, 5), Uniform()), A("float64", (5, 3), Const(0))]),
    Case("permuted_sums_F", "view_idioms.py", "permuted_sums", 1, 32,
         [A("float64", (4, 3, 6), Uniform(), "F"), A("float64", (6, 3), Const(0))]),
    Case("ellipsis_reads", "view_idioms.py", "ellipsis_reads", 1, 32,
         [A("float64", (6, 3, 4), Uniform()), A("float64", 6, Const(0))]),
    Case("stride_report_C", "view_idioms.py", "stride_report", 1, 32,
         [A("float32", (5, 6), Uniform()), A("int64", 5, Const(0))]),
    Case("stride_report_F", "view_idioms.py", "stride_report", 1, 32,
         [A("float64", (5, 6), Uniform(), "F"), A("int64", 5, Const(0))]),
    Case("tuple_concatenation", "tuple_ops.py", "combine", 1, 32,
         [A("float64", (20, 3), Uniform()), A("float64", (20, 5), Const(0))]),
    Case("tuple_slices", "tuple_ops.py", "slices", 1, 32,
         [A("float64", (20, 3), Uniform()), A("float64", (20, 5), Const(0))]),
    Case("tuple_compare_same", "tuple_ops.py", "compare_tuples", 1, 8,
         [A("float64", (3, 4), Uniform()), A("float64", (3, 4), Uniform()),
          A("int64", 8, Const(0))]),
    Case("tuple_compare_differ", "tuple_ops.py", "compare_tuples", 1, 8,
         [A("float64", (3, 4), Uniform()), A("float64", (4, 3), Uniform()),
          A("int64", 8, Const(0))]),
    Case("nested_functions", "nested_functions.py", "nested", 1, 32,
         [A("float64", 24, SignedUniform(0.0, 3.0)), A("float64", (24, 4), Const(0)),
          S("float64", 1.25)]),
    Case("reduce_sequences", "tuple_ops.py", "reduce_sequences", 1, 32,
         [A("float32", (20, 7), Uniform()), A("float64", (20, 5), Const(0))]),
    Case("row_sums_C", "row_views.py", "row_sums", 1, 32,
         [A("float64", (20, 9), Uniform()), A("float64", 20, Const(0))]),
    Case("row_sums_F", "row_views.py", "row_sums", 1, 32,
         [A("float32", (20, 9), Uniform(), "F"), A("float32", 20, Const(0))]),
    Case("row_max_int", "row_views.py", "row_max", 1, 32,
         [A("int32", (25, 6), Ints(), "F"), A("int64", 25, Const(0))]),

    # Integer and float arithmetic.
    Case("floordiv_mod_int64", "int_floordiv_mod.py", "floordiv_mod_int64", 2, 64,
         [A("int64", 128, Ints()), A("int64", 128, NonZeroInts()),
          A("int64", 128, Const(0)), A("int64", 128, Const(0))]),
    Case("floordiv_mod_int32", "int_floordiv_mod.py", "floordiv_mod_int32", 2, 64,
         [A("int32", 128, Ints()), A("int32", 128, NonZeroInts()),
          A("int32", 128, Const(0)), A("int32", 128, Const(0))]),
    Case("floordiv_mod_literals", "int_floordiv_mod.py", "floordiv_mod_literals",
         1, 64, [A("int64", 64, Ints()), A("int64", (64, 8), Const(0))]),
    Case("floordiv_mod_mixed_sign", "int_floordiv_mod.py", "floordiv_mod_mixed_sign", 1, 64,
         [A("uint32", 64, Ints(1, 100)), A("int32", 64, NonZeroInts()),
          A("int64", (64, 6), Const(0))]),
    Case("divmod_builtin", "int_floordiv_mod.py", "divmod_builtin", 1, 64,
         [A("int32", 64, Ints()), A("uint32", 64, Ints(1, 9)),
          A("float64", 64, SignedUniform()), A("float64", 64, SignedUniform()),
          A("int64", (64, 4), Const(0)), A("float64", (64, 2), Const(0))]),
    Case("int_true_div", "true_division.py", "int_true_div", 1, 64,
         [A("int64", 64, Ints()), A("int64", 64, NonZeroInts(-20, 20)),
          A("float64", (64, 4), Const(0))]),
    Case("int32_true_div", "true_division.py", "int32_true_div", 1, 64,
         [A("int32", 64, Ints()), A("int32", 64, NonZeroInts(-20, 20)),
          A("float32", 64, Const(0))]),
    Case("float_floordiv_mod64", "float_floordiv_mod.py", "float_floordiv_mod64",
         1, 64, [A("float64", 64, Uniform()), A("float64", 64, SignedUniform()),
                 A("float64", 64, Const(0)), A("float64", 64, Const(0))]),
    Case("float_floordiv_mod32", "float_floordiv_mod.py", "float_floordiv_mod32",
         1, 64, [A("float32", 64, Uniform()), A("float32", 64, SignedUniform()),
                 A("float32", 64, Const(0)), A("float32", 64, Const(0))],
         note="float32 // and % stay float32 on both sides; a quotient within "
              "one ulp of an integer could floor differently, the seed avoids it"),
    Case("float_mod_literals", "float_floordiv_mod.py", "float_mod_literals",
         1, 64, [A("float64", 64, Uniform()), A("float64", (64, 6), Const(0))]),
    Case("int_power", "power.py", "int_power", 1, 64,
         [A("int64", 64, Ints(-9, 9)), A("int64", 64, Ints(0, 5)),
          A("int64", (64, 5), Const(0))]),
    Case("float_power", "power.py", "float_power", 1, 64,
         [A("float64", 64, Uniform(0.5, 3.0)), A("int64", 64, Ints(0, 4)),
          A("float64", (64, 8), Const(0))],
         rtol=1e-15,
         note="float ** int64 multiplies by repeated squaring, as compiled Numba "
              "does; the simulator calls pow(), which can differ in the last bit"),
    Case("float32_power", "power.py", "float32_power", 1, 64,
         [A("float32", 64, SignedUniform(0.5, 3.0)), A("float32", 64, Const(0))]),
    Case("bitwise_int64", "unary_bitwise.py", "bitwise_int64", 1, 64,
         [A("int64", 64, Ints()), A("int64", 64, Ints(-1000, 1000)),
          A("int64", 64, Ints(0, 20)), A("int64", (64, 10), Const(0))]),
    Case("bitwise_int32", "unary_bitwise.py", "bitwise_int32", 1, 64,
         [A("int32", 64, Ints()), A("int32", 64, Ints()),
          A("int32", (64, 6), Const(0), "F")]),
    Case("unary_narrow_unsigned", "unary_bitwise.py", "unary_narrow_unsigned", 1, 32,
         [A("uint8", 32, Ints(0, 255)), A("uint16", 32, Ints(0, 65535)),
          A("uint32", 32, Ints(0, 100000)), A("int64", (32, 8), Const(0))]),
    Case("unary_float", "unary_bitwise.py", "unary_float", 1, 32,
         [A("float32", 32, Uniform()), A("float32", 32, Const(0))]),

    # Comparisons, logic, conditional expressions, builtins.
    Case("compare_ints", "comparisons.py", "compare_ints", 1, 64,
         [A("int32", 64, Ints(-3, 3)), A("int64", 64, Ints(-3, 3)),
          A("bool", (64, 9), Const(False))]),
    Case("compare_floats", "comparisons.py", "compare_floats", 1, 64,
         [A("float64", 64, Uniform(-3, 3)), A("float64", 64, Uniform(-3, 3)),
          S("float64", -1.5), S("float64", 2.0), A("int64", 64, Const(-1))]),
    Case("guarded_read", "boolean_ops.py", "guarded_read", 2, 32,
         [A("int32", 50, Ints(-2, 2)), A("int32", 64, Const(0))],
         note="64 threads, 50 elements: `i < n and a[i] > 0` must short-circuit"),
    Case("logic_values", "boolean_ops.py", "logic_values", 1, 64,
         [A("int64", 64, Ints(-2, 2)), A("int64", 64, Ints(-2, 2)),
          A("bool", 64, Const(True)), A("int64", 64, Const(-1))]),
    Case("bool_arrays", "boolean_ops.py", "bool_arrays", 1, 32,
         [A("bool", 32, Bools()), A("bool", 32, Bools(0.3)),
          A("bool", (32, 5), Const(False))]),
    Case("select", "conditional_expr.py", "select", 1, 64,
         [A("int32", 64, Ints(-3, 3)), A("int32", 64, Ints(-3, 3)),
          A("float64", (64, 3), Const(0))]),
    Case("select_int", "conditional_expr.py", "select_int", 1, 64,
         [A("int64", 64, Ints()), A("int64", 64, Const(0))]),
    Case("builtins_int", "builtins.py", "builtins_int", 1, 64,
         [A("int64", 64, Ints(-5, 5)), A("int64", 64, Ints(-5, 5)),
          A("int64", (64, 7), Const(0))]),
    Case("builtins_float", "builtins.py", "builtins_float", 1, 64,
         [A("float64", 64, Uniform()), A("float64", 64, Uniform()),
          A("int64", 64, Ints(-20, 20)), A("float64", (64, 8), Const(0))]),
    Case("builtins_bool", "builtins.py", "builtins_bool", 1, 64,
         [A("float64", 64, Ints(-2, 2)), A("int32", 64, Ints(-2, 2)),
          A("bool", (64, 3), Const(False))]),

    # Loops and control flow.
    Case("range_forms", "ranges.py", "range_forms", 1, 32,
         [A("int64", (32, 6), Const(0))]),
    Case("range_params_up", "ranges.py", "range_params", 1, 8,
         [A("float64", 64, Uniform()), S("int32", 2), S("int64", 60),
          S("int32", 3), A("float64", 8, Const(0))]),
    Case("range_params_down", "ranges.py", "range_params", 1, 8,
         [A("float64", 64, Uniform()), S("int32", 50), S("int32", -1),
          S("int32", -3), A("float64", 8, Const(0))]),
    Case("collatz", "while_loops.py", "collatz", 1, 64,
         [A("int64", 64, Ints(1, 100)), A("int32", 64, Const(0))]),
    Case("first_positive_even", "while_loops.py", "first_positive_even", 1, 32,
         [A("int32", (32, 7), Ints(-5, 5), "F"), A("int64", (32, 3), Const(0))]),
    Case("nested_loops_break", "while_loops.py", "nested_loops_break", 1, 32,
         [A("int64", 32, Const(0))]),
    Case("classify", "control_flow.py", "classify", 2, 32,
         [A("float32", 60, Ints(-8, 8)), A("int32", 64, Const(9))]),
    Case("early_return", "control_flow.py", "early_return", 2, 32,
         [A("int64", 50, Ints(-3, 12)), A("int64", 64, Const(0))]),
    Case("use_constants", "constants.py", "use_constants", 1, 32,
         [A("float64", 32, Uniform()), A("float64", 32, Const(0))]),
    Case("circle_areas", "constants.py", "circle_areas", 1, 32,
         [A("float32", 32, Uniform(0, 5)), A("float32", 32, Const(0))]),
    Case("block_sums_tpb", "constants.py", "block_sums_tpb", 4, 16,
         [A("float64", 64, Uniform()), A("float64", 4, Const(0))]),

    # Shared memory and syncthreads.
    Case("block_reverse", "shared_reverse.py", "block_reverse", 3, 64,
         [A("float32", 192, Uniform()), A("float32", 192, Const(0))]),
    Case("block_rotate_int", "shared_reverse.py", "block_rotate_int", 2, 32,
         [A("int32", 64, Ints()), S("int32", 5), A("int32", 64, Const(0))]),
    Case("fast_matmul", "shared_matmul.py", "fast_matmul", (2, 2), (8, 8),
         [A("float32", (16, 24), Uniform(-2, 2)),
          A("float32", (24, 16), Uniform(-2, 2)),
          A("float32", (16, 16), Const(0))]),
    Case("fast_matmul_F", "shared_matmul.py", "fast_matmul", (2, 2), (8, 8),
         [A("float32", (16, 16), Uniform(-2, 2), "F"),
          A("float32", (16, 16), Uniform(-2, 2)),
          A("float32", (16, 16), Const(0), "F")]),
    Case("matmul_float64", "shared_matmul.py", "matmul", (2, 2), (8, 8),
         [A("float64", (13, 7), Uniform()), A("float64", (7, 11), Uniform(), "F"),
          A("float64", (13, 11), Const(0))]),
    Case("block_sum", "shared_reduction.py", "block_sum", 3, 64,
         [A("float64", 170, Uniform()), A("float64", 3, Const(0))]),
    Case("block_max_int", "shared_reduction.py", "block_max_int", 2, 64,
         [A("int64", 128, Ints(-1000, 1000)), A("int64", 2, Const(0))]),
    Case("tile_transpose", "shared_2d.py", "tile_transpose", (3, 2), (8, 8),
         [A("float64", (16, 24), Uniform()), A("float64", (24, 16), Const(0))]),
    Case("tile_smooth", "shared_2d.py", "tile_smooth", (2, 2), (8, 8),
         [A("float64", (16, 16), Uniform(), "F"), A("float64", (16, 16), Const(0))]),
    Case("block_scan", "shared_scan.py", "block_scan", 3, 32,
         [A("int32", 96, Ints()), A("int32", 96, Const(0))]),

    # Local arrays, device functions, assignment forms, typing.
    Case("local_sort", "local_array.py", "local_sort", 1, 32,
         [A("float64", (30, 8), Uniform()), A("float64", (30, 8), Const(0))]),
    Case("local_digits", "local_array.py", "local_digits", 1, 64,
         [A("int64", 64, Ints(0, 99999)), A("int64", 64, Const(-1))]),
    Case("local_2d", "local_array.py", "local_2d", 1, 32,
         [A("float32", 32, Uniform(-3, 3)), A("float64", 32, Const(0))],
         numpy2_simulator="`a[i] * (r + 1)` stays float32 under NumPy 2's "
                          "promotion in the simulator; compiled Numba computes "
                          "float32 * int64 in float64, as pykc does"),
    Case("use_device", "device_functions.py", "use_device", 1, 32,
         [A("float64", 32, Uniform(-5, 5)), A("float64", 32, Uniform(-5, 5)),
          A("int32", 32, Ints(-20, 20)), A("float64", (32, 3), Uniform()),
          A("float64", (32, 3), Uniform(), "F"), A("float64", (32, 4), Const(0)),
          A("int64", (32, 3), Const(0))]),
    Case("float32_device", "device_functions.py", "float32_device", 1, 32,
         [A("float32", 32, Uniform(-3, 3)), A("float32", 32, Const(0))],
         note="hypot2 is declared float64(float64, float64): Numba converts "
              "the float32 argument; the simulator ignores the signature"),
    Case("ct_hist_int32", "compile_time_args.py", "hist_int32", 1, 64,
         [A("int32", 16, Const(-1)), A("int32", 64, Ints(0, 1000))],
         note="dtype, literal size, cuda.atomic.add and a device function "
              "passed to a device function as compile-time values"),
    Case("ct_hist_float64_neg", "compile_time_args.py", "hist_float64_neg", 1, 32,
         [A("float64", 8, Const(-1)), A("int64", 32, Ints(0, 1000))]),
    Case("ct_grid_add", "compile_time_args.py", "grid_add", 1, (4, 8),
         [A("int32", (4, 8), Const(-1))]),
    Case("ct_widened_tuple", "compile_time_args.py", "widened_tuple", 1, 32,
         [A("float64", 32, Const(0))],
         note="x's versions meet at a loop's head and widen to UniTuple(float64 x 2); "
              "the callee is typed for the final type only",
         numba_cuda_fails="numba-cuda 0.30 types pick() for x's first version, "
                          "Tuple(Literal[int](1), float64), which a variable cannot "
                          "index (TypingError on an H200); the simulator and pykc "
                          "widen x first"),
    Case("warp_shuffles_f64", "warp_intrinsics.py", "shuffles_f64", 2, 64,
         [A("float64", 128, Uniform()), A("float64", (128, 4), Const(0))],
         simulator_lacks=NO_WARP_SIM),
    Case("warp_shuffles_i32", "warp_intrinsics.py", "shuffles_i32", 1, 96,
         [A("int32", 96, Ints(-10**9, 10**9)), A("int32", (96, 4), Const(0))],
         simulator_lacks=NO_WARP_SIM),
    Case("warp_reduce", "warp_intrinsics.py", "warp_reduce", 2, 64,
         [A("int64", 128, Ints(-10**6, 10**6)), A("int64", 128, Const(0))],
         simulator_lacks=NO_WARP_SIM),
    Case("warp_votes", "warp_intrinsics.py", "votes", 3, 64,
         [A("float32", 192, Uniform(-0.2, 1)), A("int64", (192, 9), Const(0))],
         simulator_lacks=NO_WARP_SIM),
    Case("warp_bits", "warp_intrinsics.py", "bits", 2, 64,
         [A("int32", 128, Ints(-2**31, 2**31 - 1)), A("int64", (128, 6), Const(0))],
         simulator_lacks="cuda.popc/clz/ffs/brev on negative or 64-bit values "
                         "(it formats them as 32 binary digits)"),
    Case("fma_cbrt", "warp_intrinsics.py", "fma_cbrt", 1, 64,
         [A("float64", 50, Uniform(0.1, 10)), A("float64", 50, Uniform(0.1, 10)),
          A("float64", (50, 2), Const(0))],
         simulator_lacks="a fused cuda.fma (it computes a * b + c with two "
                         "roundings)"),
    Case("iteration", "iteration.py", "walk", 2, 16,
         [A("float64", 7, Uniform()), A("int32", 5, Ints(-9, 9)),
          A("float64", (4, 3), Uniform()), A("float64", (20, 11), Const(0))]),
    Case("iteration_ranges", "iteration.py", "walk_ranges", 1, 4,
         [A("float64", 6, Uniform()), A("float64", (4, 20), Const(-1))]),
    Case("rounding", "rounding.py", "rounding", 1, 64,
         [A("float64", 60, Uniform(-300, 300)), A("int64", 60, Ints(-3, 4)),
          A("int64", (60, 3), Const(0)), A("float64", (60, 4), Const(0))]),
    Case("rounding_float32", "rounding.py", "rounding", 1, 64,
         [A("float32", 60, Uniform(-300, 300)), A("int32", 60, Ints(-3, 4)),
          A("int64", (60, 3), Const(0)), A("float32", (60, 4), Const(0))]),
    Case("shape_from_local", "local_constants.py", "shape_from_local", 1, 32,
         [A("float32", 16, Uniform()), A("float64", 16, Const(0))]),
    Case("aug_float", "aug_assign.py", "aug_float", 1, 32,
         [A("float64", 32, Uniform()), A("float64", 32, Uniform()),
          A("float64", (32, 5), Uniform(), "F")]),
    Case("aug_int", "aug_assign.py", "aug_int", 1, 32,
         [A("int32", 32, Ints()), A("int64", 32, NonZeroInts()),
          A("int64", (32, 8), Ints())]),
    Case("unpack", "tuple_unpack.py", "unpack", 1, 32,
         [A("float64", 32, Uniform()), A("float64", 32, Uniform()),
          A("float64", (32, 5), Const(0))]),
    Case("fib_pairs", "tuple_unpack.py", "fib_pairs", 1, 64,
         [A("int64", 64, Const(0))]),
    Case("accumulate_float32", "type_unification.py", "accumulate_float32", 1, 32,
         [A("float32", (24, 10), Uniform()), A("float32", 24, Const(0))]),
    Case("int_then_float", "type_unification.py", "int_then_float", 1, 32,
         [A("int32", 32, Ints(-10, 10)), A("float64", (32, 3), Const(0))]),
    Case("mixed_precision", "float64_promotion.py", "mixed_precision", 1, 32,
         [A("float32", 32, Uniform()), A("float32", 32, Uniform()),
          A("float32", 32, Const(0)), A("float64", 64, Const(0))],
         numpy2_simulator="`a[i] * 1e-3` stays float32 under NumPy 2's "
                          "promotion in the simulator; compiled Numba computes "
                          "it in float64, as pykc does"),
    Case("float32_only", "float64_promotion.py", "float32_only", 1, 32,
         [A("float32", 32, Uniform()), A("float32", 32, Uniform()),
          S("float32", 1.25), A("float32", 32, Const(0))]),

    # Scalar arguments and integer widths.
    # complex64 and complex128 (the simulator computes with NumPy's complex
    # scalars and Python's cmath; pykc with Numba-CUDA's formulas).
    Case("complex_arith_c128", "complex_numbers.py", "complex_arith", 1, 32,
         [A("complex128", 32, ComplexUniform()), A("complex128", 32, ComplexUniform(0.5, 3)),
          S("complex128", 0.5 - 1.25j), A("complex128", (32, 9), Const(-7))],
         rtol=1e-12),
    Case("complex_arith_c64", "complex_numbers.py", "complex_arith", 1, 32,
         [A("complex64", 32, ComplexUniform()), A("complex64", 32, ComplexUniform(0.5, 3)),
          S("complex64", -2 + 0.5j), A("complex64", (32, 9), Const(-7))],
         rtol=2e-5, note="complex64 ** in float32 libm (powf, expf, ...)"),
    Case("complex_parts_c128", "complex_numbers.py", "complex_parts", 1, 32,
         [A("complex128", 32, ComplexUniform()), A("complex128", 32, Const(1 + 1j)),
          A("float64", (32, 5), Const(-7)), A("bool", (32, 5), Const(False))]),
    Case("complex_parts_c64", "complex_numbers.py", "complex_parts", 1, 32,
         [A("complex64", 32, ComplexUniform()), A("complex64", 32, ComplexUniform()),
          A("float32", (32, 5), Const(-7)), A("bool", (32, 5), Const(False))]),
    Case("complex_cmath_c128", "complex_numbers.py", "complex_cmath", 1, 32,
         [A("complex128", 32, ComplexUniform(-2, 2)), A("complex128", (32, 18), Const(-7))],
         rtol=1e-12),
    Case("complex_cmath_c64", "complex_numbers.py", "complex_cmath", 1, 32,
         [A("complex64", 32, ComplexUniform(-2, 2)), A("complex64", (32, 18), Const(-7))],
         rtol=2e-5),
    Case("complex_mixed", "complex_numbers.py", "complex_mixed", 1, 16,
         [A("float64", 16, Uniform(-3, 3)), A("float64", 16, SignedUniform()),
          A("complex128", (16, 5), Const(-7))], rtol=1e-12),
    Case("complex_views", "complex_numbers.py", "complex_views", 1, 32,
         [A("complex128", 32, ComplexUniform()), A("float64", (32, 2), Const(-7))],
         rtol=1e-12),
    Case("record_fields", "records.py", "record_fields", 2, 16,
         [A(POINT, 27, Fields(x=Uniform(), y=Uniform(), w=Ints(), hist=Ints())),
          A("float32", 27, Const(-7))]),
    Case("record_shared", "records.py", "record_shared", 3, 8,
         [A(POINT, 24, Fields(x=Uniform(), y=Uniform(), w=Ints(), hist=Ints()))]),
    # numba.cuda.random: bit for bit on the uniform values and the advanced
    # states; the normal ones within float32's rounding (the simulator
    # computes their log and cos in float64).
    Case("rng_uniform", "records.py", "rng_uniform", 2, 16,
         [A(XOROSHIRO, 32, Fields(s0=Ints(0, 2**62), s1=Ints(0, 2**62))),
          A("float32", (32, 5), Const(-7)), A("float64", (32, 5), Const(-7))], rtol=0.0),
    Case("rng_normal", "records.py", "rng_normal", 2, 16,
         [A(XOROSHIRO, 32, Fields(s0=Ints(0, 2**62), s1=Ints(0, 2**62))),
          A("float32", (32, 5), Const(-7)), A("float64", (32, 5), Const(-7))], rtol=1e-5),
    Case("enum_codes", "enums.py", "enum_codes", 1, 32,
         [A("int32", 32, Ints(400, 408)), A("int64", (32, 2), Const(-7)),
          A("bool", (32, 3), Const(False))]),
    Case("axpy32", "scalar_args.py", "axpy32", 2, 32,
         [S("float32", -0.75), A("float32", 64, Uniform()),
          A("float32", 64, Uniform()), A("float32", 64, Const(0))]),
    Case("int32_scalars", "scalar_args.py", "int32_scalars", 1, 32,
         [S("int32", 7), S("int32", -3), A("int64", (32, 4), Const(0))]),
    Case("all_scalars", "scalar_args.py", "all_scalars", 1, 16,
         [S("int32", -7), S("int64", 40), S("float32", 1.25), S("float64", 2.5),
          S("uint8", 200), S("bool", True), A("float64", (16, 7), Const(0))]),
    Case("all_scalars_false", "scalar_args.py", "all_scalars", 1, 16,
         [S("int32", 3), S("int64", 5), S("float32", -0.5), S("float64", -8.0),
          S("uint8", 0), S("bool", False), A("float64", (16, 7), Const(0))]),
    Case("widen", "mixed_int_types.py", "widen", 1, 64,
         [A("int32", 64, Ints()), A("int64", 64, Ints(-10000, 10000)),
          A("uint8", 64, Ints(0, 120)), A("int64", (64, 5), Const(0)),
          A("int32", 64, Const(0))],
         numpy2_simulator="`u8[i] * 3 - 200` stays uint8 under NumPy 2's "
                          "promotion in the simulator (161); compiled Numba and "
                          "numba-cuda give int64 (-95), as pykc does"),
    Case("index_with_int32", "mixed_int_types.py", "index_with_int32", 1, 32,
         [A("float64", 40, Uniform()), A("int32", 32, Ints(0, 39)),
          A("float64", 32, Const(0))]),

    # Small programs.
    Case("laplace_C", "stencil_2d.py", "laplace", (2, 2), (8, 8),
         [A("float64", (12, 15), Uniform()), A("float64", (12, 15), Const(0))]),
    Case("laplace_F", "stencil_2d.py", "laplace", (2, 2), (8, 8),
         [A("float32", (15, 12), Uniform(), "F"),
          A("float32", (15, 12), Const(0), "F")]),
    Case("histogram", "histogram.py", "histogram", 1, 16,
         [A("uint8", 300, Ints(0, 255)), S("int64", 8), A("int32", 16, Const(-1))]),
    Case("bool_count", "histogram.py", "bool_count", 1, 32,
         [A("bool", (20, 13), Bools(0.4), "F"), A("int64", 20, Const(-1))]),

    # Atomics: many threads colliding on few bins.
    Case("atomic_bits", "atomics_more.py", "bits", 3, 64,
         [A("int64", 150, Ints(0, 1000)), A("int64", 3, Const(0))]),
    Case("atomic_counters", "atomics_more.py", "counters", 4, 32,
         [A("int64", 1, Const(123)), A("uint32", 1, Const(0)), A("uint64", 1, Const(5))]),
    Case("atomic_nan_extremes", "atomics_more.py", "nan_extremes", 3, 64,
         [A("float64", 170, Uniform(-50, 50)), A("float64", 6, Const(float("nan"))),
          A("float32", 6, Const(float("nan"))), A("int32", 6, Const(-10**6)),
          A("int64", 6, Const(10**6))]),
    Case("atomic_first_wins", "atomics_more.py", "first_wins", 4, 32,
         [A("int32", 1, Const(-1)), A("int64", 1, Const(0)), A("uint32", 5, Const(0))]),
    Case("atomic_hist_global", "atomics.py", "hist_global", 4, 32,
         [A("int32", 1000, Ints(0, 255)), A("int32", 5, Const(0)),
          A("float32", 5, Const(0))]),
    Case("atomic_hist_shared", "atomics.py", "hist_shared", 4, 64,
         [A("int64", 250, Ints(0, 1000)), A("uint64", 8, Const(3)),
          A("float64", 8, Const(0))]),
    Case("atomic_hist_2d", "atomics.py", "hist_2d", 3, 64,
         [A("int32", (180, 2), Ints(0, 50)), A("int64", (3, 4), Const(0), "F")]),
    Case("atomic_tickets", "atomics.py", "tickets", 3, 32,
         [A("uint32", 1, Const(0)), A("int32", 96, Const(0))]),
    Case("atomic_old_values", "atomics.py", "old_values", 2, 32,
         [A("float64", 50, Ints(-20, 20)), A("int32", 50, Ints(-5, 5)),
          A("float64", 50, Const(-1))]),
    Case("atomic_extremes", "atomics.py", "extremes", 3, 64,
         [A("int64", 170, Ints(-1000, 1000)), A("int64", 6, Const(-5000)),
          A("int32", 6, Const(5000)), A("float32", 6, Const(-1000)),
          A("float64", 6, Const(1000)), A("int32", 6, Const(0))]),
    Case("atomic_extremes_nan", "atomics.py", "extremes", 2, 64,
         [A("int64", 100, Ints(0, 1000)), A("uint32", 4, Const(0)),
          A("uint64", 4, Const(2000)), A("float64", 4, Const(float("nan"))),
          A("float32", 4, Const(float("nan"))), A("float64", 4, Const(0))],
         note="NaN bins stay NaN: Numba's float max/min leave a NaN element alone"),
    Case("range_near_int64_max", "range_edges.py", "range_count", 1, 1,
         [A("int64", 2, Const(-7)), S("int64", 2**63 - 4), S("int64", 2**63 - 1),
          S("int64", 2)],
         note="start + step passes INT64_MAX after the last iteration"),
    Case("range_near_int64_min", "range_edges.py", "range_count", 1, 1,
         [A("int64", 2, Const(-7)), S("int64", -2**63 + 4), S("int64", -2**63),
          S("int64", -3)]),
    Case("range_whole_int64_step", "range_edges.py", "range_count", 1, 1,
         [A("int64", 2, Const(-7)), S("int64", -2**63), S("int64", 2**63 - 1),
          S("int64", 2**62)],
         numba_cuda_fails="numba-cuda 0.30 computes the trip count from stop - start "
                          "in int64, which overflows here: 0 iterations where Python "
                          "(and the simulator, and pykc) run 4"),
    Case("range_near_int32_max", "range_edges.py", "range_count", 1, 1,
         [A("int64", 2, Const(-7)), S("int32", 2**31 - 4), S("int32", 2**31 - 1),
          S("int32", 2)]),
    Case("range_empty_down", "range_edges.py", "range_count", 1, 1,
         [A("int64", 2, Const(-7)), S("int64", 5), S("int64", 9), S("int64", -1)]),
    Case("math_unary_float32", "math_funcs.py", "math_unary", 1, 32,
         [A("float32", 32, Uniform(-3, 3)), A("float64", (32, 30), Const(-7))],
         rtol=2e-6, note="float32 functions (sinf, ...) against Python's float64 math"),
    Case("math_unary_float64", "math_funcs.py", "math_unary", 1, 32,
         [A("float64", 32, Uniform(-3, 3)), A("float64", (32, 30), Const(-7))],
         rtol=1e-13),
    Case("math_split_float32", "math_funcs.py", "math_split", 1, 32,
         [A("float32", 32, Uniform(-1e4, 1e4)), A("float32", (32, 5), Const(-7)),
          A("int32", 32, Const(-7))]),
    Case("math_split_float64", "math_funcs.py", "math_split", 1, 32,
         [A("float64", 32, Uniform(-1e4, 1e4)), A("float64", (32, 5), Const(-7)),
          A("int32", 32, Const(-7))]),
    Case("math_binary_float32", "math_funcs.py", "math_binary", 1, 32,
         [A("float32", 32, Uniform(-3, 3)), A("float32", 32, Uniform(0.5, 3)),
          A("int64", 32, Ints(-100, 100)), A("float64", (32, 7), Const(-7)),
          A("bool", (32, 5), Const(True))],
         rtol=2e-6),
    Case("math_binary_float64", "math_funcs.py", "math_binary", 1, 32,
         [A("float64", 32, Uniform(-3, 3)), A("float64", 32, Uniform(0.5, 3)),
          A("int64", 32, Ints(-100, 100)), A("float64", (32, 7), Const(-7)),
          A("bool", (32, 5), Const(True))],
         rtol=1e-13),
    Case("numpy_unary_float32", "numpy_funcs.py", "numpy_unary", 1, 32,
         [A("float32", 32, Uniform(-3, 3)), A("int64", 32, Ints(-100, 100)),
          A("float64", (32, 15), Const(-7)), A("bool", (32, 3), Const(True))],
         rtol=2e-6,
         numba_cuda_fails=NUMBA_CUDA_NO_UFUNCS),
    Case("numpy_unary_float64", "numpy_funcs.py", "numpy_unary", 1, 32,
         [A("float64", 32, Uniform(-3, 3)), A("int64", 32, Ints(-100, 100)),
          A("float64", (32, 15), Const(-7)), A("bool", (32, 3), Const(True))],
         rtol=1e-13,
         numba_cuda_fails=NUMBA_CUDA_NO_UFUNCS),
    Case("warp_lanes_2d", "warp.py", "lanes", (2, 1), (6, 10),
         [A("int32", (120, 2), Const(-1))],
         note="cuda.laneid is the linear thread index mod 32, cuda.warpsize 32"),
    Case("warp_lanes_3d", "warp.py", "lanes", (1, 2), (4, 4, 5),
         [A("int32", (160, 2), Const(-1))]),
    Case("atomic_local", "atomics.py", "local_counts", 1, 32,
         [A("int32", (30, 9), Ints(0, 99)), A("int32", (30, 4), Const(-1))],
         numba_cuda_fails="numba-cuda 0.30 emits atomics on local memory that "
                          "fail at run time (CUDA_ERROR_LAUNCH_FAILED on an H100); "
                          "pykc lowers them to plain loads and stores"),
]
