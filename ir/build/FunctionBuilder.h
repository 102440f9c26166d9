//===- build/FunctionBuilder.h - A checked function into IR -----*- C++ -*-===//
///
/// \file
/// FunctionBuilder emits the IR of one Python function for one list of
/// arguments, from the typing checker that typed it and accepted it
/// (check/FunctionChecker.h): its variables and their types, the webs each
/// name's loads and stores belong to, and the returns' type. It reports
/// nothing. The checker's final walk reported every diagnostic before the
/// function was built, so a typing error met here is the checker's bug, an
/// internal compiler error (FunctionBuilder::error), never the user's.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/SemaContext.h"

#include <functional>
#include <source_location>

namespace pykc::ir {

/// Whether control can run past the end of the built statements \p Body:
/// no return on every path, and no endless loop that only a return leaves.
bool canFallThrough(const StmtList &Body);

class FunctionBuilder {
public:
  /// \p Typed: the checker that typed and walked this function for these
  /// arguments without an error, with what its returns gave (\p Returns).
  FunctionBuilder(SemaContext &S, FunctionInfo &Info, Function &F,
                  const std::vector<InstanceArg> &Args, std::unique_ptr<FunctionChecker> Typed,
                  const ReturnTyping &Returns);
  /// Emits the body.
  void run();

private:
  // --- Variables and typing (build/BuildFunction.cpp) ---
  Variable *local(const std::string &Name) const;
  /// The variable (the web's, AssignmentWebs.h) a name reads or writes.
  Variable *loadVariable(const frontend::NameExpr &N) const;
  Variable *storeVariable(const frontend::NameExpr &N) const;
  /// After typing: versions of one name with one type become one variable.
  void coalesceWebs();
  Variable *newTemp(const Type *Ty);
  /// The checker's types given to the variables, then coalesced.
  void inferTypes();

