//===- check/FunctionChecker.h - Typing from the syntax --------*- C++ -*-===//
///
/// \file
/// FunctionChecker types one Python function for one list of arguments by
/// walking its syntax tree, building no IR: Numba's rule that each variable
/// (each web of assignments, AssignmentWebs.h) has the unification of all
/// that is assigned to it, found by iterating to a fixed point.
///
/// The rounds visit what can change a variable's or the return's type
/// (values assigned and returned, `if` tests, loops' iterations and bodies)
/// and report nothing. The final walk then reports every typing diagnostic;
/// the IR builder (ir/build/FunctionBuilder.h) builds only what it accepted,
/// from its types. Each check function answers what its builder
/// counterpart builds, visiting sub-expressions in the same order
/// (docs/design/typing-pass.md).
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/AST.h"
#include "frontend/Diagnostic.h"
#include "ir/AssignmentWebs.h"
#include "ir/ModuleScope.h"
#include "ir/TypeRules.h"
#include "ir/check/Facts.h"
#include "ir/check/SyntaxFacts.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace pykc::ir {

struct LibdeviceFunction;

/// What the checker asks of the program around the function it types.
class CalleeTyper {
public:
  virtual ~CalleeTyper() = default;
  /// The type \p Fn returns for \p Args (each a Value of its type, or a
  /// compile-time entity), typing it alone and reporting nothing; null
  /// when it does not type. \p Host: called from host code.
  virtual const Type *returnTypeOf(FunctionInfo &Fn,
                                   const std::vector<Checked> &Args,
                                   bool Host) = 0;
  /// The program's main module: where a function without one of its own
  /// evaluates its defaults, and where pykc's helpers are made.
  virtual ModuleScope &programScope() = 0;
  /// A call of foreign function \p Fn typed: the module declares it and
  /// links what it needs (as soon as any typing reaches it).
  virtual void usesForeign(const ForeignFunction &Fn) = 0;
  /// The final walk's call of \p Fn for \p Args (CheckInstances.cpp): the
  /// instance checked on first use, its diagnostics reported to \p Diags
  /// at the call (\p CallFile, \p CallRange). Its return type, or none
  /// when the instance fails (reported).
  virtual std::optional<const Type *>
  checkCall(FunctionInfo &Fn, const std::vector<Checked> &Args,
            const frontend::SourceFile *CallFile, frontend::SourceRange CallRange,
            bool Host, frontend::DiagnosticEngine &Diags) = 0;
};

/// What the final walk knows of the function it walks beyond its
/// arguments: what it is, what it returns, and where it reports.
struct WalkSetting {
  bool Kernel = false;
  /// A device function's return type: declared, or what its returns give.
  const Type *ReturnType = nullptr;
  /// A kernel's signature, which notes blame parameter types on.
  const ParsedSignature *Signature = nullptr;
  frontend::DiagnosticEngine *Diags = nullptr;
};

/// The rows of ir/Builtins.def (BUILTIN and MATH), numbered.
enum class BuiltinRow {
#define BUILTIN(Id, ...) Id,
#define MATH(Id, ...) Id,
#include "ir/Builtins.def"
};

/// Values Numba gives a literal type when passed to a function: ints,
/// bools, None and tuples of them (a float is a plain float64).
bool isLiteralValue(const ConstantValue &C);

class FunctionChecker {
public:
  /// \p Args: one per parameter given, a Value of its type or a
  /// compile-time entity (Constant, Path or Function).
  /// \p HostCode: an @njit host entry, or a function it calls.
  /// \p Callees types the device functions it calls.
  FunctionChecker(TypeContext &Types, const OperatorTyping &Ops,
                  FunctionInfo &Info, ModuleScope &Scope,
                  const std::vector<Checked> &Args, bool HostCode,
                  CalleeTyper &Callees);

