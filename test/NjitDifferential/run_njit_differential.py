"""Differential test: `pykc call` against Numba's own CPU JIT for @njit
functions.

For every case below: build the arguments (NumPy arrays of several dtypes,
shapes and orders, and scalars), save the arrays as .npy files, run
`pykc call functions.py FUNC ARG...`, and compare
  - its stdout with what print() shows for Numba's result on copies of the
    same inputs (serial functions: the same text; parallel float reductions:
    element-wise within a relative tolerance), and
  - every array argument after the call (np.load of the .npy file) with
    Numba's copy after its call (exactly, bit for bit; with a relative
    tolerance for parallel float cases).

Run with the system python3 (Debian's numba and numpy):
    /usr/bin/python3 test/NjitDifferential/run_njit_differential.py \\
        [--pykc PATH] [-j N] [--only NAME] [--known-failures] [--keep] [-v]
        [--list]

--only NAME runs one function's cases (or one case, by label); -v prints each
pykc command; --keep keeps the .npy files.

When Numba's call raises (ValueError, ZeroDivisionError, ...: an exception
of the compiled function, not a Numba compile error), pykc must fail with
the same exception and message, `FILE:LINE:COL: TYPE: MESSAGE (in 'FUNC')`,
and leave every array file as it was.

Prints `PASS label` / `FAIL label: reason` per case and ends with
`N passed, M failed`; exits 1 when a case failed.

KNOWN_FAILURES holds cases that show pykc bugs (see the note of each); they
run only with --known-failures (alone with --only-known-failures) and are
not counted otherwise.
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

import argparse
import concurrent.futures
import importlib.util
import math
import re
import shutil
import subprocess
import tempfile
import traceback
import warnings
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
FUNCTIONS = os.path.join(HERE, "functions.py")
PYKC_TIMEOUT_S = 180
PAR_RTOL = 1e-9


# --- Cases -------------------------------------------------------------------

class Case:
    """func: the @njit function's name. args: a list, or a function of a
    seeded np.random.RandomState returning one; each element is an ndarray
    (the same object twice is one array, passed twice) or a scalar: int
    (int64), float (float64), bool, or a NumPy scalar (np.int32(7), ...).
    rtol: 0 compares exactly; otherwise floats within rtol. env: extra
    environment for pykc (PYKC_NUM_THREADS)."""

    def __init__(self, func, args, label=None, rtol=0.0, env=None, note=None):
        self.func = func
        self.args = args
        self.label = label or func
        self.rtol = rtol
        self.env = env or {}
        self.note = note

    def seed(self):
        return zlib.crc32(self.label.encode()) & 0x7FFFFFFF

    def make_args(self):
        if callable(self.args):
            return list(self.args(np.random.RandomState(self.seed())))
        return list(self.args)


def ints(r, n, lo=-50, hi=50, dtype=np.int64):
    return r.randint(lo, hi + 1, size=n).astype(dtype)


def floats(r, shape, dtype=np.float64, lo=-1.0, hi=1.0, order="C"):
    a = (lo + (hi - lo) * r.random_sample(shape)).astype(dtype)
    return np.asfortranarray(a) if order == "F" else a


def nonzero_ints(r, n, lo, hi, dtype=np.int64):
    a = r.randint(lo, hi + 1, size=n)
    a[a == 0] = 1
    return a.astype(dtype)


def par(func, args, label, rtol=PAR_RTOL):
    """A parallel case, run with pykc's default thread count and with
    PYKC_NUM_THREADS=1 and 7: the result must not depend on it."""
    return [Case(func, args, label, rtol=rtol),
            Case(func, args, label + "@t1", rtol=rtol,
                 env={"PYKC_NUM_THREADS": "1"}),
            Case(func, args, label + "@t7", rtol=rtol,
                 env={"PYKC_NUM_THREADS": "7"})]


DOC_DATA = np.array([-100.5, 3, -2, 7.25] * 250, dtype=np.float32)

CASES = [
    # Reductions.
    Case("total", lambda r: [ints(r, 37)], "total/int64"),
    Case("total", lambda r: [ints(r, 40, dtype=np.int32)], "total/int32"),
    Case("total", lambda r: [ints(r, 25, 0, 255, np.uint8)], "total/uint8"),
    Case("total", lambda r: [ints(r, 25, dtype=np.int16)], "total/int16"),
    Case("total", lambda r: [ints(r, 25, 0, 1000, np.uint64)],
         "total/uint64"),
    Case("total", lambda r: [floats(r, 101)], "total/float64"),
    Case("total", lambda r: [floats(r, 64, np.float32)], "total/float32"),
    Case("total", lambda r: [r.random_sample(19) > 0.5], "total/bool"),
    Case("abs_total", [DOC_DATA], "abs_total/documents"),
    Case("abs_total", lambda r: [floats(r, 77, lo=-5, hi=5)],
         "abs_total/float64"),
    Case("abs_total", lambda r: [ints(r, 30)], "abs_total/int64"),
    Case("product", lambda r: [ints(r, 20, 1, 3)], "product/int64"),
    Case("product", lambda r: [ints(r, 12, -4, 4, np.int32)],
         "product/int32"),
    Case("product", lambda r: [floats(r, 50, lo=0.9, hi=1.1)],
         "product/float64"),
    Case("dot", lambda r: [floats(r, 33, np.float32),
                           floats(r, 33, np.float32)], "dot/float32"),
    Case("dot", lambda r: [ints(r, 10), ints(r, 10, dtype=np.int32)],
         "dot/int"),
    Case("dot", lambda r: [floats(r, 21)] * 2, "dot/aliased"),
    Case("total_3d", lambda r: [ints(r, (2, 3, 4), dtype=np.int32)],
         "total_3d/int32"),
    Case("total_3d", lambda r: [floats(r, (3, 2, 5), order="F")],
         "total_3d/float64-F"),

    # Stencils into an output array.
    Case("stencil_1d", lambda r: [floats(r, 40), np.zeros(40)],
         "stencil_1d/float64"),
    Case("stencil_1d", lambda r: [floats(r, 17, np.float32),
                                  np.zeros(17, np.float32)],
         "stencil_1d/float32"),
    Case("stencil_1d", lambda r: [ints(r, 12), np.zeros(12)],
         "stencil_1d/int-in"),
    Case("stencil_2d", lambda r: [floats(r, (6, 7)), np.zeros((6, 7))],
         "stencil_2d/float64"),
    Case("stencil_2d", lambda r: [floats(r, (5, 4), order="F"),
                                  np.zeros((5, 4), order="F")],
         "stencil_2d/float64-F"),
    Case("stencil_2d", lambda r: [ints(r, (5, 6), dtype=np.int32),
                                  np.zeros((5, 6), np.int64)],
         "stencil_2d/int32"),

    # Early exit.
    Case("first_index", lambda r: [np.array([4, 8, 15, 16, 23, 42]), 16],
         "first_index/found"),
    Case("first_index", lambda r: [np.array([4, 8, 15, 16, 23, 42]), 7],
         "first_index/missing"),
    Case("first_index", lambda r: [np.array([0.5, -1.5, 2.5, -1.5]), -1.5],
         "first_index/float64"),
    Case("first_index", lambda r: [np.array([3, 1, 2], np.int32), 2],
         "first_index/int32"),
    Case("prefix_until", lambda r: [floats(r, 30, lo=0, hi=1), 5.0],
         "prefix_until/stops"),
    Case("prefix_until", lambda r: [floats(r, 8, lo=0, hi=1), 1e9],
         "prefix_until/all"),
    Case("prefix_until", lambda r: [ints(r, 10, 0, 9), 20.5],
         "prefix_until/int64"),
    Case("count_skipping", [np.array([3, -1, 4, -1, 5, 0, 9, 2])],
         "count_skipping/break"),
    Case("count_skipping", [np.array([-3, 1, 4], np.int32)],
         "count_skipping/no-zero"),

    # Tuple returns, calls between @njit functions.
    Case("min_max_argmin", lambda r: [floats(r, 50)],
         "min_max_argmin/float64"),
    Case("min_max_argmin", lambda r: [ints(r, 30, dtype=np.int32)],
         "min_max_argmin/int32"),
    Case("min_max_argmin", [np.array([5, 3, 9, 3, 1, 1])],
         "min_max_argmin/ties"),
    Case("mean_var", lambda r: [floats(r, 64, lo=-3, hi=7)],
         "mean_var/float64"),
    Case("mean_var", [np.array([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])],
         "mean_var/exact"),
    Case("single", [3], "single/int"),
    Case("single", [2.5], "single/float"),
    Case("single", [np.float32(0.1)], "single/float32"),  # float64
    Case("hypot3", [1.0, 2.0, 2.0], "hypot3/float"),
    Case("hypot3", [2, 3, 6], "hypot3/int"),
    Case("hypot3", [0.1, 0.2, 0.3], "hypot3/inexact"),

    # Integer arithmetic with Python semantics.
    Case("int_divmod", [7, 2], "int_divmod/7,2"),
    Case("int_divmod", [-7, 2], "int_divmod/-7,2"),
    Case("int_divmod", [7, -3], "int_divmod/7,-3"),
    Case("int_divmod", [-7, -3], "int_divmod/-7,-3"),
    Case("int_divmod", [0, 5], "int_divmod/0,5"),
    Case("int_divmod", [10**15 + 7, -13], "int_divmod/big"),
    Case("int_divmod", [np.int32(-9), np.int32(4)], "int_divmod/int32"),
    Case("int_divmod", [np.int16(-9), 4], "int_divmod/int16,int64"),
    Case("int_divmod", [7.5, 2], "int_divmod/float,int"),
    Case("int_divmod_arrays",
         lambda r: [ints(r, 40, -100, 100), nonzero_ints(r, 40, -9, 9),
                    np.zeros(40, np.int64), np.zeros(40, np.int64)],
         "int_divmod_arrays/int64"),
    Case("int_divmod_arrays",
         lambda r: [ints(r, 25, -1000, 1000, np.int32),
                    nonzero_ints(r, 25, -7, 7, np.int32),
                    np.zeros(25, np.int32), np.zeros(25, np.int32)],
         "int_divmod_arrays/int32"),
    Case("int_power", [3, 4], "int_power/3,4"),
    Case("int_power", [-2, 5], "int_power/-2,5"),
    Case("int_power", [7, 0], "int_power/7,0"),
    Case("int_power", [5, 1], "int_power/5,1"),
    Case("int_power", [10, 15], "int_power/10,15"),
    Case("int_power", [2, -1], "int_power/2,-1"),
    Case("int_power", [1, -3], "int_power/1,-3"),
    Case("int_power", [-1, -3], "int_power/-1,-3"),
    Case("int_power", [np.int32(3), np.int32(5)], "int_power/int32"),
    Case("int_power", [1.5, 3], "int_power/float,int"),
    Case("int_power", [2.0, -2], "int_power/float,negative"),
    Case("int_bits", [-37, 12], "int_bits/-37,12"),
    Case("int_bits", [1234567, -5], "int_bits/1234567,-5"),
    Case("int_bits", [np.int32(-100), np.int32(7)], "int_bits/int32"),
    Case("numpy_errors", [7, 0, 3.5, 0.0], "numpy_errors/by-zero"),
    Case("numpy_errors", [-7, 0, -3.5, 0.0], "numpy_errors/negative-by-zero"),
    Case("numpy_errors", [0, 0, 0.0, 0.0], "numpy_errors/zero-by-zero"),
    Case("numpy_errors", [np.int32(-9), np.int32(0), np.float32(2.5), np.float32(0)],
         "numpy_errors/int32,float32"),
    Case("numpy_errors", [-7, 2, 7.5, -2.0], "numpy_errors/nonzero"),
    Case("numpy_errors_arrays",
         lambda r: [ints(r, 30, -50, 50), ints(r, 30, -2, 2),
                    floats(r, 30), np.where(ints(r, 30, 0, 2) == 0, 0.0, 1.5),
                    np.zeros(30, np.int64), np.zeros(30, np.int64),
                    np.zeros(30), np.zeros(30)],
         "numpy_errors_arrays/float64,int64"),
    Case("float_divmod", [7.5, 2.0], "float_divmod/7.5,2"),
    Case("float_divmod", [-7.5, 2.0], "float_divmod/-7.5,2"),
    Case("float_divmod", [7.5, -2.0], "float_divmod/7.5,-2"),
    Case("float_divmod", [5.0, 0.1], "float_divmod/5,0.1"),
    Case("float_divmod", [6.0, 3.0], "float_divmod/exact"),
    Case("float_divmod", [7, 2.5], "float_divmod/int,float"),
    Case("float_divmod", [np.float32(7.25), np.float32(2.0)],
         "float_divmod/float32-exact"),

    # Mixed int/float promotion, math functions, special values.
    Case("promote", [7, 2.5], "promote/7,2.5"),
    Case("promote", [-7, 0.5], "promote/-7,0.5"),
    Case("promote", [0, -1.5], "promote/0,-1.5"),
    Case("promote", [3, 3.0], "promote/equal"),
    Case("promote_int32", [np.int32(7), np.float32(0.5)], "promote_int32/a"),
    Case("promote_int32", [np.int32(-3), np.float32(0.1)],
         "promote_int32/b"),
    Case("mixed_array", lambda r: [ints(r, 20, dtype=np.int32),
                                   floats(r, 20, np.float32)],
         "mixed_array/int32,float32"),
    Case("math_funcs", [2.0], "math_funcs/2"),
    Case("math_funcs", [10.5], "math_funcs/10.5"),
    Case("math_funcs", [0.3], "math_funcs/0.3"),
    Case("math_funcs", [7], "math_funcs/int"),
    Case("specials", [1.0], "specials"),

    # float32 arithmetic (results in float32 arrays).
    Case("f32_ops", lambda r: [floats(r, 30, np.float32, 0, 100),
                               np.float32(3.7), np.zeros(30, np.float32)],
         "f32_ops"),
    Case("scale_2d", lambda r: [floats(r, (4, 5), np.float32), 0.3],
         "scale_2d/float32"),
    Case("scale_2d", lambda r: [floats(r, (3, 6), np.float32, order="F"),
                                np.float32(1.7)], "scale_2d/float32-F"),

    # Boolean results.
    Case("is_sorted", [np.array([1, 2, 2, 5, 9])], "is_sorted/yes"),
    Case("is_sorted", [np.array([1, 3, 2])], "is_sorted/no"),
    Case("is_sorted", lambda r: [np.sort(floats(r, 30))],
         "is_sorted/float64"),
    Case("in_range", [2, 1, 3], "in_range/inside"),
    Case("in_range", [3, 1, 3], "in_range/edge"),
    Case("in_range", [np.int32(5), 1.5, np.float32(4.5)], "in_range/mixed"),
    Case("count_true", lambda r: [r.random_sample(33) > 0.3],
         "count_true/bool"),
    Case("count_true", [np.array([0, 3, -1, 0, 0, 2])], "count_true/int64"),
    Case("count_true", [np.array([0.0, -0.0, 0.5, 1e-300])],
         "count_true/float64"),

    # Nested loops over 2-d arrays.
    Case("row_sums", lambda r: [floats(r, (5, 7)), np.zeros(5)],
         "row_sums/float64"),
    Case("row_sums", lambda r: [floats(r, (6, 3), order="F"), np.zeros(6)],
         "row_sums/float64-F"),
    Case("row_sums", lambda r: [ints(r, (4, 4), dtype=np.int32),
                                np.zeros(4, np.float32)],
         "row_sums/int32-to-float32"),
    Case("trace_and_max", lambda r: [ints(r, (4, 4))],
         "trace_and_max/int64"),
    Case("trace_and_max", lambda r: [floats(r, (5, 3), order="F")],
         "trace_and_max/float64-F"),
    Case("matmul", lambda r: [ints(r, (3, 4)), ints(r, (4, 2)),
                              np.zeros((3, 2), np.int64)], "matmul/int64"),
    Case("matmul", lambda r: [floats(r, (2, 6), np.float32),
                              floats(r, (6, 2), np.float32),
                              np.zeros((2, 2), np.float32)],
         "matmul/float32"),

    # Negative indices and slices.
    Case("ends", [np.array([3, 1, 4, 1, 5, 9])], "ends/int64"),
    Case("ends", lambda r: [floats(r, 5)], "ends/float64"),
    Case("slice_sum", [np.arange(9)], "slice_sum/odd"),
    Case("slice_sum", [np.arange(10, dtype=np.int32)], "slice_sum/even"),
    Case("slice_sum", lambda r: [floats(r, 12)], "slice_sum/float64"),
    Case("row_of", lambda r: [floats(r, (4, 5)), 2], "row_of/2"),
    Case("row_of", lambda r: [floats(r, (3, 4), order="F"), 1],
         "row_of/F"),
    Case("row_of", [np.arange(12.0).reshape(3, 4), -1], "row_of/-1-exact"),

    # In-place updates.
    Case("clip_inplace", lambda r: [floats(r, 40), -0.5, 0.25],
         "clip_inplace/float64"),
    Case("clip_inplace", lambda r: [ints(r, 30, dtype=np.int32), -10, 20],
         "clip_inplace/int32"),
    Case("cumsum_inplace", lambda r: [ints(r, 25)], "cumsum_inplace/int64"),
    Case("cumsum_inplace", lambda r: [floats(r, 25)],
         "cumsum_inplace/float64"),
    Case("cumsum_inplace", lambda r: [floats(r, 25, np.float32)],
         "cumsum_inplace/float32"),
    Case("reverse_inplace", [np.arange(7)], "reverse_inplace/odd"),
    Case("reverse_inplace", lambda r: [floats(r, 6, np.float32)],
         "reverse_inplace/float32"),
]

# More control flow, ranges, builtins, views, conversions on store.
CASES += [
    Case("reverse_range_sum", lambda r: [ints(r, 11)],
         "reverse_range_sum/int64"),
    Case("reverse_range_sum", [np.zeros(0)], "reverse_range_sum/empty"),
    Case("total", [np.zeros(0, np.int64)], "total/empty"),
    Case("ternary_and_or", [4, 2.5], "ternary_and_or/positive"),
    Case("ternary_and_or", [0, 2.5], "ternary_and_or/zero"),
    Case("ternary_and_or", [-3, -0.5], "ternary_and_or/negative"),
    Case("unpack_call", lambda r: [floats(r, 13)], "unpack_call"),
    Case("shape_info", [np.zeros((3, 4, 5), np.float32)], "shape_info/3d"),
    Case("shape_info", [np.zeros(7, np.int32)], "shape_info/1d"),
    Case("views", lambda r: [floats(r, (4, 5))], "views/C"),
    Case("views", lambda r: [floats(r, (5, 3), order="F")], "views/F"),
    Case("shift_into", lambda r: [ints(r, 6), np.zeros(6, np.int64)],
         "shift_into/separate"),
    Case("shift_into", lambda r: [ints(r, 6)] * 2, "shift_into/aliased"),
    Case("stores", lambda r: [floats(r, 9, lo=-3, hi=3),
                              np.zeros(9, np.int32), np.zeros(9, np.float32),
                              np.zeros(9, np.bool_)], "stores"),
    Case("int_promotion", [np.int32(100000), np.uint32(3)],
         "int_promotion/int32,uint32"),
    Case("int_promotion", [np.int8(-100), np.uint32(0)],
         "int_promotion/int8"),
    Case("float_pow", [2.0, 0.5], "float_pow/2,0.5"),
    Case("float_pow", [8.0, 1.0 / 3.0], "float_pow/cube-root"),
    Case("float_pow", [1.5, -2.0], "float_pow/negative-exponent"),
    Case("float_pow", [3, 2], "float_pow/int"),
    Case("math_more", [2.0, 3.0], "math_more/2,3"),
    Case("math_more", [float("inf"), -1.5], "math_more/inf"),
    Case("math_more", [-7.25, 2.0], "math_more/negative"),
    Case("fill_3d", lambda r: [ints(r, (2, 3, 4))], "fill_3d/int64"),
    Case("fill_3d", lambda r: [floats(r, (3, 2, 2), np.float32, order="F")],
         "fill_3d/float32-F"),
]
CASES += [
    Case("globals_and_consts", [1.5], "globals_and_consts"),
    Case("conversions", [2.7, 300], "conversions/2.7,300"),
    Case("conversions", [-0.5, 0], "conversions/-0.5,0"),
    # Spelled bool:true / bool:false (a bare true is a KNOWN_FAILURE).
    Case("choose", [np.bool_(True), 1.25, 3.0], "choose/bool:true"),
    Case("choose", [np.bool_(False), 1.25, 3.0], "choose/bool:false"),
    Case("call_inplace", lambda r: [ints(r, 12)], "call_inplace/int64"),
    Case("neg2d", lambda r: [floats(r, (4, 5))], "neg2d/C"),
    Case("neg2d", lambda r: [ints(r, (3, 3), dtype=np.int32)], "neg2d/int32"),
    Case("while_continue", [20], "while_continue/20"),
    Case("while_continue", [0], "while_continue/0"),
    Case("closures", lambda r: [floats(r, 9), 0.75], "closures/float64"),
    Case("closures", lambda r: [floats(r, 6, np.float32), 2.0], "closures/float32"),
]
FLOAT_VALUES = np.array([0.1 + 0.2, 1e16, 1e-5, 5e-324, 1.7976931348623157e308,
                         123456.789, 1e22, 1e15, 123456789012345678.0, -0.0,
                         2.0 ** 60, 1.0 / 3.0, 9007199254740993.0, 0.0001,
                         1e-4 + 1e-20, 2.2250738585072014e-308, 100.0, 1e21,
                         float("nan"), float("-inf")])
INT_VALUES = np.array([0, -1, 2**63 - 1, -2**63, 10**18, -10**18 + 7])
# Python's repr switches to an exponent below 1e-4 and from 1e16 on; these
# values once printed wrong (REGRESSIONS below).
REPR_BUG = (7, 8, 10, 13)
CASES += [Case("pick", [FLOAT_VALUES, i], "pick/float64-%d" % i)
          for i in range(len(FLOAT_VALUES)) if i not in REPR_BUG]
CASES += [Case("pick", [INT_VALUES, i], "pick/int64-%d" % i)
          for i in range(len(INT_VALUES))]
CASES += [
    Case("pick", [np.array([2**64 - 1, 7], np.uint64), 0], "pick/uint64"),
    Case("pick", [np.array([-128, 127], np.int8), 0], "pick/int8"),
    Case("pick", [np.array([True, False]), 1], "pick/bool"),
]

# prange reductions in @njit(parallel=True).
CASES += par("par_sum", lambda r: [floats(r, 1000)], "par_sum/float64")
CASES += par("par_sum", lambda r: [ints(r, 513)], "par_sum/int64", rtol=0)
CASES += par("par_minmax", lambda r: [floats(r, 1001)], "par_minmax/float64", rtol=0)
CASES += par("par_minmax", lambda r: [ints(r, 777)], "par_minmax/int64", rtol=0)
CASES += par("par_minmax", lambda r: [floats(r, 300, np.float32)], "par_minmax/float32", rtol=0)
CASES += par("par_count", lambda r: [floats(r, 777), 0.5],
             "par_count/float64", rtol=0)
CASES += par("par_count", lambda r: [ints(r, 300, dtype=np.int32), 10],
             "par_count/int32", rtol=0)
CASES += par("numba_reduce", [DOC_DATA], "numba_reduce/documents")
CASES += par("numba_reduce", lambda r: [ints(r, 99)], "numba_reduce/int64",
             rtol=0)
CASES += par("par_sum_2d", lambda r: [floats(r, (50, 8))], "par_sum_2d")
CASES += par("par_initial", lambda r: [floats(r, 101)], "par_initial")
CASES += par("par_initial", [np.arange(3.0)], "par_initial/short")
CASES += par("par_initial", [np.zeros(0)], "par_initial/empty")
CASES += par("par_sum", [np.zeros(0)], "par_sum/empty")
CASES += par("par_rows", lambda r: [ints(r, (37, 5), dtype=np.int32),
                                    np.zeros(37, np.int64)], "par_rows",
             rtol=0)
CASES += par("par_offset", lambda r: [ints(r, 50)], "par_offset", rtol=0)
CASES += par("par_prod", lambda r: [floats(r, 200, lo=0.9, hi=1.1)],
             "par_prod")
CASES += par("par_scale", lambda r: [floats(r, 64), np.zeros(64), 0.7],
             "par_scale", rtol=0)

# Calls that raise to the caller: pykc fails with Numba's exception.
CASES += [
    Case("stepped_fill", lambda r: [ints(r, 10), 1, 0], "stepped_fill/step-0"),
    Case("stepped_fill", lambda r: [ints(r, 10), 1, 3], "stepped_fill/step-3"),
    Case("stepped_fill", lambda r: [ints(r, 10), 9, -4], "stepped_fill/step--4"),
    Case("stepped_fill", lambda r: [ints(r, 7, dtype=np.int32), np.int32(2),
                                    np.int32(0)], "stepped_fill/int32-step-0"),
    Case("range_lengths", [2, 11, 3], "range_lengths/up"),
    Case("range_lengths", [11, 2, -3], "range_lengths/down"),
    Case("range_lengths", [5, 5, 1], "range_lengths/empty"),
    Case("range_lengths", [-4, 9, 0], "range_lengths/step-0"),
    Case("range_lengths", [np.int32(1), np.int32(20), np.int32(-2)],
         "range_lengths/int32"),
    Case("zipped_steps", lambda r: [floats(r, 8), 2], "zipped_steps/step-2"),
    Case("zipped_steps", lambda r: [floats(r, 8), 0], "zipped_steps/step-0"),
    Case("zipped_steps", lambda r: [floats(r, 8), -1], "zipped_steps/step--1"),
    Case("divide_ints", [7, 0], "divide_ints/by-zero"),
    Case("divide_ints", [np.int32(-7), np.int32(0)], "divide_ints/int32-by-zero"),
    Case("divide_ints", [-7, 2], "divide_ints/nonzero"),
    Case("divide_floats", [2.5, 0.0], "divide_floats/by-zero"),
    Case("divide_floats", [-2.5, 2.0], "divide_floats/nonzero"),
    Case("checked_root", [-2.0], "checked_root/raise"),
    Case("checked_root", [1.0], "checked_root/assert"),
    Case("checked_root", [2.25], "checked_root/returns"),
]

# Arrays the function makes: np.empty, np.zeros, np.ones, np.full and
# their _like forms, freed when the function returns (or, for a scratch
# array made in a loop, when it is made again).
CASES += [
    Case("running_max_total", lambda r: [floats(r, 40)], "alloc/empty"),
    Case("histogram_weight", lambda r: [ints(r, 100, lo=0, hi=99), 7],
         "alloc/zeros-int64"),
    Case("ones_grid", [5, 4], "alloc/ones-2d-float32"),
    Case("ones_grid", [0, 3], "alloc/ones-empty"),
    Case("filled", [4, 2.5], "alloc/full-float"),
    Case("filled", [3, 7], "alloc/full-int"),
    Case("like_arrays", lambda r: [floats(r, 12), np.zeros(12)], "alloc/like"),
    Case("like_arrays", lambda r: [ints(r, 9, dtype=np.int32),
                                   np.zeros(9, np.int32)], "alloc/like-int32"),
    Case("scratch_in_loop", [50, 3000], "alloc/in-a-loop"),
    Case("smooth_steps", lambda r: [floats(r, 30), 25], "alloc/double-buffer"),
    Case("sized_scratch", [6], "alloc/sized"),
    Case("sized_scratch", [0], "alloc/sized-0"),
    Case("sized_scratch", [-3], "alloc/negative"),
    Case("sized_scratch", [2 ** 62], "alloc/too-big"),
    Case("helpers_alloc", [5], "alloc/helpers"),
    Case("helpers_alloc", [-1], "alloc/helpers-negative"),
    Case("transposed_like", lambda r: [floats(r, (3, 5))], "alloc/like-F"),
    Case("flags_and_strings", [10], "alloc/bool-and-string-dtype"),
    Case("complex_scratch", [6], "alloc/complex"),
]
CASES += par("par_scratch_rows", lambda r: [floats(r, (23, 6))],
             "alloc/par-rows")

# pykc bugs: these fail until they are fixed (run with --known-failures).
FMA = ("`pykc call` contracts a * b + c into one fused multiply-add "
       "(Call.cpp compiles with Fmad=true); Numba rounds the product first")
F32 = ("a float32 result prints as the shortest float32 repr (0.1), but "
       "Numba returns it as a Python float: print shows 0.10000000149011612")
FLOOR = ("math.floor/ceil/trunc return float64 (Numba CUDA's typing); "
         "Numba's CPU JIT returns int64, as Python does")
REPR = ("a float64 result prints differently from Python's repr(): "
        "Python uses fixed notation for 1e-4 <= |x| < 1e16 and the shortest "
        "round-trip digits otherwise (1000000000000000.0, 0.0001, "
        "1.2345678901234568e+17)")
BOOL = ("a bare true/false argument (documented in `pykc call --help`) is "
        "rejected: \"'true' is not a number\" (parseScalar types an untyped "
        "value as int64 or float64); bool:true works")
REGRESSIONS = [
    # Each of these fails only because of the fused multiply-add.
    Case("dot", lambda r: [floats(r, 100), floats(r, 100)], "dot/float64",
         note=FMA),
    Case("mean_var", lambda r: [ints(r, 15)], "mean_var/int64", note=FMA),
    Case("norms", lambda r: [floats(r, 9)], "norms/float64", note=FMA),
    Case("f32_accumulate", lambda r: [floats(r, 50, np.float32, 0, 10),
                                      np.zeros(2, np.float32)],
         "f32_accumulate", note=FMA),
    Case("matmul", lambda r: [floats(r, (4, 5)), floats(r, (5, 3)),
                              np.zeros((4, 3))], "matmul/float64", note=FMA),
    Case("matmul", lambda r: [floats(r, (3, 3), order="F"),
                              floats(r, (3, 2)), np.zeros((3, 2), order="F")],
         "matmul/float64-F", note=FMA),
    Case("row_of", lambda r: [floats(r, (4, 5)), -1], "row_of/-1",
         note=FMA),
    Case("pick", [FLOAT_VALUES, 7], "pick/float64-1e15", note=REPR),
    Case("pick", [FLOAT_VALUES, 8], "pick/float64-1.23e17", note=REPR),
    Case("pick", [FLOAT_VALUES, 10], "pick/float64-2**60", note=REPR),
    Case("pick", [FLOAT_VALUES, 13], "pick/float64-1e-4", note=REPR),
    Case("choose", [True, 1.25, 3.0], "choose/true", note=BOOL),
    Case("choose", [False, 1.25, 3.0], "choose/false", note=BOOL),
    Case("floor_ceil", [2.0], "floor_ceil/2", note=FLOOR),
    Case("floor_ceil", [-2.5], "floor_ceil/-2.5", note=FLOOR),
    Case("floor_ceil", [7], "floor_ceil/int", note=FLOOR),
    Case("floor_ceil", [np.float32(0.3)], "floor_ceil/float32", note=FLOOR),
    Case("residual", [0.1, 0.3, 0.03], "residual", note=FMA),
    Case("residual", [1e308, 10.0, float("inf")], "residual/inf", note=FMA),
    Case("axpy", lambda r: [0.3, floats(r, 20), floats(r, 20), np.zeros(20)],
         "axpy/float64", note=FMA),
    Case("saxpy32", lambda r: [np.float32(0.3), floats(r, 20, np.float32),
                               floats(r, 20, np.float32),
                               np.zeros(20, np.float32)],
         "saxpy32", note=FMA),
    Case("total32", lambda r: [floats(r, 10, np.float32)], "total32",
         note=F32),
    Case("round_trip32", [0.1], "round_trip32", note=F32),
    Case("min_max_argmin", [np.array([0.1, -0.2, 0.3], np.float32)],
         "min_max_argmin/float32", note=F32),
    Case("math_funcs", [np.float32(2.25)], "math_funcs/float32", note=F32),
]
# Each of these showed a pykc bug the first time it ran (the note says
# which); all are fixed, so they run with the others.
CASES += REGRESSIONS
# Cases that show a pykc bug not fixed yet: run only with --known-failures.
KNOWN_FAILURES = []


# --- Numba's side -------------------------------------------------------------

_module = None


def numba_module():
    global _module
    if _module is None:
        spec = importlib.util.spec_from_file_location("pykc_njit_functions",
                                                      FUNCTIONS)
        _module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_module)
    return _module


def copy_args(values):
    """Copies the arrays (keeping their order, and one copy for an array
    passed twice)."""
    copies = {}
    out = []
    for v in values:
        if isinstance(v, np.ndarray):
            if id(v) not in copies:
                copies[id(v)] = np.copy(v, order="K")
            out.append(copies[id(v)])
        else:
            out.append(v)
    return out


class Raised:
    """What a call of a compiled function raised, as Python prints it."""

    def __init__(self, exc):
        self.text = "%s: %s" % (type(exc).__name__, exc)


def run_numba(case, values):
    """Returns (result, arguments after the call); the result is a Raised
    when the compiled function raised."""
    from numba.core.errors import NumbaError
    args = copy_args(values)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            result = getattr(numba_module(), case.func)(*args)
        except NumbaError:
            raise  # Numba could not compile it: no reference
        except Exception as e:
            result = Raised(e)
    return result, args


def py_str(v):
    """What print(v) shows for Numba's result (a tuple prints the repr of its
    elements; a NumPy scalar as Python would print it)."""
    if v is None:
        return "None"
    if isinstance(v, Raised):
        return v
    if isinstance(v, tuple):
        inner = ", ".join(py_str(x) for x in v)
        return "(" + inner + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, (bool, np.bool_)):
        return str(bool(v))
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, np.float32):
        return str(v)  # NumPy 1.x: the shortest float32 repr
    if isinstance(v, (float, np.floating)):
        return repr(float(v))
    raise TypeError("unexpected result type %s" % type(v).__name__)


# --- pykc's side --------------------------------------------------------------

def scalar_cli(v):
    """The scalar as `pykc call` reads it, with the type Numba gives it."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, np.bool_):
        return "bool:true" if v else "bool:false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, np.integer):
        return "%s:%d" % (v.dtype.name, int(v))
    if isinstance(v, np.floating):
        # The exact value (a float32 is exact as a float64 repr).
        return "%s:%r" % (v.dtype.name, float(v))
    raise TypeError("unexpected scalar type %s" % type(v).__name__)


