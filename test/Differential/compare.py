"""How pykc's arrays are compared with the reference's: integers and bools
exactly, floats within a relative tolerance. Shared by the differential
tests and the conformance suite."""

import numpy as np

DEFAULT_RTOL = {np.dtype("float16"): 1e-3, np.dtype("float32"): 1e-5,
                np.dtype("float64"): 1e-12}
# With --fmad=false pykc rounds every operation as the simulator does, so
# float64 results must be identical, bit for bit.
EXACT_RTOL = {np.dtype("float16"): 1e-3, np.dtype("float32"): 1e-5,
              np.dtype("float64"): 0.0}


def compare_array(ref, got, rtol, default_rtol=DEFAULT_RTOL):
    """None when `got` matches `ref`, otherwise what differs."""
    if got.dtype != ref.dtype:
        return "dtype %s, expected %s" % (got.dtype, ref.dtype)
    if got.shape != ref.shape:
        return "shape %s, expected %s" % (got.shape, ref.shape)
    if ref.dtype.names is not None:
        # A record array: field by field (subarray fields add dimensions),
        # padding bytes not compared, as NumPy compares records.
        for name in ref.dtype.names:
            problem = compare_array(ref[name], got[name], rtol, default_rtol)
            if problem:
                return "field '%s': %s" % (name, problem)
        return None
    if ref.dtype.kind == "c":
        # Each part as a float of the complex's precision, with that
        # float's tolerance.
        part = np.dtype("float32") if ref.dtype.itemsize == 8 else np.dtype("float64")
        parts = (np.stack([ref.real, ref.imag], axis=-1).astype(part),
                 np.stack([got.real, got.imag], axis=-1).astype(part))
        problem = compare_array(parts[0], parts[1], rtol, default_rtol)
        return None if problem is None else "(as real, imaginary parts) " + problem
    if ref.dtype.kind == "f":
        tol = rtol if rtol is not None else default_rtol[ref.dtype]
        r = ref.astype(np.float64)
        g = got.astype(np.float64)
        same_nan = np.isnan(r) & np.isnan(g)
        finite = np.isfinite(r)
        # Relative to the element, with a floor at the array's magnitude so
        # that results of cancellation near zero are not over-judged.
        scale = max(1.0, float(np.max(np.abs(r[finite]))) if finite.any() else 1.0)
        with np.errstate(invalid="ignore", over="ignore"):
            err = np.abs(g - r)
            # Equal infinities differ by NaN: equal values are never bad.
            bad = ~same_nan & (r != g) & ~(err <= tol * (np.abs(r) + scale))
            bad |= ~finite & (r != g) & ~same_nan
        if bad.any():
            idx = tuple(int(x) for x in np.argwhere(bad)[0])
            rel = err[bad] / (np.abs(r[bad]) + scale)
            return ("%d of %d elements differ (max relative error %.3g, "
                    "tolerance %g); first at %s: %r, expected %r"
                    % (int(bad.sum()), ref.size, float(np.nanmax(rel))
                       if np.isfinite(rel).any() else float("nan"), tol,
                       idx, got[idx].item(), ref[idx].item()))
        return None
    bad = got != ref
    if bad.any():
        idx = tuple(int(x) for x in np.argwhere(bad)[0])
        return ("%d of %d elements differ; first at %s: %r, expected %r"
                % (int(bad.sum()), ref.size, idx, got[idx].item(),
                   ref[idx].item()))
    return None