  /// Types the variables and \p Returns by rounds over the body until
  /// nothing widens, then joins None into the return type where the body
  /// can end without a return.
  void typeRounds(ReturnTyping &Returns);
  /// The final walk, after typeRounds: the body once more in the builder's
  /// order, with every typing diagnostic reported to \p How.Diags
  /// (docs/design/typing-pass.md, step A3). False when an error was
  /// reported; then nothing of the function is built.
  bool walk(const WalkSetting &How);

  const std::vector<VariableFact> &variables() const { return Vars; }
  /// The variable a name reads or writes (its web's), -1 for none.
  int loadVariable(const frontend::NameExpr &N) const;
  int storeVariable(const frontend::NameExpr &N) const;
  const AssignmentWebs &webs() const { return Webs; }
  /// The record field the final walk found \p Key to name (an attribute
  /// `r.x`, or the index of `r['x']` or `r[0]`); none where it found none.
  std::optional<unsigned> fieldOf(const frontend::Expr &Key) const {
    auto It = Fields.find(&Key);
    return It == Fields.end() ? std::nullopt : std::optional<unsigned>(It->second);
  }
  /// The signature the final walk chose for operation \p Part of syntax
  /// node \p Node: an operator (a BinaryExpr, UnaryExpr or `op=`), link
  /// \p Part of a comparison, a builtin's call (its case, or range()'s
  /// typing); for and/or, if-else and min/max only the Result, what their
  /// operands unify to. Null where the walk chose none.
  /// The part under which a tuple comparison (`t == u`, itself part \p Part
  /// of its node) keeps the comparison of the tuples' elements \p K.
  static unsigned tupleElementPart(unsigned Part, unsigned K) { return Part + ((K + 1) << 16); }
  const Signature *signatureAt(const void *Node, unsigned Part = 0) const {
    auto It = Signatures.find({Node, Part});
    return It == Signatures.end() ? nullptr : &It->second;
  }
  /// How the final walk bound each parameter of device-function call \p C
  /// (DeviceCallFact); null where the walk bound none.
  const DeviceCallFact *deviceCall(const frontend::CallExpr &C) const {
    auto It = DeviceCalls.find(&C);
    return It == DeviceCalls.end() ? nullptr : &It->second;
  }
  /// Whether the final walk unwrapped arm \p Arm of an if-else, a name a
  /// test shows to hold a value (`x if x is not None else 0`).
  bool unwrapsArm(const frontend::Expr &Arm) const { return UnwrappedArms.count(&Arm) != 0; }
  /// What host code's `raise` or failing `assert` \p St raises, as Python
  /// prints it ("ValueError: negative input"); null when it was refused.
  const std::string *raisedText(const frontend::Stmt &St) const {
    auto It = RaisedTexts.find(&St);
    return It == RaisedTexts.end() ? nullptr : &It->second;
  }
  /// What the final walk found `for` loop \p Fo over arrays, tuples,
  /// enumerate() or zip() to iterate; null for a loop over range().
  const IterationShape *iteration(const frontend::ForStmt &Fo) const {
    auto It = Iterations.find(&Fo);
    return It == Iterations.end() ? nullptr : &It->second;
  }
  /// The final walk's answer for an array allocation \p C; null when the
  /// walk accepted none there.
  const AllocationFact *allocation(const frontend::CallExpr &C) const {
    auto It = Allocations.find(&C);
    return It == Allocations.end() ? nullptr : &It->second;
  }
  /// Each local name's first variable, and each (name, web)'s.
  const std::map<std::string, size_t> &locals() const { return Locals; }
  const std::map<std::pair<std::string, unsigned>, size_t> &
  webVariables() const {
    return WebVars;
  }

