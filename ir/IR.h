//===- IR.h - The typed IR every backend reads ------------------*- C++ -*-===//
///
/// \file
/// A structured, fully typed IR. Sema produces it from the syntax tree: every
/// expression has a type, every implicit conversion is an explicit Cast,
/// names are resolved to variables, constants or builtins, and operators carry
/// the operand types of the Numba signature they resolved to. Backends (NVPTX
/// and the host CPU) lower it without any further typing decisions. It has
/// its own operators (ir/Operators.def); only source ranges come from the
/// frontend.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "frontend/SourceManager.h"
#include "ir/Operators.h"
#include "ir/ConstantValue.h"
#include "ir/ForeignFunction.h"
#include "ir/Type.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace pykc::ir {

struct LibdeviceFunction; // ir/Libdevice.h
struct ForeignFunction;   // ir/ForeignFunction.h

using frontend::SourceRange;

enum class NodeKind {
#define IR_EXPR(K) K,
#define IR_STMT(K) K##Stmt,
#include "ir/IR.def"
};

enum class SpecialRegister { ThreadIdx, BlockIdx, BlockDim, GridDim, WarpSize, LaneId };

enum class IntrinsicId {
#define BUILTIN(Id, ...) Id,
#define MATH(Id, Path, Cases, Lowering, Name) Id,
#include "ir/Builtins.def"
};

/// The read-modify-writes of cuda.atomic (ir/AtomicOps.def).
enum class AtomicOp {
#define ATOMIC(Op, Name, Dtypes) Op,
#include "ir/AtomicOps.def"
};

struct Node {
  NodeKind Kind;
  SourceRange Range;
  virtual ~Node() = default;

protected:
  explicit Node(NodeKind K) : Kind(K) {}
};

struct Expr : Node {
  const Type *Ty = nullptr;
  using Node::Node;
};

struct Stmt : Node {
  using Node::Node;
};

using ExprList = std::vector<Expr *>;

struct Function;

/// Per index of an access, the function (IndexFunctions.h) that wraps a
/// negative index around, set by ir/ExpandOperators.h; null for an index
/// known not to be negative (NonNegative.h).
using IndexWraps = std::vector<const Function *>;

/// The functions (IndexFunctions.h) that give a slice its bounds, length
/// and stride step, set by ir/ExpandOperators.h.
struct SliceFunctions {
  const Function *Start = nullptr, *Stop = nullptr, *Length = nullptr,
                 *Step = nullptr;
};

using StmtList = std::vector<Stmt *>;

/// A local variable or parameter, one storage slot of one (unified) type.
/// A Python name whose assignments never meet (ir/AssignmentWebs.h) is
/// several variables, numbered by Version (0 keeps the plain name).
struct Variable {
  std::string Name;
  unsigned Version = 0;
  const Type *Ty = nullptr;
  /// For parameters: the type the caller passes (the signature's). Ty may
  /// be wider when the body assigns other types to the parameter.
  const Type *ArgType = nullptr;
};

#define PYKC_IR_NODE(Class, K, Base)                                           \
  Class() : Base(NodeKind::K) {}                                               \
  static constexpr NodeKind ThisKind = NodeKind::K;

struct ConstantExpr : Expr {
  PYKC_IR_NODE(ConstantExpr, Constant, Expr)
  /// Integers and booleans: the value's bits (sign-extended for signed
  /// types). Floats: FloatValue. Complex numbers: FloatValue and ImagValue.
  uint64_t IntBits = 0;
  double FloatValue = 0;
  double ImagValue = 0;
};

struct VarRefExpr : Expr {
  PYKC_IR_NODE(VarRefExpr, VarRef, Expr)
  Variable *Var = nullptr;
};

struct CastExpr : Expr {
  PYKC_IR_NODE(CastExpr, Cast, Expr)
  Expr *Operand = nullptr;
};

