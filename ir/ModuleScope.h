//===- ModuleScope.h - What a module's top level defines --------*- C++ -*-===//
///
/// \file
/// Reads a module's top-level statements the way Numba sees them when it
/// compiles a kernel: imports bind names to modules and objects, simple
/// assignments of constant expressions become frozen constants, decorated
/// functions become kernels, device functions, reductions or CPU functions.
/// Everything else is host code: skipped, but its names are remembered so a
/// kernel that uses one gets a clear error instead of "not defined".
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"
#include "frontend/Diagnostic.h"
#include "ir/ConstantValue.h"
#include "ir/Signature.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pykc::ir {

enum class FunctionRole {
  Kernel,     ///< @cuda.jit
  Device,     ///< @cuda.jit(device=True)
  Reduce,     ///< @cuda.reduce
  CpuJit,     ///< @njit / @jit (a later issue)
  OtherNumba, ///< @vectorize and friends (not compiled)
  Host,       ///< anything else
};

class ModuleScope;

struct FunctionInfo {
  const frontend::FunctionDefStmt *Def = nullptr;
  const frontend::SourceFile *File = nullptr; ///< Where Def is.
  /// The module that defines it, whose names its body sees.
  ModuleScope *Scope = nullptr;
  /// Written by pykc (ModuleScope::addSynthetic), not by the user.
  bool Synthetic = false;
  FunctionRole Role = FunctionRole::Host;
  std::string DecoratorSpelling; ///< "@cuda.reduce", for messages.
  std::vector<ParsedSignature> Signatures;
  bool FastMath = false;
  bool BoundsCheck = false; ///< @cuda.jit(boundscheck=True)
  bool Parallel = false;    ///< @njit(parallel=True)
  bool HasNameErrors = false; ///< Set by Sema's name check.
  bool NameChecked = false;   ///< Whether that check ran (once per function).
  bool HasSignatureErrors = false; ///< A decorator signature was invalid.
};

struct Symbol {
  enum class Kind {
    Path,     ///< An imported module or object: Path is its qualified name.
    Constant, ///< A frozen value.
    Function, ///< A function defined in the module.
    Host,     ///< Bound by host code pykc does not run.
    Module,   ///< Another Python file of the program (`import helpers`).
  };
  Kind K = Kind::Host;
  std::string Path;
  ConstantValue Value;
  FunctionInfo *Fn = nullptr;
  frontend::SourceRange DefRange;
  /// Host: why pykc could not evaluate it, when it looked like something a
  /// kernel can use (an np.dtype with a string field), for the message.
  std::string HostReason;
  /// The note that says it (what kind of thing pykc could not use).
  frontend::DiagKind HostNote = frontend::DiagKind::NoteUnusableDtype;
  /// Module: its scope.
  ModuleScope *Imported = nullptr;
  /// Host: `from m import name` of a name m.py does not bind.
  bool NotInModule = false;
};

/// Finds the module `import NAME` means when it is another file of the
/// program (NAME.py beside the main file, as Python's path starts with the
/// script's directory), reading and scanning it on first use; null when
/// there is none (a library such as numba). Owned by the driver.
using ModuleLoader = std::function<ModuleScope *(const std::string &Name)>;

class ModuleScope {
public:
  /// \p Loader finds the program's other modules; \p Name is this one's
  /// ("" for the main file).
  ModuleScope(const frontend::Module &M, TypeContext &Types, frontend::DiagnosticEngine &Diags,
              ModuleLoader Loader = {}, std::string Name = "");
  /// "" for the main file, else the name it was imported by.
  const std::string &name() const { return Name; }

  /// The module-level binding of \p Name, or null.
  const Symbol *lookup(const std::string &Name) const;
  /// Dotted path of a Name/Attribute chain through the imports:
  /// `cuda.threadIdx.x` -> "numba.cuda.threadIdx.x". Builtin names that are
  /// not shadowed resolve to "builtins.NAME".
  std::optional<std::string> resolvePath(const frontend::Expr &E) const;
  /// numba.set_num_threads(N) at module level (the last one): the thread
  /// count of parallel @njit functions; 0 when the module sets none.
  unsigned numThreads() const { return NumThreads; }
  /// The constant a Name/Attribute chain denotes (module constants, dtypes,
  /// math.pi, ...).
  std::optional<ConstantValue> constantOf(const frontend::Expr &E) const;
  /// Evaluates a constant expression in this module.
  std::optional<ConstantValue> evaluate(const frontend::Expr &E) const;

  std::vector<FunctionInfo *> functions() const;
  /// Parses \p Template, pykc's own kernel-language source (the kernels of
  /// a reduction, round's helper) with each @KEY@ of \p Substitutions
  /// replaced by its value, as functions of this module that users never
  /// see: they see the module's names, `__pykc_cuda`, `__pykc_numba` and
  /// `__pykc_math` name numba.cuda, numba and math, and they can call each
  /// other. Diagnostics point into \p Name. Returns its functions (empty if
  /// it does not parse).
  std::vector<FunctionInfo *>
  addSynthetic(const std::string &Name, std::string Template,
               const std::vector<std::pair<std::string, std::string>> &Substitutions = {});
  FunctionInfo *function(const std::string &Name) const;
  const frontend::Module &module() const { return M; }

private:
  void scan();
  void bindImport(const frontend::ImportStmt &S);
  void bindImportFrom(const frontend::ImportFromStmt &S);
  void bindAssignment(const frontend::AssignStmt &S);
  void bindFunction(const frontend::FunctionDefStmt &S);
  /// `namedtuple('Point', ...)`: the class, or nothing.
  std::optional<ConstantValue> namedTupleClass(const frontend::Expr &E) const;
  void bindClass(const frontend::ClassDefStmt &C);
  void bindHostTargets(const frontend::Expr *Target, frontend::SourceRange Range);
  void bindHostNamesIn(const frontend::StmtList &Body);
  void classify(FunctionInfo &Fn);
  void readJitArguments(FunctionInfo &Fn, const frontend::CallExpr &Call);
  void readNjitArguments(FunctionInfo &Fn, const frontend::CallExpr &Call);
  void readSignatureArgument(FunctionInfo &Fn, const frontend::Expr &Arg);

  unsigned NumThreads = 0;
  const frontend::Module &M;
  ModuleLoader Loader;
  std::string Name;
  TypeContext &Types;
  frontend::DiagnosticEngine &Diags;
  std::map<std::string, Symbol> Symbols;
  std::vector<std::unique_ptr<FunctionInfo>> Functions;
  struct SyntheticSource {
    std::unique_ptr<frontend::SourceFile> File;
    std::unique_ptr<frontend::ASTContext> AST;
    frontend::Module Syntax;
  };
  std::vector<SyntheticSource> Synthetic;
  std::vector<std::unique_ptr<FunctionInfo>> SyntheticFunctions;
};

/// The member \p Name of enum \p E as a constant (an IntEnum's as its int),
/// or nothing.
std::optional<ConstantValue> enumMember(const EnumType &E, const std::string &Name);

/// Is \p Path a builtin the kernel language knows (a namespace, special
/// register, intrinsic or constant)?
bool isKnownBuiltinPath(const std::string &Path);

} // namespace pykc::ir
