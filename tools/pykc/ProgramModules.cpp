//===- ProgramModules.cpp - The files of a program and their names --------===//
#include "ProgramModules.h"

#include "InputFile.h"

#include "frontend/Parser.h"

#include <filesystem>
#include <iostream>

namespace pykc::driver {

namespace {

namespace fs = std::filesystem;

/// Where the main file sits in its package: the dotted name Python gives
/// it (`pkg.sub.mod` for pkg/sub/mod.py when pkg/ and pkg/sub/ hold an
/// `__init__.py`), the folder above its top-level package, and whether it
/// is a package's `__init__.py`.
struct PackagePlace {
  std::string Dotted;
  fs::path Root;
  bool IsPackage = false;
};

PackagePlace placeOf(const std::string &Input) {
  PackagePlace P;
  if (Input == "-") {
    P.Dotted = "__stdin__";
    return P;
  }
  fs::path File(Input);
  fs::path Dir = File.parent_path();
  std::error_code EC;
  std::string Stem = File.stem().string();
  P.IsPackage = Stem == "__init__";
  P.Dotted = P.IsPackage ? "" : Stem;
  // A bounded walk: a package nests no deeper than the folders above it.
  for (int Depth = 0; Depth < 64 && fs::is_regular_file(
                                        (Dir.empty() ? fs::path(".") : Dir) / "__init__.py", EC);
       ++Depth) {
    fs::path Abs = fs::absolute(Dir.empty() ? fs::path(".") : Dir, EC).lexically_normal();
    if (Abs.filename().empty()) // "pkg/" after normalising "pkg/."
      Abs = Abs.parent_path();
    std::string Name = Abs.filename().string();
    P.Dotted = P.Dotted.empty() ? Name : Name + "." + P.Dotted;
    Dir = Abs.parent_path();
  }
  if (P.Dotted.empty())
    P.Dotted = Stem;
  P.Root = Dir;
  return P;
}

/// The file of module \p Dotted under \p Root: a/b.py or a/b/__init__.py.
std::optional<std::pair<fs::path, bool>> findModule(const fs::path &Root, const std::string &Dotted) {
  fs::path Path = Root.empty() ? fs::path() : Root;
  size_t Start = 0;
  while (true) {
    size_t Dot = Dotted.find('.', Start);
    std::string Part = Dotted.substr(Start, Dot == std::string::npos ? std::string::npos : Dot - Start);
    if (Part.empty())
      return std::nullopt;
    Path /= Part;
    if (Dot == std::string::npos)
      break;
    Start = Dot + 1;
  }
  std::error_code EC;
  if (fs::is_regular_file(fs::path(Path) += ".py", EC))
    return std::pair(fs::path(Path) += ".py", false);
  if (fs::is_regular_file(Path / "__init__.py", EC))
    return std::pair(Path / "__init__.py", true);
  return std::nullopt;
}

/// -D values for \p Dotted's module (plain names belong to the main file).
std::map<std::string, ir::ConstantValue> definesFor(const std::string &Dotted, bool Main,
                                                    const Compilation &C) {
  std::map<std::string, ir::ConstantValue> Out;
  for (const auto &[Target, Value] : C.Defines) {
    size_t Dot = Target.rfind('.');
    std::string Module = Dot == std::string::npos ? "" : Target.substr(0, Dot);
    if ((Module.empty() && Main) || (!Module.empty() && Module == Dotted))
      Out[Target.substr(Dot == std::string::npos ? 0 : Dot + 1)] = Value;
  }
  return Out;
}

/// Finds the module `import NAME` means among the program's files: the
/// package root of the main file, its folder, then each -I folder, as
/// Python's path would; reads, parses and scans it once (its parent
/// packages first, as Python imports them). A syntax error in it is
/// reported like the main file's.
ir::ModuleLoader moduleLoader(const std::vector<fs::path> &Roots, Compilation &C) {
  return [Roots, &C](const std::string &Name) -> ir::ModuleScope * {
    if (auto It = C.Modules.find(Name); It != C.Modules.end())
      return It->second ? It->second->Scope.get() : nullptr; // null: a cycle
    ir::ModuleScope *Parent = nullptr;
    if (size_t Dot = Name.rfind('.'); Dot != std::string::npos) {
      std::string ParentName = Name.substr(0, Dot);
      Parent = moduleLoader(Roots, C)(ParentName);
      // A parent still being read (its __init__ imports this one) lends
      // no binding, but its submodules load.
      if (!Parent && !C.Modules.count(ParentName))
        return nullptr;
      // The parent's own code may have imported this one (`from . import
      // config` in pkg/__init__.py while `import pkg.config` reads pkg):
      // that reading is the module, which the parent's names point into.
      if (auto It = C.Modules.find(Name); It != C.Modules.end()) {
        ir::ModuleScope *Read = It->second ? It->second->Scope.get() : nullptr;
        if (Parent && Read) // that reading could not bind it in its parent
          Parent->bindSubmodule(Name.substr(Dot + 1), Read);
        return Read;
      }
    }
    std::optional<std::pair<fs::path, bool>> Found;
    for (const fs::path &Root : Roots)
      if ((Found = findModule(Root, Name)))
        break;
    if (!Found)
      return nullptr;
    C.Modules[Name] = nullptr; // being read: `import a` inside a.py's imports
    std::string Text, Error;
    if (!readSourceFile(Found->first.string(), Text, Error))
      return nullptr;
    auto M = std::make_unique<Compilation::Imported>();
    const frontend::SourceFile *File = C.Sources.addBuffer(Found->first.string(), std::move(Text));
    M->Syntax = frontend::parseModule(*File, M->AST, C.Diags);
    ir::ModuleOptions Options;
    Options.DottedName = Name;
    std::error_code EC;
    Options.FilePath = fs::absolute(Found->first, EC).lexically_normal().string();
    Options.IsPackage = Found->second;
    Options.Defines = definesFor(Name, false, C);
    M->Scope = std::make_unique<ir::ModuleScope>(M->Syntax, C.Types, C.Diags,
                                                 moduleLoader(Roots, C), Name, Options);
    ir::ModuleScope *Scope = M->Scope.get();
    C.Modules[Name] = std::move(M);
    if (Parent)
      Parent->bindSubmodule(Name.substr(Name.rfind('.') + 1), Scope);
    return Scope;
  };
}

/// Parses each -D into C.Defines. False after a diagnostic.
bool parseDefines(const FrontendRequest &R, Compilation &C) {
  for (const std::string &D : R.Modules.Defines) {
    size_t Eq = D.find('=');
    std::string Name = D.substr(0, Eq);
    std::string Value = Eq == std::string::npos ? "True" : D.substr(Eq + 1);
    // The value is read as module code reads an expression, so a syntax
    // error points into it.
    auto &Holder = C.DefineSources.emplace_back(std::make_unique<Compilation::Imported>());
    const frontend::SourceFile *File = C.Sources.addBuffer("<-D " + Name + ">", Value + "\n");
    Holder->Syntax = frontend::parseModule(*File, Holder->AST, C.Diags);
    if (C.Diags.hasErrors())
      return false;
    Holder->Scope = std::make_unique<ir::ModuleScope>(Holder->Syntax, C.Types, C.Diags);
    const frontend::Stmt *Only = Holder->Syntax.Body.size() == 1 ? Holder->Syntax.Body[0] : nullptr;
    const auto *E = Only ? frontend::dyn_cast<frontend::ExprStmtStmt>(Only) : nullptr;
    std::optional<ir::ConstantValue> V = E ? Holder->Scope->evaluate(*E->Value) : std::nullopt;
    if (!V) {
      std::cerr << "pykc: error: -D " << D << ": '" << Value
                << "' is not a Python literal pykc can evaluate (a number, string, bool, None, "
                   "or a tuple, list or dict of them)\n";
      return false;
    }
    C.Defines[Name] = *V;
  }
  return true;
}

} // namespace

bool resolveModuleNames(const FrontendRequest &R, Compilation &C) {
  if (!parseDefines(R, C))
    return false;
  PackagePlace Place = placeOf(R.Input);
  std::vector<fs::path> Roots{Place.Root};
  if (R.Input != "-" && fs::path(R.Input).parent_path() != Place.Root)
    Roots.push_back(fs::path(R.Input).parent_path());
  for (const std::string &Dir : R.Modules.IncludeDirs)
    Roots.emplace_back(Dir);
  ir::ModuleOptions Options;
  Options.DottedName = Place.Dotted;
  std::error_code EC;
  if (R.Input != "-")
    Options.FilePath = fs::absolute(R.Input, EC).lexically_normal().string();
  Options.IsPackage = Place.IsPackage;
  Options.Defines = definesFor(Place.Dotted, true, C);
  C.Scope = std::make_unique<ir::ModuleScope>(C.Syntax, C.Types, C.Diags,
                                              moduleLoader(Roots, C), "", Options);
  // A -D that replaced nothing is most likely misspelt.
  for (const auto &[Target, Value] : C.Defines) {
    size_t Dot = Target.rfind('.');
    std::string Module = Dot == std::string::npos ? "" : Target.substr(0, Dot);
    std::string Name = Target.substr(Dot == std::string::npos ? 0 : Dot + 1);
    const ir::ModuleScope *In = Module.empty() ? C.Scope.get() : nullptr;
    if (!Module.empty())
      if (auto It = C.Modules.find(Module); It != C.Modules.end() && It->second)
        In = It->second->Scope.get();
    if (!In || !In->usedDefines().count(Name))
      C.Diags.reportNoLocation(frontend::DiagKind::UnusedDefine,
                               {Target, Module.empty() ? C.Syntax.File->name() : Module});
  }
  return true;
}

} // namespace pykc::driver