struct UnaryExpr : Expr {
  PYKC_IR_NODE(UnaryExpr, Unary, Expr)
  UnaryArithOp Op = UnaryArithOp::Neg;
  Expr *Operand = nullptr;
};

struct BinaryExpr : Expr {
  PYKC_IR_NODE(BinaryExpr, Binary, Expr)
  ArithOp Op = ArithOp::Add;
  Expr *LHS = nullptr;
  Expr *RHS = nullptr; ///< For shifts and `float ** int`, may differ in type.
  /// A prange reduction's update (ParallelLoops.h): its order against the
  /// other updates of the same chunk is free, as the chunks' is, so float
  /// sums may be reassociated (and vectorized).
  bool Reassociate = false;
  /// divmod()'s quotient (evaluated before its remainder): in host code a
  /// zero divisor raises Numba's divmod message, not floor division's.
  bool OfDivmod = false;
};

struct CompareExpr : Expr {
  PYKC_IR_NODE(CompareExpr, Compare, Expr)
  CompareOp Op = CompareOp::Eq;
  Expr *LHS = nullptr;
  Expr *RHS = nullptr;
};

struct LogicalExpr : Expr {
  PYKC_IR_NODE(LogicalExpr, Logical, Expr)
  bool IsAnd = true;
  Expr *LHS = nullptr;
  Expr *RHS = nullptr;
};

struct SelectExpr : Expr {
  PYKC_IR_NODE(SelectExpr, Select, Expr)
  Expr *Cond = nullptr; ///< bool
  Expr *Then = nullptr;
  Expr *Else = nullptr;
};

/// numba.cuda.libdevice.NAME(args): \p Fn's row of ir/Libdevice.def; the
/// arguments already converted to its parameters.
struct LibdeviceCallExpr : Expr {
  PYKC_IR_NODE(LibdeviceCallExpr, LibdeviceCall, Expr)
  const LibdeviceFunction *Fn = nullptr;
  ExprList Args;
};

/// A call of the foreign device function \p Fn (cuda.declare_device) with
/// its ABI. A scalar parameter's argument is converted to it; a pointer
/// parameter's is an array, passed as its data pointer. Of \p Fn's return
/// type (NoneType for void).
struct ForeignCallExpr : Expr {
  PYKC_IR_NODE(ForeignCallExpr, ForeignCall, Expr)
  const ForeignFunction *Fn = nullptr;
  ExprList Args;
};

/// An OptionalType's value: \p Operand converted to its base type, or
/// None when \p Operand is null.
struct OptionalMakeExpr : Expr {
  PYKC_IR_NODE(OptionalMakeExpr, OptionalMake, Expr)
  Expr *Operand = nullptr;
};

/// True when the OptionalType \p Operand holds a value (`is not None`).
struct OptionalValidExpr : Expr {
  PYKC_IR_NODE(OptionalValidExpr, OptionalValid, Expr)
  Expr *Operand = nullptr;
};

/// The value the OptionalType \p Operand holds. When it holds None, as
/// Numba: a kernel's thread stops (on the GPU; the CPU backend fails the
/// launch naming the place, as Numba's simulator raises), host code raises
/// TypeError. \p Checked is false where a test already showed it holds one.
struct OptionalUnwrapExpr : Expr {
  PYKC_IR_NODE(OptionalUnwrapExpr, OptionalUnwrap, Expr)
  Expr *Operand = nullptr;
  bool Checked = true;
};

struct TruthExpr : Expr {
  PYKC_IR_NODE(TruthExpr, Truth, Expr)
  Expr *Operand = nullptr;
};

/// An element of an array. Of an array of records its value is the
/// element's address (a RecordType is a reference), not a copy.
struct ArrayLoadExpr : Expr {
  PYKC_IR_NODE(ArrayLoadExpr, ArrayLoad, Expr)
  Expr *Array = nullptr;
  ExprList Indices; ///< One integer per dimension; negative ones wrap around.
  IndexWraps Wraps; ///< How each index wraps around.
};

