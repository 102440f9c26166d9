//===- check/CheckCall.cpp - Calls: builtins and conversions --------------===//
//
// The types ir/build/BuildCall.cpp and ir/build/BuildBuiltins.cpp give calls. Each row
// of ir/Builtins.def names its typing rule, expanded below (PYKC_CHECK_*)
// to the member that checks it. Device functions are in CheckDeviceCall.cpp,
// pykc's own helpers in CheckComplex.cpp.
//
//===----------------------------------------------------------------------===//
#include "ir/AtomicDtypes.h"
#include "ir/Builtins.h"
#include "ir/Libdevice.h"
#include "ir/RandomHelpers.h"
#include "ir/check/FunctionChecker.h"
#include "ir/check/SyntaxFacts.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_map>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

Checked convertScalar(const Checked &V, const Type *To) {
  if (V.Ty == To)
    return V;
  Checked Converted = Checked::value(converts(V.Ty, To) ? To : nullptr);
  Converted.Range = V.Range; // a conversion is at its operand
  return Converted;
}

Checked FunctionChecker::checkCall(const fe::CallExpr &C) {
  if (auto *A = dyn_cast<AttributeExpr>(C.Func); A && A->Attr == "view")
    return checkArrayView(*A, C);
  if (auto *A = dyn_cast<AttributeExpr>(C.Func); A && A->Attr == "transpose") {
    // a.transpose(...); np.transpose(...) is a path's call, below.
    Checked Base = check(*A->Value);
    if (!Base.isValid())
      return Base;
    if (auto *AT = Base.isValue() ? dynCast<ArrayType>(Base.Ty) : nullptr)
      return checkTranspose(AT, C, 0);
    if (Base.K != Checked::Kind::Path)
      return unknownAttribute(*A, Base);
  }
  if (auto *A = dyn_cast<AttributeExpr>(C.Func); A && A->Attr == "conjugate") {
    Checked Base = check(*A->Value);
    if (!Base.isValid())
      return Base;
    auto *ST = Base.isValue() ? dynCast<ScalarType>(Base.Ty) : nullptr;
    if (!ST || ST->isBoolean())
      return unknownAttribute(*A, Base);
    if (!expectArgs(C, 0, "conjugate"))
      return Checked::invalid();
    return ST->isComplex() ? Checked::value(ST)
                           : Base; // a real number is its own
  }
  Checked Callee = check(*C.Func);
  if (!Callee.isValid())
    return Callee;
  for (const fe::Expr *A : C.Args)
    if (isa<StarredExpr>(A))
      return fail(A->Range, DiagKind::UnsupportedSyntax, {"unpacking arguments with '*'"});
  switch (Callee.K) {
  case Checked::Kind::Path: {
    const std::string &Path = Callee.Path;
    // The messages of what it calls name it (spelt only for a message).
    struct NamedCall {
      const std::string *&Slot, *Saved;
      NamedCall(const std::string *&S, const std::string &P) : Slot(S), Saved(S) { S = &P; }
      ~NamedCall() { Slot = Saved; }
    } Named(CallPath, Path);
    if (Path.rfind("numba.cuda.", 0) == 0)
      if (const VectorType *VT = Types.vectorByName(Path.substr(11)))
        return checkVectorConstructor(VT, C);
    if (std::optional<OperatorFunction> Fn = operatorFunctionOf(Path))
      return checkOperatorFunction(*Fn, C);
    if (Path == "cffi.FFI().from_buffer")
      return checkFromBuffer(C);
    if (Path.rfind("numba.cuda.libdevice.", 0) == 0)
      if (const LibdeviceFunction *Fn = libdeviceFunction(Path.substr(21)))
        return checkLibdeviceCall(*Fn, C);
    return checkBuiltinCall(Path, C);
  }
  case Checked::Kind::Constant:
    if (Callee.Const.K == ConstantValue::Kind::Dtype && Callee.Const.Dtype) {
      // float32(x): a conversion, as in Numba.
      const Type *To = Callee.Const.Dtype;
      if (C.Args.size() != 1 || !C.Keywords.empty())
        return fail(C.Range, DiagKind::ArgumentCount,
                    {To->str(), "1 argument", std::to_string(C.Args.size())});
      Checked V = checkValue(*C.Args[0]);
      if (!V.isValue())
        return Checked::invalid();
      if (!dynCast<ScalarType>(V.Ty) || !converts(V.Ty, To))
        return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                    {To->str(), "cannot convert '" + V.Ty->str() + "'"});
      return convertScalar(V, To);
    }
    if (Callee.Const.K == ConstantValue::Kind::NamedTupleClass)
      return checkNamedTupleConstructor(Callee.Const, C);
    return fail(C.Func->Range, DiagKind::NotCallable, {describe(Callee)});
  case Checked::Kind::Foreign:
    return checkForeignCall(*Callee.Foreign, C);
  case Checked::Kind::Function:
    if (Callee.Fn->Role == FunctionRole::Device ||
        Callee.Fn->Role == FunctionRole::CpuJit ||
        (Callee.Fn->Role == FunctionRole::Reduce && Info.Synthetic))
      return checkDeviceCall(*Callee.Fn, C);
    if (Callee.Fn->Role == FunctionRole::Kernel)
      return fail(C.Func->Range, DiagKind::KernelCall, {Callee.Fn->Name});
    return fail(C.Func->Range, DiagKind::NotCallable, {describe(Callee)});
  default:
    return fail(C.Func->Range, DiagKind::NotCallable, {describe(Callee)});
  }
}