  // --- Statements (build/BuildStmt.cpp; loops in build/BuildLoops.cpp) ---
  void lowerBlock(const frontend::StmtList &Body, StmtList &Out);
  void lowerStmt(const frontend::Stmt &S, StmtList &Out);
  /// `if`: a test known when compiling keeps only the branch taken.
  void lowerIf(const frontend::IfStmt &I, StmtList &Out);
  /// `raise` in a kernel ends the thread (as Numba-CUDA without debug).
  void lowerRaise(const frontend::Stmt &St, StmtList &Out);
  /// UnsupportedSyntax for a statement kernels cannot have, at its keyword.
  void unsupportedStatement(const frontend::Stmt &St);
  /// `assert test[, msg]` in a kernel: a failing test ends the thread.
  void lowerAssert(const frontend::AssertStmt &A, StmtList &Out);
  void lowerAssign(const frontend::Expr *Target, Expr *Value, frontend::SourceRange ValueRange,
                   StmtList &Out);
  void lowerAugAssign(const frontend::AugAssignStmt &S, StmtList &Out);
  /// `view[...] = Value`: NumPy's broadcasting of a scalar, evaluated once,
  /// over every element of \p View.
  void lowerBroadcastStore(Expr *View, Expr *Value, frontend::SourceRange TargetRange,
                           frontend::SourceRange ValueRange, StmtList &Out);
  /// Loops nested in \p Out over [0, extent) of each of \p Extents, the
  /// last innermost (C order): the innermost body, and in \p Indices each
  /// loop's variable.
  StmtList *elementLoops(const ExprList &Extents, frontend::SourceRange Range, StmtList &Out,
                         ExprList &Indices);
  /// The array that `Base[...] = v` or `Base[...] += v` stores into.
  const ArrayType *storeTarget(const frontend::SubscriptExpr &Sub, const Value &Base);
  void lowerFor(const frontend::ForStmt &S, StmtList &Out);
  /// A `for` over arrays or tuples rather than range(): `for x in a`, `for
  /// i, x in enumerate(a[, start])`, `for x, y in zip(a, t, ...)`, nested
  /// (`for (i, x), y in zip(enumerate(a), b)`); rows of n-d arrays, elements
  /// of a tuple of one type. Walked by a hidden index over the shortest.
  /// The checker's IterationShape says what each target is bound to; the
  /// plan holds what evaluating its steps built.
  struct IterationPlan {
    const IterationShape *Shape = nullptr;
    /// Arrays and UniTuples, evaluated once, in Python's order.
    std::vector<Expr *> Sources;
    /// Each enumerate's start (intp), null without one.
    std::vector<Expr *> CountStarts;
    /// range()s zipped or enumerated (`zip(range(a, b), range(c, d))`):
    /// value Start + index * Step, of type Ty, for Length (intp) steps.
    struct RangeSource {
      Expr *Start = nullptr, *Step = nullptr, *Length = nullptr;
      const Type *Ty = nullptr;
    };
    std::vector<RangeSource> Ranges;
  };
  /// Evaluates what \p Fo iterates, as the checker's shape of it says;
  /// false when a part of it does not build.
  bool planIteration(const frontend::ForStmt &Fo, IterationPlan &Plan);
  /// range() zipped or enumerated: its start, step and length (Python's
  /// len of a range), evaluated once.
  bool planRange(const frontend::CallExpr &R, IterationPlan &Plan);
  /// Ends the function as Numba does when the range step \p Step (a
  /// constant or a temporary) is zero: ValueError in host code, the thread
  /// in a kernel.
  void endOnZeroStep(Expr *Step, frontend::SourceRange At);
  /// enumerate()'s start, evaluated after its iterable, as count \p CountId's.
  bool planEnumerateStart(const frontend::Expr &StartAst, size_t CountId, IterationPlan &Plan);
  /// The value target \p I of \p Plan takes at index \p Index.
  Expr *iterationValue(const IterationPlan &Plan, size_t I, Expr *Index,
                       frontend::SourceRange Range);
  void lowerForOver(const frontend::ForStmt &Fo, StmtList &Out);
  void lowerWhile(const frontend::WhileStmt &S, StmtList &Out);
  /// A loop, lowered by \p LowerLoop, and its `else:` block \p OrElse,
  /// which runs when the loop ends without a break of its own: when
  /// \p Body has one, a flag that its breaks set and `if not flag:` around
  /// the block.
  /// `Flag = Value`, a bool.
  Stmt *assignFlag(Variable *Flag, bool Value, frontend::SourceRange Range);
  void lowerLoopElse(const frontend::StmtList &Body, const frontend::StmtList &OrElse,
                     const std::function<void()> &LowerLoop, StmtList &Out);
  void lowerReturn(const frontend::ReturnStmt &S, StmtList &Out);
  Expr *lowerCondition(const frontend::Expr &E);
  /// The value of a condition known when compiling (a literal, a module
  /// constant, a literal argument): Numba prunes the branch not taken
  /// before typing, so it is neither typed nor compiled here either.
  static std::optional<bool> constantTruth(const Expr *Cond);