/// One entry of basic indexing: an integer index, which drops its dimension,
/// or a slice start:stop:step, which keeps it (each part may be absent).
struct ViewIndex {
  Expr *Index = nullptr; ///< Set for an integer index, null for a slice.
  Expr *Start = nullptr, *Stop = nullptr, *Step = nullptr;
  const Function *Wrap = nullptr; ///< How Index wraps around (IndexWraps).
  SliceFunctions Slice;           ///< A slice's rules.
  bool isSlice() const { return Index == nullptr; }
};

/// Basic indexing that keeps dimensions: a view sharing the array's data
/// (Numba's basic indexing: `a[i]` of a 2-D array, `a[2:10]`, `a[i, ::-1]`).
/// Entry k applies to dimension k; the dimensions past the entries are kept
/// whole.
struct ArrayViewExpr : Expr {
  PYKC_IR_NODE(ArrayViewExpr, ArrayView, Expr)
  Expr *Array = nullptr;
  std::vector<ViewIndex> Entries; ///< At most the array's dimensions.
  /// The kept dimensions in the view's order, after indexing: view
  /// dimension k is kept dimension Order[k] (a.T reverses them,
  /// a.transpose(axes) permutes them); empty keeps their order.
  std::vector<unsigned> Order;
};

/// a.view(dtype) (NumPy's, as Numba compiles it): the same memory read as
/// the node's dtype. With another item size, the contiguous axis (the last
/// of a C array, the first of an F array; an A array's, found at run time)
/// changes extent and stride; when it cannot (the axis is not contiguous or
/// its bytes do not divide), NumPy raises and the view is empty.
///
/// With Part 0 or 1 instead: a.real or a.imag of a complex array, its parts
/// as an array of their float type (same extents and byte strides, data
/// one part further for .imag), as NumPy's views of them are.
struct ArrayReinterpretExpr : Expr {
  PYKC_IR_NODE(ArrayReinterpretExpr, ArrayReinterpret, Expr)
  Expr *Array = nullptr;
  int Part = -1; ///< -1 for a.view(dtype)
};

/// A module-level NumPy array frozen into the code (ir/ConstantArray.h), as
/// Numba freezes a kernel's global arrays: a read-only C array (constant
/// memory on the GPU), one copy per module however often it is read.
struct ConstArrayExpr : Expr {
  PYKC_IR_NODE(ConstArrayExpr, ConstArray, Expr)
  std::string Name; ///< The module-level name: one global per name.
  std::shared_ptr<const ConstantValue> Data;
};

struct ArrayDimExpr : Expr {
  PYKC_IR_NODE(ArrayDimExpr, ArrayDim, Expr)
  Expr *Array = nullptr;
  unsigned Dim = 0;
};

/// a.strides[d]: how many bytes apart consecutive elements along dimension
/// d are (NumPy's strides; negative in a reversed view).
struct ArrayStrideExpr : Expr {
  PYKC_IR_NODE(ArrayStrideExpr, ArrayStride, Expr)
  Expr *Array = nullptr;
  unsigned Dim = 0;
};

struct ArraySizeExpr : Expr {
  PYKC_IR_NODE(ArraySizeExpr, ArraySize, Expr)
  Expr *Array = nullptr;
};

/// Field \p Field of a record (Record is of a RecordType). The node's type
/// says what it gives: a scalar field's value; a nested record's address
/// (a RecordType); a nested array's elements as a C-order array view of
/// the record's bytes (an ArrayType of the field's shape).
struct RecordFieldExpr : Expr {
  PYKC_IR_NODE(RecordFieldExpr, RecordField, Expr)
  Expr *Record = nullptr;
  unsigned Field = 0; ///< Index into the record type's fields().
};

/// A tuple, a CUDA vector (Ty a VectorType) or a complex number (Ty a
/// complex ScalarType; Elements are its real and imaginary parts, each of
/// the complex's float type).
struct TupleMakeExpr : Expr {
  PYKC_IR_NODE(TupleMakeExpr, TupleMake, Expr)
  ExprList Elements;
};

