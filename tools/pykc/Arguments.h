//===- Arguments.h - The arguments of `pykc run` and `pykc call` -*- C++ -*-===//
///
/// \file
/// Both commands take the same arguments: .npy files (an array each; the
/// same file twice is one array) and scalars (5, 2.5, TYPE:VALUE). They
/// type the function for them, or for the declared signature they fit, and
/// write back only the arrays that changed, after the work succeeded.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "Npy.h"
#include "Pipeline.h"

#include "ir/ModuleScope.h"
#include "ir/Type.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pykc::driver {

/// Whether \p Text is spelled as an enum member argument, `Class.member`.
bool isEnumMemberSpelling(const std::string &Text);

/// One argument: an array from a .npy file or a scalar's bytes.
struct Argument {
  std::string Spelling;
  std::optional<NpyArray> Array;
  std::string ScalarType;
  uint64_t ScalarBits = 0; ///< The value in its type's representation.
  uint64_t ScalarImagBits = 0; ///< A complex's imaginary part (ScalarBits its real).
  /// `Color.red`: a member of an enum class of the module, resolved once
  /// the module is read (ScalarType becomes the class, or int64 for an
  /// IntEnum, and ScalarBits the member's value).
  std::string EnumMember;
  /// A tuple of scalars (and tuples): its elements (ScalarArguments.h).
  bool IsTuple = false;
  std::vector<Argument> Elements;
  /// `Point(1, 2.5)`: a tuple of the module's named tuple class Point.
  std::string TupleClass;
  bool isComplexScalar() const {
    return !Array && (ScalarType == "complex64" || ScalarType == "complex128");
  }
  /// The same file given twice is one array, as one NumPy array passed
  /// twice is: the later argument aliases the first (its index among the
  /// arrays, arrayLeaves() order).
  int AliasOf = -1;
  /// Whether the work changed the array (only changed files are written
  /// back, so an input only read may be read-only).
  bool Changed = false;
  /// What the array was read from when that is not a regular file ("a
  /// pipe or FIFO", "a character device", ...): such an input cannot be
  /// rewritten in place (writing a pipe back into itself would deadlock),
  /// so it is read-only; empty for a regular file.
  std::string NotRegular;
};

/// Reads \p Texts as arguments; on a problem prints it (naming the
/// argument) and returns the exit status, else 0. A tuple's elements may be
/// .npy files too: "(a.npy, 10, (4, 3))".
int readArguments(const std::vector<std::string> &Texts, std::vector<Argument> &Args);

/// Every argument that is not a tuple, tuples' elements included, in the
/// order KernelABI.h flattens them: what a launch passes, one by one.
std::vector<Argument *> argumentLeaves(std::vector<Argument> &Args);
/// The arrays among them.
std::vector<Argument *> arrayLeaves(std::vector<Argument> &Args);

/// Sets \p R up to type function \p Name of \p File for \p Args, as
/// Numba's dispatcher does: for the arguments' own types, spelled as one
/// signature, or, when the function declares signatures, for the one they
/// fit (scalars converted to its types, DeclaredSignature.h). The frontend
/// then refuses a name that is not a function of \p Role (\p RoleText:
/// "a @cuda.jit kernel"), another number of arguments, or arguments no
/// declared signature takes. \p C and \p Args must outlive the run.
void requestForArguments(FrontendRequest &R, Compilation &C, const std::string &File,
                         const std::string &Name, ir::FunctionRole Role,
                         const std::string &RoleText, std::vector<Argument> &Args);

/// The byte strides of a C- or F-order array.
std::vector<int64_t> byteStrides(const NpyArray &N);

/// Replaces the .npy files of the changed arrays (OutputFiles.h): all or,
/// on a problem (printed), none. Returns the exit status. A changed array
/// read from what is not a regular file is not written; a note names it.
int writeBackChanged(std::vector<Argument> &Args);

} // namespace pykc::driver