  // --- Expressions (build/BuildExpr.cpp; attributes, subscripts and indices in
  // build/BuildAccess.cpp; operators in build/BuildOperators.cpp) ---
  Value lower(const frontend::Expr &E);
  Expr *lowerValue(const frontend::Expr &E);
  Value lowerName(const frontend::NameExpr &N);
  /// A module-level binding \p Sym of \p Name (in this function's module,
  /// or read as `module.Name` from another).
  Value lowerSymbol(const Symbol &Sym, const std::string &Name, const frontend::Expr &At);
  Value lowerConstantValue(const ConstantValue &C, frontend::SourceRange Range);
  /// \p E evaluated at compile time in this function: literals, module
  /// constants and compile-time parameters; a local variable is not one.
  std::optional<ConstantValue> evaluate(const frontend::Expr &E) const {
    return Checker.evaluate(E);
  }
  Value lowerAttribute(const frontend::AttributeExpr &A);
  /// `Base.attr` of a module path: a special register, a module constant,
  /// a builtin's longer path, or the error for what does not exist.
  Value lowerPathAttribute(const frontend::AttributeExpr &A, const Value &Base);
  /// `shape`, `size`, `ndim`, `real` and `imag` of \p Array; invalid (and
  /// nothing reported) for any other attribute.
  Value lowerArrayAttribute(const frontend::AttributeExpr &A, Expr *Array, const ArrayType *AT);
  Value lowerSubscript(const frontend::SubscriptExpr &S);
  /// `a is b`, `a is not b` (one link).
  Expr *lowerContains(const frontend::CompareExpr &C);
  Expr *lowerIdentity(const frontend::CompareExpr &C);
  /// The module-level array \p Name (a frozen constant) as an expression.
  Expr *constArray(const std::string &Name, const ConstantValue &C, SourceRange Range);
  /// `a[Index]` as the checker's checkIndexing typed it: an element, or a
  /// view (`a[i, :]`, `a[1:3]`, `a[..., 0]`, `a[i]` of a 2-D array).
  Expr *lowerIndexing(Expr *Array, const ArrayType *AT, const frontend::SubscriptExpr &Sub);
  /// `a[2:10]`, `a[i, ::-1]`: a view (ArrayViewExpr) with Numba's layout;
  /// \p Parts as subscriptParts gives them.
  Expr *lowerSliceView(Expr *Array, const ArrayType *AT,
                       const std::vector<const frontend::Expr *> &Parts, SourceRange Range);
  /// `L Op R`, with the signature the checker chose for syntax node
  /// \p Site; a null \p Site: arithmetic pykc writes itself (a range's
  /// length), on types it chose.
  Expr *lowerBinary(frontend::BinaryOp Op, Expr *L, Expr *R, const void *Site,
                    frontend::SourceRange Range);
  Expr *lowerUnary(const frontend::UnaryExpr &U);
  /// \p Op applied to the value \p V (of the source at \p OperandRange),
  /// as the checker typed syntax node \p Site.
  Expr *unaryValue(frontend::UnaryOp Op, Expr *V, frontend::SourceRange OperandRange,
                   frontend::SourceRange Range, const void *Site);
  /// `Left Op Right` of two values: link \p Part of comparison \p Site.
  Expr *compareValues(CompareOp Op, Expr *Left, Expr *Right, frontend::SourceRange Range,
                      const void *Site, unsigned Part = 0);
  Expr *lowerCompare(const frontend::CompareExpr &C);
  Expr *lowerBoolOp(const frontend::BoolOpExpr &B);
  Expr *lowerIfExp(const frontend::IfExpExpr &I);
  Expr *lowerTuple(const frontend::TupleExpr &T);
  /// Index expressions of `Base[Index]` for an array: one integer a dim.
  /// With \p AllowView, fewer indices than dimensions are accepted (a view).
  bool lowerArrayIndices(const ArrayType *AT, const frontend::Expr &Index,
                         frontend::SourceRange Range, ExprList &Out, bool AllowView);
  /// `a[i]`: an element, or a view when \p Indices are fewer than the dims.
  Expr *arrayAccess(Expr *Array, const ArrayType *AT, ExprList Indices,
                    frontend::SourceRange Range);

