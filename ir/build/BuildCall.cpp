//===- build/BuildCall.cpp - Calls: intrinsics, conversions, devices ------===//
#include "ir/Builtins.h"
#include "ir/Libdevice.h"
#include "ir/RandomHelpers.h"
#include "ir/RoundNdigits.h"
#include "ir/build/FunctionBuilder.h"
#include "ir/check/SyntaxFacts.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

namespace {
std::optional<IntrinsicId> intrinsicByPath(const std::string &Path) {
  static const std::unordered_map<std::string, IntrinsicId> Rows = {
#define BUILTIN(Id, P, ...) {P, IntrinsicId::Id},
#define MATH(Id, P, ...) {P, IntrinsicId::Id},
#include "ir/Builtins.def"
  };
  auto It = Rows.find(Path);
  return It == Rows.end() ? std::nullopt : std::optional(It->second);
}
} // namespace

Value FunctionBuilder::lowerCall(const fe::CallExpr &C) {
  if (auto *A = dyn_cast<AttributeExpr>(C.Func); A && A->Attr == "view")
    return Value::expr(lowerArrayView(*A, C));
  if (auto *A = dyn_cast<AttributeExpr>(C.Func); A && A->Attr == "transpose") {
    // a.transpose(...); np.transpose(...) is a path's call, below (a
    // path has no effects to evaluate twice).
    Value Base = lower(*A->Value);
    if (!Base.isValid())
      return Base;
    if (auto *AT = Base.K == Value::Kind::Expr ? dynCast<ArrayType>(Base.E->Ty) : nullptr)
      return Value::expr(lowerTranspose(Base.E, AT, C, 0));
    if (Base.K != Value::Kind::Path)
      error(A->AttrRange, DiagKind::UnknownAttribute);
  }
  if (auto *A = dyn_cast<AttributeExpr>(C.Func); A && A->Attr == "conjugate") {
    Value Base = lower(*A->Value);
    if (!Base.isValid())
      return Base;
    if (Base.K == Value::Kind::Expr && dynCast<ScalarType>(Base.E->Ty) &&
        !dynCast<ScalarType>(Base.E->Ty)->isBoolean())
      return Value::expr(lowerConjugate(Base.E, C));
    error(A->AttrRange, DiagKind::UnknownAttribute);
  }
  Value Callee = lower(*C.Func);
  if (!Callee.isValid())
    return Callee;
  for (const fe::Expr *A : C.Args)
    if (isa<StarredExpr>(A))
      error(A->Range, DiagKind::UnsupportedSyntax);
  switch (Callee.K) {
  case Value::Kind::Path: {
    if (Callee.Path.rfind("numba.cuda.", 0) == 0)
      if (const VectorType *VT = S.Types.vectorByName(Callee.Path.substr(11)))
        return Value::expr(lowerVectorConstructor(VT, C));
    if (std::optional<Expr *> Applied = lowerOperatorFunction(Callee.Path, C))
      return Value::expr(*Applied);
    if (Callee.Path == "cffi.FFI().from_buffer")
      return Value::expr(lowerFromBuffer(C));
    if (Callee.Path.rfind("numba.cuda.libdevice.", 0) == 0)
      if (const LibdeviceFunction *Fn = libdeviceFunction(Callee.Path.substr(21)))
        return Value::expr(lowerLibdeviceCall(*Fn, C));
    auto Id = intrinsicByPath(Callee.Path);
    if (!Id)
      error(C.Func->Range, DiagKind::UnsupportedFunction);
    return Value::expr(lowerIntrinsicCall(*Id, C));
  }
  case Value::Kind::Constant:
    if (Callee.Const.K == ConstantValue::Kind::Dtype && Callee.Const.Dtype) {
      // float32(x): a conversion, as in Numba.
      if (C.Args.size() != 1 || !C.Keywords.empty())
        error(C.Range, DiagKind::ArgumentCount);
      Expr *V = lowerValue(*C.Args[0]);
      if (!V)
        return Value::invalid();
      Expr *Converted = convert(V, Callee.Const.Dtype);
      if (!Converted)
        error(C.Args[0]->Range, DiagKind::InvalidArgument);
      return Value::expr(Converted);
    }
    if (Callee.Const.K == ConstantValue::Kind::NamedTupleClass)
      return Value::expr(lowerNamedTupleConstructor(Callee.Const, C));
    break;
  case Value::Kind::Foreign:
    return Value::expr(lowerForeignCall(*Callee.Foreign, C));
  case Value::Kind::Function:
    // pykc's own reduction kernels call the @cuda.reduce operator; users'
    // kernels cannot (a Numba reduction is a host object).
    // An @njit function called from a kernel is compiled for the device, as
    // Numba's CUDA target does.
    if (Callee.Fn->Role == FunctionRole::Device || Callee.Fn->Role == FunctionRole::CpuJit ||
        (Callee.Fn->Role == FunctionRole::Reduce && Info.Synthetic))
      return Value::expr(lowerDeviceCall(*Callee.Fn, C));
    if (Callee.Fn->Role == FunctionRole::Kernel)
      error(C.Func->Range, DiagKind::KernelCall);
    break;
  default:
    break;
  }
  error(C.Func->Range, DiagKind::NotCallable);
}