/// An element of a tuple or a vector, or a part of a complex number
/// (Index 0 the real part, 1 the imaginary).
struct TupleGetExpr : Expr {
  PYKC_IR_NODE(TupleGetExpr, TupleGet, Expr)
  Expr *Tuple = nullptr;
  unsigned Index = 0;
};

struct TupleGetDynamicExpr : Expr {
  PYKC_IR_NODE(TupleGetDynamicExpr, TupleGetDynamic, Expr)
  Expr *Tuple = nullptr;
  Expr *Index = nullptr; ///< An integer; negative values wrap around.
  const Function *Wrap = nullptr; ///< How Index wraps around (IndexWraps).
};

struct SpecialRegExpr : Expr {
  PYKC_IR_NODE(SpecialRegExpr, SpecialReg, Expr)
  SpecialRegister Reg = SpecialRegister::ThreadIdx;
  unsigned Dim = 0;
};

/// A call of a builtin whose row in ir/Builtins.def lowers it with Emit(F)
/// or a MATH lowering; builtins lowered as Node(K) become node K instead.
struct IntrinsicExpr : Expr {
  PYKC_IR_NODE(IntrinsicExpr, Intrinsic, Expr)
  IntrinsicId Id = IntrinsicId::Grid;
  ExprList Args;
  unsigned Count = 0; ///< grid(n) / gridsize(n): n.
  std::string Text;   ///< print(): the printf format, strings inlined.
};

struct AllocArrayExpr : Expr {
  PYKC_IR_NODE(AllocArrayExpr, AllocArray, Expr)
  std::vector<int64_t> Shape; ///< The node's type is the array type.
  unsigned Id = 0;            ///< Unique within the function.
  /// Dynamic shared memory (Numba's 1-d shared array of size 0): the
  /// launch's dynamic shared bytes, as many elements as fit; every dynamic
  /// array of a block starts at the same address. Shape is {0}.
  bool Dynamic = false;
  /// A NumPy allocation in host code (np.empty, ...): Dims are its extents
  /// (intp values the builder checked are not negative; Shape is empty),
  /// on the heap until the function returns. Fill is the elements' first
  /// value (the dtype's) for Ones and Full, else null.
  bool Heap = false;
  ExprList Dims;
  HeapFill Filled = HeapFill::Empty;
  Expr *Fill = nullptr;
};

struct CallExpr : Expr {
  PYKC_IR_NODE(CallExpr, Call, Expr)
  Function *Callee = nullptr;
  ExprList Args; ///< Converted to the callee's parameter types.
  /// A call of Python's // or % (ir/ExpandOperators.h) in host code, whose
  /// zero divisor (the last argument) raises ZeroDivisionError there, as
  /// Numba's CPU target raises it: FloorDiv or Mod, naming the message;
  /// Add (no check) elsewhere. Kernels divide by zero silently.
  ArithOp RaisesOnZero = ArithOp::Add;
  bool RaisesAsDivmod = false; ///< from a BinaryExpr's OfDivmod
};

/// An atomic read-modify-write of one array element (cuda.atomic.add, ...),
/// relaxed (monotonic) as in Numba. Its value is the element's old value, of
/// the array's dtype. Float max/min follow Numba: a NaN on either side
/// leaves the element as it is.
struct AtomicRMWExpr : Expr {
  PYKC_IR_NODE(AtomicRMWExpr, AtomicRMW, Expr)
  AtomicOp Op = AtomicOp::Add;
  Expr *Array = nullptr;
  ExprList Indices;      ///< One integer per dimension, as in ArrayLoadExpr.
  IndexWraps Wraps;      ///< As in ArrayLoadExpr.
  Expr *Value = nullptr; ///< Of the array's dtype.
  Expr *Compare = nullptr; ///< Cas: the value the element must hold.
};