  // --- Calls (build/BuildCall.cpp; Builtins.def's typing rules in
  // build/BuildBuiltins.cpp) ---
  Value lowerCall(const frontend::CallExpr &C);
  /// A call of a builtin: dispatched to the typing rule its row of
  /// ir/Builtins.def names.
  Expr *lowerIntrinsicCall(IntrinsicId Id, const frontend::CallExpr &C);
  /// That \p C has \p N arguments, as the checker made sure.
  void expectArgs(const frontend::CallExpr &C, size_t N);
  // The rules of ir/Builtins.def, one each.
  Expr *typeGrid(IntrinsicId Id, const frontend::CallExpr &C);
  Expr *typeNoArgs(IntrinsicId Id, const frontend::CallExpr &C);
  Expr *typeThisGrid(const frontend::CallExpr &C);
  /// range(...) or numba.prange(...).
  bool isRangeCall(const frontend::CallExpr &Call) const;
  Expr *lowerArrayView(const frontend::AttributeExpr &A, const frontend::CallExpr &C);
  Expr *typeAtomic(AtomicOp Op, const frontend::CallExpr &C,
                   bool FirstElement);
  Expr *typeForOnly(const frontend::CallExpr &C);
  Expr *typeConstArrayLike(const frontend::CallExpr &C);
  /// Point(1, y=2.5) for a named tuple class of the module.
  Expr *lowerNamedTupleConstructor(const ConstantValue &Class, const frontend::CallExpr &C);
  /// cuda.float32x4(...) and the other vector constructors.
  Expr *lowerVectorConstructor(const VectorType *VT, const frontend::CallExpr &C);
  Expr *typeLen(const frontend::CallExpr &C);
  /// np.transpose(a[, axes]) (the Transpose rule).
  Expr *typeNumpyTranspose(const frontend::CallExpr &C);
  /// sum(iterable[, start]) (the Sum rule): a temporary accumulated over
  /// the elements, as the checker typed it.
  Expr *typeSum(const frontend::CallExpr &C);
  /// `Array.transpose(...)`, the axes being C's arguments from \p First
  /// on, as checkTranspose typed it: a view with its dimensions permuted.
  Expr *lowerTranspose(Expr *Array, const ArrayType *AT, const frontend::CallExpr &C, size_t First);
  /// \p Array's view with its dimensions in \p Order, of type \p Ty.
  Expr *permutedView(Expr *Array, std::vector<unsigned> Order, const ArrayType *Ty,
                     SourceRange Range);
  Expr *typePrint(const frontend::CallExpr &C);
  /// \p C's arguments as values; false after an error.
  bool lowerArguments(const frontend::CallExpr &C, ExprList &Args);
  /// numba.cuda.libdevice.NAME(...) for \p Fn's row of ir/Libdevice.def.
  Expr *lowerLibdeviceCall(const LibdeviceFunction &Fn, const frontend::CallExpr &C);
  /// A call of a cuda.declare_device function (build/BuildForeign.cpp).
  Expr *lowerForeignCall(const ForeignFunction &Fn, const frontend::CallExpr &C);
  /// `ffi.from_buffer(a)` of a module's `ffi = cffi.FFI()`: the array
  /// itself, which a pointer parameter of a foreign function takes.
  Expr *lowerFromBuffer(const frontend::CallExpr &C);
  /// operator.add(a, b) and the other rows OPERATOR_* of ir/Builtins.def:
  /// the operator applied (null after an error); nothing for other paths.
  std::optional<Expr *> lowerOperatorFunction(const std::string &Path,
                                              const frontend::CallExpr &C);
  /// pow(x, y).
  Expr *typePow(const frontend::CallExpr &C);
  Expr *typeSelp(const frontend::CallExpr &C);
  Expr *typeDivmod(const frontend::CallExpr &C);
  /// A device function of numba.cuda.random (ir/RandomHelpers.h).
  Expr *typeRandom(const std::string &Helper, const frontend::CallExpr &C);
  /// round(x) and round(x, ndigits).
  Expr *typeRound(IntrinsicId Id, const frontend::CallExpr &C);
  /// Arguments typed by one of Numba's case tables: the case the checker
  /// chose (overload resolution).
  Expr *typeCall(IntrinsicId Id, const frontend::CallExpr &C);
  /// One number typed by a case table of OperatorTyping.
  enum class ScalarResult { Intrinsic, Cast, Truth };
  Expr *typeScalar(IntrinsicId Id, ScalarResult Result, const frontend::CallExpr &C);
  Expr *lowerAllocArray(const frontend::CallExpr &C, AddressSpace Space);
  /// np.empty, np.zeros, ... (\p Like: np.empty_like, ...) in host code
  /// (BuildHeapArrays.cpp).
  Expr *lowerHeapArray(HeapFill Fill, bool Like, const frontend::CallExpr &C);
  /// min/max: the running value is replaced where `next Replace running`.
  Expr *lowerMinMax(const frontend::CallExpr &C, CompareOp Replace);
  /// A math-module function (a MATH row of ir/Builtins.def), typed by its
  /// case table.
  Expr *lowerMath(IntrinsicId Id, const frontend::CallExpr &C);
  /// cuda.atomic.<op>(array, index[, old], value), or with \p FirstElement
  /// (array, old, value) on element 0; the argument count already checked;
  /// \p Name as users spell it, for diagnostics.
  Expr *lowerAtomic(const frontend::CallExpr &C, AtomicOp Op,
                    bool FirstElement);
  Expr *lowerDeviceCall(FunctionInfo &Fn, const frontend::CallExpr &C);
  /// The call of device function \p Fn for \p Args (its run-time ones
  /// \p Values, in order): typed only while probing types, else
  /// instantiated, with the values converted to its parameters.
  Expr *callDevice(FunctionInfo &Fn, const std::vector<InstanceArg> &Args, const ExprList &Values,
                   frontend::SourceRange Range);

