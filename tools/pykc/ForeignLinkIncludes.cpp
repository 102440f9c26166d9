//===- ForeignLinkIncludes.cpp - The headers a .cu link file includes -----===//
#include "ForeignLinkIncludes.h"

#include "TempFiles.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <deque>
#include <optional>
#include <set>
#include <string_view>

namespace pykc::driver {

namespace {

/// clang's limit on nested #includes (and so NVRTC's, a clang front end).
constexpr unsigned MaxDepth = 200;

struct Directive {
  std::string Name;
  bool Quoted = false;
};

void skipBlanks(std::string_view Line, size_t &I) {
  while (I < Line.size() && (Line[I] == ' ' || Line[I] == '\t'))
    ++I;
}

/// The name of the `#include "name"` or `#include <name>` (or
/// `#include_next`) on \p Line; nothing for any other line.
std::optional<Directive> includeOn(std::string_view Line) {
  size_t I = 0;
  skipBlanks(Line, I);
  if (I == Line.size() || Line[I] != '#')
    return std::nullopt;
  ++I;
  skipBlanks(Line, I);
  constexpr std::string_view Include = "include";
  if (Line.substr(I, Include.size()) != Include)
    return std::nullopt;
  I += Include.size();
  if (Line.substr(I, 5) == "_next")
    I += 5;
  skipBlanks(Line, I);
  if (I == Line.size() || (Line[I] != '"' && Line[I] != '<'))
    return std::nullopt; // a computed #include MACRO
  char Close = Line[I] == '"' ? '"' : '>';
  size_t End = Line.find(Close, I + 1);
  if (End == std::string_view::npos || End == I + 1)
    return std::nullopt;
  return Directive{std::string(Line.substr(I + 1, End - I - 1)), Close == '"'};
}

/// \p Name looked for in \p Folder: the path when it is a regular file.
std::optional<std::string> lookIn(llvm::StringRef Folder,
                                  const std::string &Name) {
  llvm::SmallString<256> P;
  if (llvm::sys::path::is_absolute(Name))
    P = Name;
  else
    llvm::sys::path::append(P, Folder, Name);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  if (!llvm::sys::fs::is_regular_file(P))
    return std::nullopt;
  return std::string(P);
}

} // namespace

std::vector<IncludedFile> includedFiles(const std::string &Path) {
  std::vector<IncludedFile> Out;
  llvm::StringRef TopFolder = llvm::sys::path::parent_path(Path);
  // Files by their real path (symbolic links resolved), so a cycle or a
  // header reached by two spellings is read once.
  std::set<std::string> Seen;
  auto Identity = [](const std::string &P) {
    llvm::SmallString<256> Real;
    return llvm::sys::fs::real_path(P, Real) ? P : std::string(Real);
  };
  Seen.insert(Identity(Path));
  struct Pending {
    std::string Path;
    unsigned Depth;
    std::string Text;
  };
  std::deque<Pending> Work;
  {
    std::string Text;
    if (!readFile(Path, Text))
      return Out;
    Work.push_back({Path, 0, std::move(Text)});
  }
  while (!Work.empty()) {
    Pending F = std::move(Work.front());
    Work.pop_front();
    if (F.Depth >= MaxDepth)
      continue; // nested too deeply: the compile itself fails
    llvm::StringRef Folder = llvm::sys::path::parent_path(F.Path);
    std::string_view Text = F.Text;
    for (size_t Begin = 0; Begin < Text.size();) {
      size_t End = Text.find('\n', Begin);
      if (End == std::string_view::npos)
        End = Text.size();
      std::optional<Directive> D = includeOn(Text.substr(Begin, End - Begin));
      Begin = End + 1;
      if (!D)
        continue;
      std::optional<std::string> Found;
      if (D->Quoted)
        Found = lookIn(Folder, D->Name);
      if (!Found)
        Found = lookIn(TopFolder, D->Name);
      if (!Found || !Seen.insert(Identity(*Found)).second)
        continue; // a system header, or one already read
      std::string Header;
      if (!readFile(*Found, Header))
        continue;
      Out.push_back({*Found, Header});
      Work.push_back({*Found, F.Depth + 1, std::move(Header)});
    }
  }
  return Out;
}

} // namespace pykc::driver
