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
#include "ir/ForeignFunction.h"
#include "ir/Signature.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
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
  /// The name the module binds it to, by which commands, signatures and
  /// messages name it: the def's own name, or the target of `k =
  /// cuda.jit(sig)(fn)`.
  std::string Name;
  frontend::SourceRange NameRange; ///< Where it is bound to Name.
  const frontend::SourceFile *File = nullptr; ///< Where Def is.
  /// The module that defines it, whose names its body sees.
  ModuleScope *Scope = nullptr;
  /// Written by pykc (ModuleScope::addSynthetic), not by the user.
  bool Synthetic = false;
  FunctionRole Role = FunctionRole::Host;
  std::string DecoratorSpelling; ///< "@cuda.reduce", for messages.
  std::vector<ParsedSignature> Signatures;
  bool FastMath = false;
  bool BoundsCheck = false; ///< @cuda.jit(boundscheck=True), @njit(boundscheck=True)
  bool Parallel = false;    ///< @njit(parallel=True)
  /// @njit(error_model='numpy'): a division by zero gives inf, nan or 0, as
  /// in kernels, instead of raising ZeroDivisionError.
  bool NumpyErrorModel = false;
  unsigned MaxRegisters = 0; ///< @cuda.jit(max_registers=N); 0: none
  bool LineInfo = false;     ///< @cuda.jit(lineinfo=True) or debug=True
  bool HasNameErrors = false; ///< Set by Sema's name check.
  bool NameChecked = false;   ///< Whether that check ran (once per function).
  bool HasSignatureErrors = false; ///< A decorator signature was invalid.
  /// @cuda.jit(link=[...]): files that define the foreign functions it calls.
  std::vector<LinkFile> Links;
};

struct Symbol {
  enum class Kind {
    Path,     ///< An imported module or object: Path is its qualified name.
    Constant, ///< A frozen value.
    Function, ///< A function defined in the module.
    Host,     ///< Bound by host code pykc does not run.
    Module,   ///< Another Python file of the program (`import helpers`).
    Foreign,  ///< cuda.declare_device(...): a foreign device function.
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
  /// Foreign: its declaration.
  const ForeignFunction *Foreign = nullptr;
  static Symbol host(frontend::SourceRange R) { return make(Kind::Host, R); }
  static Symbol constant(ConstantValue V, frontend::SourceRange R) {
    Symbol S = make(Kind::Constant, R);
    S.Value = std::move(V);
    return S;
  }
  static Symbol path(std::string P, frontend::SourceRange R) {
    Symbol S = make(Kind::Path, R);
    S.Path = std::move(P);
    return S;
  }
  static Symbol function(FunctionInfo *F, frontend::SourceRange R) {
    Symbol S = make(Kind::Function, R);
    S.Fn = F;
    return S;
  }

private:
  static Symbol make(Kind K, frontend::SourceRange R) {
    Symbol S;
    S.K = K;
    S.DefRange = R;
    return S;
  }
};

/// Finds the module `import NAME` means when it is another file of the
/// program (NAME.py beside the main file, as Python's path starts with the
/// script's directory), reading and scanning it on first use; null when
/// there is none (a library such as numba). Owned by the driver.
using ModuleLoader = std::function<ModuleScope *(const std::string &Name)>;

/// What the driver tells a module about itself and the command line.
struct ModuleOptions {
  /// `__name__`: the dotted module name (`pkg.mod`, or the file's stem).
  std::string DottedName;
  /// `__file__`: the path of its source file, absolute.
  std::string FilePath;
  /// An `__init__.py`: relative imports start from this package itself.
  bool IsPackage = false;
  /// `-D NAME=VALUE` for this module: every module-level binding of NAME
  /// binds VALUE instead, unevaluated.
  std::map<std::string, ConstantValue> Defines;
};

class ModuleScope {
public:
  /// \p Loader finds the program's other modules; \p Name is this one's
  /// ("" for the main file).
  ModuleScope(const frontend::Module &M, TypeContext &Types, frontend::DiagnosticEngine &Diags,
              ModuleLoader Loader = {}, std::string Name = "", ModuleOptions Options = {});
  /// A closure's names over \p Parent's (ModuleFactories.cpp): what a
  /// call of a kernel factory binds (its parameters, its locals, the
  /// functions it defines), seen first by the functions it defines; every
  /// other name is \p Parent's. Nothing is scanned.
  struct ClosureOf {
    ModuleScope &Parent;
  };
  explicit ModuleScope(ClosureOf Closure);
  /// "" for the main file, else the name it was imported by.
  const std::string &name() const { return Name; }