def run_pykc(opts, case, values, workdir, raises=None):
    """Returns (stdout, arrays after the call, error or None, command).
    With \p raises (what Numba raised), pykc must exit 1 with that error
    and leave the array files as they were."""
    paths = {}
    cli = []
    for k, v in enumerate(values):
        if isinstance(v, np.ndarray):
            if id(v) not in paths:
                paths[id(v)] = os.path.join(workdir, "arg%d.npy" % k)
                np.save(paths[id(v)], v)
            cli.append(paths[id(v)])
        else:
            cli.append(scalar_cli(v))
    cmd = [opts.pykc, "call", FUNCTIONS, case.func] + cli
    env = dict(os.environ)
    env.update(case.env)
    shown = " ".join(["%s=%s" % kv for kv in case.env.items()] + cmd)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env,
                              timeout=PYKC_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, None, "pykc timed out after %d s" % PYKC_TIMEOUT_S, shown
    except OSError as e:
        return None, None, "cannot run pykc: %s" % e, shown
    if raises is not None:
        expected = ": %s (in '%s'); no file was changed" % (raises.text, case.func)
        lines = proc.stderr.strip().splitlines()
        if (proc.returncode != 1 or len(lines) != 1 or
                not re.match(r"^pykc: error: .*:\d+:\d+%s$" % re.escape(expected), lines[0])):
            return None, None, ("pykc exited with %d, printing %r; Numba raised %r"
                                % (proc.returncode, proc.stdout + proc.stderr,
                                   raises.text)), shown
        after = [np.load(paths[id(v)]) if isinstance(v, np.ndarray) else None
                 for v in values]
        for k, (g, v) in enumerate(zip(after, values)):
            if g is not None and (g.dtype != v.dtype or g.shape != v.shape or
                                  g.tobytes() != v.tobytes()):
                return None, None, "argument %d: changed by a call that raised" % k, shown
        return "", [None] * len(values), None, shown
    if proc.returncode != 0:
        out = (proc.stderr + proc.stdout).strip().splitlines()
        tail = " | ".join(out[-6:]) if out else "(no output)"
        return None, None, "pykc exited with %d: %s" % (proc.returncode,
                                                          tail), shown
    after = [np.load(paths[id(v)]) if isinstance(v, np.ndarray) else None
             for v in values]
    return proc.stdout, after, None, shown


