//===- SemaContext.h - One module's checked and built functions -*- C++ -*-===//
///
/// \file
/// SemaContext is shared by every function of one module: the typing
/// checker's instance memo (check/CheckInstances.cpp: checkKernel,
/// checkCall, deviceReturnType) and the instances the IR builder made
/// (build/Instantiate.cpp: lowerKernel, lowerHostEntry, instantiateDevice).
/// An entry is checked first, with every diagnostic reported; only what the
/// check accepted is built, from the checker that typed it
/// (build/FunctionBuilder.h).
///
/// A call to a device function is typed by checking the callee alone for
/// those arguments (deviceReturnType, memoized per argument list), never by
/// building it; building then runs once per instance that the final types
/// call for.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/Diagnostic.h"
#include "ir/AssignmentWebs.h"
#include "ir/IR.h"
#include "ir/ModuleScope.h"
#include "ir/TypeRules.h"
#include "ir/check/FunctionChecker.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <string>
#include <vector>

namespace pykc::ir {

/// What an expression denotes while building: an IR value, or a
/// compile-time entity (a module path, a constant such as a dtype, a
/// function) that only makes sense as the callee or base of something.
struct Value {
  enum class Kind { Invalid, Expr, Path, Constant, Function, Module, Foreign };
  Kind K = Kind::Invalid;
  Expr *E = nullptr;
  std::string Path; ///< Module: its name.
  ConstantValue Const;
  FunctionInfo *Fn = nullptr;
  ModuleScope *Mod = nullptr; ///< Another file of the program.
  const ForeignFunction *Foreign = nullptr; ///< cuda.declare_device's.

  static Value invalid() { return Value(); }
  static Value expr(Expr *E) {
    Value V;
    V.K = E ? Kind::Expr : Kind::Invalid;
    V.E = E;
    return V;
  }
  bool isValid() const { return K != Kind::Invalid; }
};

/// One argument of a device-function instantiation. As Numba gives a
/// literal int or bool, a dtype, a function or a module its literal or
/// function type, such an argument is a compile-time value that the callee
/// sees as a constant: usable as a shared array's shape or dtype, or called.
/// Everything else is a run-time value of type Ty.
struct InstanceArg {
  const Type *Ty = nullptr; ///< Null for a compile-time value.
  Value Const;              ///< Kind Constant, Path or Function when Ty is null.

  bool isCompileTime() const { return Ty == nullptr; }
  /// What the value is, as Python would show it ("32", "cuda.atomic.add").
  std::string str() const;
};

/// Whether \p Sig gives one type per parameter of \p Fn; SignatureArity
/// to \p D when it does not.
bool signatureFits(const FunctionInfo &Fn, const ParsedSignature &Sig,
                   frontend::DiagnosticEngine &D);
/// The decorator that declares \p Fn's return type, as \p Fn is written,
/// for RecursiveCall's message.
std::string recursionFix(const FunctionInfo &Fn);
/// "float32, 32, cuda.atomic.add": an instance's arguments, for messages.
std::string argList(const std::vector<InstanceArg> &Args);
/// The symbol of kernel \p Name compiled for \p Args, when it has several
/// signatures; of device-function instance \p Name for \p Params.
std::string kernelSymbol(const std::string &Name, const std::vector<const Type *> &Args);
std::string instanceSymbol(const std::string &Name, const std::vector<InstanceArg> &Params);

/// A compile-time entity (Constant, Path, Function, Module, Foreign) as
/// the checker and the builder each hold one.
Checked checkedOf(const Value &V);
Value valueOf(const Checked &C);
/// An instance's arguments as the checker takes them, and back.
std::vector<Checked> checkedArguments(const std::vector<InstanceArg> &Args);
std::vector<InstanceArg> instanceArgs(const std::vector<Checked> &Args);
/// The run-time arguments a signature gives (a kernel's, a host entry's).
std::vector<InstanceArg> signatureArgs(const ParsedSignature &Sig);

/// Shared by every function checked and built from one module.
class SemaContext : public CalleeTyper {
public:
  /// \p Out: where the builder builds; null for a context that only
  /// checks (checkKernel), which builds nothing.
  SemaContext(ModuleScope &Scope, TypeContext &Types, frontend::DiagnosticEngine &Diags,
              Module *Out)
      : Scope(Scope), Types(Types), Ops(Types), Diags(Diags), Out(Out) {}