  /// \p E evaluated at compile time in this function: literals, module
  /// constants, compile-time parameters and locals bound once to a
  /// constant; a variable is not one.
  std::optional<ConstantValue> evaluate(const frontend::Expr &E) const;
  /// The elements `t[Sl]` picks, in order, from a tuple of \p N: Python's
  /// slice rules on constant bounds (Numba's static_getitem). When a bound
  /// is not a constant integer or None, Bad is it and Why says what is
  /// wrong (empty: not a constant).
  struct TupleSlice {
    std::vector<unsigned> Picked;
    const frontend::Expr *Bad = nullptr;
    std::string Why;
  };
  TupleSlice tupleSlice(const frontend::SliceExpr &Sl, size_t N) const;
  /// `AT.transpose(*Axes)` (none, or one None: a.T; one tuple of constant
  /// integers, or one each), as both the checker and the IR builder take
  /// it: the view's dimensions in Order and Numba's type (resolve_T, and
  /// layout A with axes given; one integer axis of a 1-D array leaves it
  /// as it is); or, when the axes do not name each dimension once, Why
  /// (NumPy's message). Axes that are not constants leave Ty null.
  struct Transposition {
    std::vector<unsigned> Order;
    const ArrayType *Ty = nullptr;
    std::string Why;
  };
  Transposition transposition(const ArrayType *AT,
                              const std::vector<const frontend::Expr *> &Axes) const;
  /// Whether control can reach the end of \p Body, on the source (the
  /// returns' None join needs the answer before any IR exists).
  bool fallsThrough(const frontend::StmtList &Body) const;
  /// The value of a device-function argument that Numba would type as a
  /// literal: a name bound to a constant (a module constant or a
  /// compile-time parameter), a literal or arithmetic on literals (Python
  /// folds those), or a tuple of such. `n - 1` is a run-time int64.
  std::optional<ConstantValue> literalArgument(const frontend::Expr &E) const;

private:
  int local(const std::string &Name) const;

  // --- Rounds (CheckStmt.cpp) ---
  bool roundBlock(const frontend::StmtList &Body);
  bool assignType(const frontend::Expr *Target, const Type *Ty);
  bool roundReturn(const frontend::ReturnStmt &R);