// The typing rules of ir/Builtins.def's rows that the checker has, expanded
// to the member that checks each (in scope: C, IsAbs, IsRounding).
#define PYKC_CHECK_Grid() checkGrid(C)
#define PYKC_CHECK_NoArgs()                                                    \
  (expectArgs(C, 0) ? Checked::value(Types.none()) : Checked::invalid())
#define PYKC_CHECK_ThisGrid()                                                  \
  (expectArgs(C, 0) ? Checked::value(Types.gridGroup()) : Checked::invalid())
#define PYKC_CHECK_AllocArray(Space) checkAllocArray(C, AddressSpace::Space)
#define PYKC_CHECK_HeapArray(Fill, From)                                       \
  checkHeapArray(HeapFill::Fill, #From[0] == 'L', C)
#define PYKC_CHECK_Atomic(Op) checkAtomic(#Op, /*FirstElement=*/false, C)
#define PYKC_CHECK_AtomicFirst(Op) checkAtomic(#Op, /*FirstElement=*/true, C)
#define PYKC_CHECK_ForOnly()                                                   \
  fail(C.Range, DiagKind::UnsupportedSyntax, {callName() + "() outside a for loop"})
#define PYKC_CHECK_Len() checkLen(C)
#define PYKC_CHECK_Print() checkPrint(C)
#define PYKC_CHECK_ConstArrayLike() checkConstArrayLike(C)
#define PYKC_CHECK_MinMax(Op) checkMinMax(C)
#define PYKC_CHECK_Call(Cases) checkOverloaded(Ops.Cases, C)
#define PYKC_CHECK_Round()                                                     \
  (C.Args.size() == 2 ? checkRoundDigits(C) : checkOverloaded(Ops.Round, C))
#define PYKC_CHECK_Complex() checkComplex(C)
#define PYKC_CHECK_Pow() checkPow(C)
#define PYKC_CHECK_Selp() checkSelp(C)
#define PYKC_CHECK_Divmod() checkOverloaded(Ops.Divmod, C)
#define PYKC_CHECK_Transpose() checkNumpyTranspose(C)
#define PYKC_CHECK_Sum() checkSum(C)
#define PYKC_CHECK_Cmath(Cases, Op) checkCmath(CmathCases::Cases, #Op, C)
#define PYKC_CHECK_Random(Helper) checkRandom(#Helper, C)
#define PYKC_CHECK_Scalar(Cases, Result)                                       \
  checkScalarCall(&OperatorTyping::Cases, ScalarCall::Result, IsAbs, C)

namespace {

/// The row whose path is \p Path: one hash lookup, as calls are many.
std::optional<BuiltinRow> builtinRow(const std::string &Path) {
  static const std::unordered_map<std::string, BuiltinRow> Rows = {
#define BUILTIN(Id, P, ...) {P, BuiltinRow::Id},
#define MATH(Id, P, ...) {P, BuiltinRow::Id},
#include "ir/Builtins.def"
  };
  auto It = Rows.find(Path);
  return It == Rows.end() ? std::nullopt : std::optional(It->second);
}

/// The builder's name for the row \p Row.
IntrinsicId intrinsicOf(BuiltinRow Row) {
  switch (Row) {
#define BUILTIN(Id, ...)                                                       \
  case BuiltinRow::Id:                                                         \
    return IntrinsicId::Id;
#define MATH(Id, ...)                                                          \
  case BuiltinRow::Id:                                                         \
    return IntrinsicId::Id;
#include "ir/Builtins.def"
  }
  return IntrinsicId::Grid; // not reached: the switch covers every row
}

} // namespace

Checked FunctionChecker::checkBuiltinCall(const std::string &Path,
                                          const fe::CallExpr &C) {
  std::optional<BuiltinRow> Row = builtinRow(Path);
  if (!Row)
    return unsupportedFunction(C.Func->Range, Path);
  // Only the allocators take keywords (shape, dtype, ...).
  if (!C.Keywords.empty() && !builtinTraits(intrinsicOf(*Row)).Keywords)
    return fail(C.Keywords.front().NameRange, DiagKind::UnknownKeyword,
                {displayPath(Path), C.Keywords.front().Name});
  // Its rule's messages name it; a call in its arguments names its own.
  const std::string *Outer = CallPath;
  CallPath = &Path;
  Checked Result = checkBuiltinRule(*Row, C);
  CallPath = Outer;
  return Result;
}

Checked FunctionChecker::checkBuiltinRule(BuiltinRow Row, const fe::CallExpr &C) {
  switch (Row) {
#define BUILTIN(Id, P, Typing, ...)                                            \
  case BuiltinRow::Id: {                                                       \
    [[maybe_unused]] constexpr bool IsAbs = BuiltinRow::Id == BuiltinRow::Abs; \
    return PYKC_CHECK_##Typing;                                                \
  }
#define MATH(Id, P, Cases, Lowering, Name)                                     \
  case BuiltinRow::Id:                                                         \
    return checkMath(MathCases::Cases,                                         \
                     BuiltinRow::Id == BuiltinRow::MathFloor ||                \
                         BuiltinRow::Id == BuiltinRow::MathCeil ||             \
                         BuiltinRow::Id == BuiltinRow::MathTrunc,              \
                     C);
#include "ir/Builtins.def"
  }
  return Checked::invalid();
}

} // namespace pykc::ir

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