  // --- None and OptionalType (build/BuildOptional.cpp) ---
  /// A value that may be None or an OptionalType, kept as it is: what
  /// assignments, returns and `is` take. lowerValue unwraps optionals.
  Expr *lowerOptional(const frontend::Expr &E);
  /// The None constant (of type none).
  Expr *noneValue(frontend::SourceRange Range);
  /// \p E's value when it is an OptionalType (checked at run time; warned
  /// about unless a test showed it holds one), else \p E.
  Expr *unwrapOptional(Expr *E);
  /// `Operand is None` (or `is not None` with \p IsNot) of an optional.
  Expr *optionalIsNone(Expr *Operand, bool IsNot, frontend::SourceRange Range);
  /// convert() where \p E or \p To is an OptionalType (or \p E None).
  Expr *convertOptional(Expr *E, const Type *To);

  // --- Records (build/BuildRecord.cpp) ---
  /// The field of \p R that \p Key names (an attribute `r.x`, a constant
  /// string `r['x']` or a constant index `r[0]`), as the checker found it.
  std::optional<unsigned> recordField(const RecordType *R, const frontend::Expr &Key,
                                      frontend::SourceRange Range);
  /// Field \p Field of \p Record: a scalar's value, a nested record's
  /// reference, a nested array's view (read-only ones from read-only records).
  Expr *readField(Expr *Record, unsigned Field, frontend::SourceRange Range);
  /// \p Value as a reference to a record of \p To's layout (a writable one
  /// may be read as read-only, not the other way); null when it is not one.
  Expr *convertRecord(Expr *Value, const RecordType *To);
  /// rec.field = Val: a store, a record copy, or a nested array's loops.
  void lowerRecordStore(Expr *Record, unsigned Field, Expr *Val, frontend::SourceRange TargetRange,
                        frontend::SourceRange ValueRange, StmtList &Out);

  // --- Complex numbers (build/BuildComplex.cpp) ---
  Expr *constantComplex(double Re, double Im, const Type *Ty, frontend::SourceRange Range);
  /// Part 0 (real) or 1 (imaginary) of complex \p Z.
  Expr *complexPart(Expr *Z, unsigned Part, frontend::SourceRange Range);
  /// The complex \p Ty of two real numbers (converted to its float type).
  Expr *makeComplex(Expr *Re, Expr *Im, const ScalarType *Ty, frontend::SourceRange Range);
  /// x.real and x.imag of a number; invalid for anything else.
  Value lowerNumberAttribute(Expr *Base, const std::string &Attr, frontend::SourceRange Range);
  /// x.conjugate() of a number.
  Expr *lowerConjugate(Expr *Base, const frontend::CallExpr &C);
  /// complex(x) and complex(x, y).
  Expr *typeComplex(const frontend::CallExpr &C);
  /// A cmath function, computed by helper \p Operation.
  Expr *typeCmath(const std::string &Operation, const frontend::CallExpr &C);
  /// `/` and `**` of complex numbers, of type \p Complex.
  Expr *complexArith(ArithOp Op, Expr *L, Expr *R, const ScalarType *Complex,
                     frontend::SourceRange Range);
  /// A call of ir/ComplexHelpers.cpp's \p Operation for \p Complex,
  /// its result converted to \p Result.
  Expr *callComplexHelper(const std::string &Operation, const ScalarType *Complex,
                          const ExprList &Values, const Type *Result,
                          frontend::SourceRange Range);