/// How a prange loop combines a reduction variable's values: the sum (for
/// += and -=), the product (*=), or the first of the smallest (largest),
/// as `m = min(m, x)` (`max`) keeps it.
enum class ReductionOp { Add, Mul, Min, Max };

/// A prange loop of a parallel host function, outlined (ir/ParallelLoops.h):
/// Body(lo, hi, start, captures...) runs iterations [lo, hi) of
/// range(Start, Stop, Step) (prange's step is 1) and returns its reductions' partial values (a
/// tuple, one per reduction variable, each from its identity). The node
/// splits the iterations into chunks, runs them (in parallel on the CPU,
/// one after the other elsewhere) and combines the chunks' tuples in chunk
/// order with Combine, starting from the identities (0, 1; for Min and Max
/// the variable's value before the loop, Inits): its value, of Body's
/// return type.
struct ParallelForExpr : Expr {
  PYKC_IR_NODE(ParallelForExpr, ParallelFor, Expr)
  Function *Body = nullptr;
  Expr *Start = nullptr, *Stop = nullptr, *Step = nullptr; ///< The loop's index type.
  ExprList Captures;               ///< Read-only values the body uses.
  std::vector<ReductionOp> Combine; ///< Per reduction.
  ExprList Inits; ///< Per reduction: for Min and Max its value before the loop, else null.
  unsigned Threads = 0;            ///< set_num_threads; 0: the default.
};

/// Runs Stmts (assignments of temporaries), then evaluates Value. Lowering
/// wraps a sub-expression that Python evaluates only sometimes (an operand
/// after the first of `and`/`or`, an arm of `x if c else y`, a later link of
/// a chained comparison) in one, so its temporaries run only when it does.
struct SeqExpr : Expr {
  PYKC_IR_NODE(SeqExpr, Seq, Expr)
  std::vector<Stmt *> Stmts;
  Expr *Value = nullptr;
};

struct AssignStmt : Stmt {
  PYKC_IR_NODE(AssignStmt, AssignStmt, Stmt)
  Variable *Var = nullptr;
  Expr *Value = nullptr; ///< Of the variable's type.
  /// Sets a prange loop's index at the start of an iteration (its outlined
  /// body's loop): `--check` tells the checker which iteration runs.
  bool StartsIteration = false;
};

/// a[i, j] = v. For an array of records, Value is a record of the same
/// layout whose bytes are copied into the element.
struct StoreStmt : Stmt {
  PYKC_IR_NODE(StoreStmt, StoreStmt, Stmt)
  Expr *Array = nullptr;
  ExprList Indices;
  IndexWraps Wraps; ///< As in ArrayLoadExpr.
  Expr *Value = nullptr; ///< Of the array's dtype.
};

/// r.x = v: Value (of the field's type) stored into field \p Field of
/// Record. A nested record field takes a record of its layout, whose bytes
/// are copied; a nested array field is assigned element by element
/// (Sema writes those loops with StoreStmt on the field's view).
struct RecordStoreStmt : Stmt {
  PYKC_IR_NODE(RecordStoreStmt, RecordStoreStmt, Stmt)
  Expr *Record = nullptr;
  unsigned Field = 0;
  Expr *Value = nullptr;
};

struct EvalStmt : Stmt {
  PYKC_IR_NODE(EvalStmt, EvalStmt, Stmt)
  Expr *Value = nullptr;
};

struct IfStmt : Stmt {
  PYKC_IR_NODE(IfStmt, IfStmt, Stmt)
  Expr *Cond = nullptr; ///< bool
  StmtList Then;
  StmtList Else;
};

struct WhileStmt : Stmt {
  PYKC_IR_NODE(WhileStmt, WhileStmt, Stmt)
  Expr *Cond = nullptr; ///< bool, evaluated before every iteration
  StmtList Body;
};