# --- Comparison ---------------------------------------------------------------

TOKEN = re.compile(r"^(?:True|False|None|-?\d+|-?inf|nan|"
                   r"-?\d+\.\d*(?:e[-+]\d+)?|-?\d+e[-+]\d+)$")


def parse_printed(text):
    """A printed int/float/bool/None or flat tuple of them, as a list of
    tokens (None when it is not of that form)."""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        body = text[1:-1].rstrip(",")
        tokens = [t.strip() for t in body.split(",")] if body else []
    else:
        tokens = [text]
    return tokens if all(TOKEN.match(t) for t in tokens) else None


def token_kind(t):
    if t in ("True", "False", "None"):
        return t
    return "int" if re.match(r"^-?\d+$", t) else "float"


def close(a, b, rtol):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= rtol * max(abs(a), abs(b))


def compare_result(got, want, rtol):
    """got: pykc's stdout; want: print()'s text of Numba's result. Returns an
    error message or None."""
    if got == want + "\n":
        return None
    if got.endswith("\n") and "\n" not in got[:-1] and rtol > 0:
        g, w = parse_printed(got), parse_printed(want)
        if g is not None and w is not None and len(g) == len(w):
            ok = True
            for x, y in zip(g, w):
                if token_kind(x) != token_kind(y):
                    ok = False
                elif token_kind(x) == "float":
                    ok = ok and close(float(x), float(y), rtol)
                else:
                    ok = ok and x == y
            if ok:
                return None
    return "result: pykc printed %r, Numba's is %r" % (got, want + "\n")


