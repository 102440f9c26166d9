//===- check/CheckCall.cpp - Calls: builtins and conversions --------------===//
//
// The types ir/LowerCall.cpp and ir/LowerBuiltins.cpp give calls. Each row
// of ir/Builtins.def names its typing rule, expanded below (PYKC_CHECK_*)
// to the member that checks it. Device functions are in CheckDeviceCall.cpp,
// pykc's own helpers in CheckComplex.cpp.
//
//===----------------------------------------------------------------------===//
#include "ir/AtomicDtypes.h"
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

namespace {

/// \p V converted to scalar type \p To: itself when it has that type.
Checked convertScalar(const Checked &V, const Type *To) {
  if (V.Ty == To)
    return V;
  return Checked::value(converts(V.Ty, To) ? To : nullptr);
}

} // namespace

Checked FunctionChecker::checkCall(const fe::CallExpr &C) {
  if (auto *A = dyn_cast<AttributeExpr>(C.Func); A && A->Attr == "view")
    return checkArrayView(*A, C);
  if (auto *A = dyn_cast<AttributeExpr>(C.Func); A && A->Attr == "conjugate") {
    Checked Base = check(*A->Value);
    if (!Base.isValid())
      return Base;
    auto *ST = Base.isValue() ? dynCast<ScalarType>(Base.Ty) : nullptr;
    if (!ST || ST->isBoolean() || !C.Args.empty())
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
  (C.Args.empty() ? Checked::value(Types.none()) : Checked::invalid())
#define PYKC_CHECK_ThisGrid()                                                  \
  (C.Args.empty() ? Checked::value(Types.gridGroup()) : Checked::invalid())
#define PYKC_CHECK_AllocArray(Space) checkAllocArray(C, AddressSpace::Space)
#define PYKC_CHECK_Atomic(Op) checkAtomic(#Op, /*FirstElement=*/false, C)
#define PYKC_CHECK_AtomicFirst(Op) checkAtomic(#Op, /*FirstElement=*/true, C)
#define PYKC_CHECK_ForOnly() Checked::invalid() /* outside a for loop */
#define PYKC_CHECK_Len() checkLen(C)
#define PYKC_CHECK_Print() checkPrint(C)
#define PYKC_CHECK_ConstArrayLike() checkConstArrayLike(C)
#define PYKC_CHECK_MinMax(Op) checkMinMax(C)
#define PYKC_CHECK_Call(Cases) checkOverloaded(Ops.Cases, C)
#define PYKC_CHECK_Round()                                                     \
  (C.Args.size() == 2 ? checkRoundDigits(C) : checkOverloaded(Ops.Round, C))
#define PYKC_CHECK_Complex() checkComplex(C)
#define PYKC_CHECK_Pow() checkPow(C)
#define PYKC_CHECK_Cmath(Cases, Op) checkCmath(CmathCases::Cases, #Op, C)
#define PYKC_CHECK_Random(Helper) checkRandom(#Helper, C)
#define PYKC_CHECK_Scalar(Cases, Result)                                       \
  checkScalarCall(&OperatorTyping::Cases, ScalarCall::Result, IsAbs, C)

namespace {

/// The rows of ir/Builtins.def (BUILTIN and MATH), numbered.
enum class BuiltinRow {
#define BUILTIN(Id, ...) Id,
#define MATH(Id, ...) Id,
#include "ir/Builtins.def"
};

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

} // namespace

Checked FunctionChecker::checkBuiltinCall(const std::string &Path,
                                          const fe::CallExpr &C) {
  std::optional<BuiltinRow> Row = builtinRow(Path);
  if (!Row)
    return Checked::invalid(); // UnsupportedFunction
  // Only cuda.shared.array and cuda.local.array take keywords.
  if (!C.Keywords.empty() && *Row != BuiltinRow::SharedArray &&
      *Row != BuiltinRow::LocalArray)
    return fail(C.Keywords.front().NameRange, DiagKind::UnknownKeyword,
                {displayPath(Path), C.Keywords.front().Name});
  switch (*Row) {
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

Checked FunctionChecker::checkGrid(const fe::CallExpr &C) {
  if (C.Args.size() != 1)
    return Checked::invalid();
  auto N = evaluate(*C.Args[0]);
  if (!N || N->K != ConstantValue::Kind::Int || N->Int < 1 || N->Int > 3)
    return Checked::invalid();
  if (N->Int == 1)
    return Checked::value(Types.intp());
  return Checked::value(Types.uniTuple(Types.intp(), unsigned(N->Int)));
}

Checked FunctionChecker::checkPrint(const fe::CallExpr &C) {
  // Numba-CUDA prints integers, floats and string literals.
  for (const fe::Expr *A : C.Args) {
    Checked V = check(*A);
    if (V.K == Checked::Kind::Constant &&
        V.Const.K == ConstantValue::Kind::String)
      continue;
    auto *ST = V.isValue() ? dynCast<ScalarType>(V.Ty) : nullptr;
    if (!ST || ST->isBoolean() || ST->isComplex())
      return Checked::invalid();
  }
  return Checked::value(Types.none());
}

Checked FunctionChecker::checkLen(const fe::CallExpr &C) {
  if (C.Args.size() != 1)
    return Checked::invalid();
  Checked Arg = checkValue(*C.Args[0]);
  if (!Arg.isValue())
    return Arg;
  if (dynCast<ArrayType>(Arg.Ty))
    return Checked::value(Types.intp());
  if (auto *TT = dynCast<TupleType>(Arg.Ty)) {
    Fold F;
    F.IntBits = TT->size();
    return Checked::constant(Types.intp(), F);
  }
  return Checked::invalid();
}

std::optional<Signature>
FunctionChecker::overloadOf(const std::vector<Signature> &Cases,
                            const fe::CallExpr &C, std::vector<Checked> *Args) {
  std::set<size_t> Arities;
  for (const Signature &Sig : Cases)
    Arities.insert(Sig.Args.size());
  if (!Arities.count(C.Args.size()))
    return std::nullopt; // ArgumentCount
  // The arguments are typed in order, up to the first that fails.
  std::vector<const Type *> ArgTypes;
  for (const fe::Expr *A : C.Args) {
    Checked V = checkValue(*A);
    if (!V.isValue())
      return std::nullopt;
    ArgTypes.push_back(V.Ty);
    if (Args)
      Args->push_back(std::move(V));
  }
  return resolveOverload(Cases, ArgTypes);
}

Checked FunctionChecker::checkOverloaded(const std::vector<Signature> &Cases,
                                         const fe::CallExpr &C) {
  std::optional<Signature> Sig = overloadOf(Cases, C, nullptr);
  return Checked::value(Sig ? Sig->Result : nullptr);
}

Checked FunctionChecker::checkMath(MathCases Cases, bool Rounding,
                                   const fe::CallExpr &C) {
  std::vector<Checked> Args;
  std::optional<Signature> Sig = overloadOf(Ops.mathTable(Cases), C, &Args);
  if (!Sig)
    return Checked::invalid();
  if (!HostCode || !Rounding)
    return Checked::value(Sig->Result);
  // Numba's CPU target (Math_converter): floor, ceil and trunc give an
  // integer back as itself (an int64 or uint64), a float rounded to int64.
  auto *ArgTy = dynCast<ScalarType>(Args[0].Ty);
  if (ArgTy && !ArgTy->isFloat())
    return Checked::value(ArgTy->isSigned() || ArgTy->isBoolean()
                              ? Types.int64()
                              : Types.uint64());
  return Checked::value(Types.int64());
}

Checked FunctionChecker::checkScalarCall(ScalarCases Cases, ScalarCall Result,
                                         bool IsAbs, const fe::CallExpr &C) {
  if (C.Args.size() != 1)
    return Checked::invalid();
  Checked Arg = checkValue(*C.Args[0]);
  if (!Arg.isValue())
    return Arg;
  std::optional<Signature> Sig;
  if (dynCast<ScalarType>(Arg.Ty))
    Sig = (Ops.*Cases)(Arg.Ty);
  if (!Sig)
    return Checked::invalid();
  Checked Converted = convertScalar(Arg, Sig->Args[0]);
  if (auto *Complex = dynCast<ScalarType>(Arg.Ty);
      IsAbs && Complex->isComplex())
    return complexHelperCall("cabs", Complex, {Converted.Ty}, Sig->Result);
  if (!Converted.isValue())
    return Converted;
  switch (Result) {
  case ScalarCall::Intrinsic:
    return Checked::value(Sig->Result);
  case ScalarCall::Cast:
    return convertScalar(Converted, Sig->Result);
  case ScalarCall::Truth: {
    if (dynCast<ScalarType>(Converted.Ty)->isBoolean())
      return Converted;
    // A truth test: not itself a constant, but an `if` sees through it.
    Checked T = Checked::value(Types.boolean());
    if (Converted.Folded)
      T.ConstantTruth = foldedTruth(Converted.Ty, *Converted.Folded);
    return T;
  }
  }
  return Checked::invalid();
}

Checked FunctionChecker::checkAtomic(std::string_view Op, bool FirstElement,
                                     const fe::CallExpr &C) {
  // cas(array, index, old, value); compare_and_swap(array, old, value).
  bool Cas = Op == "Cas";
  if (C.Args.size() != 3 + Cas - FirstElement)
    return Checked::invalid();
  Checked Array = checkValue(*C.Args[0]);
  if (!Array.isValue())
    return Array;
  auto *AT = dynCast<ArrayType>(Array.Ty);
  const char *Allowed = "";
  if (!AT || AT->addressSpace() == AddressSpace::Constant || AT->record() ||
      !atomicDtypeAllowed(atomicDtypesOf(Op), AT->dtype(), Allowed))
    return Checked::invalid();
  size_t Next = 1; // the argument after the index
  if (FirstElement) {
    // compare_and_swap works on the first element of a 1-d array.
    if (AT->ndim() != 1)
      return Checked::invalid();
  } else {
    std::optional<unsigned> Indices =
        checkArrayIndices(AT, *C.Args[1], C.Args[1]->Range, /*AllowView=*/true);
    if (!Indices || *Indices < AT->ndim())
      return Checked::invalid(); // AtomicIndexCount
    Next = 2;
  }
  // The old value, then the new one, each converted to the dtype.
  auto Operand = [&](const fe::Expr &Arg) {
    Checked V = checkValue(Arg);
    return V.isValue() && dynCast<ScalarType>(V.Ty) &&
           converts(V.Ty, AT->dtype());
  };
  if (Cas && !Operand(*C.Args[Next++]))
    return Checked::invalid();
  if (!Operand(*C.Args[Next]))
    return Checked::invalid();
  return Checked::value(AT->dtype());
}

Checked FunctionChecker::checkComplex(const fe::CallExpr &C) {
  if (C.Args.empty() || C.Args.size() > 2)
    return Checked::invalid();
  std::vector<Checked> Args;
  for (const fe::Expr *A : C.Args) {
    Checked V = checkValue(*A);
    if (!V.isValue())
      return V;
    auto *ST = dynCast<ScalarType>(V.Ty);
    if (!ST || ST->isBoolean())
      return Checked::invalid();
    Args.push_back(std::move(V));
  }
  // Numba: complex64 when every argument is a float32, else complex128.
  bool Single = true;
  for (const Checked &A : Args)
    Single &= A.Ty == Types.float32();
  const ScalarType *CT = Single ? Types.complex64() : Types.complex128();
  if (Args.size() == 1)
    return convertScalar(Args[0], CT);
  // With two arguments each is a real part: no complex converts to one.
  for (const Checked &A : Args)
    if (dynCast<ScalarType>(A.Ty)->isComplex())
      return Checked::invalid();
  return Checked::value(CT);
}

Checked FunctionChecker::checkVectorConstructor(const VectorType *VT,
                                                const fe::CallExpr &C) {
  // Each argument a number (converted to the base type) or a vector of the
  // same base type, their elements adding up to the vector's.
  if (!C.Keywords.empty())
    return Checked::invalid();
  size_t Elements = 0;
  for (const fe::Expr *A : C.Args) {
    Checked V = checkValue(*A);
    if (!V.isValue())
      return V;
    if (auto *AV = dynCast<VectorType>(V.Ty); AV && AV->base() == VT->base()) {
      Elements += AV->count();
      continue;
    }
    if (!dynCast<ScalarType>(V.Ty) || !converts(V.Ty, VT->base()))
      return Checked::invalid();
    ++Elements;
  }
  return Checked::value(Elements == VT->count() ? VT : nullptr);
}

Checked FunctionChecker::checkArrayView(const AttributeExpr &A,
                                        const fe::CallExpr &C) {
  // a.view(np.int32): the same bytes as another dtype.
  Checked Base = check(*A.Value);
  if (!Base.isValid())
    return Base;
  auto *AT = Base.isValue() ? dynCast<ArrayType>(Base.Ty) : nullptr;
  if (!AT || !C.Keywords.empty() || C.Args.size() != 1)
    return Checked::invalid();
  Checked D = check(*C.Args[0]);
  if (!D.isValid())
    return D;
  if (D.K != Checked::Kind::Constant ||
      D.Const.K != ConstantValue::Kind::Dtype || !D.Const.Dtype || AT->record())
    return Checked::invalid();
  return Checked::value(
      Types.array(D.Const.Dtype, AT->ndim(), AT->layout(), AT->addressSpace()));
}

Checked FunctionChecker::checkLibdeviceCall(const LibdeviceFunction &Fn,
                                            const fe::CallExpr &C) {
  // One case, as Numba's ConcreteTemplate for it.
  std::vector<const Type *> Params = Fn.params(Types);
  if (C.Args.size() != Params.size())
    return Checked::invalid();
  std::vector<const Type *> ArgTypes;
  for (const fe::Expr *A : C.Args) {
    Checked V = checkValue(*A);
    if (!V.isValue())
      return V;
    ArgTypes.push_back(V.Ty);
  }
  if (!resolveOverload({Signature{Fn.result(Types), Params}}, ArgTypes))
    return Checked::invalid();
  return Checked::value(Fn.callResult(Types));
}

Checked FunctionChecker::checkConstArrayLike(const fe::CallExpr &C) {
  // The frozen module-level array itself.
  if (C.Args.size() != 1)
    return Checked::invalid();
  Checked Arg = checkValue(*C.Args[0]);
  if (!Arg.isValue())
    return Arg;
  return Arg.ConstArray ? Arg : Checked::invalid();
}

Checked FunctionChecker::checkRandom(const std::string &Helper,
                                     const fe::CallExpr &C) {
  if (C.Args.size() != randomHelperArity(Helper))
    return Checked::invalid();
  // The states: an array of xoroshiro128p_dtype records (a name is looked
  // at twice, as lowering does).
  if (!C.Args.empty() && isa<NameExpr>(C.Args[0])) {
    Checked States = check(*C.Args[0]);
    if (!States.isValid())
      return States;
    auto *AT = States.isValue() ? dynCast<ArrayType>(States.Ty) : nullptr;
    if (!AT || !AT->record() ||
        AT->record()->writable() != xoroshiro128pDtype(Types))
      return Checked::invalid();
  }
  return checkDeviceCall(*randomHelper(Callees.programScope(), Helper), C);
}

Checked FunctionChecker::checkMinMax(const fe::CallExpr &C) {
  if (C.Args.size() < 2)
    return Checked::invalid();
  const Type *Ty = nullptr;
  for (const fe::Expr *A : C.Args) {
    Checked V = checkValue(*A);
    if (!V.isValue())
      return V;
    auto *ST = dynCast<ScalarType>(V.Ty);
    if (!ST || ST->isComplex())
      return Checked::invalid();
    Ty = Ty ? unifyTypes(Types, Ty, V.Ty) : V.Ty;
    if (!Ty)
      return Checked::invalid();
  }
  return Checked::value(Ty);
}

Checked FunctionChecker::checkPow(const fe::CallExpr &C) {
  // Numba types pow(x, y) as x ** y.
  if (C.Args.size() != 2)
    return Checked::invalid();
  Checked X = checkValue(*C.Args[0]);
  Checked Y = X.isValue() ? checkValue(*C.Args[1]) : Checked::invalid();
  if (!Y.isValue())
    return Checked::invalid();
  return checkBinary(BinaryOp::Pow, X, Y);
}

Checked FunctionChecker::checkAllocArray(const fe::CallExpr &C,
                                         AddressSpace Space) {
  const fe::Expr *ShapeArg = C.Args.size() > 0 ? C.Args[0] : nullptr;
  const fe::Expr *DtypeArg = C.Args.size() > 1 ? C.Args[1] : nullptr;
  if (C.Args.size() > 2)
    return Checked::invalid();
  for (const Keyword &K : C.Keywords) {
    if (K.Name == "shape" && !ShapeArg)
      ShapeArg = K.Value;
    else if (K.Name == "dtype" && !DtypeArg)
      DtypeArg = K.Value;
    else
      return Checked::invalid();
  }
  if (!ShapeArg || !DtypeArg)
    return Checked::invalid();
  std::vector<int64_t> Shape;
  auto ShapeValue = evaluate(*ShapeArg);
  if (ShapeValue && ShapeValue->K == ConstantValue::Kind::Int) {
    Shape.push_back(ShapeValue->Int);
  } else if (ShapeValue && ShapeValue->K == ConstantValue::Kind::Tuple) {
    for (const ConstantValue &E : ShapeValue->Elements) {
      if (E.K != ConstantValue::Kind::Int) {
        Shape.clear();
        break;
      }
      Shape.push_back(E.Int);
    }
  }
  if (Shape.empty())
    return Checked::invalid(); // NotConstant
  // A 1-dimensional shared array of size 0 (or less) is dynamic.
  bool Dynamic =
      Space == AddressSpace::Shared && Shape.size() == 1 && Shape[0] <= 0;
  int64_t Elements = 1;
  for (int64_t D : Dynamic ? std::vector<int64_t>{} : Shape)
    if (D <= 0 || __builtin_mul_overflow(Elements, D, &Elements))
      return Checked::invalid(); // InvalidShape
  auto DtypeValue = evaluate(*DtypeArg);
  const Type *Dtype = nullptr; // a scalar or a record dtype
  if (DtypeValue && DtypeValue->K == ConstantValue::Kind::Dtype)
    Dtype = DtypeValue->dtypeType();
  else if (DtypeValue && DtypeValue->K == ConstantValue::Kind::String)
    Dtype = Types.scalarByName(DtypeValue->String);
  if (!Dtype)
    return Checked::invalid(); // InvalidDtype
  return Checked::value(
      Types.array(Dtype, unsigned(Shape.size()), ArrayLayout::C, Space));
}

} // namespace pykc::ir

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

Checked FunctionChecker::checkFromBuffer(const fe::CallExpr &C) {
  // The array stands for its data pointer (a foreign function takes it).
  if (!C.Keywords.empty() || C.Args.size() != 1)
    return Checked::invalid();
  Checked V = checkValue(*C.Args[0]);
  if (!V.isValue())
    return V;
  return dynCast<ArrayType>(V.Ty) ? V : Checked::invalid();
}

Checked FunctionChecker::checkForeignCall(const ForeignFunction &Fn,
                                          const fe::CallExpr &C) {
  // Numba's CPU target cannot type a declare_device stub.
  if (HostCode || !C.Keywords.empty() || C.Args.size() != Fn.Params.size())
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
    auto *AT = dynCast<ArrayType>(V.Ty);
    if (P.K == ForeignParam::Kind::Scalar)
      Ok &= dynCast<ScalarType>(V.Ty) && converts(V.Ty, P.Ty);
    else if (P.K == ForeignParam::Kind::VoidPointer)
      Ok &= AT != nullptr;
    else
      Ok &= AT && !AT->record() && AT->dtype() == P.Ty;
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
  std::vector<const fe::Expr *> Given(Fields.size(), nullptr);
  if (C.Args.size() > Fields.size())
    return Checked::invalid();
  for (size_t I = 0; I < C.Args.size(); ++I)
    Given[I] = C.Args[I];
  for (const fe::Keyword &K : C.Keywords) {
    auto It = std::find(Fields.begin(), Fields.end(), K.Name);
    if (It == Fields.end() || Given[size_t(It - Fields.begin())])
      return Checked::invalid(); // UnknownKeyword, RepeatedArgument
    Given[size_t(It - Fields.begin())] = K.Value;
  }
  if (std::find(Given.begin(), Given.end(), nullptr) != Given.end())
    return Checked::invalid();
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
