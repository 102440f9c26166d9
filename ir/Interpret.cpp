//===- Interpret.cpp - Running a device function's typed IR ---------------===//
#include "ir/Interpret.h"


#include <cmath>
#include <map>

namespace pykc::ir {

namespace {

/// \p Bits cut to \p Ty's width and extended back as the IR keeps them.
uint64_t fitBits(const ScalarType *Ty, uint64_t Bits) {
  unsigned W = Ty->isBoolean() ? 1 : Ty->bitWidth();
  if (W >= 64)
    return Bits;
  uint64_t Mask = (uint64_t(1) << W) - 1;
  Bits &= Mask;
  if (Ty->isSigned() && (Bits >> (W - 1)) & 1)
    Bits |= ~Mask;
  return Bits;
}

double roundTo(const ScalarType *Ty, double V) {
  return Ty->scalarKind() == ScalarKind::Float32 ? double(float(V)) : V;
}

/// \p T as the scalar type it was checked to be (isNumber).
const ScalarType *scalarOf(const Type *T) { return static_cast<const ScalarType *>(T); }

bool isNumber(const Type *T) {
  auto *S = dynCast<ScalarType>(T);
  return S && !S->isComplex() && S->scalarKind() != ScalarKind::Float16;
}

/// Python's truth of a number.
bool isTrue(const ScalarValue &V) { return V.Ty->isFloat() ? V.Float != 0 : V.Bits != 0; }

/// What a statement list ended with.
enum class Flow { Next, Break, Continue, Return };

class Interpreter {
public:
  explicit Interpreter(uint64_t MaxSteps) : StepsLeft(MaxSteps) {}

  std::optional<ScalarValue> call(const Function &F, const std::vector<ScalarValue> &Args) {
    if (Depth >= 64)
      return stop("calls nest more than 64 deep");
    if (!isNumber(F.ReturnType))
      return stop("'" + F.PyName + "' returns " + F.ReturnType->str() + ", not a number");
    std::map<const Variable *, ScalarValue> Frame;
    for (const Variable *P : F.Params)
      if (!isNumber(P->Ty))
        return stop("'" + F.PyName + "' takes a parameter of type " + P->Ty->str());
    for (size_t I = 0; I < F.Params.size() && I < Args.size(); ++I)
      Frame[F.Params[I]] = convertScalar(Args[I], scalarOf(F.Params[I]->Ty));
    std::swap(Locals, Frame);
    ++Depth;
    std::optional<ScalarValue> Returned;
    Flow Ended = block(F.Body, Returned);
    --Depth;
    std::swap(Locals, Frame);
    if (!WhyNot.empty())
      return std::nullopt;
    if (Ended != Flow::Return || !Returned)
      return stop("'" + F.PyName + "' ends without returning a value");
    return convertScalar(*Returned, scalarOf(F.ReturnType));
  }

  std::string WhyNot;

private:
  std::nullopt_t stop(std::string Why) {
    if (WhyNot.empty())
      WhyNot = std::move(Why);
    return std::nullopt;
  }
  bool step() {
    if (StepsLeft == 0) {
      stop("it ran for more steps than the check allows");
      return false;
    }
    --StepsLeft;
    return WhyNot.empty();
  }

  Flow block(const StmtList &Body, std::optional<ScalarValue> &Returned) {
    for (const Stmt *S : Body) {
      Flow F = statement(*S, Returned);
      if (F != Flow::Next || !WhyNot.empty())
        return WhyNot.empty() ? F : Flow::Return;
    }
    return Flow::Next;
  }

  bool truth(const Expr *E) {
    std::optional<ScalarValue> V = value(E);
    if (!V)
      return false;
    return isTrue(*V);
  }

