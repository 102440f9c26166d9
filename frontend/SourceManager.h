//===- SourceManager.h - Source buffers and locations -----------*- C++ -*-===//
///
/// \file
/// Source files held in memory and the locations every later phase points
/// into. Lines and columns are 1-based; columns count bytes, as clang's do, so
/// a caret line can be rebuilt from the source line itself (tabs included).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pykc::frontend {

/// A position in a source file. Line 0 means "no location".
struct SourceLocation {
  uint32_t Offset = 0;
  uint32_t Line = 0;
  uint32_t Column = 0;

  bool isValid() const { return Line != 0; }
  friend bool operator==(const SourceLocation &, const SourceLocation &) = default;
};

/// A half-open range [Begin, End) of source text.
struct SourceRange {
  SourceLocation Begin;
  SourceLocation End;

  SourceRange() = default;
  SourceRange(SourceLocation B, SourceLocation E) : Begin(B), End(E) {}
  explicit SourceRange(SourceLocation L) : Begin(L), End(L) {}
  bool isValid() const { return Begin.isValid(); }
  /// The smallest range covering both.
  static SourceRange cover(SourceRange A, SourceRange B);
};

/// One file's text and its line table.
class SourceFile {
public:
  SourceFile(std::string Name, std::string Text);

  const std::string &name() const { return Name; }
  std::string_view text() const { return Text; }
  /// The text \p R covers (empty for an invalid or reversed range, clamped
  /// to the end of the file).
  std::string_view text(SourceRange R) const;
  /// The text of line \p Line (1-based) without its line terminator.
  std::string_view lineText(uint32_t Line) const;
  uint32_t lineCount() const { return static_cast<uint32_t>(LineStarts.size()); }
  /// The location of byte offset \p Offset (clamped to the end of the file).
  SourceLocation locationOf(uint32_t Offset) const;
  /// The same, looked up from line index \p Line (0-based) on, which it
  /// leaves at the offset's line: a reader moving forward (the lexer) finds
  /// each location in constant time instead of by a search.
  SourceLocation locationOf(uint32_t Offset, uint32_t &Line) const;

private:
  std::string Name;
  std::string Text;
  std::vector<uint32_t> LineStarts;
};

/// Owns every file of a compilation (the module and any signature strings).
class SourceManager {
public:
  /// Reads \p Path; returns null and sets \p Error when it cannot.
  const SourceFile *loadFile(const std::string &Path, std::string &Error);
  /// Adds text that did not come from disk (tests, `-`, signature strings).
  const SourceFile *addBuffer(std::string Name, std::string Text);
  /// Every file and buffer added, in order (the compile cache's key reads
  /// them all).
  const std::vector<std::unique_ptr<SourceFile>> &files() const { return Files; }

private:
  std::vector<std::unique_ptr<SourceFile>> Files;
};

} // namespace pykc::frontend