Checked FunctionChecker::checkFromBuffer(const fe::CallExpr &C) {
  // The array stands for its data pointer (a foreign function takes it).
  if (!C.Keywords.empty())
    return fail(C.Keywords.front().NameRange, DiagKind::UnknownKeyword,
                {"ffi.from_buffer", C.Keywords.front().Name});
  if (!expectArgs(C, 1, "ffi.from_buffer"))
    return Checked::invalid();
  Checked V = checkValue(*C.Args[0]);
  if (!V.isValue())
    return V;
  if (!dynCast<ArrayType>(V.Ty))
    return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                {"ffi.from_buffer", "it takes an array, not '" + V.Ty->str() + "'"});
  return V;
}

Checked FunctionChecker::checkForeignCall(const ForeignFunction &Fn,
                                          const fe::CallExpr &C) {
  // Numba's CPU target cannot type a declare_device stub.
  const std::string &Name = Fn.BoundName;
  if (HostCode)
    return fail(C.Func->Range, DiagKind::ForeignInHostFunction, {Name, Info.Name});
  if (!C.Keywords.empty())
    return fail(C.Keywords.front().NameRange, DiagKind::UnknownKeyword,
                {Name, C.Keywords.front().Name});
  if (!expectArgs(C, Fn.Params.size(), Name))
    return Checked::invalid();
  // Every argument is checked, even after one that does not fit.
  bool Ok = true;
  for (size_t I = 0; I < Fn.Params.size(); ++I) {
    const ForeignParam &P = Fn.Params[I];
    Checked V = checkValue(*C.Args[I]);
    if (!V.isValue()) {
      Ok = false;
      continue;
    }
    auto Fits = [&](bool Fit, const std::string &Takes) {
      if (!Fit)
        fail(C.Args[I]->Range, DiagKind::ForeignArgument,
             {std::to_string(I + 1), Name, P.str(), Takes, V.Ty->str()});
      Ok &= Fit;
    };
    auto *AT = dynCast<ArrayType>(V.Ty);
    if (P.K == ForeignParam::Kind::Scalar)
      Fits(dynCast<ScalarType>(V.Ty) && converts(V.Ty, P.Ty), "a number");
    else if (P.K == ForeignParam::Kind::VoidPointer)
      Fits(AT != nullptr, "an array (or ffi.from_buffer of one)");
    else
      Fits(AT && !AT->record() && AT->dtype() == P.Ty,
           "an array of " + P.Ty->str() + " (or ffi.from_buffer of one)");
  }
  if (!Ok)
    return Checked::invalid();
  Callees.usesForeign(Fn);
  return Checked::value(Fn.Return);
}