  Flow statement(const Stmt &S, std::optional<ScalarValue> &Returned) {
    if (!step())
      return Flow::Return;
    switch (S.Kind) {
    case NodeKind::AssignStmt: {
      auto &A = static_cast<const AssignStmt &>(S);
      if (!isNumber(A.Var->Ty)) {
        stop("it assigns a value of type " + A.Var->Ty->str());
        return Flow::Return;
      }
      if (std::optional<ScalarValue> V = value(A.Value))
        Locals[A.Var] = convertScalar(*V, scalarOf(A.Var->Ty));
      return Flow::Next;
    }
    case NodeKind::EvalStmt:
      value(static_cast<const EvalStmt &>(S).Value);
      return Flow::Next;
    case NodeKind::IfStmt: {
      auto &I = static_cast<const IfStmt &>(S);
      bool Taken = truth(I.Cond);
      return WhyNot.empty() ? block(Taken ? I.Then : I.Else, Returned) : Flow::Return;
    }
    case NodeKind::WhileStmt: {
      auto &W = static_cast<const WhileStmt &>(S);
      while (truth(W.Cond) && WhyNot.empty()) {
        Flow F = block(W.Body, Returned);
        if (F == Flow::Break)
          break;
        if (F == Flow::Return)
          return F;
      }
      return WhyNot.empty() ? Flow::Next : Flow::Return;
    }
    case NodeKind::ForRangeStmt:
      return forRange(static_cast<const ForRangeStmt &>(S), Returned);
    case NodeKind::BreakStmt:
      return Flow::Break;
    case NodeKind::ContinueStmt:
      return Flow::Continue;
    case NodeKind::ReturnStmt: {
      auto &R = static_cast<const ReturnStmt &>(S);
      if (R.Value)
        Returned = value(R.Value);
      return Flow::Return;
    }
    default:
      stop("it stores into an array or a record");
      return Flow::Return;
    }
  }

  Flow forRange(const ForRangeStmt &Fo, std::optional<ScalarValue> &Returned) {
    std::optional<ScalarValue> Start = value(Fo.Start), Stop = value(Fo.Stop),
                               Step = value(Fo.Step);
    if (!Start || !Stop || !Step)
      return Flow::Return;
    auto *Ty = scalarOf(Fo.Var->Ty);
    int64_t I = int64_t(Start->Bits), End = int64_t(Stop->Bits), By = int64_t(Step->Bits);
    if (!Ty->isSigned() || By == 0) {
      stop("it loops over a range() of unsigned integers or of step 0");
      return Flow::Return;
    }
    for (; By > 0 ? I < End : I > End; I += By) {
      Locals[Fo.Var] = ScalarValue::integer(Ty, I);
      Flow F = block(Fo.Body, Returned);
      if (F == Flow::Break)
        break;
      if (F == Flow::Return || !WhyNot.empty())
        return Flow::Return;
      if ((By > 0 && I > INT64_MAX - By) || (By < 0 && I < INT64_MIN - By))
        break;
    }
    return Flow::Next;
  }

  std::optional<ScalarValue> value(const Expr *E);
  std::optional<ScalarValue> binary(const BinaryExpr &B);
  std::optional<ScalarValue> compare(const CompareExpr &C);
  std::optional<ScalarValue> unary(const UnaryExpr &U);
  std::optional<ScalarValue> intrinsic(const IntrinsicExpr &I);