  /// The file that holds this module as its name says it (`pkg/mod.py`,
  /// `pkg/__init__.py`), for messages.
  std::string displayFile() const;
  /// The module-level binding of \p Name, or null.
  const Symbol *lookup(const std::string &Name) const;
  /// Dotted path of a Name/Attribute chain through the imports:
  /// `cuda.threadIdx.x` -> "numba.cuda.threadIdx.x". Builtin names that are
  /// not shadowed resolve to "builtins.NAME".
  std::optional<std::string> resolvePath(const frontend::Expr &E) const;
  /// numba.set_num_threads(N) at module level (the last one): the thread
  /// count of parallel @njit functions; 0 when the module sets none.
  unsigned numThreads() const { return Parent ? Parent->numThreads() : NumThreads; }
  /// The constant a Name/Attribute chain denotes (module constants, dtypes,
  /// math.pi, ...).
  std::optional<ConstantValue> constantOf(const frontend::Expr &E) const;
  /// Evaluates an expression of module-level code: constant expressions,
  /// and what ModuleValues.h computes (the environment, builtins, string
  /// methods, versions, os.path, subscripts of constant containers).
  std::optional<ConstantValue> evaluate(const frontend::Expr &E) const;
  /// The first `exec(...)` module code runs at its top level, whose names
  /// pykc cannot know; null when there is none.
  const frontend::CallExpr *execCall() const { return ExecCall; }
  /// The -D names that replaced a binding in this module.
  const std::set<std::string> &usedDefines() const { return UsedDefines; }
  /// Makes \p Name an attribute of this package: `import pkg.mod` binds
  /// `mod` in pkg when pkg's own code did not.
  void bindSubmodule(const std::string &Name, ModuleScope *Sub);