Checked FunctionChecker::checkNamedTupleConstructor(const ConstantValue &Class,
                                                    const fe::CallExpr &C) {
  // Point(1, y=2.5): each field from its position or its keyword.
  const std::vector<std::string> &Fields = Class.Fields;
  auto CountError = [&](size_t Passed) {
    return fail(C.Range, DiagKind::ArgumentCount,
                {Class.String, std::to_string(Fields.size()) + " argument(s)",
                 std::to_string(Passed)});
  };
  if (C.Args.size() > Fields.size())
    return CountError(C.Args.size());
  BoundArguments Bound = bindArguments(Fields, 0, C);
  if (Bound.Bad)
    return fail(Bound.Bad->NameRange,
                Bound.Repeated ? DiagKind::RepeatedArgument : DiagKind::UnknownKeyword,
                {Class.String, Bound.Bad->Name});
  std::vector<const fe::Expr *> Given = std::move(Bound.ForParam);
  if (std::find(Given.begin(), Given.end(), nullptr) != Given.end())
    return CountError(C.Args.size() + C.Keywords.size());
  // Evaluated in the order written; values given out of field order are
  // held in temporaries (not themselves, in the tuple the builder makes).
  std::vector<std::pair<const fe::Expr *, size_t>> Order;
  for (size_t I = 0; I < Fields.size(); ++I)
    Order.push_back({Given[I], I});
  std::sort(Order.begin(), Order.end(), [](const auto &A, const auto &B) {
    return A.first->Range.Begin.Offset < B.first->Range.Begin.Offset;
  });
  bool OutOfOrder = !std::is_sorted(
      Order.begin(), Order.end(),
      [](const auto &A, const auto &B) { return A.second < B.second; });
  std::vector<Checked> Values(Fields.size());
  for (const auto &[E, Field] : Order) {
    Values[Field] = checkValue(*E);
    if (!Values[Field].isValue())
      return Checked::invalid();
    if (OutOfOrder)
      Values[Field] = Checked::value(Values[Field].Ty);
  }
  std::vector<const Type *> ElementTypes;
  for (const Checked &V : Values)
    ElementTypes.push_back(V.Ty);
  Checked T =
      Checked::value(Types.namedTuple(Class.String, Fields, ElementTypes));
  T.Display = true;
  T.Elements = std::move(Values);
  return T;
}

} // namespace pykc::ir
