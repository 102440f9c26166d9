//===- ComplexHelpers.h - Complex arithmetic written in Python --*- C++ -*-===//
#pragma once

#include "ir/ModuleScope.h"
#include "ir/Type.h"

#include <string>

namespace pykc::ir {

/// The device function computing \p Operation on values of complex type
/// \p Complex, written in pykc's kernel language (ir/ComplexHelpers.cpp)
/// and added to \p Scope on first use. Operations: "cdiv", "cpow" (two
/// complex), "cabs", "cphase", "cpolar", "cisnan", "cisinf", "cisfinite",
/// "crect" (two floats), and the cmath functions as "c" + name ("cexp",
/// "clog", "clogbase", "csqrt", "cacos", ...).
FunctionInfo &complexHelper(ModuleScope &Scope, TypeContext &Types,
                            const std::string &Operation,
                            const ScalarType *Complex);

} // namespace pykc::ir
