//===- check/CheckHeapArrays.cpp - np.empty and its kind in host code -----===//
//
// NumPy's allocators as Numba's CPU target types them
// (numba/np/arrayobj.py: ol_np_empty, ol_np_full, ol_np_empty_like, ...):
// a shape of integers or an array to copy the shape of, an optional fill
// value, and a dtype that defaults to float64 (the fill value's type for
// np.full, the array's for the _like forms). The result is a C array (an
// F one for the _like forms of an F array), on the heap of the host. A
// kernel or device function cannot make one.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"

#include "ir/check/SyntaxFacts.h"

#include <algorithm>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

const Type *FunctionChecker::dtypeArgument(const fe::Expr &E) {
  auto Value = evaluate(E);
  if (Value && Value->K == ConstantValue::Kind::Dtype)
    return Value->dtypeType();
  if (Value && Value->K == ConstantValue::Kind::String)
    return Types.scalarByName(Value->String);
  if (auto *A = dyn_cast<AttributeExpr>(&E); A && A->Attr == "dtype") {
    // An array's dtype (Numba types `a.dtype` as the DType of a's
    // elements): a scratch array of the same kind as an argument.
    Checked Of = checkValue(*A->Value);
    if (auto *Arr = dynCast<ArrayType>(Of.Ty))
      return Arr->element();
  }
  return nullptr;
}

Checked FunctionChecker::checkHeapArray(HeapFill Fill, bool Like,
                                        const fe::CallExpr &C) {
  std::string Name = callName();
  if (!HostCode) // a kernel's arrays come in as arguments or are cuda.local
                 // ones
    return unsupportedFunction(C.Func->Range, *CallPath);
  // The parameters, as NumPy names them: (shape | a, [fill_value,] dtype).
  std::vector<std::string> Params = {Like ? "a" : "shape"};
  if (Fill == HeapFill::Full)
    Params.push_back("fill_value");
  Params.push_back("dtype");
  if (C.Args.size() > Params.size())
    return fail(C.Range, DiagKind::ArgumentCount,
                {Name,
                 "at most " + std::to_string(Params.size()) + " arguments",
                 std::to_string(C.Args.size())});
  std::vector<const fe::Expr *> Bound(C.Args.begin(), C.Args.end());
  Bound.resize(Params.size(), nullptr);
  for (const Keyword &K : C.Keywords) {
    std::string Key = Like && K.Name == "prototype" ? "a" : K.Name;
    auto It = std::find(Params.begin(), Params.end(), Key);
    if (It == Params.end() || Bound[size_t(It - Params.begin())])
      return fail(K.NameRange, DiagKind::UnknownKeyword, {Name, K.Name});
    Bound[size_t(It - Params.begin())] = K.Value;
  }
  const fe::Expr *From = Bound[0],
                 *FillArg = Fill == HeapFill::Full ? Bound[1] : nullptr,
                 *DtypeArg = Bound.back();
  if (!From || (Fill == HeapFill::Full && !FillArg))
    return fail(
        C.Range, DiagKind::InvalidArgument,
        {Name, Fill == HeapFill::Full
                   ? "it needs a shape and a fill value"
                   : (Like ? "it needs an array" : "it needs a shape")});
  // The shape's rank, and the dtype the array gets without one.
  unsigned Rank = 0;
  ArrayLayout Layout = ArrayLayout::C;
  const Type *Dtype = Types.float64();
  Checked Shape = checkValue(*From);
  if (!Shape.Ty)
    return Checked::invalid();
  auto IsInteger = [](const Type *Ty) {
    auto *S = dynCast<ScalarType>(Ty);
    return S && S->isInteger();
  };
  if (Like) {
    auto *AT = dynCast<ArrayType>(Shape.Ty);
    if (!AT)
      return fail(From->Range, DiagKind::InvalidArgument,
                  {Name, "its first argument must be an array, not '" +
                             Shape.Ty->str() + "'"});
    Rank = AT->ndim();
    Layout = AT->layout() == ArrayLayout::F ? ArrayLayout::F : ArrayLayout::C;
    Dtype = AT->element();
  } else if (IsInteger(Shape.Ty)) {
    Rank = 1;
  } else if (auto *T = dynCast<TupleType>(Shape.Ty);
             T && !T->elements().empty() &&
             std::all_of(T->elements().begin(), T->elements().end(),
                         IsInteger)) {
    Rank = unsigned(T->elements().size());
  } else {
    std::string Why =
        dynCast<TupleType>(Shape.Ty) &&
                dynCast<TupleType>(Shape.Ty)->elements().empty()
            ? "an array of 0 dimensions is not supported: give it a shape of "
              "(1,)"
            : "its shape must be an integer or a tuple of integers, not '" +
                  Shape.Ty->str() + "'";
    return fail(From->Range, DiagKind::InvalidArgument, {Name, Why});
  }
  const Type *FillTy = nullptr;
  if (FillArg) {
    Checked V = checkValue(*FillArg);
    if (!V.Ty)
      return Checked::invalid();
    if (!dynCast<ScalarType>(V.Ty))
      return fail(
          FillArg->Range, DiagKind::InvalidArgument,
          {Name, "its fill value must be a number, not '" + V.Ty->str() + "'"});
    FillTy = V.Ty;
    if (!Like)
      Dtype = V.Ty;
  }
  if (DtypeArg && !isNoneLiteral(*DtypeArg)) {
    Dtype = dtypeArgument(*DtypeArg);
    if (!Dtype)
      return fail(DtypeArg->Range, DiagKind::InvalidDtype,
                  {std::string(File->text(DtypeArg->Range))});
  }
  if ((Fill == HeapFill::Ones || Fill == HeapFill::Full) &&
      !dynCast<ScalarType>(Dtype))
    return fail(DtypeArg ? DtypeArg->Range : C.Range, DiagKind::InvalidArgument,
                {Name, "an array of '" + Dtype->str() +
                           "' cannot be filled with a number"});
  if (FillTy && !converts(FillTy, Dtype))
    return fail(FillArg->Range, DiagKind::InvalidArgument,
                {Name, "its fill value '" + FillTy->str() +
                           "' does not convert to '" + Dtype->str() + "'"});
  if (walking()) {
    AllocationFact &Fact = Allocations[&C];
    Fact.Dtype = Dtype;
    Fact.Rank = Rank;
    Fact.Layout = Layout;
  }
  return Checked::value(Types.array(Dtype, Rank, Layout, AddressSpace::Global));
}

} // namespace pykc::ir
