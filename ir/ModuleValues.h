//===- ModuleValues.h - What module-level Python computes -------*- C++ -*-===//
///
/// \file
/// Module-level code decides what kernels see: `if numba.__version__ >=
/// ...`, `EPS = _DEFAULTS["EPS"]`, `LIB = os.path.join(os.path.dirname(
/// __file__), "f.cu")`. CPython runs it before Numba compiles anything;
/// pykc evaluates it without running the program, for the values that do
/// not depend on the run: the environment pykc answers for (Numba 0.56.4
/// on CPython 3.11 under Linux), the builtins and string methods that
/// module code applies to constants, version objects, os.path on strings,
/// and subscripts of constant tuples, lists and dicts. Kernels never see
/// more than ConstantValue.h evaluates: this is for module statements only.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/ConstantValue.h"

#include <optional>
#include <string>
#include <vector>

namespace pykc::ir {

/// The Numba version pykc answers for (`numba.__version__`), the one its
/// conformance suite compares against.
inline constexpr const char *NumbaVersion = "0.56.4";

/// The value of a dotted path of the environment module code may test:
/// `numba.__version__`, `sys.version_info`, `sys.platform`, `os.name`,
/// `numba.config.ENABLE_CUDASIM`, ...; nothing for anything else.
std::optional<ConstantValue> environmentValue(const std::string &Path);

/// \p V's attribute \p Attr: `sys.version_info.major`, a version's
/// `.major`/`.minor`/`.micro`/`.release`, a complex's `.real`/`.imag`.
std::optional<ConstantValue> attributeOf(const ConstantValue &V, const std::string &Attr);

/// A call of the function at \p Path (resolved through the imports:
/// "builtins.float", "os.path.join", "packaging.version.Version") on
/// constant arguments; nothing when pykc does not evaluate it. \p Keywords
/// are (name, value) pairs.
std::optional<ConstantValue>
callFunction(const std::string &Path, const std::vector<ConstantValue> &Args,
             const std::vector<std::pair<std::string, ConstantValue>> &Keywords);

/// `Self.Method(Args)` for a constant receiver: str methods (split, strip,
/// startswith, join, lower, format with positional fields, ...) and
/// dict.get.
std::optional<ConstantValue> callMethod(const ConstantValue &Self, const std::string &Method,
                                        const std::vector<ConstantValue> &Args);

/// What iterating \p V gives: a tuple's, list's or dict's elements (a
/// dict's keys), a string's characters; nothing for anything else.
std::optional<std::vector<ConstantValue>> constantItems(const ConstantValue &V);

/// `Base[Index]` for tuples, lists, strings (an int or a slice given as
/// Lower/Upper/Step, each possibly None) and dicts (a key).
std::optional<ConstantValue> subscriptOf(const ConstantValue &Base, const ConstantValue &Index);
std::optional<ConstantValue> sliceOf(const ConstantValue &Base, const ConstantValue &Lower,
                                     const ConstantValue &Upper, const ConstantValue &Step);

/// `np.finfo(T).ATTR` or `np.iinfo(T).ATTR` (max, min, eps, tiny, bits,
/// resolution) for the scalar type \p T, as a Python number.
std::optional<ConstantValue> numericLimit(const ScalarType &T, const std::string &Attr);

/// Python's `Format % Args` (printf-style: %s %r %d %i %f %e %g %x %o %%,
/// with flags, width and precision); \p Args a tuple or one value.
std::optional<ConstantValue> percentFormat(const std::string &Format, const ConstantValue &Args);

/// packaging.version.Version(Text) (\p Loose false) or
/// distutils' LooseVersion(Text); nothing when \p Text is no version.
std::optional<ConstantValue> makeVersion(const std::string &Text, bool Loose);

} // namespace pykc::ir
