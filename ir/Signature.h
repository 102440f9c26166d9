//===- Signature.h - Numba signature strings --------------------*- C++ -*-===//
///
/// \file
/// Parses the signatures users write in `@cuda.jit("void(float32[:], int32)")`
/// and on the command line (`--sig 'NAME(float32[:, ::1], int32)'`):
/// an optional return type, then argument types in parentheses. Array types
/// are a dtype with one slice per dimension: `[:]` any layout, `[::1]` in the
/// last position C order, in the first position F order.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/Type.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pykc::ir {

struct ParsedSignature {
  std::vector<const Type *> Args;
  const Type *Return = nullptr; ///< Null when the text gave none.
  const frontend::SourceFile *File = nullptr;
  frontend::SourceRange Range;
  /// Where each of Args is spelled, for notes that blame a type on the
  /// signature (empty for signatures pykc made itself).
  std::vector<frontend::SourceRange> ArgRanges;
};

/// Parses \p Text, which starts at byte \p BaseOffset of \p File (so errors
/// point into the user's file). With \p AllowName, the text may start with a
/// function name (`NAME(...)`), returned in \p Name. Reports errors and
/// returns nothing on failure.
std::optional<ParsedSignature> parseSignature(std::string_view Text,
                                              const frontend::SourceFile &File,
                                              uint32_t BaseOffset, TypeContext &Types,
                                              frontend::DiagnosticEngine &Diags,
                                              bool AllowName = false,
                                              std::string *Name = nullptr);

/// The signature spelling of a type: "float32[:, ::1]", "int32".
std::string signatureSpelling(const Type *Ty);

} // namespace pykc::ir
