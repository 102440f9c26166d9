"""The RealModules corpus: one or more launches per module of modules/.

The Case, Array, Scalar and fill classes are test/Differential/cases.py's
(run_differential.py --corpus loads this file). `file` is relative to
modules/; a file inside a package (sigkit/, tsmetrics/) is imported by its
dotted name; `kernel` may be `Class.kernel`, or a plain function that the
module's host code compiles at run time (the harness compiles it for the
simulator, pykc for the argument types).

A case marked `skip=` names a pykc bug: the module stays in the corpus and
the case turns on once the bug is fixed.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, "Differential"))

from cases import (Arange, Array, Bools, Case, Const, Ints,  # noqa: E402
                   NonZeroInts, Scalar, SignedUniform, Uniform)

A = Array
S = Scalar


class Specials:
    """Cycles through NaN, +inf, -inf and a finite value from Uniform()."""

    def __call__(self, rng, shape):
        v = rng.uniform(-10.0, 10.0, size=shape)
        flat = v.reshape(-1)
        flat[0::4] = float("nan")
        flat[1::4] = float("inf")
        flat[2::4] = -float("inf")
        return v

    def __repr__(self):
        return "Specials()"

CASES = [
    # Module-level if/elif/else on versions, the platform and constants.
    Case("version_numba_minor", "version_numba_minor.py", "normalize_rows", 2, 16,
         [A("float64", (30, 3), Uniform()), A("float64", (30, 3), Const(0))]),
    Case("version_string_checks", "version_string_checks.py", "histogram", 2, 32,
         [A("float32", 200, Uniform(0.0, 1.0)), S("float64", 0.0), S("float64", 1.0),
          A("int32", 16, Const(0))]),
    Case("version_packaging_saxpy", "version_packaging.py", "saxpy", 2, 32,
         [S("float32", 1.5), A("float32", 50, Uniform()), A("float32", 50, Uniform()),
          A("float32", 50, Const(0))]),
    Case("version_packaging_shift", "version_packaging.py", "shifted_copy", 2, 32,
         [A("float64", 50, Uniform()), A("float64", 50, Const(0))]),
    Case("version_packaging_parse", "version_packaging_parse.py", "gelu_kernel", 2, 32,
         [A("float64", 60, Uniform(-3, 3)), A("float64", 60, Const(0))]),
    Case("version_looseversion", "version_looseversion.py", "clip_inplace", (2, 2), (8, 8),
         [A("float64", (12, 10), Uniform(-4, 4))]),
    Case("version_sys_box", "version_sys.py", "box_filter", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("version_sys_tag", "version_sys.py", "python_tag", 1, 16,
         [A("int64", 16, Const(-1))]),
    Case("config_flags", "config_flags.py", "reverse_tiles", 4, 16,
         [A("int64", 64, Ints()), A("int64", 64, Const(-1))]),

    # __name__ and __file__.
    Case("main_guard", "main_guard.py", "increment_by_one", 2, 32,
         [A("float32", 50, Uniform())]),
    Case("main_guard_bench", "main_guard_bench.py", "matvec", 1, 32,
         [A("float64", (20, 7), Uniform()), A("float64", 7, Uniform()),
          A("float64", 20, Const(0))]),
    Case("file_paths", "file_paths.py", "tag_elements", 1, 32,
         [A("int64", 20, Const(-1))]),

    # try: import ... except ImportError.
    Case("try_cupy", "try_cupy.py", "rescale", 2, 32,
         [A("float32", 40, Uniform()), A("float32", 40, Const(0)), S("float32", 0.5)]),
    Case("try_missing_module", "try_missing_module.py", "leaky_relu", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("try_from_import", "try_from_import.py", "normal_cdf_pdf", 2, 32,
         [A("float64", 40, Uniform(-3, 3)), A("float64", 40, Const(0)),
          A("float64", 40, Const(0))]),
    Case("try_fallback_device", "try_fallback_device.py", "affine", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0)), S("float64", 1.25)]),
    Case("try_gpu_stack", "try_gpu_stack.py", "phase_wrap", 2, 32,
         [A("float64", 40, Uniform(-20, 20)), A("float64", 40, Const(0))]),

    # Constants from containers, special floats, strings and arithmetic.
    Case("const_dict_defaults", "const_dict_defaults.py", "momentum_step", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Uniform()),
          A("float64", 40, Uniform(-1, 1)), S("float64", 0.01)]),
    Case("const_lists_fir3", "const_lists_tuples.py", "fir3", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("const_lists_tile_ids", "const_lists_tuples.py", "tile_ids", (2, 2), (8, 8),
         [A("int64", (12, 14), Const(-1))]),
    Case("const_nan_mask", "const_nan_inf.py", "mask_invalid", 2, 32,
         [A("float64", 40, Uniform()), A("bool", 40, Bools(0.7)),
          A("float64", 40, Const(0))]),
    Case("const_nan_to_num", "const_nan_inf.py", "nan_to_num", 1, 16,
         [A("float64", 16, Specials()), A("float64", 16, Const(-1))]),
    Case("const_running_min_max", "const_nan_inf.py", "running_min_max", 1, 16,
         [A("float32", (10, 6), Uniform()), A("float32", 10, Const(0)),
          A("float32", 10, Const(0))]),
    Case("const_string_arith", "const_string_arith.py", "tile_transform", 2, 32,
         [A("float64", 50, Uniform()), A("float64", 50, Const(0))]),
    Case("const_str_formatting", "const_str_formatting.py", "spec_fill", 1, 16,
         [A("int64", 16, Const(-1))]),
    Case("const_numba_version_value", "const_numba_version_value.py", "stamp", 1, 16,
         [A("int64", 16, Const(-1))]),
    Case("const_finfo_log2", "const_finfo_math.py", "safe_log2", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("const_finfo_rotate", "const_finfo_math.py", "rotate45", 1, 32,
         [A("float64", (20, 2), Uniform()), A("float64", (20, 3), Const(0))]),
    Case("const_augassign_annotated", "const_augassign_annotated.py", "relax", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),

    # CuPy's scalar types and constants.
    Case("cupy_quantize", "cupy_scalars.py", "quantize", 2, 32,
         [A("float32", 40, Uniform()), A("float32", 40, Const(0)), S("float32", 0.25)]),
    Case("cupy_to_indices", "cupy_scalars.py", "to_indices", 2, 32,
         [A("float64", 40, Uniform(-0.2, 1.2)), A("int32", 40, Const(-1)), S("int32", 10)]),
    Case("cupy_polar_to_phase", "cupy_constants.py", "polar_to_phase", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("cupy_clean", "cupy_constants.py", "clean", 2, 32,
         [A("float64", 40, Uniform(-50, 150)), A("float64", 40, Const(0))]),
    Case("cupy_wave", "cupy_constants.py", "wave", 1, 32,
         [A("float64", 24, Const(0))]),

    # Packages: relative and absolute imports, attributes of modules.
    Case("sigkit_init_moving_average", "sigkit/__init__.py", "moving_average", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("sigkit_moving_average", "sigkit/filters.py", "moving_average", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("sigkit_clipped_gain", "sigkit/filters.py", "clipped_gain", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0)), S("float64", 12.0)]),
    Case("sigkit_crossfade", "sigkit/kernels/stencil.py", "crossfade", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Uniform()),
          A("float64", 40, Const(0)), S("float64", 0.3)]),
    Case("sigkit_pair_rms", "sigkit/kernels/stencil.py", "pair_rms", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("sigkit_gain_mix", "sigkit/kernels/absolute.py", "gain_mix", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Uniform()),
          A("float64", 40, Const(0))]),
    Case("tsmetrics_window_starts", "tsmetrics/__init__.py", "window_starts", 1, 32,
         [A("int64", 20, Const(-1))]),
    Case("tsmetrics_rolling_znorm", "tsmetrics/gpu.py", "_rolling_znorm", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))], rtol=1e-9,
         note="compiled with fastmath={'nsz', 'contract'}: contraction may fuse"),
    Case("tsmetrics_exclusion_mask", "tsmetrics/gpu.py", "exclusion_mask", 1, 32,
         [S("int64", 10), A("int32", 24, Const(-1))]),

    # cuda.jit called, signatures as constants, type objects and lists.
    Case("jit_call_add_one", "jit_call_forms.py", "add_one", 2, 32,
         [A("float64", 40, Uniform())]),
    Case("jit_call_square", "jit_call_forms.py", "square", 2, 32,
         [A("float32", 40, Uniform())]),
    Case("jit_call_double_all", "jit_call_forms.py", "double_all", 2, 32,
         [A("int64", 40, Ints()), A("int64", 40, Const(0))]),
    Case("jit_call_fastmath", "jit_call_fastmath.py", "blend", 2, 32,
         [A("float32", 40, Uniform()), A("float32", 40, Uniform()), S("float32", 0.25)],
         rtol=1e-5),
    Case("jit_call_exact", "jit_call_fastmath.py", "blend_exact", 2, 32,
         [A("float32", 40, Uniform()), A("float32", 40, Uniform()), S("float32", 0.75)]),
    Case("jit_sig_constant_halve", "jit_sig_constant.py", "halve", 2, 32,
         [A("float64", 40, Uniform())]),
    Case("jit_sig_constant_magnitude", "jit_sig_constant.py", "magnitude", (2, 2), (8, 8),
         [A("float64", (10, 9), Uniform()), A("float64", (10, 9), Const(0))]),
    Case("jit_type_objects_smooth", "jit_type_objects.py", "smooth", 2, 32,
         [A("float32", 40, Uniform(-1, 3)), S("float32", 2.0)]),
    Case("jit_type_objects_rows", "jit_type_objects.py", "add_row_index", (2, 2), (8, 8),
         [A("float64", (10, 12), Uniform()), S("int32", 7)]),
    Case("jit_type_objects_fill_mod", "jit_type_objects.py", "fill_mod", 2, 32,
         [A("int64", 40, Const(-1)), S("int64", 7)]),
    Case("jit_type_objects_signature_constant", "jit_type_objects.py", "scale_rows", (2, 2), (8, 8),
         [A("float64", (10, 12), Uniform()), S("float64", 0.5)]),
    Case("jit_sig_list_f32", "jit_sig_list.py", "cumulative_pairs", 2, 32,
         [A("float32", 40, Uniform()), A("float32", 40, Const(0))]),
    Case("jit_sig_list_f64", "jit_sig_list.py", "cumulative_pairs", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("jit_sig_list_i32", "jit_sig_list.py", "absdiff_next", 2, 32,
         [A("int32", 40, Ints()), A("int32", 40, Const(-1))]),
    Case("jit_type_object_list", "jit_type_object_list.py", "fill_ramp", 2, 32,
         [A("float64", 40, Const(-1)), S("int64", 3)]),
    Case("jit_alias_soft_sign", "jit_alias.py", "soft_sign", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("jit_alias_iota", "jit_alias.py", "iota", 2, 32,
         [A("int64", 40, Const(-1))]),
    Case("jit_decorator_object", "jit_decorator_object.py", "cube_all", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),

    # Kernels in class bodies.
    Case("class_ops_scale", "class_staticmethod.py", "Ops.scale", 2, 32,
         [A("float64", 40, Uniform()), S("float64", 1.5)]),
    Case("class_ops_add", "class_staticmethod.py", "Ops.add", 2, 32,
         [A("float32", 40, Uniform()), A("float32", 40, Uniform()), A("float32", 40, Const(0))]),
    Case("class_row_sum", "class_staticmethod.py", "Reductions.row_sum", 1, 16,
         [A("int32", (12, 5), Ints()), A("int64", 12, Const(-1))]),
    Case("class_windows_hann", "class_device_helpers.py", "Windows.hann", 1, 32,
         [S("int64", 20), A("float64", 20, Const(-1))]),
    Case("class_windows_hamming", "class_device_helpers.py", "Windows.hamming", 1, 32,
         [S("int64", 20), A("float64", 20, Const(-1))]),

    # Kernels a host function compiles at run time.
    Case("runtime_cache_f32", "runtime_cache.py", "_moving_sum_kernel", 2, 32,
         [A("float32", 40, Uniform()), A("float32", 40, Const(0)), S("int64", 3)]),
    Case("runtime_cache_f64", "runtime_cache.py", "_moving_sum_kernel", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0)), S("int64", 5)]),
    Case("runtime_cache_fastmath", "runtime_cache_fastmath.py", "_first_order_iir", 1, 16,
         [A("float64", (8, 12), Uniform()), A("float64", (8, 12), Const(0)),
          S("float64", 0.3)], rtol=1e-9,
         note="compiled with fastmath=True at run time"),

    # fastmath flag sets and other options.
    Case("fastmath_scaled_abs", "fastmath_flagset.py", "scaled_abs", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0)), S("float64", 0.5)]),
    Case("fastmath_distance", "fastmath_flagset.py", "distance", 1, 32,
         [A("float64", (20, 2), Uniform()), A("float64", (20, 2), Uniform()),
          A("float64", 20, Const(0))], rtol=1e-9,
         note="fastmath contract may fuse the sum of squares"),
    Case("fastmath_negate", "fastmath_flagset.py", "negate", 2, 32,
         [A("float32", 40, Uniform())]),
    Case("options_clamp01", "jit_options_mixed.py", "clamp01", 2, 32,
         [A("float64", 40, Uniform(-1, 2))]),
    Case("options_count_positive", "jit_options_mixed.py", "count_positive", 2, 32,
         [A("float64", 40, Uniform()), A("int32", 1, Const(0))]),
    Case("options_unknown_ramp", "jit_options_mixed.py", "ramp", 2, 32,
         [A("int64", 40, Const(-1))]),
    # Modules that combine the above, as real ones do.
    Case("seismic_travel_time", "seismic_migration.py", "Migration.travel_time",
         (2, 2), (8, 8),
         [A("float64", 12, Uniform(0, 500)), A("float64", 10, Uniform(10, 900)),
          A("float64", (12, 10), Const(-1))]),
    Case("seismic_taper_edges", "seismic_migration.py", "Migration.taper_edges", 2, 32,
         [A("float64", 50, Uniform())]),
    Case("seismic_mute", "seismic_migration.py", "_mute_kernel", 2, 32,
         [A("float64", 50, Uniform()), S("float64", 0.1)]),
    Case("notebook_add", "notebook_style.py", "add_kernel", 4, 16,
         [A("float32", 60, Uniform()), A("float32", 60, Uniform()),
          A("float32", 60, Const(0))]),
    Case("notebook_scaled_dot", "notebook_style.py", "scaled_dot_rows", 1, 16,
         [A("float64", (10, 8), Uniform()), A("float64", (10, 8), Uniform()),
          A("float64", 10, Const(0))]),
    Case("njit_helper", "njit_helper.py", "circular_shift_weighted", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0)), S("int64", 7)]),
    # Barriers under `if tid < count:` (the threads past the data leave) and
    # in grid-stride loops whose last turn only some threads run.
    Case("guarded_block_sums", "guarded_reduce.py", "block_sums", 3, 32,
         [A("float64", 75, Uniform()), A("float64", 3, Const(-1))]),
    Case("guarded_block_max_abs", "guarded_reduce.py", "block_max_abs", 3, 32,
         [A("float64", 70, Uniform(-5, 5)), A("float64", 3, Const(-1))]),
    Case("tiled_smooth", "tiled_stencil.py", "smooth", 2, 32,
         [A("float64", 150, Uniform()), A("float64", 150, Const(-1))]),
    Case("tiled_ranks", "tiled_stencil.py", "tile_ranks", 2, 32,
         [A("float64", 90, Uniform()), A("int64", 90, Const(-1))]),
    # Non-ASCII names everywhere a name goes; arrays assigned in branches
    # and loops, used after them.
    Case("unicode_euler_step", "unicode_names.py", "euler_step", 2, 32,
         [A("float64", 50, Uniform()), A("float64", 50, Uniform()), S("float64", 0.5)]),
    Case("unicode_gain", "unicode_names.py", "γ_gain", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Uniform()), A("float64", 40, Const(-1)),
          S("float64", 0.25)]),
    Case("unicode_scratch_in_branch", "unicode_names.py", "scratch_in_branch", 2, 32,
         [A("float64", 40, Uniform(0, 1)), A("float64", 40, Const(-1))]),
]

# Functions that return None on some paths (Numba's OptionalType).
CASES += [
    Case("optional_next_event", "optional_search.py", "next_event", 2, 32,
         [A("float64", 40, Arange()), A("float64", 50, Uniform(-5, 45)),
          A("int64", 50, Const(-7))]),
    Case("optional_crossing_delay", "optional_search.py", "crossing_delay", 2, 32,
         [A("float64", 60, Uniform()), A("float64", 60, Uniform(0.5, 1.2)),
          A("int64", 60, Const(-7))]),
    Case("optional_ratios", "optional_search.py", "ratios", 2, 32,
         [A("float64", 45, Uniform(-2, 2)), A("float64", 7, Ints(-1, 1)),
          A("float64", 45, Const(-7))]),
]

# operator.* as values, recursion without a signature, whole zip() tuples.
CASES += [
    Case("functional_combine", "functional_helpers.py", "combine", 2, 32,
         [A("float64", 50, Uniform()), A("float64", 50, Uniform()),
          A("float64", 50, Uniform()), A("float64", 50, Const(-7))]),
    Case("functional_powers_and_gcd", "functional_helpers.py", "powers_and_gcd", 2, 32,
         [A("float64", 40, Uniform(-2, 2)), A("int64", 40, Ints(0, 500)),
          A("float64", 40, Const(-7))]),
    Case("functional_weighted_pairs", "functional_helpers.py", "weighted_pairs", 1, 32,
         [A("float64", 30, Uniform()), A("float64", 12, Uniform()),
          A("float64", 30, Const(-7))]),
]

# cuda.libdevice functions (ir/Libdevice.def).
CASES += [
    Case("libdevice_rotate", "libdevice_phase.py", "rotate", 2, 32,
         [A("float32", 40, Uniform()), A("float32", 40, Uniform()),
          A("float32", 40, Uniform(-3, 3)), A("float32", 40, Const(-7)),
          A("float32", 40, Const(-7))]),
    Case("libdevice_decompose", "libdevice_phase.py", "decompose", 2, 32,
         [A("float64", 50, Uniform(-100, 100)), A("float64", 50, Const(-7)),
          A("int32", 50, Const(-7)), A("int32", 50, Const(-7))]),
    Case("libdevice_damped", "libdevice_phase.py", "damped", 1, 32,
         [A("float64", 30, Uniform()), A("float64", 30, Const(-7))]),
]

# Slices assigned a scalar, a.T, an ellipsis, tuple slices and asserts.
CASES += [
    Case("image_clear_border", "image_channels.py", "clear_border", 1, 32,
         [A("float64", (9, 7, 3), Uniform()), A("float64", (9, 7, 3), Const(0))]),
    Case("image_mix_channels", "image_channels.py", "mix_channels", (2, 2), (8, 8),
         [A("float64", (11, 13, 3), Uniform()), A("float64", (4, 3), Uniform(-1, 1)),
          A("float64", (11, 13, 4), Const(0))]),
    Case("image_channel_energy", "image_channels.py", "channel_energy", 1, 32,
         [A("float32", (10, 6, 3), Uniform()), A("float32", (10, 3), Const(0))]),
]

# Kernels and device functions that factory functions make over their
# parameters (closures frozen as Numba freezes them).
CASES += [
    Case("factory_affine", "kernel_factories.py", "double_plus_one", 2, 32,
         [A("float64", 50, Uniform()), A("float64", 50, Const(0))]),
    Case("factory_affine_keyword", "kernel_factories.py", "negate", 2, 32,
         [A("float32", 40, Uniform()), A("float32", 40, Const(0))]),
    Case("factory_device_argument", "kernel_factories.py", "halves", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("factory_math_argument", "kernel_factories.py", "sines_clamped", 2, 32,
         [A("float64", 40, Uniform(-3, 3)), A("float64", 40, Const(0))]),
    Case("factory_device_function", "kernel_factories.py", "eval_quadratic", 2, 32,
         [A("float64", 40, Uniform(-3, 3)), A("float64", 40, Const(0))]),
    Case("factory_branch_max", "kernel_factories.py", "pair_max", 1, 32,
         [A("float64", 40, Uniform()), A("float64", 20, Const(0))]),
    Case("factory_branch_sum", "kernel_factories.py", "pair_sum", 1, 32,
         [A("int64", 40, Ints(-50, 50)), A("int64", 20, Const(0))]),
    Case("factory_signature", "kernel_factories.py", "square_minus_f32", 2, 32,
         [A("float32", 50, Uniform()), A("float32", 50, Const(0))]),
    Case("factory_tuple_first", "kernel_factories.py", "shift_up", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
    Case("factory_tuple_second", "kernel_factories.py", "shift_down", 2, 32,
         [A("float64", 40, Uniform()), A("float64", 40, Const(0))]),
]

# Tables module code computes with NumPy (ConstantArrayMath): exact but for
# np.exp and np.sin, whose NumPy loops are SVML's on AVX-512 machines (an
# ulp from libm's, which pykc uses).
CASES += [
    Case("array_math_taps", "const_array_math.py", "read_taps", 1, 32,
         [A("float64", 7, Const(0)), A("float32", 7, Const(0))], rtol=1e-15),
    Case("array_math_sines", "const_array_math.py", "read_sines", 1, 32,
         [A("float64", 9, Const(0))], rtol=1e-15),
    Case("array_math_ints", "const_array_math.py", "read_ints", 1, 32,
         [A("int64", (7, 10), Const(0))], rtol=0),
    Case("array_math_floats", "const_array_math.py", "read_floats", 1, 32,
         [A("float64", (3, 9), Const(0)), A("float32", (2, 5), Const(0))], rtol=0),
    Case("array_math_grid", "const_array_math.py", "read_grid", 1, 32,
         [A("float64", (2, 12), Const(0))], rtol=0),
    Case("array_math_reductions", "const_array_math.py", "read_reductions", 1, 32,
         [A("float64", 7, Const(0))], rtol=0),
]

# Constants built with comprehensions, ranges, divmod, sorted, round, zip,
# enumerate, any/all and IntEnum values.
CASES += [
    Case("comprehension_tables", "const_comprehensions.py", "read_tables", 1, 32,
         [A("float64", (5, 10), Const(0))]),
    Case("comprehension_offsets", "const_comprehensions.py", "read_offsets", (2, 2), (8, 8),
         [A("float64", (12, 14), Uniform()), A("float64", (12, 14), Const(0))]),
    Case("comprehension_scalars", "const_comprehensions.py", "read_scalars", 1, 32,
         [A("int64", 7, Const(0))]),
]