  std::vector<FunctionInfo *> functions() const;
  /// The foreign device functions the module declares (declare_device).
  std::vector<const ForeignFunction *> foreignFunctions() const;
  /// The module-level names a kernel can use (no host-only ones), for
  /// "did you mean".
  std::vector<std::string> symbolNames() const;
  /// The names of the functions of role \p Role the user wrote, for "did
  /// you mean" on a command line's kernel name.
  std::vector<std::string> functionNames(FunctionRole Role) const;
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
  /// The constant a resolved path (cupy's spelt as numpy's) denotes.
  std::optional<ConstantValue> pathConstant(const std::string &Path) const;
  /// Runs module-level statements as far as pykc can decide them
  /// (ModuleStatements.cpp): definitions, imports and assignments bind
  /// names; `if` and `try` take the branch Python would.
  void execute(const frontend::StmtList &Body);
  void executeIf(const frontend::IfStmt &S);
  void executeTry(const frontend::TryStmt &S);
  void executeAugAssign(const frontend::AugAssignStmt &S);
  /// Whether every name \p Body imports is known (a module of the
  /// program or a library pykc has names for), so `try:` would succeed.
  bool importsResolve(const frontend::StmtList &Body) const;
  /// Binds the names \p Body would bind as host names that a kernel
  /// cannot use, saying why (\p Reason, for the note) when set.
  void bindSkipped(const frontend::StmtList &Body, const std::string &Reason, bool Taken);
  /// `-D NAME`: binds its value for \p Target and returns true.
  bool applyDefine(const std::string &Name, frontend::SourceRange Range);
  /// `k = cuda.jit(sig)(fn)`, `dev = cuda.jit(device=True)(fn)`: binds
  /// the kernel or device function and returns true.
  bool bindDecoratorCall(const frontend::AssignStmt &S);
  /// bindDecoratorCall's work: \p TargetId bound to what \p Value makes.
  bool bindDecoratorCallTo(const std::string &TargetId, frontend::SourceRange TargetRange,
                           const frontend::Expr &Value);
  /// `scale2 = make_scale(2.0)`, where make_scale defines a kernel or device
  /// function and returns it: binds scale2 to that function, its closure
  /// the call's (ModuleFactories.cpp). Returns false where the call is no
  /// such factory's; a factory pykc cannot follow binds a host name that
  /// says why.
  bool bindFactoryCall(const frontend::AssignStmt &S);
  /// `@gpu def k`, where gpu is a function of the program that makes a
  /// kernel of what it is given (`return cuda.jit(fn)`): k is gpu(k), a
  /// factory call. Leaves k the plain function, with the reason, where
  /// pykc cannot follow a decorator.
  void bindUserDecorators(const frontend::FunctionDefStmt &F);
  /// A name a factory call binds, and where.
  struct FactoryTarget {
    std::string Id;
    frontend::SourceRange Range;
  };
  /// The work of both: runs \p Factory's body over \p Call's arguments
  /// (or over \p Decorated, the function it decorates) and binds each of
  /// \p Targets to the kernel or device function it returns (several: the
  /// elements of the tuple it returns). Returns "" or why pykc cannot
  /// follow it (and then binds nothing).
  std::string followFactory(const std::vector<FactoryTarget> &Targets,
                            const FunctionInfo &Factory, const frontend::CallExpr *Call,
                            const Symbol *Decorated);
  /// The elements the current module statement's comprehensions have
  /// taken, in the module's own scope (ModuleComprehensions.cpp bounds
  /// them).
  mutable int64_t ComprehensionSteps = 0;
  const frontend::CallExpr *ExecCall = nullptr;
  /// The closure scopes factory calls made, kept for their functions.
  std::vector<std::unique_ptr<ModuleScope>> Closures;
  /// The scope a closure's names are over; null for a module's.
  ModuleScope *Parent = nullptr;
  /// How deep factory calls nest (a factory calling itself stops).
  unsigned FactoryDepth = 0;
  /// A Numba decorator applied by a call to a function of this module:
  /// `cuda.jit(fn)`, `cuda.jit(sig, fastmath=True)(fn)`. The decorator
  /// expression, its path, and the function's name as the call spells it.
  struct DecoratorCall {
    const frontend::Expr *Decorator = nullptr;
    std::string Path;
    /// The function it is applied to (maybe another module's), and the
    /// name this module binds it to ("" for `module.fn`).
    FunctionInfo *Function = nullptr;
    std::string Name;
  };
  std::optional<DecoratorCall> decoratorCallOf(const frontend::Expr &E) const;
  /// What `fn` or `module.fn` (a module of the program) names, or null.
  const Symbol *lookupProgramName(const frontend::Expr &E) const;
  /// Calls \p Bind for each name an assignment target binds (`a`, `a, b`,
  /// `[a, *b]`); subscripts and attributes bind no name.
  static void forEachTargetName(const frontend::Expr *Target,
                                const std::function<void(const frontend::NameExpr &)> &Bind);
  /// The module `from .x import y` (level \p Level, name \p Module)
  /// means, made absolute; nothing above the top package.
  std::optional<std::string> absoluteModule(unsigned Level, const std::string &Module) const;
  ModuleScope *loadModule(const std::string &Dotted) const;
  /// Functions a host function compiles at run time (`cache[t] =
  /// cuda.jit(sig, fastmath=True)(_kernel)`, as libraries do per dtype):
  /// kernels or device functions under their own names, their signatures
  /// from the command line when the run computes them.
  void discoverRuntimeKernels();
  /// Reading decorator arguments that the run computes: skipped silently.
  bool RuntimeSignatures = false;
  /// A class body's kernels and device functions (`@staticmethod` over
  /// `@cuda.jit`, or plain functions in it made kernels), named
  /// `Class.name`.
  void bindClassFunctions(const frontend::ClassDefStmt &C);
  std::optional<ConstantValue> evaluateMore(const frontend::Expr &E) const;
  /// evaluateMore's parts: `a.b` that is not a path's constant (another
  /// module's, np.finfo's, a value's attribute); list, set and dict
  /// displays; calls of builtins, NumPy and methods.
  std::optional<ConstantValue> evaluateAttribute(const frontend::AttributeExpr &A) const;
  std::optional<ConstantValue> evaluateDisplay(const frontend::Expr &E) const;
  std::optional<ConstantValue> evaluateCall(const frontend::CallExpr &Call) const;
  /// `[f(k) for k in range(8)]`, generator expressions, set and dict
  /// comprehensions over constants (ModuleComprehensions.cpp).
  std::optional<ConstantValue> evaluateComprehension(const frontend::ComprehensionExpr &C) const;
  /// Binds a comprehension's target (a name, or names unpacking a tuple).
  bool bindComprehensionTarget(const frontend::Expr &Target, const ConstantValue &Item);
  /// The elements of `range(...)` of constants (builtins.range, not
  /// shadowed), or nothing.
  std::optional<std::vector<ConstantValue>> rangeOf(const frontend::CallExpr &Call) const;
  /// \p E when it is such a range: its elements as a list, which is what
  /// the builtins module code passes ranges to (list, tuple, sum, len,
  /// sorted, zip, ...) see.
  std::optional<ConstantValue> rangeArgument(const frontend::Expr &E) const;
  /// Why \p E cannot be known at compile time, when it reads something the
  /// run decides (sys.argv, os.environ, files, random numbers); "" else.
  std::string runDependence(const frontend::Expr &E) const;
  void bindImport(const frontend::ImportStmt &S);
  void bindImportFrom(const frontend::ImportFromStmt &S);
  void bindAssignment(const frontend::AssignStmt &S);
  /// What the right-hand side of a module-level `=` is (ModuleBindings.cpp).
  struct AssignedValue;
  AssignedValue evaluateAssigned(const frontend::Expr &Value) const;
  /// The constant evaluateAssigned finds, or nothing.
  std::optional<ConstantValue> assignedConstant(const frontend::Expr &Value) const;
  /// Binds target \p T of \p S to \p A.
  void bindAssignedTarget(const frontend::Expr *T, const AssignedValue &A,
                          const frontend::AssignStmt &S);
  void bindFunction(const frontend::FunctionDefStmt &S);
  /// `namedtuple('Point', ...)`: the class, or nothing.
  std::optional<ConstantValue> namedTupleClass(const frontend::Expr &E) const;
  void bindClass(const frontend::ClassDefStmt &C);
  void bindHostTargets(const frontend::Expr *Target, frontend::SourceRange Range);
  void classify(FunctionInfo &Fn);
  /// Applies the Numba decorator \p D to \p Fn (its role and options).
  void applyDecorator(FunctionInfo &Fn, const frontend::Expr &D, const std::string &Path);
  void readJitArguments(FunctionInfo &Fn, const frontend::CallExpr &Call);
  void readNjitArguments(FunctionInfo &Fn, const frontend::CallExpr &Call);
  void readSignatureArgument(FunctionInfo &Fn, const frontend::Expr &Arg);
  /// `f = cuda.declare_device(name, sig, link=..., abi=...)`: binds the
  /// foreign function and returns true (ModuleForeign.cpp).
  bool bindDeclareDevice(const frontend::AssignStmt &S);
  /// `ffi = cffi.FFI()`: binds the name to the path "cffi.FFI()", whose
  /// from_buffer kernels call; returns true.
  bool bindCffi(const frontend::AssignStmt &S);
  /// A `link=` value (a path or a list of paths), resolved against the
  /// module's folder, appended to \p Out; each missing file or unknown
  /// extension is reported.
  void readLinkFiles(const frontend::Expr &Value, std::vector<LinkFile> &Out);
  /// The text of a Numba type expression (`types.float32(types.int32)`)
  /// without the prefixes that name Numba's modules.
  std::string typeExpressionText(const frontend::Expr &E) const;
  /// What code pykc does not follow changes of module constants
  /// (ModuleChanges.cpp). \p F, a host function: the names it may rebind
  /// (`global`, globals()) or change in place (`L.append(x)`, `W[0] = v`,
  /// `f(W)`), which lookup() answers as host names from here on.
  void noteFunctionChanges(const frontend::FunctionDefStmt &F);
  /// A module-level statement's changes in place and namespace writes:
  /// each changed constant, and every other name of its object, becomes a
  /// host name. \p Nested: the statements in \p S's blocks too (a block
  /// pykc skips but the run may take).
  void noteChanges(const frontend::Stmt &S, bool Nested);
  /// The host symbol lookup() gives for \p Name, bound to \p Bound, when
  /// a function may change it; else null.
  const Symbol *changedByFunction(const std::string &Name, const Symbol &Bound) const;
  class ChangeFinder;
  struct FunctionChange {
    Symbol Host;
    bool Rebinds = false; ///< Else changed in place: only lists, dicts, arrays.
  };
  std::map<std::string, FunctionChange> ChangedByFunctions;
  /// A function writes globals() with a computed name: any name may change.
  std::optional<FunctionChange> AnyChangedByFunction;
  /// `B = A` of a list, dict or array (or a view of one): B's root name is
  /// A's; each root's other names.
  std::map<std::string, std::string> SharedRoot;
  std::map<std::string, std::set<std::string>> SharedMembers;
  /// The names module code passes to calls (functions it may compile).
  std::set<std::string> PassedToCalls;
  std::vector<std::unique_ptr<ForeignFunction>> ForeignFunctions;