  // --- The final walk (CheckWalk.cpp) ---
  /// What the builder builds of a list of statements, as far as whether
  /// control runs past its end (build/FunctionBuilder.h's canFallThrough on it).
  struct Built {
    bool Empty = true;  ///< Nothing was built.
    bool Falls = true;  ///< Control can run past its end.
    bool Breaks = false; ///< A `break` in it leaves the loop around it.
    /// Appends what one statement built.
    void add(const Built &S);
    static Built terminator(bool IsBreak = false);
  };
  Built walkBlock(const frontend::StmtList &Body);
  Built walkStmt(const frontend::Stmt &St);
  Built walkIf(const frontend::IfStmt &I);
  Built walkReturn(const frontend::ReturnStmt &R);
  Built walkRaise(const frontend::Stmt &St);
  /// `assert test[, msg]`: in a kernel, a failing test ends the thread.
  Built walkAssert(const frontend::AssertStmt &A);
  void unsupportedStatement(const frontend::Stmt &St);
  /// Assigning \p V, a value of the statement's value at \p ValueRange
  /// (a tuple target's parts are assigned its elements; \p At names the
  /// value in a warning).
  Built walkAssign(const frontend::Expr *Target, const Checked &V,
                   const frontend::Expr &At, frontend::SourceRange ValueRange);
  /// Whether convert() makes \p V (of expression \p At) a \p To, with
  /// the warning an unchecked optional's unwrap gets on the way.
  bool convertsValue(const Checked &V, const Type *To, const frontend::Expr &At);
  Built walkAugAssign(const frontend::AugAssignStmt &A);
  /// rec.field = V (build/BuildRecord.cpp's lowerRecordStore): a store, a record
  /// copy, or a nested array's loops.
  Built walkRecordStore(const RecordType *R, unsigned Field, const Checked &V,
                        frontend::SourceRange TargetRange, frontend::SourceRange ValueRange);
  /// `view[...] = V` (build/BuildStmt.cpp's lowerBroadcastStore): NumPy's
  /// broadcasting of a scalar over every element of \p View.
  Built walkBroadcastStore(const ArrayType *View, const Checked &V, const frontend::Expr &At,
                           frontend::SourceRange ValueRange);
  /// The array `Base[...] = v` stores into, or null after reporting why.
  const ArrayType *storeTarget(const frontend::SubscriptExpr &Sub,
                               const Checked &Base);
  Built walkFor(const frontend::ForStmt &Fo);
  /// The loop; \p Body gets what its body built.
  Built walkWhile(const frontend::WhileStmt &W, Built &Body);
  /// \p Loop (which ends by itself when Loop.Falls) with its `else:` block
  /// \p OrElse walked after it, \p Body being what its body built.
  Built withElse(Built Loop, const Built &Body, const frontend::StmtList &OrElse);
  /// Reports \p Kind at \p Range (an error: the function fails) and
  /// gives invalid; reports nothing outside the final walk.
  Checked fail(frontend::SourceRange Range, frontend::DiagKind Kind,
               std::vector<std::string> Args = {});
  /// Keeps \p Sig as what \p Node's operation \p Part is (signatureAt),
  /// in the final walk only.
  void chose(const void *Node, const Signature &Sig, unsigned Part = 0) {
    if (walking())
      Signatures[{Node, Part}] = Sig;
  }
  /// A note or warning, in the final walk only.
  void report(const frontend::SourceFile *File, frontend::SourceRange Range,
              frontend::DiagKind Kind, std::vector<std::string> Args = {});
  bool walking() const { return Walk.Diags != nullptr; }
  /// The variable the builder makes of variable \p Index: versions of a
  /// name of one type are one (build/BuildFunction.cpp's coalesceWebs).
  int coalesced(int Index) const;
  /// A name was assigned a value of type \p Ty (build/BuildOptional.cpp's
  /// noteAssigned).
  void noteAssigned(const std::string &Name, const Type *Ty);
  void forgetAssignedIn(const frontend::StmtList &Body);
  /// UnknownAttribute for `.attr` of \p Base, with the nearest spelling.
  Checked unknownAttribute(const frontend::AttributeExpr &A, const Checked &Base);
  /// UnsupportedFunction for \p Path, with the nearest spelling and what
  /// to write instead of a NumPy function that has an idiom.
  Checked unsupportedFunction(frontend::SourceRange At, const std::string &Path);
  /// NotAValue for \p V at \p At, with the register hint.
  Checked notAValue(frontend::SourceRange At, const Checked &V);
  /// What a compile-time entity or a value's type is, for messages.
  std::string describe(const Checked &V) const;
  // --- Loops (CheckLoops.cpp) ---
  bool roundRangeFor(const frontend::ForStmt &Fo,
                     const frontend::CallExpr &Range);
  /// A `for` over arrays, tuples, enumerate() and zip() of them.
  bool roundForOver(const frontend::ForStmt &Fo);
  /// Binds \p Target to what iterating \p Iter gives; false when the
  /// iterable or the target cannot be walked.
  bool checkIterable(const frontend::Expr *Iter, const frontend::Expr *Target,
                     IterationShape &Shape);
  bool checkEnumerate(const frontend::CallExpr &E, const frontend::Expr *Target,
                      IterationShape &Shape);
  bool checkZip(const frontend::CallExpr &Z, const frontend::Expr *Target,
                IterationShape &Shape);
  /// The \p N names of tuple target \p T, or null after reporting.
  const frontend::ExprList *loopTargets(const frontend::Expr *T, size_t N);
  /// Whether \p C (enumerate or zip, named \p Name) has no keywords.
  bool noLoopKeywords(const frontend::CallExpr &C, const char *Name);
  const Type *iterationType(const IterationShape &Shape, size_t I);
  bool roundAugAssign(const frontend::AugAssignStmt &A);