/// `for Var in range(Start, Stop, Step)`: the trip count is fixed on entry,
/// Var is assigned each iteration and keeps its last value after the loop.
struct ForRangeStmt : Stmt {
  PYKC_IR_NODE(ForRangeStmt, ForRangeStmt, Stmt)
  /// numba.prange: its iterations are independent and may run in parallel
  /// (they do in a host function compiled with parallel=True).
  bool Parallel = false;
  Variable *Var = nullptr;
  Expr *Start = nullptr; ///< All three of the loop's index type.
  Expr *Stop = nullptr;
  Expr *Step = nullptr;
  StmtList Body;
};

struct BreakStmt : Stmt {
  PYKC_IR_NODE(BreakStmt, BreakStmt, Stmt)
};

struct ContinueStmt : Stmt {
  PYKC_IR_NODE(ContinueStmt, ContinueStmt, Stmt)
};

struct ReturnStmt : Stmt {
  PYKC_IR_NODE(ReturnStmt, ReturnStmt, Stmt)
  Expr *Value = nullptr; ///< Null in kernels and for `return None`.
  /// Host code's `raise`: the exception, as Python prints it ("ValueError:
  /// negative input"), recorded for the caller (pykc_host_raise) before
  /// the function returns a zero of its type. Empty for a return.
  std::string Raises;
};

#undef PYKC_IR_NODE

template <class T> T *dynCast(Node *N) {
  return N && N->Kind == T::ThisKind ? static_cast<T *>(N) : nullptr;
}
template <class T> const T *dynCast(const Node *N) {
  return N && N->Kind == T::ThisKind ? static_cast<const T *>(N) : nullptr;
}

enum class FunctionKind { Kernel, Device };

/// One specialisation of a Python function for one signature.
/// What a kernel pykc wrote for a @cuda.reduce function is (ir/Reduction.h).
struct ReduceKernel {
  enum class Kind {
    Gpu,   ///< The reduction, for GPUs.
    Cpu,   ///< The reduction, for the CPU device.
  };
  std::string Operator; ///< The @cuda.reduce function's name.
  const ScalarType *Dtype = nullptr;
  Kind K = Kind::Gpu;
  /// The operator's instance for (Dtype, Dtype), which the kernel calls;
  /// the reduction-order check (ReductionOrder.h) runs it on samples.
  const Function *OperatorFunction = nullptr;
};

struct Function {
  FunctionKind Kind = FunctionKind::Kernel;
  std::string PyName;     ///< The Python name.
  std::string SymbolName; ///< The name in PTX and objects.
  std::vector<Variable *> Params; ///< Those passed at run time.
  /// Parameters bound to compile-time values (name, value as Python shows
  /// it): a device function instantiated for a literal, dtype or function.
  std::vector<std::pair<std::string, std::string>> CompileTimeArgs;
  std::vector<std::unique_ptr<Variable>> Variables; ///< Params first.
  const Type *ReturnType = nullptr;
  StmtList Body;
  SourceRange Range;
  std::string FileName; ///< Where it is defined, for run-time messages.
  bool FastMath = false;
  /// @cuda.jit(lineinfo=True) or debug=True on this kernel: its module's
  /// PTX gets .loc lines (codegen's -lineinfo), as Numba-CUDA gives them.
  bool LineInfo = false;
  /// Check every array index against its extent (@cuda.jit(boundscheck=
  /// True), or --boundscheck): an index out of range is reported and its
  /// access not made.
  bool BoundsCheck = false;
  /// @njit(error_model='numpy'): a host function divides by zero as a
  /// kernel does (inf, nan, or 0 for integers) instead of raising
  /// ZeroDivisionError.
  bool NumpyErrorModel = false;
  /// A kernel's @cuda.jit(max_registers=N): ptxas gives each thread at
  /// most N registers (PTX's .maxnreg, for this kernel only); 0: no limit.
  unsigned MaxRegisters = 0;
  /// It (or a device function it calls) reaches g.sync() of
  /// cuda.cg.this_grid(): a kernel must then be launched cooperatively,
  /// every block resident at once.
  bool UsesGridSync = false;
  /// An @njit function called from the host (`pykc call`, a C++ program):
  /// besides its own code, an entry point SYM__host(void **args, void *ret).
  bool HostEntry = false;
  /// Compiled with Numba's CPU semantics, for a host entry or a function it
  /// calls: math.floor/ceil/trunc give int64, and nothing is contracted
  /// into fused multiply-adds (Numba's CPU target contracts nothing).
  bool HostCode = false;
  /// @njit(parallel=True): prange loops run on the CPU's threads.
  bool Parallel = false;
  /// One of Python's operators as primitive operations (ir/ExpandOperators.h):
  /// it reads only its arguments, calls nothing, never raises (its callers
  /// do: CallExpr::RaisesOnZero) and is inlined wherever it is called. Its
  /// callers do not list it among their Callees.
  bool Operator = false;
  /// A prange loop's body, outlined from this function (ParallelLoops.h).
  const Function *OutlinedFrom = nullptr;
  /// Its cuda.shared.array allocations (bytes, where) and the device
  /// functions it calls: what a kernel's static shared memory adds up from.
  std::vector<std::pair<uint64_t, SourceRange>> SharedArrays;
  /// Its cuda.local.array allocations, likewise (per thread).
  std::vector<std::pair<uint64_t, SourceRange>> LocalArrays;
  std::vector<const Function *> Callees;
  /// Set on the kernels of a reduction.
  std::optional<ReduceKernel> Reduce;
};