  std::map<const Variable *, ScalarValue> Locals;
  uint64_t StepsLeft;
  unsigned Depth = 0;
};

std::optional<ScalarValue> Interpreter::value(const Expr *E) {
  if (!step())
    return std::nullopt;
  if (!isNumber(E->Ty))
    return stop("it computes a value of type " + E->Ty->str());
  auto *Ty = scalarOf(E->Ty);
  switch (E->Kind) {
  case NodeKind::Constant: {
    auto *C = static_cast<const ConstantExpr *>(E);
    return Ty->isFloat() ? ScalarValue::floating(Ty, C->FloatValue)
                         : ScalarValue{Ty, fitBits(Ty, C->IntBits), 0};
  }
  case NodeKind::VarRef: {
    auto It = Locals.find(static_cast<const VarRefExpr *>(E)->Var);
    if (It == Locals.end())
      return stop("it reads a variable before assigning it");
    return It->second;
  }
  case NodeKind::Cast: {
    std::optional<ScalarValue> V = value(static_cast<const CastExpr *>(E)->Operand);
    return V ? std::optional(convertScalar(*V, Ty)) : std::nullopt;
  }
  case NodeKind::Unary:
    return unary(*static_cast<const UnaryExpr *>(E));
  case NodeKind::Binary:
    return binary(*static_cast<const BinaryExpr *>(E));
  case NodeKind::Compare:
    return compare(*static_cast<const CompareExpr *>(E));
  case NodeKind::Truth: {
    bool T = truth(static_cast<const TruthExpr *>(E)->Operand);
    return WhyNot.empty() ? std::optional(ScalarValue::integer(Ty, T)) : std::nullopt;
  }
  case NodeKind::Logical: {
    // Python's `a and b` / `a or b`: the operand that decides, both
    // already of the result's type.
    auto *L = static_cast<const LogicalExpr *>(E);
    std::optional<ScalarValue> Left = value(L->LHS);
    if (!Left)
      return std::nullopt;
    return isTrue(*Left) == L->IsAnd ? value(L->RHS) : Left;
  }
  case NodeKind::Select: {
    auto *S = static_cast<const SelectExpr *>(E);
    bool C = truth(S->Cond);
    return WhyNot.empty() ? value(C ? S->Then : S->Else) : std::nullopt;
  }
  case NodeKind::Seq: {
    auto *S = static_cast<const SeqExpr *>(E);
    std::optional<ScalarValue> Returned;
    if (block(S->Stmts, Returned) != Flow::Next)
      return stop("a sub-expression's statements leave it");
    return value(S->Value);
  }
  case NodeKind::Call: {
    auto *C = static_cast<const CallExpr *>(E);
    std::vector<ScalarValue> Args;
    for (const Expr *A : C->Args) {
      std::optional<ScalarValue> V = value(A);
      if (!V)
        return std::nullopt;
      Args.push_back(*V);
    }
    return call(*C->Callee, Args);
  }
  case NodeKind::Intrinsic:
    return intrinsic(*static_cast<const IntrinsicExpr *>(E));
  case NodeKind::SpecialReg:
    return stop("it reads a thread's index or the grid's size, which only a launch has");
  case NodeKind::ArrayLoad:
  case NodeKind::ArrayDim:
  case NodeKind::ArrayStride:
  case NodeKind::ArraySize:
  case NodeKind::AtomicRMW:
    return stop("it reads an array");
  case NodeKind::TupleGet:
  case NodeKind::TupleGetDynamic:
  case NodeKind::RecordField:
    return stop("it reads a tuple, vector or record");
  case NodeKind::LibdeviceCall:
  case NodeKind::ForeignCall:
    return stop("it calls a CUDA device function compiled elsewhere");
  default:
    return stop("it computes a value the check does not evaluate");
  }
}

std::optional<ScalarValue> Interpreter::unary(const UnaryExpr &U) {
  std::optional<ScalarValue> V = value(U.Operand);
  if (!V)
    return std::nullopt;
  const ScalarType *Ty = V->Ty;
  switch (U.Op) {
  case UnaryArithOp::Neg:
    return Ty->isFloat() ? ScalarValue::floating(Ty, -V->Float)
                         : ScalarValue{Ty, fitBits(Ty, 0 - V->Bits), 0};
  case UnaryArithOp::Invert:
  case UnaryArithOp::Not: // ~bool is logical not in Numba, as in NumPy
    return ScalarValue{Ty, fitBits(Ty, ~V->Bits), 0};
  }
  return stop("an unknown unary operator");
}

std::optional<ScalarValue> Interpreter::compare(const CompareExpr &C) {
  std::optional<ScalarValue> L = value(C.LHS), R = L ? value(C.RHS) : std::nullopt;
  if (!L || !R)
    return std::nullopt;
  const ScalarType *Ty = L->Ty;
  int Order; // -1, 0, 1; 2 when unordered (a NaN)
  if (Ty->isFloat())
    Order = std::isnan(L->Float) || std::isnan(R->Float) ? 2
            : L->Float < R->Float                        ? -1
                                                         : L->Float > R->Float;
  else if (Ty->isSigned())
    Order = int64_t(L->Bits) < int64_t(R->Bits) ? -1 : int64_t(L->Bits) > int64_t(R->Bits);
  else
    Order = L->Bits < R->Bits ? -1 : L->Bits > R->Bits;
  bool T = false;
  switch (C.Op) {
  case CompareOp::Eq: T = Order == 0; break;
  case CompareOp::Ne: T = Order != 0; break; // nan != nan
  case CompareOp::Lt: T = Order == -1; break;
  case CompareOp::Le: T = Order == -1 || Order == 0; break;
  case CompareOp::Gt: T = Order == 1; break;
  case CompareOp::Ge: T = Order == 1 || Order == 0; break;
  }
  return ScalarValue::integer(scalarOf(C.Ty), T);
}


std::optional<ScalarValue> Interpreter::binary(const BinaryExpr &B) {
  std::optional<ScalarValue> L = value(B.LHS), R = L ? value(B.RHS) : std::nullopt;
  if (!L || !R)
    return std::nullopt;
  auto *Ty = scalarOf(B.Ty);
  if (B.Op == ArithOp::TrueDiv) { // operands of any number type, in Ty
    double A = convertScalar(*L, Ty).Float, D = convertScalar(*R, Ty).Float;
    return ScalarValue::floating(Ty, A / D);
  }
  if (Ty->isFloat()) {
    double A = L->Float, D = R->Float;
    switch (B.Op) {
    case ArithOp::Add: return ScalarValue::floating(Ty, A + D);
    case ArithOp::Sub: return ScalarValue::floating(Ty, A - D);
    case ArithOp::Mul: return ScalarValue::floating(Ty, A * D);
    case ArithOp::RemTrunc: return ScalarValue::floating(Ty, std::fmod(A, D));
    default: break;
    }
  } else {
    uint64_t A = L->Bits, D = R->Bits;
    switch (B.Op) {
    case ArithOp::Add: return ScalarValue{Ty, fitBits(Ty, A + D), 0};
    case ArithOp::Sub: return ScalarValue{Ty, fitBits(Ty, A - D), 0};
    case ArithOp::Mul: return ScalarValue{Ty, fitBits(Ty, A * D), 0};
    case ArithOp::DivTrunc:
    case ArithOp::RemTrunc: {
      // The expansion makes the divisor safe first (OperatorFunctions.h).
      if (D == 0)
        return stop("it divides by zero");
      bool Div = B.Op == ArithOp::DivTrunc;
      if (!Ty->isSigned())
        return ScalarValue{Ty, fitBits(Ty, Div ? A / D : A % D), 0};
      int64_t SA = int64_t(A), SD = int64_t(D);
      if (SD == -1) // INT_MIN / -1 wraps
        return ScalarValue{Ty, fitBits(Ty, Div ? 0 - A : 0), 0};
      return ScalarValue{Ty, fitBits(Ty, uint64_t(Div ? SA / SD : SA % SD)), 0};
    }
    case ArithOp::ShlBits:
    case ArithOp::ShrBits:
      if (D >= Ty->bitWidth())
        return stop("it shifts by the width or more");
      if (B.Op == ArithOp::ShlBits)
        return ScalarValue{Ty, fitBits(Ty, A << D), 0};
      return ScalarValue{Ty, fitBits(Ty, Ty->isSigned() ? uint64_t(int64_t(A) >> D) : A >> D), 0};
    case ArithOp::BitAnd: return ScalarValue{Ty, A & D, 0};
    case ArithOp::BitOr: return ScalarValue{Ty, A | D, 0};
    case ArithOp::BitXor: return ScalarValue{Ty, A ^ D, 0};
    default: break;
    }
  }
  return stop("it uses '" + std::string(spelling(B.Op)) + "' on " + Ty->str());
}

std::optional<ScalarValue> Interpreter::intrinsic(const IntrinsicExpr &I) {
  std::vector<double> X;
  for (const Expr *A : I.Args) {
    std::optional<ScalarValue> V = value(A);
    if (!V)
      return std::nullopt;
    X.push_back(V->Ty->isFloat()   ? V->Float
                : V->Ty->isSigned() ? double(int64_t(V->Bits))
                                    : double(V->Bits));
  }
  auto *Ty = scalarOf(I.Ty);
  // In float32 where the call is of float32 (libm's sqrtf, not sqrt).
  bool Single = !I.Args.empty() && I.Args[0]->Ty == Ty && Ty->scalarKind() == ScalarKind::Float32;
  switch (I.Id) {
#define PYKC_MATH_UNARY(Id, Name)                                                                \
  case IntrinsicId::Id:                                                                           \
    if (X.size() == 1)                                                                            \
      return ScalarValue::floating(Ty, Single ? double(std::Name(float(X[0]))) : std::Name(X[0])); \
    break;
#define PYKC_MATH_BINARY(Id, Name)                                                               \
  case IntrinsicId::Id:                                                                           \
    if (X.size() == 2)                                                                            \
      return ScalarValue::floating(Ty, Single ? double(std::Name(float(X[0]), float(X[1])))       \
                                              : std::Name(X[0], X[1]));                           \
    break;
#define PYKC_MATH_PREDICATE(Id, Name)                                                            \
  case IntrinsicId::Id:                                                                           \
    if (X.size() == 1)                                                                            \
      return ScalarValue::integer(Ty, bool(std::Name(X[0])));                                     \
    break;
#define PYKC_MATH_Unary_Intrinsic(Id, Name) PYKC_MATH_UNARY(Id, Name)
#define PYKC_MATH_Unary_Libm(Id, Name) PYKC_MATH_UNARY(Id, Name)
#define PYKC_MATH_BinaryInt_Libm(Id, Name) PYKC_MATH_BINARY(Id, Name)
#define PYKC_MATH_BinaryFloat_Libm(Id, Name) PYKC_MATH_BINARY(Id, Name)
#define PYKC_MATH_BinaryFloat_Intrinsic(Id, Name) PYKC_MATH_BINARY(Id, Name)
#define PYKC_MATH_Predicate_Predicate(Id, Name) PYKC_MATH_PREDICATE(Id, Name)
// Rows whose results are not one number of the argument's precision.
#define PYKC_MATH_Unary_Angle(Id, Name)
#define PYKC_MATH_Frexp_LibmOut(Id, Name)
#define PYKC_MATH_Modf_LibmOut(Id, Name)
#define PYKC_MATH_Ldexp_LibmInt(Id, Name)
#define PYKC_MATH_ROW(Id, Cases, Lowering, Name) PYKC_MATH_##Cases##_##Lowering(Id, Name)
#define MATH(Id, Path, Cases, Lowering, Name) PYKC_MATH_ROW(Id, Cases, Lowering, Name)
#include "ir/Builtins.def"
  default:
    break;
  }
  return stop("it calls a function the check does not evaluate");
}

} // namespace

ScalarValue ScalarValue::integer(const ScalarType *Ty, int64_t V) {
  if (Ty->isFloat())
    return floating(Ty, double(V));
  return ScalarValue{Ty, fitBits(Ty, uint64_t(V)), 0};
}

ScalarValue ScalarValue::floating(const ScalarType *Ty, double V) {
  return ScalarValue{Ty, 0, roundTo(Ty, V)};
}

bool ScalarValue::operator==(const ScalarValue &O) const {
  if (Ty != O.Ty)
    return false;
  return Ty->isFloat() ? Float == O.Float : Bits == O.Bits;
}

ScalarValue convertScalar(const ScalarValue &V, const ScalarType *To) {
  const ScalarType *From = V.Ty;
  if (From == To)
    return V;
  if (To->isBoolean())
    return ScalarValue{To, isTrue(V), 0};
  if (To->isFloat()) {
    if (From->isFloat())
      return ScalarValue::floating(To, V.Float);
    return ScalarValue::floating(To, From->isSigned() ? double(int64_t(V.Bits))
                                                      : double(V.Bits));
  }
  if (From->isFloat()) {
    // The IR's float-to-integer conversion truncates; out of range it has
    // no defined value, which callers never compare.
    double T = std::trunc(V.Float);
    if (!(T > -9.3e18 && T < 1.8e19))
      return ScalarValue{To, 0, 0};
    return ScalarValue{To, fitBits(To, T < 0 ? uint64_t(int64_t(T)) : uint64_t(T)), 0};
  }
  return ScalarValue{To, fitBits(To, V.Bits), 0};
}

InterpretResult interpretCall(const Function &F, const std::vector<ScalarValue> &Args,
                              uint64_t MaxSteps) {
  Interpreter I(MaxSteps);
  InterpretResult R;
  R.Value = I.call(F, Args);
  R.WhyNot = R.Value ? "" : I.WhyNot;
  return R;
}

} // namespace pykc::ir