  // --- Expressions (CheckExpr.cpp) ---
  /// What \p E denotes, with its Range filled in (checkExpr does the rest).
  Checked check(const frontend::Expr &E);
  Checked checkExpr(const frontend::Expr &E);
  /// What lowerValue gives: a value, an optional unwrapped.
  Checked checkValue(const frontend::Expr &E);
  /// What lowerOptional gives: a value kept as it is, None included.
  Checked checkOptional(const frontend::Expr &E);
  /// An `if` or `while` test: a boolean, with the bits of a constant one.
  Checked checkCondition(const frontend::Expr &E);
  /// The truth of a test checkCondition gave, when it is known while
  /// compiling: the `if` then keeps only the branch taken.
  static std::optional<bool> knownTruth(const Checked &Test);
  Checked checkConstant(const frontend::ConstantExpr &C);
  Checked checkName(const frontend::NameExpr &N);
  Checked checkSymbol(const Symbol &Sym, const frontend::Expr &At);
  Checked checkConstantValue(const ConstantValue &C);
  Checked checkTuple(const frontend::TupleExpr &T);
  /// \p V (of expression \p At) as a value that is not an optional:
  /// unwrapped at run time, with a warning in the final walk unless a test
  /// showed it holds one (build/BuildOptional.cpp's unwrapOptional).
  Checked unwrapped(const Checked &V, const frontend::Expr &At);
  /// A tuple made of \p Elements.
  Checked tupleDisplay(std::vector<Checked> Elements);
  /// Element \p K of tuple \p Tuple.
  Checked tupleElement(const Checked &Tuple, unsigned K) const;

