//===- ScalarArguments.h - pykc run's scalar and tuple arguments -*- C++ -*-===//
///
/// \file
/// The arguments of `pykc run` that are not .npy files: numbers spelled as
/// RunOptions.h parses them (int32:7, 2.5, complex64:1+2j), enum members
/// (Color.red), and tuples of those, nested, as Python writes them:
/// (1, (2.5, int32:3)). How they are typed, converted to a declared
/// signature, and passed (KernelABI.h flattens a tuple into its elements).
///
//===----------------------------------------------------------------------===//
#pragma once

#include "Arguments.h"

#include "ir/Type.h"

#include <pykc/Launch.h>

#include <optional>
#include <string>

namespace pykc::driver {

/// The top-level elements of "(a, (b, c), d)" (without the parentheses,
/// trimmed); nothing when \p Text is not a tuple (a tuple has a top-level
/// comma, as in Python: "(1,)" is one, "(1)" is not; "()" is the empty one).
std::optional<std::vector<std::string>> tupleElements(const std::string &Text);

/// For "Point(1, (2, 3))", the class name and its elements, as
/// tupleElements() splits them (one element needs no comma: "Point(1)");
/// nothing when \p Text is not spelled so.
std::optional<std::pair<std::string, std::vector<std::string>>>
namedTupleElements(const std::string &Text);

/// Parses \p Text as a scalar or an enum member (Arguments.cpp reads
/// tuples, whose elements may be arrays); on failure sets \p Error.
std::optional<Argument> parseScalarArgument(const std::string &Text, std::string &Error);

/// The Numba type of a scalar or tuple argument, spelled for a signature.
std::string scalarSignatureType(const Argument &A);

/// The ir type of a scalar or tuple argument (its enum members resolved).
const ir::Type *scalarArgumentType(const Argument &A, ir::TypeContext &Types);

/// Converts \p A to \p To (a declared signature's type, which it fits) as
/// Numba's dispatcher converts arguments.
void convertScalarArgument(Argument &A, const ir::Type *To, ir::TypeContext &Types);

/// Adds \p A's kernel parameters (KernelABI.h) to \p Params.
void addScalarArgument(const Argument &A, KernelArgs &Params);

} // namespace pykc::driver