def compare_array(k, got, want, rtol):
    if got.dtype != want.dtype or got.shape != want.shape:
        return ("argument %d: pykc wrote %s%s, Numba has %s%s"
                % (k, got.dtype, got.shape, want.dtype, want.shape))
    if want.dtype.kind == "f":
        nan_g, nan_w = np.isnan(got), np.isnan(want)
        if rtol > 0:
            bad = ~((nan_g & nan_w) | np.isclose(got, want, rtol=rtol,
                                                  atol=0.0))
        else:
            # Bit for bit, except NaNs' payloads; -0.0 is not 0.0.
            bad = ~((nan_g & nan_w) |
                    ((got == want) & (np.signbit(got) == np.signbit(want))))
    else:
        bad = got != want
    if not bad.any():
        return None
    idx = tuple(int(i) for i in np.argwhere(bad)[0])
    return ("argument %d: %d element(s) differ, first at %s: pykc %r, "
            "Numba %r" % (k, int(bad.sum()), idx, got[idx].item(),
                          want[idx].item()))


# --- Driver -------------------------------------------------------------------

def prepare(case):
    """Numba's side, in the main thread (Numba's parallel loops must not be
    launched from several threads at once). Returns (values, reference) or
    raises."""
    values = case.make_args()
    result, after = run_numba(case, values)
    return values, (py_str(result), after)