  // --- Calls (CheckCall.cpp) ---
  Checked checkCall(const frontend::CallExpr &C);
  /// A call of a builtin path: its row of ir/Builtins.def's typing rule.
  Checked checkBuiltinCall(const std::string &Path,
                           const frontend::CallExpr &C);
  /// The typing rule of row \p Row for \p C.
  Checked checkBuiltinRule(BuiltinRow Row, const frontend::CallExpr &C);
  /// The builtin being checked (checkBuiltinCall), as users spell it.
  std::string callName() const { return CallPath ? displayPath(*CallPath) : "?"; }
  /// ArgumentCount unless \p C has \p N arguments, naming \p Name (by
  /// default the builtin being checked: its name is spelt only then).
  bool expectArgs(const frontend::CallExpr &C, size_t N, std::string_view Name = {});
  Checked checkGrid(const frontend::CallExpr &C);
  Checked checkLen(const frontend::CallExpr &C);
  /// np.transpose(a[, axes]) (the Transpose rule).
  Checked checkNumpyTranspose(const frontend::CallExpr &C);
  /// sum(iterable[, start]) (the Sum rule).
  Checked checkSum(const frontend::CallExpr &C);
  /// `AT.transpose(...)`, the axes being C's arguments from \p First on.
  Checked checkTranspose(const ArrayType *AT, const frontend::CallExpr &C, size_t First);
  Checked checkPrint(const frontend::CallExpr &C);
  /// The case of \p Cases that the arguments of \p C select (their
  /// checked values into \p Args when given); none when none does.
  std::optional<Signature> overloadOf(const std::vector<Signature> &Cases,
                                      const frontend::CallExpr &C,
                                      std::vector<Checked> *Args);
  Checked checkOverloaded(const std::vector<Signature> &Cases,
                          const frontend::CallExpr &C);
  /// A math-module function; \p Rounding: floor, ceil or trunc, which
  /// give integers in host code.
  Checked checkMath(MathCases Cases, bool Rounding,
                    const frontend::CallExpr &C);
  using ScalarCases =
      std::optional<Signature> (OperatorTyping::*)(const Type *) const;
  enum class ScalarCall { Intrinsic, Cast, Truth };
  Checked checkScalarCall(ScalarCases Cases, ScalarCall Result, bool IsAbs,
                          const frontend::CallExpr &C);
  Checked checkMinMax(const frontend::CallExpr &C);
  Checked checkArrayView(const frontend::AttributeExpr &A,
                         const frontend::CallExpr &C);
  Checked checkLibdeviceCall(const LibdeviceFunction &Fn, const frontend::CallExpr &C);
  Checked checkConstArrayLike(const frontend::CallExpr &C);
  /// `ffi.from_buffer(a)`: the array itself.
  Checked checkFromBuffer(const frontend::CallExpr &C);
  /// A call of a cuda.declare_device function.
  Checked checkForeignCall(const ForeignFunction &Fn,
                           const frontend::CallExpr &C);
  /// Point(1, y=2.5) for a named tuple class of the module.
  Checked checkNamedTupleConstructor(const ConstantValue &Class,
                                     const frontend::CallExpr &C);
  /// A device function of numba.cuda.random (ir/RandomHelpers.h).
  Checked checkRandom(const std::string &Helper, const frontend::CallExpr &C);
  /// cuda.float32x4(...) and the other vector constructors.
  Checked checkVectorConstructor(const VectorType *VT, const frontend::CallExpr &C);
  /// cuda.atomic.<Op> (\p Op as ir/AtomicOps.def names it: "Add").
  Checked checkAtomic(std::string_view Op, bool FirstElement,
                      const frontend::CallExpr &C);
  /// complex(x) and complex(x, y).
  Checked checkComplex(const frontend::CallExpr &C);
  Checked checkPow(const frontend::CallExpr &C);
  Checked checkSelp(const frontend::CallExpr &C);
  Checked checkAllocArray(const frontend::CallExpr &C, AddressSpace Space);
  /// The arguments of range() in zip(), enumerate() and len(), typed:
  /// their signature (OperatorTyping::range), chosen for \p R; none after
  /// an error (CheckLoops.cpp).
  std::optional<Signature> checkRangeArguments(const frontend::CallExpr &R);
  /// np.empty, np.zeros, ... (\p Like: np.empty_like, ...) in host code
  /// (CheckHeapArrays.cpp).
  Checked checkHeapArray(HeapFill Fill, bool Like, const frontend::CallExpr &C);
  /// The dtype \p E names (np.float32, 'int8', a.dtype), or null.
  const Type *dtypeArgument(const frontend::Expr &E);
  // --- pykc's helper functions (CheckComplex.cpp) ---
  /// A call of \p Helper for arguments of \p Args, its result converted to
  /// \p Result.
  Checked callHelper(FunctionInfo &Helper,
                     const std::vector<const Type *> &Args, const Type *Result);
  Checked complexHelperCall(const std::string &Operation,
                            const ScalarType *Complex,
                            const std::vector<const Type *> &Args,
                            const Type *Result);
  /// `/` and `**` of complex numbers, of type \p Complex.
  Checked complexArith(ArithOp Op, const ScalarType *Complex);
  Checked checkCmath(CmathCases Cases, const std::string &Operation,
                     const frontend::CallExpr &C);
  Checked checkRoundDigits(const frontend::CallExpr &C);
  /// A call of device function \p Fn (CheckDeviceCall.cpp).
  Checked checkDeviceCall(FunctionInfo &Fn, const frontend::CallExpr &C);

