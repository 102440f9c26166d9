//===- check/HintText.h - What hints and messages say ---------*- C++ -*-===//
///
/// \file
/// The text of the errors that come with a hint, for the checker's final
/// walk (check/Hints.cpp): the nearest spelling of a misspelt attribute or
/// function, and the idiom a kernel writes in place of a NumPy function;
/// lists of types and fields for messages, and the alignment of a record's
/// field, which the IR builder also needs.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/check/Facts.h"

#include <string>
#include <vector>

namespace pykc::ir {

/// UnknownAttribute's arguments for `.Attr` of \p Base (\p What: Base as
/// messages describe it). Spends one of \p D's spelling checks.
std::vector<std::string> unknownAttributeArgs(const Checked &Base, const std::string &What,
                                              const std::string &Attr,
                                              frontend::DiagnosticEngine &D);

/// UnsupportedFunction's arguments for \p Path, and the text of the note
/// that says what to write instead (null for none). May spend one of \p D's
/// spelling checks.
struct UnsupportedFunctionText {
  std::vector<std::string> Args;
  const char *Instead = nullptr;
};
UnsupportedFunctionText unsupportedFunctionText(const std::string &Path,
                                                frontend::DiagnosticEngine &D);

/// "int64, float32": types, for a message.
std::string typeList(const std::vector<const Type *> &Types);
/// "a, b and c": a record's field names, for a message.
std::string fieldList(const RecordType &R);
/// The alignment a record field's element needs (a nested array's
/// elements').
unsigned fieldAlignment(const Type *Ty);

} // namespace pykc::ir