// Each row of ir/Builtins.def names its typing rule; these expand a rule to
// the call of the member that implements it (in scope: Id, C).
#define PYKC_TYPE_Grid() typeGrid(Id, C)
#define PYKC_TYPE_NoArgs() typeNoArgs(Id, C)
#define PYKC_TYPE_ThisGrid() typeThisGrid(C)
#define PYKC_TYPE_AllocArray(Space) lowerAllocArray(C, AddressSpace::Space)
#define PYKC_TYPE_HeapArray(Fill, From)                                        \
  lowerHeapArray(HeapFill::Fill, #From[0] == 'L', C)
#define PYKC_TYPE_Atomic(Op) typeAtomic(AtomicOp::Op, C, /*FirstElement=*/false)
#define PYKC_TYPE_AtomicFirst(Op) typeAtomic(AtomicOp::Op, C, /*FirstElement=*/true)
#define PYKC_TYPE_ForOnly() typeForOnly(C)
#define PYKC_TYPE_Len() typeLen(C)
#define PYKC_TYPE_Print() typePrint(C)
#define PYKC_TYPE_ConstArrayLike() typeConstArrayLike(C)
#define PYKC_TYPE_MinMax(Op) lowerMinMax(C, CompareOp::Op)
#define PYKC_TYPE_Call(Cases) typeCall(Id, C)
#define PYKC_TYPE_Round() typeRound(Id, C)
#define PYKC_TYPE_Complex() typeComplex(C)
#define PYKC_TYPE_Pow() typePow(C)
#define PYKC_TYPE_Selp() typeSelp(C)
#define PYKC_TYPE_Divmod() typeDivmod(C)
#define PYKC_TYPE_Transpose() typeNumpyTranspose(C)
#define PYKC_TYPE_Sum() typeSum(C)
#define PYKC_TYPE_Cmath(Cases, Op) typeCmath(#Op, C)
#define PYKC_TYPE_Random(Helper) typeRandom(#Helper, C)
#define PYKC_TYPE_Scalar(Cases, Result)                                        \
  typeScalar(Id, ScalarResult::Result, C)

Expr *FunctionBuilder::lowerIntrinsicCall(IntrinsicId Id, const fe::CallExpr &C) {
  // Only the allocators take keywords (shape, dtype, ...).
  if (!C.Keywords.empty() && !builtinTraits(Id).Keywords)
    error(C.Keywords.front().NameRange, DiagKind::UnknownKeyword);
  switch (Id) {
#define BUILTIN(BuiltinId, P, Typing, ...)                                     \
  case IntrinsicId::BuiltinId:                                                 \
    return PYKC_TYPE_##Typing;
#define MATH(MathId, P, Cases, L, N)                                           \
  case IntrinsicId::MathId:                                                    \
    return lowerMath(Id, C);
#include "ir/Builtins.def"
  }
  return nullptr; // not reached: the switch covers every row
}

Expr *FunctionBuilder::typeRandom(const std::string &Helper, const fe::CallExpr &C) {
  expectArgs(C, randomHelperArity(Helper));
  // Its states argument must be an array of Numba's xoroshiro128p_dtype:
  // said here rather than from inside pykc's helper. (Only a name is
  // looked at twice: it has no effects.)
  if (!C.Args.empty() && fe::isa<fe::NameExpr>(C.Args[0])) {
    Value States = lower(*C.Args[0]);
    if (!States.isValid())
      return nullptr;
    auto *AT = States.K == Value::Kind::Expr ? dynCast<ArrayType>(States.E->Ty) : nullptr;
    const RecordType *Want = xoroshiro128pDtype(S.Types);
    if (!AT || !AT->record() || AT->record()->writable() != Want)
      error(C.Args[0]->Range, DiagKind::InvalidArgument);
  }
  return lowerDeviceCall(*randomHelper(S.Scope, Helper), C);
}

Expr *FunctionBuilder::lowerDeviceCall(FunctionInfo &Fn, const fe::CallExpr &C) {
  // The parameters as the checker bound them: each argument given, else
  // the default the checker evaluated, a run-time value or a compile-time
  // one.
  const DeviceCallFact *Bound = Checker.deviceCall(C);
  if (!Bound)
    error(C.Range, DiagKind::ArgumentCount);
  BoundArguments Given = bindArguments(Fn.Def->Params, C);
  // The arguments as written, evaluated in that order (keywords may name
  // the parameters in another).
  std::map<const fe::Expr *, Value> Written;
  auto LowerWritten = [&](const fe::Expr *A) {
    Value V = lower(*A); // an optional is passed as one
    if (V.K == Value::Kind::Expr && !C.Keywords.empty())
      V.E = materialize(V.E);
    Written[A] = V;
  };
  for (const fe::Expr *A : C.Args)
    LowerWritten(A);
  for (const fe::Keyword &K : C.Keywords)
    LowerWritten(K.Value);
  std::vector<InstanceArg> Args;
  ExprList Values; ///< Run-time arguments, in order.
  for (size_t I = 0; I < Bound->Params.size(); ++I) {
    Value V;
    if (const fe::Expr *Arg = Given.ForParam[I]) {
      V = Written[Arg];
    } else {
      if (!Bound->Defaults[I])
        error(C.Range, DiagKind::NotConstant);
      V = lowerConstantValue(*Bound->Defaults[I], C.Range);
    }
    if (!V.isValid())
      return nullptr;
    const Checked &B = Bound->Params[I];
    if (!B.isValue()) {
      // A literal argument is passed as its value (the checker's
      // Constant), an entity as itself.
      Args.push_back(InstanceArg{nullptr, V.K == Value::Kind::Expr ? valueOf(B) : V});
      continue;
    }
    if (V.K != Value::Kind::Expr)
      error(Given.ForParam[I] ? Given.ForParam[I]->Range : C.Range, DiagKind::NotAValue);
    Args.push_back(InstanceArg{V.E->Ty, {}});
    Values.push_back(V.E);
  }
  return callDevice(Fn, Args, Values, C.Range);
}

Expr *FunctionBuilder::callDevice(FunctionInfo &Fn, const std::vector<InstanceArg> &Args,
                                  const ExprList &Values, SourceRange Range) {
  // Host code calls host code: the callee gets Numba's CPU semantics too.
  Function *Callee = S.instantiateDevice(Fn, Args, F.HostCode);
  auto *Call = make<ir::CallExpr>(Range, Callee->ReturnType);
  Call->Callee = Callee;
  F.Callees.push_back(Callee);
  F.UsesGridSync |= Callee->UsesGridSync;
  for (size_t I = 0; I < Values.size(); ++I)
    Call->Args.push_back(convert(Values[I], Callee->Params[I]->ArgType));
  return Call;
}

Expr *FunctionBuilder::lowerNamedTupleConstructor(const ConstantValue &Class,
                                                 const fe::CallExpr &C) {
  // Point(1, y=2.5): each field from its position or its keyword, as
  // Python's namedtuple binds them; the element types are the values'.
  const std::vector<std::string> &Fields = Class.Fields;
  if (C.Args.size() > Fields.size())
    error(C.Range, DiagKind::ArgumentCount);
  BoundArguments Bound = bindArguments(Fields, 0, C);
  if (Bound.Bad)
    error(Bound.Bad->NameRange,
          Bound.Repeated ? DiagKind::RepeatedArgument : DiagKind::UnknownKeyword);
  const std::vector<const fe::Expr *> &Given = Bound.ForParam;
  for (size_t I = 0; I < Fields.size(); ++I)
    if (!Given[I])
      error(C.Range, DiagKind::ArgumentCount);
  // Evaluated in the order written, as Python does, then placed by field.
  std::vector<Expr *> Values(Fields.size(), nullptr);
  std::vector<std::pair<const fe::Expr *, size_t>> Order;
  for (size_t I = 0; I < Fields.size(); ++I)
    Order.push_back({Given[I], I});
  std::sort(Order.begin(), Order.end(), [](const auto &A, const auto &B) {
    return A.first->Range.Begin.Offset < B.first->Range.Begin.Offset;
  });
  // Keywords out of field order: each value into a temporary as it comes,
  // so that the tuple (built in field order) keeps the written order.
  bool OutOfOrder = !std::is_sorted(Order.begin(), Order.end(), [](const auto &A, const auto &B) {
    return A.second < B.second;
  });
  for (const auto &[E, Field] : Order) {
    Values[Field] = lowerValue(*E);
    if (!Values[Field])
      return nullptr;
    if (OutOfOrder)
      Values[Field] = materialize(Values[Field]);
  }
  std::vector<const Type *> Types;
  for (Expr *V : Values)
    Types.push_back(V->Ty);
  auto *T = make<TupleMakeExpr>(C.Range, S.Types.namedTuple(Class.String, Fields, Types));
  T->Elements.assign(Values.begin(), Values.end());
  return T;
}

} // namespace pykc::ir