  // --- Attributes (CheckAccess.cpp) ---
  Checked checkAttribute(const frontend::AttributeExpr &A);
  Checked checkPathAttribute(const frontend::AttributeExpr &A,
                             const Checked &Base);
  /// An attribute of a value: a number's part, an enum's value, a named
  /// tuple's field, a vector's lane, an array's shape, size, ndim or part.
  Checked checkValueAttribute(const frontend::AttributeExpr &A,
                              const Checked &Base);
  Checked checkSubscript(const frontend::SubscriptExpr &Sub);
  /// The field of record \p R that \p Key names (an attribute, a constant
  /// string or index), when there is one and it is aligned.
  std::optional<unsigned> recordField(const RecordType *R,
                                      const frontend::Expr &Key,
                                      frontend::SourceRange Range);
  /// The module's name for \p R ("recordtype"), or Numba's spelling.
  std::string recordName(const RecordType *R) const;
  /// What reading field \p Field of \p R gives.
  const Type *fieldType(const RecordType *R, unsigned Field);
  /// `a[i]`: an element, or a view when \p Indices are fewer than the dims.
  Checked arrayAccess(const ArrayType *AT, unsigned Indices);
  /// How many indices `a[Index]` (at \p Range) gives (a tuple spreads),
  /// none when one is not an integer or there are more than the
  /// dimensions; with \p AllowView, fewer than the dimensions (a view).
  std::optional<unsigned> checkArrayIndices(const ArrayType *AT,
                                            const frontend::Expr &Index,
                                            frontend::SourceRange Range,
                                            bool AllowView);
  /// IndexType at \p Range for an index of type \p Ty computed by \p At,
  /// with notes that say why: a '/' that should be '//', or a parameter
  /// the signature made a float.
  void indexTypeError(const frontend::Expr &At, frontend::SourceRange Range,
                      const Type *Ty);
  /// When \p Operand is a parameter the kernel's signature made a float,
  /// complex or boolean, a note at that type.
  void noteSignatureOperand(const Checked &Operand);
  /// Whether \p Index has at most one ellipsis, as NumPy requires; an error
  /// at the second when not.
  bool singleEllipsis(const frontend::Expr &Index);
  /// What `a[Index]` names: an element, or a view (`a[i, :]`, `a[1:3]`,
  /// `a[i]` of a 2-D array); invalid after reporting why.
  Checked checkIndexing(const ArrayType *AT, const frontend::SubscriptExpr &Sub);
  /// `a[2:10]`, `a[i, ::-1]`: a view with Numba's layout.
  Checked checkSliceView(const ArrayType *AT,
                         const std::vector<const frontend::Expr *> &Parts,
                         frontend::SourceRange Range);

  // --- Operators (CheckOperators.cpp) ---
  /// \p Range: the operation's, where the final walk reports; \p Site:
  /// the syntax node its signature is kept for (signatureAt).
  Checked checkBinary(frontend::BinaryOp Op, const Checked &L,
                      const Checked &R, frontend::SourceRange Range = {},
                      const void *Site = nullptr);
  Checked checkUnary(const frontend::UnaryExpr &U);
  /// A unary operator applied to the value \p V.
  Checked unaryOf(frontend::UnaryOp Op, const Checked &V,
                  frontend::SourceRange OperandRange = {},
                  frontend::SourceRange Range = {}, const void *Site = nullptr);
  /// operator.add(a, b) and the other operator functions.
  Checked checkOperatorFunction(const OperatorFunction &Fn, const frontend::CallExpr &C);
  Checked checkCompare(const frontend::CompareExpr &C);
  /// `a is b`, `a is not b` (one link).
  Checked checkContains(const frontend::CompareExpr &C);
  Checked checkIdentity(const frontend::CompareExpr &C);
  /// Whether one link of a comparison types (link \p Part of \p Site).
  bool compares(CompareOp Op, const Checked &L, const Checked &R,
                const void *Site, unsigned Part = 0);
  Checked checkBoolOp(const frontend::BoolOpExpr &B);
  Checked checkIfExp(const frontend::IfExpExpr &I);
  /// The IntEnum class \p E (checked to \p V) is a member of, for `is`.
  const EnumType *intEnumOf(const frontend::Expr &E, const Checked &V) const;
  /// Checks through \p Check with \p Names also known to hold a value (a
  /// test showed it), which an if-else arm's type depends on.
  template <class CheckFn>
  Checked withNotNone(const std::set<std::string> &Names, CheckFn &&Check) {
    std::vector<std::string> Changed(Names.begin(), Names.end());
    std::set<std::string> Saved = notNoneAmong(Changed);
    NotNone.insert(Names.begin(), Names.end());
    Checked R = Check();
    restoreNotNone(Changed, Saved);
    return R;
  }
  /// NotNone's members among \p Names: all that an if or a loop that
  /// mentions only \p Names can change, saved and put back
  /// (restoreNotNone) without copying the whole set, which holds every
  /// assigned name and would make a function of many ifs quadratic.
  std::set<std::string> notNoneAmong(const std::vector<std::string> &Names) const {
    std::set<std::string> Out;
    for (const std::string &N : Names)
      if (NotNone.count(N))
        Out.insert(N);
    return Out;
  }
  void restoreNotNone(const std::vector<std::string> &Names, const std::set<std::string> &Saved) {
    for (const std::string &N : Names) {
      if (Saved.count(N))
        NotNone.insert(N);
      else
        NotNone.erase(N);
    }
  }
  /// Of \p Names, keeps in NotNone only those \p Kept holds too (where two
  /// paths meet, a name holds a value if it does on both).
  void intersectNotNone(const std::vector<std::string> &Names, const std::set<std::string> &Kept) {
    for (const std::string &N : Names)
      if (!Kept.count(N))
        NotNone.erase(N);
  }