def check(opts, case, values, reference):
    want, want_arrays = reference
    workdir = tempfile.mkdtemp(prefix="njit-diff-", dir=opts.tmpdir)
    try:
        raises = want if isinstance(want, Raised) else None
        got, got_arrays, error, shown = run_pykc(opts, case, values, workdir, raises)
        if error is None and raises is None:
            errors = []
            e = compare_result(got, want, case.rtol)
            if e:
                errors.append(e)
            for k, (g, w) in enumerate(zip(got_arrays, want_arrays)):
                if g is not None:
                    e = compare_array(k, g, w, case.rtol)
                    if e:
                        errors.append(e)
            error = "; ".join(errors) if errors else None
        return error, shown
    finally:
        if not opts.keep:
            shutil.rmtree(workdir, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    default_pykc = os.path.join(HERE, "..", "..", "build", "bin", "pykc")
    parser.add_argument("--pykc", default=os.path.normpath(default_pykc))
    parser.add_argument("-j", type=int, default=os.cpu_count() or 1,
                        help="pykc runs at once")
    parser.add_argument("--only", action="append", default=[],
                        help="run the cases whose label starts with this "
                             "(repeatable)")
    parser.add_argument("--known-failures", action="store_true",
                        help="also run KNOWN_FAILURES (pykc bugs)")
    parser.add_argument("--only-known-failures", action="store_true",
                        help="run KNOWN_FAILURES alone")
    parser.add_argument("--keep", action="store_true",
                        help="keep the temporary .npy files")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("-v", action="store_true", help="print each command")
    opts = parser.parse_args()

    if opts.only_known_failures:
        cases = list(KNOWN_FAILURES)
    elif opts.known_failures:
        cases = CASES + KNOWN_FAILURES
    else:
        cases = list(CASES)
    labels = [c.label for c in cases]
    dup = sorted({l for l in labels if labels.count(l) > 1})
    if dup:
        sys.exit("duplicate case labels: " + ", ".join(dup))
    if opts.only:
        cases = [c for c in cases
                 if any(c.label == o or c.label.startswith(o + "/") or
                        c.label.startswith(o + "@") or c.func == o
                        for o in opts.only)]
    if opts.list:
        for c in cases:
            print(c.label)
        return 0
    if not os.access(opts.pykc, os.X_OK):
        sys.exit("pykc not found at %s (pass --pykc)" % opts.pykc)
    opts.tmpdir = tempfile.mkdtemp(prefix="njit-differential-")

    results = {}
    jobs = []
    for case in cases:
        try:
            values, reference = prepare(case)
        except Exception as e:
            lines = [l for l in str(e).splitlines() if l.strip()]
            results[case.label] = ("Numba failed: %s: %s" % (
                type(e).__name__, " | ".join(lines[:3])), "")
            continue
        jobs.append((case, values, reference))

    with concurrent.futures.ThreadPoolExecutor(max(1, opts.j)) as pool:
        futures = {pool.submit(check, opts, c, v, r): c for c, v, r in jobs}
        for future in concurrent.futures.as_completed(futures):
            case = futures[future]
            try:
                results[case.label] = future.result()
            except Exception:
                results[case.label] = ("harness error: " +
                                       traceback.format_exc().strip()
                                       .splitlines()[-1], "")

    passed = failed = 0
    for case in cases:
        error, shown = results[case.label]
        if error is None:
            passed += 1
            print("PASS %s" % case.label)
            if opts.v:
                print("    " + shown)
        else:
            failed += 1
            if shown:
                error += "\n    " + shown
            if case.note:
                error += "\n    known pykc bug: " + case.note
            print("FAIL %s: %s" % (case.label, error))
    if not opts.keep:
        shutil.rmtree(opts.tmpdir, ignore_errors=True)
    else:
        print("inputs kept in %s" % opts.tmpdir, file=sys.stderr)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