  unsigned NumThreads = 0;
  ModuleOptions Options;
  std::set<std::string> UsedDefines;
  /// Names bound to what calling a Numba decorator made, by the call.
  std::map<std::string, const frontend::CallExpr *> DecoratorObjects;
  /// Names bound to a Numba type expression (`SIG = void(float64[:])`),
  /// which a decorator takes as a signature: the expression, and where the
  /// name was bound (a later binding of it is another thing).
  struct TypeExpression {
    const frontend::Expr *Value = nullptr;
    frontend::SourceRange Bound;
  };
  std::map<std::string, TypeExpression> TypeExpressions;
  /// The type expression \p E names, or null.
  const frontend::Expr *typeExpressionOf(const frontend::Expr &E) const;
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
  /// The replacement fields of f-strings module code evaluated, parsed.
  mutable std::vector<SyntheticSource> FStringFields;
  /// constantOf's answers by resolved path (pathConstant's).
  mutable std::unordered_map<std::string, std::optional<ConstantValue>> PathConstants;
  /// `f"v{N // 4:03d}"` of constants, as Python formats it.
  std::optional<ConstantValue> evaluateFString(const frontend::ConstantExpr &F) const;
  std::vector<std::unique_ptr<FunctionInfo>> SyntheticFunctions;
};

/// The member \p Name of enum \p E as a constant (an IntEnum's as its int),
/// or nothing.
std::optional<ConstantValue> enumMember(const EnumType &E, const std::string &Name);

/// Libraries whose names a module may import without pykc knowing more
/// of them than their paths (numba, numpy, math, cupy, sys, os, ...):
/// importing them succeeds (for `try:`), and what a kernel uses of them is
/// checked where it is used. Any other import that is no file of the
/// program is a module pykc did not find.
bool isKnownLibrary(const std::string &Module);

/// Is \p Path a builtin the kernel language knows (a namespace, special
/// register, intrinsic or constant)?
bool isKnownBuiltinPath(const std::string &Path);

/// The attributes pykc knows of the namespace \p Path ("math" gives
/// "sin", "cos", ...; dtype namespaces their dtype names), for "did you
/// mean". Linear in Builtins.def.
std::vector<std::string> knownAttributes(const std::string &Path);

} // namespace pykc::ir