  /// checkCall, reporting to Diags, then instantiateDevice when it
  /// accepted: what a host entry and a reduction's operator use. Null when
  /// the check failed.
  Function *instantiateChecked(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                               const frontend::SourceFile *CallFile,
                               frontend::SourceRange CallRange, bool Host = false);
  /// The device function \p Fn built for \p Args, on first use, from the
  /// checker that checkCall accepted it with. Building cannot fail: an
  /// instance the checker did not accept is an internal error.
  /// \p Host: the instance for a host entry point (lowerHostEntry).
  Function *instantiateDevice(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                              bool Host = false);
  /// The type \p Fn returns for \p Args, from checking its body alone:
  /// nothing is built and nothing is reported, as the types may be
  /// provisional. Null when it does not type (or recurses).
  const Type *deviceReturnType(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                               bool Host = false);
  /// deviceReturnType for the checker's arguments.
  const Type *returnTypeOf(FunctionInfo &Fn, const std::vector<Checked> &Args,
                           bool Host) override;
  ModuleScope &programScope() override { return Scope; }
  void usesForeign(const ForeignFunction &Fn) override;
  std::optional<const Type *> checkCall(FunctionInfo &Fn, const std::vector<Checked> &Args,
                                        const frontend::SourceFile *CallFile,
                                        frontend::SourceRange CallRange, bool Host,
                                        frontend::DiagnosticEngine &D) override;
  /// The checker's view of lowerKernel (check/CheckInstances.cpp; a host
  /// entry is an instance, checkCall's): the kernel typed and walked, every
  /// diagnostic reported to \p D; false on errors. Its memo of checked
  /// instances is kept across entries.
  /// \p Keep: where the checker that typed the kernel goes, for the
  /// builder to build from (with its returns in \p KeepReturns).
  bool checkKernel(FunctionInfo &Fn, const ParsedSignature &Sig, frontend::DiagnosticEngine &D,
                   std::unique_ptr<FunctionChecker> *Keep = nullptr,
                   ReturnTyping *KeepReturns = nullptr);
  /// An @njit function for \p Sig, as a host entry point; null on errors.
  Function *lowerHostEntry(FunctionInfo &Fn, const ParsedSignature &Sig);
  /// Kernel \p Fn checked for \p Sig, then built when it types; null on
  /// errors.
  Function *lowerKernel(FunctionInfo &Fn, const ParsedSignature &Sig, bool Mangle);

  ModuleScope &Scope;
  TypeContext &Types;
  OperatorTyping Ops;
  /// Where the checker reports: the user's diagnostics.
  frontend::DiagnosticEngine &Diags;
  Module *Out;
  /// The module-level arrays kernels read, by name: one copy of the data.
  std::map<std::string, std::shared_ptr<const ConstantValue>> ConstantArrays;

private:
  /// An instantiation: the function, its run-time argument types (null for
  /// compile-time ones) and its compile-time values as text.
  /// The last element says whether it is a host entry: a host entry and a
  /// device function of the same types are separate instances, as only the
  /// host entry runs its prange loops in parallel.
  using Key =
      std::tuple<FunctionInfo *, std::vector<const Type *>, std::vector<std::string>, bool>;
  static Key keyOf(FunctionInfo &Fn, const std::vector<InstanceArg> &Args, bool Host = false);
  /// What a call with some arguments binds: the parameter types of the
  /// declared signature Numba would choose, and its return type (null
  /// without declared signatures: the arguments' own types are bound).
  struct Binding {
    std::vector<InstanceArg> Params;
    const Type *DeclaredReturn = nullptr;
  };
  /// Empty (after a diagnostic to \p Report, when given) when no
  /// declared signature matches \p Args.
  std::optional<Binding> bindArguments(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                                       const frontend::SourceFile *CallFile,
                                       frontend::SourceRange CallRange,
                                       frontend::DiagnosticEngine *Report);
  /// An instance checkCall began to check, in the order it began them.
  struct CheckedInstance {
    FunctionInfo *Fn;
    std::vector<InstanceArg> Params;
    bool Host;
  };
  std::vector<CheckedInstance> CheckOrder;
  /// After an entry failed its check: the instances its check accepted
  /// (CheckOrder from \p Start), built in that order.
  void buildAcceptedSince(size_t Start);
  /// A new function of the module for \p Fn, with what its decorator set.
  Function *addFunction(const FunctionInfo &Fn, FunctionKind Kind);
  /// A symbol no other function of the module has.
  std::string uniqueSymbol(std::string Name) const;

  std::map<Key, Function *> DeviceInstances;
  /// Device functions being built: a recursive call, which the checker
  /// accepted, calls the unfinished one.
  std::map<Key, Function *> InProgress;
  std::map<Key, const Type *> ReturnTypes; ///< deviceReturnType's memo.
  std::set<Key> TypingInProgress;
  /// The returns typed so far of each function being typed or checked: a
  /// call back into one without a declared signature has the return type
  /// they give (Numba types recursion from the paths that do not recurse,
  /// as its fib examples need), and null before any.
  std::map<Key, const ReturnTyping *> Typing;
  /// The functions whose provisional return type a typing used: a result
  /// that used another's is not memoized, as that one may still widen.
  std::set<Key> ProvisionalUsed;
  /// The provisional return type of \p K, recorded as used.
  const Type *provisionalReturn(const Key &K);
  /// How deeply device-function calls may nest (typing, checking and
  /// building recurse once per level). Python's own default recursion limit: Numba, typing
  /// in CPython, cannot go deeper either.
  static constexpr size_t MaxCallDepth = 1000;
  size_t callDepth() const { return TypingInProgress.size() + CheckInProgress.size(); }
  /// The checker's instance memo (checkCall): accepted instances and their
  /// return types, failed ones, those being walked (with the return type a
  /// recursive call gets), and its own name checks (whether each function
  /// has name errors).
  std::map<Key, const Type *> CheckAccepted, CheckInProgress;
  /// The checkers that typed each instance checkCall checked, until
  /// instantiateDevice builds it with them (nothing is typed twice).
  struct TypedInstance {
    std::unique_ptr<FunctionChecker> Checker;
    ReturnTyping Returns;
  };
  std::map<Key, TypedInstance> TypedInstances;
  /// The checkers deviceReturnType typed an instance with, when its result
  /// was final (memoized), until checkCall walks the instance with them.
  std::map<Key, TypedInstance> TypedForCall;
  std::set<Key> CheckFailed;
  std::map<FunctionInfo *, bool> CheckedNames;
  bool CheckUnwinding = false;
};

} // namespace pykc::ir