  // --- Helpers (build/BuildExpr.cpp) ---
  /// The signature the checker chose for operation \p Part of syntax node
  /// \p Node (FunctionChecker::signatureAt); \p Range: the operation's.
  const Signature &signatureOf(const void *Node, frontend::SourceRange Range,
                               unsigned Part = 0);
  Expr *convert(Expr *E, const Type *To);
  Expr *truth(Expr *E, frontend::SourceRange Range);
  /// Element \p K of the tuple \p Tuple (a constant index or a field).
  Expr *tupleElement(Expr *Tuple, unsigned K, frontend::SourceRange Range);
  /// The plain tuple of \p Elements (a UniTuple when they share a type).
  Expr *tupleOf(ExprList Elements, frontend::SourceRange Range);
  /// member.value of an enum.Enum member: its int64.
  Expr *enumValue(Expr *E);
  /// The IntEnum class \p E (lowered to \p Lowered) is a member of, for
  /// `is`: a parameter passed as one, or Class.member; null otherwise.
  const EnumType *intEnumOf(const frontend::Expr &E, const Expr *Lowered);
  Expr *constantInt(int64_t V, const Type *Ty, frontend::SourceRange Range);
  Expr *constantFloat(double V, const Type *Ty, frontend::SourceRange Range);
  /// \p E, or a temporary holding it when it is not trivially re-evaluable.
  Expr *materialize(Expr *E);
  /// Lowers, through \p Lower, a sub-expression that Python evaluates only
  /// sometimes (after the first operand of `and`/`or`, an arm of a
  /// conditional expression, a later link of a chained comparison). The
  /// temporaries it needs are kept with it in a SeqExpr instead of running
  /// before the enclosing statement, so a guard still guards them.
  template <class LowerFn> Expr *lowerConditionally(LowerFn &&Lower) {
    StmtList Own;
    StmtList *Outer = Pending;
    Pending = &Own;
    Expr *E = Lower();
    Pending = Outer;
    if (!E || Own.empty())
      return E;
    auto *Seq = make<SeqExpr>(E->Range, E->Ty);
    Seq->Stmts = std::move(Own);
    Seq->Value = E;
    return Seq;
  }
  template <class T> T *make(frontend::SourceRange Range, const Type *Ty = nullptr) {
    T *N = S.Out->create<T>(Range);
    if constexpr (std::is_base_of_v<Expr, T>)
      N->Ty = Ty;
    return N;
  }
  /// A typing error in a function the checker accepted: the checker and
  /// the builder disagree, which is pykc's bug, never the user's.
  [[noreturn]] void error(frontend::SourceRange Range, frontend::DiagKind Kind,
                          std::source_location Where = std::source_location::current());

  SemaContext &S;
  FunctionInfo &Info;
  /// The module the function is defined in: where its global names are.
  ModuleScope &Scope;
  Function &F;
  const frontend::SourceFile *File;
  /// Typed the function from its syntax (check/FunctionChecker.h); it also
  /// lays out the variables.
  std::unique_ptr<FunctionChecker> OwnedChecker;
  FunctionChecker &Checker;
  /// The variables, in the order and numbering of Checker.variables().
  std::vector<Variable *> CheckerVariables;
  /// Each local name's first variable (its parameter, or web 0).
  std::map<std::string, Variable *> Locals;
  std::map<std::pair<std::string, unsigned>, Variable *> WebVars;
  /// Parameters bound to compile-time values (see InstanceArg).
  std::map<std::string, Value> CompileTimeParams;
  /// Statements an expression needs to run first (temporaries).
  StmtList *Pending = nullptr;
  unsigned LoopDepth = 0;
  /// Per loop being lowered, innermost last: the flag its breaks set
  /// (null when it has no `else:` or no break of its own).
  std::vector<Variable *> BreakFlags;
  unsigned TempCount = 0;
  unsigned AllocCount = 0;
  ReturnTyping Returns; ///< Unified over return statements.
};

} // namespace pykc::ir