/// Everything compiled from one Python file: its kernels and the device
/// functions they call. Owns every IR node.
class Module {
public:
  explicit Module(std::string Name) : Name(std::move(Name)) {}
  const std::string &name() const { return Name; }

  template <class T> T *create(SourceRange Range = SourceRange()) {
    auto Owned = std::make_unique<T>();
    T *Raw = Owned.get();
    Raw->Range = Range;
    Nodes.push_back(std::move(Owned));
    return Raw;
  }
  Function *addFunction() {
    Functions.push_back(std::make_unique<Function>());
    return Functions.back().get();
  }
  const std::vector<std::unique_ptr<Function>> &functions() const { return Functions; }
  /// The foreign device functions the functions call, once each, in the
  /// order of their first call.
  std::vector<const ForeignFunction *> Foreign;
  /// Set by ir/ExpandOperators.h: Python's operators and index rules are
  /// expanded, which the emitters need (an index without a wrap function
  /// is then one known not to be negative).
  bool OperatorsExpanded = false;
  /// The files to link the code with: the compiled kernels' link=, the
  /// called foreign functions' link= and --link, once each (by path).
  std::vector<LinkFile> Links;
  /// The .cu link files compiled for the host as LLVM bitcode: the driver
  /// fills it before the CPU backend runs, which links them in.
  std::vector<std::string> HostBitcode;
  /// Adds \p L to Links unless a link of its path is there.
  void addLink(const LinkFile &L) {
    for (const LinkFile &E : Links)
      if (E.Path == L.Path)
        return;
    Links.push_back(L);
  }
  /// Drops a function whose typing failed.
  void eraseFunction(const Function *F) {
    std::erase_if(Functions, [F](const auto &P) { return P.get() == F; });
  }

private:
  std::string Name;
  std::vector<std::unique_ptr<Node>> Nodes;
  std::vector<std::unique_ptr<Function>> Functions;
};

/// A builtin as Python code spells it, with numba.cuda as cuda:
/// "cuda.shfl_sync", "math.sqrt", "builtins.round".
const char *intrinsicName(IntrinsicId Id);

/// The Python spelling of a special register: "cuda.threadIdx".
const char *specialRegisterName(SpecialRegister R);

/// Writes the module as text for `--emit=ir`.
void printModule(const Module &M, std::ostream &OS);

} // namespace pykc::ir
