"""The Python loader (python/pykc) on libraries `pykc -c --shared` built:
Inputs/loader_kernels.py, test/Run/Inputs/njit.py and the documents'
reductions.py, in the folder PYKC_TEST_LIBS names (loader.test builds
them). Runs with `python3 -m unittest` or pytest, in seconds."""

import os
import sys
import unittest

import numpy as np

import pykc

LIBS = os.environ.get("PYKC_TEST_LIBS", ".")


def lib(name):
    return pykc.load(os.path.join(LIBS, name))


class Kernels(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.m = lib("libloader_kernels.so")

    def test_tables(self):
        self.assertEqual(sorted(self.m.kernels), ["add", "block_sums", "ramp", "rotate", "scale2d"])
        self.assertEqual(sorted(self.m.reductions), ["max_reduce"])
        self.assertEqual(sorted(self.m.functions), ["describe", "first_negative"])
        self.assertEqual([s.text for s in self.m.add.signatures],
                         ["(out: float32[:], x: float32[:], y: float32[:])",
                          "(out: int64[:], x: int64[:], y: int64[:])"])
        self.assertEqual(self.m.__name__, "loader_kernels")

    def test_host_array_copied_back(self):
        a = np.arange(6, dtype=np.float32).reshape(2, 3)
        self.m.scale2d[(1, 1), (4, 4)](a, 2)  # an int for a float64 scalar
        self.assertEqual(a.tolist(), [[0, 2, 4], [6, 8, 10]])

    def test_overloads_by_dtype(self):
        x = np.arange(5, dtype=np.float32)
        out = np.zeros(5, np.float32)
        self.m.add[1, 32](out, x, x + 0.5)
        self.assertEqual(out.tolist(), [0.5, 2.5, 4.5, 6.5, 8.5])
        xi = np.arange(5, dtype=np.int64)
        outi = np.zeros(5, np.int64)
        self.m.add[1, 32](outi, xi, xi * 10)
        self.assertEqual(outi.tolist(), [0, 11, 22, 33, 44])

    def test_strided_host_array_written_back(self):
        x = np.arange(5, dtype=np.int64)
        big = np.full(10, -1, np.int64)
        self.m.add[2, 4](big[::2], x, x)
        self.assertEqual(big.tolist(), [0, -1, 2, -1, 4, -1, 6, -1, 8, -1])

    def test_tuple_and_complex_scalars(self):
        r = np.zeros(4)
        self.m.ramp[1, 4](r, (1.0, 0.5), np.int32(2))
        self.assertEqual(r.tolist(), [2.0, 2.5, 3.0, 3.5])
        c = np.array([1, 2j, -3], np.complex128)
        self.m.rotate[1, 4](c, 1j)
        self.assertEqual(c.tolist(), [1j, -2, -3j])

    def test_dynamic_shared_memory(self):
        b = np.arange(8, dtype=np.int32)
        self.m.block_sums[2, 4, 0, 16](b)
        self.assertEqual(b.tolist(), [6, 1, 2, 3, 22, 5, 6, 7])

    def test_device_arrays_in_place(self):
        d = pykc.to_device(np.arange(4, dtype=np.float64))
        self.m.ramp[1, 4](d, (0.0, 3.0), 1)
        self.m.ramp[1, 2](d, (-1.0, 0.0), 0)
        self.assertEqual(d.copy_to_host().tolist(), [-1.0, -1.0, 9.0, 12.0])
        self.assertEqual(self.m.max_reduce(d), 12.0)

    def test_wrong_dtype(self):
        a = np.zeros((2, 3))
        with self.assertRaises(TypeError) as e:
            self.m.scale2d[1, 1](a, 2.0)
        self.assertEqual(str(e.exception),
                         "parameter 'a' of scale2d(a: float32[:, ::1], f: float64) expects "
                         "float32[:, ::1], but was given float64[:, ::1] array")

    def test_wrong_rank_and_layout(self):
        with self.assertRaises(TypeError) as e:
            self.m.scale2d[1, 1](np.zeros(3, np.float32), 2.0)
        self.assertEqual(str(e.exception),
                         "parameter 'a' of scale2d(a: float32[:, ::1], f: float64) expects "
                         "float32[:, ::1], but was given float32[::1] array")
        with self.assertRaises(TypeError) as e:
            self.m.scale2d[1, 1](np.zeros((2, 3), np.float32, order="F"), 2.0)
        self.assertEqual(str(e.exception),
                         "parameter 'a' of scale2d(a: float32[:, ::1], f: float64) expects "
                         "float32[:, ::1], but was given float32[::1, :] array")

    def test_wrong_scalar(self):
        with self.assertRaises(TypeError) as e:
            self.m.ramp[1, 1](np.zeros(2), (1.0, 2.0), 2.5)
        self.assertEqual(str(e.exception),
                         "parameter 'shift' of ramp(a: float64[:], coeffs: (float64, float64), "
                         "shift: int32) expects int32, but was given float")
        with self.assertRaises(TypeError) as e:
            self.m.ramp[1, 1](np.zeros(2), (1.0, 2.0), 2 ** 40)
        self.assertEqual(str(e.exception),
                         "parameter 'shift' of ramp(a: float64[:], coeffs: (float64, float64), "
                         "shift: int32) expects int32, but was given int")

    def test_no_overload(self):
        a = np.zeros(2)
        with self.assertRaises(TypeError) as e:
            self.m.add[1, 1](a, a, a)
        self.assertEqual(str(e.exception),
                         "no signature of add takes (float64[::1] array, float64[::1] array, "
                         "float64[::1] array):\n"
                         "  parameter 'out' of add(out: float32[:], x: float32[:], y: float32[:]) "
                         "expects float32[:], but was given float64[::1] array\n"
                         "  parameter 'out' of add(out: int64[:], x: int64[:], y: int64[:]) "
                         "expects int64[:], but was given float64[::1] array")

    def test_argument_count_and_call_without_launch(self):
        with self.assertRaises(TypeError) as e:
            self.m.rotate[1, 1](np.zeros(2, np.complex128))
        self.assertEqual(str(e.exception),
                         "rotate(a: complex128[:], z: complex128) takes 2 arguments, 1 given")
        with self.assertRaises(TypeError) as e:
            self.m.rotate(np.zeros(2, np.complex128), 1j)
        self.assertEqual(str(e.exception),
                         "rotate is a kernel: launch it as rotate[blocks, threads](...)")

    def test_cuda_array_interface_on_cpu(self):
        if self.m.on_gpu:
            self.skipTest("a GPU runs CUDA arrays in place")

        class Foreign:
            __cuda_array_interface__ = {"shape": (4,), "typestr": "<f8", "data": (0, False),
                                        "strides": None, "version": 3}
        with self.assertRaises(TypeError) as e:
            self.m.ramp[1, 4](Foreign(), (0.0, 1.0), 0)
        self.assertEqual(str(e.exception),
                         "parameter 'a' of ramp(a: float64[:], coeffs: (float64, float64), "
                         "shift: int32) was given a CUDA array (Foreign, with "
                         "__cuda_array_interface__), but pykc runs on the CPU device (no GPU, "
                         "or PYKC_BACKEND=cpu); pass a NumPy array")

    def test_launch_error_from_runtime(self):
        with self.assertRaises(pykc.PykcError) as e:
            self.m.ramp[1, 2048](np.zeros(2), (0.0, 1.0), 0)
        self.assertRegex(str(e.exception),
                         r"^pykc: cannot launch kernel 'ramp' on device \d+ \(.*\): a block of "
                         r"\(2048, 1, 1\) = 2048 threads exceeds the limit of 1024 threads per "
                         r"block; use smaller blocks and more of them$")
        self.assertEqual(e.exception.status, 3)  # PYKC_ERROR_LAUNCH_LIMIT


class Reductions(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.m = lib("libloader_kernels.so")
        cls.docs = lib("libreductions.so")

    def test_dtypes(self):
        self.assertEqual(self.m.max_reduce(np.array([3.5, 9.25, -1.0])), 9.25)
        r = self.m.max_reduce(np.array([3, 9, -1], np.int32))
        self.assertEqual((r, r.dtype), (9, np.int32))

    def test_numba_options(self):
        A = np.arange(1, 10).astype(np.float32)
        self.assertEqual(self.docs.sum_reduce(A), 45.0)
        self.assertEqual(self.docs.sum_reduce(A, size=3), 6.0)
        self.assertEqual(self.docs.sum_reduce(A, init=100), 145.0)
        self.assertEqual(self.docs.sum_reduce(A[::2]), 25.0)
        self.assertEqual(self.docs.sum_reduce(A[:0], init=7), 7.0)
        res = pykc.device_array(1, np.float32)
        self.assertIsNone(self.docs.sum_reduce(A, res=res))
        self.assertEqual(res.copy_to_host().tolist(), [45.0])

    def test_many_values(self):
        A = (np.arange(1 << 20) % 7).astype(np.int64)
        self.assertEqual(self.docs.sum_reduce(A), int(A.sum()))

    def test_dtype_not_compiled(self):
        with self.assertRaises(TypeError) as e:
            self.m.max_reduce(np.zeros(3, np.float32))
        self.assertEqual(str(e.exception), "max_reduce was compiled for float64, int32, not for "
                         "float32 (add --sig 'max_reduce(float32)')")
        with self.assertRaises(TypeError) as e:
            self.m.max_reduce(np.zeros((2, 2)))
        self.assertEqual(str(e.exception),
                         "max_reduce reduces a 1-d array, but was given float64[:, ::1] array")


class Functions(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.m = lib("libloader_kernels.so")
        cls.njit = lib("libnjit.so")
        cls.docs = lib("libreductions.so")

    def test_results(self):
        self.assertEqual(self.m.describe(np.array([1.5, 2.5], np.float32), 1 + 2j),
                         (4.0, 2 + 4j, True))
        self.assertEqual(self.m.first_negative(np.array([3, -4, 5])), -4)
        self.assertIsNone(self.m.first_negative(np.array([3])))
        self.assertEqual(self.njit.total(np.array([3, -1, 4, -1, 5], np.int32)), 10)
        self.assertEqual(self.njit.stats(np.array([2.5, -1.0, 7.0])), (-1.0, 7.0, True))
        self.assertEqual(self.njit.half(3.0), 1.5)
        self.assertEqual(self.njit.ratio(7, 2), 3)
        self.assertEqual(self.njit.par_stats(np.arange(10, dtype=np.float64)), (45.0, 128, -10))

    def test_arrays_in_place(self):
        m = np.arange(6, dtype=np.float32).reshape(2, 3)
        self.assertIsNone(self.njit.scale(m, 2.0))
        self.assertEqual(m.tolist(), [[0, 2, 4], [6, 8, 10]])

    def test_documents_numba_reduce(self):
        A = np.array([i if i % 2 == 0 else -i for i in range(1000)], np.float32)
        self.assertEqual(self.docs.numba_reduce(A), 499500.0)

    def test_raised_exception(self):
        with self.assertRaises(ZeroDivisionError) as e:
            self.njit.ratio(7, 0)
        self.assertRegex(str(e.exception),
                         r"njit\.py:109:12: ZeroDivisionError: integer division by zero "
                         r"\(in 'ratio'\)$")


class Producer:
    """A library's tensor as DLPack shows it: __dlpack__ and nothing else
    NumPy-like (NumPy's own arrays give the capsules)."""

    def __init__(self, a):
        self.a = a

    def __dlpack__(self, stream=None):
        return self.a.__dlpack__()

    def __dlpack_device__(self):
        return self.a.__dlpack_device__()


class DLPack(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.m = lib("libloader_kernels.so")
        cls.njit = lib("libnjit.so")
        cls.docs = lib("libreductions.so")

    def test_kernel_writes_reach_the_producer(self):
        a = np.zeros(4)
        self.m.ramp[1, 4](Producer(a), (1.0, 2.0), 0)
        self.assertEqual(a.tolist(), [1.0, 3.0, 5.0, 7.0])

    def test_capsule_of_a_strided_view(self):
        base = np.zeros(6)
        self.m.ramp[1, 4](base[::2].__dlpack__(), (1.0, 2.0), 0)
        self.assertEqual(base.tolist(), [1.0, 0.0, 3.0, 0.0, 5.0, 0.0])

    def test_reductions_and_njit(self):
        self.assertEqual(self.docs.sum_reduce(Producer(np.arange(1, 10, dtype=np.float32))), 45.0)
        self.assertEqual(self.docs.sum_reduce(np.arange(4, dtype=np.float32).__dlpack__()), 6.0)
        x = np.arange(6, dtype=np.float32).reshape(2, 3)
        self.njit.scale(Producer(x), 3.0)
        self.assertEqual(x.tolist(), [[0, 3, 6], [9, 12, 15]])

    def test_wrong_dtype(self):
        with self.assertRaises(TypeError) as e:
            self.m.scale2d[1, 1](Producer(np.zeros((2, 2))), 1.0)
        self.assertEqual(str(e.exception),
                         "parameter 'a' of scale2d(a: float32[:, ::1], f: float64) expects "
                         "float32[:, ::1], but was given float64[:, ::1] DLPack tensor")


class Loading(unittest.TestCase):
    def test_not_a_pykc_library(self):
        import ctypes.util
        libm = ctypes.util.find_library("m")
        with self.assertRaises(ImportError) as e:
            pykc.load(libm)
        self.assertEqual(str(e.exception),
                         "pykc.load: %s is not a pykc shared library (it has no "
                         "pykc_shared_module); build it with `pykc FILE.py -c --shared -o %s`"
                         % (libm, libm))

    def test_other_versions_are_refused(self):
        saved = pykc.ABI_VERSION
        pykc.ABI_VERSION = saved - 1
        try:
            with self.assertRaises(ImportError) as e:
                pykc.load(os.path.join(LIBS, "libnjit.so"))
        finally:
            pykc.ABI_VERSION = saved
        self.assertEqual(str(e.exception),
                         "pykc.load: %s was built for runtime ABI %d (table version %d), but "
                         "this pykc package reads ABI %d (table version %d); rebuild it with "
                         "the pykc this package came with" % (
                             os.path.join(LIBS, "libnjit.so"), saved, pykc.SHARED_ABI_VERSION,
                             saved - 1, pykc.SHARED_ABI_VERSION))

    def test_missing_file(self):
        with self.assertRaises(ImportError) as e:
            pykc.load(os.path.join(LIBS, "nothing.so"))
        self.assertIn("nothing.so", str(e.exception))


if __name__ == "__main__":
    unittest.main()