  TypeContext &Types;
  const OperatorTyping &Ops;
  FunctionInfo &Info;
  const bool HostCode;
  CalleeTyper &Callees;
  /// The module the function is defined in: where its global names are.
  ModuleScope &Scope;
  /// Host code's raise and assert statements: what each raises, as Python
  /// prints it (RaisedException.h), for the builder.
  std::map<const frontend::Stmt *, std::string> RaisedTexts;
  std::vector<VariableFact> Vars;
  std::map<std::string, size_t> Locals;
  AssignmentWebs Webs;
  std::map<std::pair<std::string, unsigned>, size_t> WebVars;
  /// Parameters bound to compile-time values.
  std::map<std::string, Checked> CompileTimeParams;
  /// Locals bound once, by `name = value`: constant when their value is.
  std::map<std::string, const frontend::Expr *> SingleAssignments;
  /// The final walk's facts for the builder, by the node they answer.
  std::map<const frontend::CallExpr *, AllocationFact> Allocations;
  std::map<const frontend::Expr *, unsigned> Fields;
  std::map<std::pair<const void *, unsigned>, Signature> Signatures;
  std::map<const frontend::ForStmt *, IterationShape> Iterations;
  std::set<const frontend::Expr *> UnwrappedArms;
  std::map<const frontend::CallExpr *, DeviceCallFact> DeviceCalls;
  /// The rounds: which variables the current round has read, and whether
  /// one changed after it was read (then the round did not settle them).
  std::vector<char> ReadThisRound;
  bool StaleRead = false;
  /// The locals evaluate() is inside, against `n = n + 1`.
  mutable std::set<std::string> Evaluating;
  ReturnTyping *Returns = nullptr;
  /// Names a test in the expression being checked shows not to be None;
  /// in the final walk, also what the statements so far showed.
  std::set<std::string> NotNone;

  // The final walk's state, as the lowering keeps it.
  WalkSetting Walk;
  const frontend::SourceFile *File = nullptr;
  bool HadError = false;
  unsigned LoopDepth = 0;
  /// Variables (coalesced) whose assignments did not convert: their uses
  /// stay silent, so one mistake gives one error.
  std::set<int> Poisoned;
  /// Names whose unchecked unwrap was warned about.
  std::set<std::string> WarnedOptional;
  std::vector<int> Coalesced;
  /// The path of the builtin whose rule is being checked, for messages.
  const std::string *CallPath = nullptr;
};

/// Whether convert() makes a value of type \p From (not an optional) one of
/// type \p To (check/Conversions.cpp).
bool converts(const Type *From, const Type *To);
/// \p V converted to scalar type \p To: itself when it has that type.
Checked convertScalar(const Checked &V, const Type *To);

/// One entry of basic indexing: an integer, or a slice with or without a
/// step, or one of the whole slices an ellipsis stands for.
struct IndexShape {
  bool Slice = false;
  bool Step = false;
  bool FromEllipsis = false;
};
/// The layout of the view that basic indexing \p Entries of \p AT gives
/// (Numba's arraydecl.py).
ArrayLayout basicIndexLayout(const ArrayType *AT,
                             const std::vector<IndexShape> &Entries);

} // namespace pykc::ir
