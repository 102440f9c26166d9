//===- check/CheckBuiltins.cpp - The typing rules of ir/Builtins.def ------===//
//
// The types ir/build/BuildBuiltins.cpp's rules give, one function a rule:
// cuda.grid, print, len, Numba's case tables (math and the scalar
// builtins), atomics, vector constructors, .view, libdevice, constant
// arrays, random numbers, min and max, pow, complex, and shared and local
// arrays. Their messages name the builtin as users spell it (callName).
//
//===----------------------------------------------------------------------===//
#include "ir/AtomicDtypes.h"
#include "ir/Libdevice.h"
#include "ir/RandomHelpers.h"
#include "ir/check/FunctionChecker.h"
#include "ir/check/HintText.h"
#include "ir/check/SyntaxFacts.h"

#include <set>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

bool FunctionChecker::expectArgs(const fe::CallExpr &C, size_t N, std::string_view Name) {
  if (C.Args.size() == N)
    return true;
  fail(C.Range, DiagKind::ArgumentCount,
       {Name.empty() ? callName() : std::string(Name), plural(N, "argument"),
        std::to_string(C.Args.size())});
  return false;
}

Checked FunctionChecker::checkGrid(const fe::CallExpr &C) {
  if (!expectArgs(C, 1))
    return Checked::invalid();
  auto N = evaluate(*C.Args[0]);
  if (!N || N->K != ConstantValue::Kind::Int || N->Int < 1 || N->Int > 3)
    return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                {callName(), "the number of dimensions must be the constant 1, 2 or 3"});
  if (N->Int == 1)
    return Checked::value(Types.intp());
  return Checked::value(Types.uniTuple(Types.intp(), unsigned(N->Int)));
}

Checked FunctionChecker::checkPrint(const fe::CallExpr &C) {
  // Numba-CUDA prints integers, floats and string literals.
  for (const fe::Expr *A : C.Args) {
    Checked V = check(*A);
    if (V.K == Checked::Kind::Constant && V.Const.K == ConstantValue::Kind::String)
      continue;
    auto *ST = V.isValue() ? dynCast<ScalarType>(V.Ty) : nullptr;
    if (!ST || ST->isBoolean() || ST->isComplex()) {
      if (V.isValid())
        fail(A->Range, DiagKind::InvalidArgument,
             {callName(), "Numba-CUDA prints integers, floats and string literals, not '" +
                              describe(V) + "'"});
      return Checked::invalid();
    }
  }
  return Checked::value(Types.none());
}

Checked FunctionChecker::checkLen(const fe::CallExpr &C) {
  if (!expectArgs(C, 1))
    return Checked::invalid();
  // len(range(...)): the range's integer type, as Numba's (the one call of
  // range() outside a loop header that is not a range object).
  if (auto *R = dyn_cast<fe::CallExpr>(C.Args[0]);
      R && Scope.resolvePath(*R->Func) == "builtins.range" && R->Keywords.empty() &&
      !R->Args.empty() && R->Args.size() <= 3) {
    std::optional<Signature> Sig = checkRangeArguments(*R);
    return Sig ? Checked::value(Sig->Result) : Checked::invalid();
  }
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
  return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
              {callName(), "'" + Arg.Ty->str() + "' has no length"});
}

std::optional<Signature> FunctionChecker::overloadOf(const std::vector<Signature> &Cases,
                                                     const fe::CallExpr &C,
                                                     std::vector<Checked> *Args) {
  std::set<size_t> Arities;
  for (const Signature &Sig : Cases)
    Arities.insert(Sig.Args.size());
  if (!Arities.count(C.Args.size())) {
    std::string Expected;
    for (size_t A : Arities)
      Expected += (Expected.empty() ? "" : " or ") + std::to_string(A);
    fail(C.Range, DiagKind::ArgumentCount,
         {callName(), Expected + (Expected == "1" ? " argument" : " arguments"),
          std::to_string(C.Args.size())});
    return std::nullopt;
  }
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
  std::optional<Signature> Sig = resolveOverload(Cases, ArgTypes);
  if (!Sig)
    fail(C.Range, DiagKind::InvalidArgument,
         {callName(), "no signature accepts (" + typeList(ArgTypes) + ")"});
  else
    chose(&C, *Sig);
  return Sig;
}

Checked FunctionChecker::checkOverloaded(const std::vector<Signature> &Cases,
                                         const fe::CallExpr &C) {
  std::optional<Signature> Sig = overloadOf(Cases, C, nullptr);
  return Checked::value(Sig ? Sig->Result : nullptr);
}

Checked FunctionChecker::checkMath(MathCases Cases, bool Rounding, const fe::CallExpr &C) {
  std::vector<Checked> Args;
  std::optional<Signature> Sig = overloadOf(Ops.mathTable(Cases), C, &Args);
  if (!Sig)
    return Checked::invalid();
  if (!HostCode || !Rounding)
    return Checked::value(Sig->Result);
  // Numba's CPU target (Math_converter): floor, ceil and trunc give an
  // integer back as itself (an int64 or uint64), a float rounded to int64.
  auto *ArgTy = dynCast<ScalarType>(Args[0].Ty);
  if (ArgTy && !ArgTy->isFloat()) // the argument converted, at the argument
    return convertScalar(Args[0], ArgTy->isSigned() || ArgTy->isBoolean() ? Types.int64()
                                                                          : Types.uint64());
  return Checked::value(Types.int64());
}

Checked FunctionChecker::checkScalarCall(ScalarCases Cases, ScalarCall Result, bool IsAbs,
                                         const fe::CallExpr &C) {
  if (!expectArgs(C, 1))
    return Checked::invalid();
  Checked Arg = checkValue(*C.Args[0]);
  if (!Arg.isValue())
    return Arg;
  std::optional<Signature> Sig;
  if (dynCast<ScalarType>(Arg.Ty))
    Sig = (Ops.*Cases)(Arg.Ty);
  if (!Sig)
    return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                {callName(), "unsupported argument type '" + Arg.Ty->str() + "'"});
  chose(&C, *Sig);
  Checked Converted = convertScalar(Arg, Sig->Args[0]);
  if (auto *Complex = dynCast<ScalarType>(Arg.Ty); IsAbs && Complex->isComplex())
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
  if (!expectArgs(C, 3 + Cas - FirstElement))
    return Checked::invalid();
  Checked Array = checkValue(*C.Args[0]);
  if (!Array.isValue())
    return Array;
  auto *AT = dynCast<ArrayType>(Array.Ty);
  if (!AT)
    return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                {callName(), "the first argument must be an array, not '" + Array.Ty->str() + "'"});
  if (AT->addressSpace() == AddressSpace::Constant)
    return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                {callName(), "a module-level NumPy array is a read-only constant in a kernel"});
  // Numba's cudadecl.py: the dtypes each operation takes.
  const char *Allowed = "";
  if (AT->record() || !atomicDtypeAllowed(atomicDtypesOf(Op), AT->dtype(), Allowed)) {
    if (AT->record()) // for the list of dtypes
      atomicDtypeAllowed(atomicDtypesOf(Op), Types.int32(), Allowed);
    return fail(C.Args[0]->Range, DiagKind::AtomicDtype,
                {callName(), AT->element()->str(), Allowed});
  }
  size_t Next = 1; // the argument after the index
  unsigned Indices = 1;
  if (FirstElement) {
    // compare_and_swap works on the first element of a 1-d array.
    if (AT->ndim() != 1)
      return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                  {callName(), "the array must be 1-dimensional, not " +
                                   std::to_string(AT->ndim()) + "-d"});
  } else {
    std::optional<unsigned> Count =
        checkArrayIndices(AT, *C.Args[1], C.Args[1]->Range, /*AllowView=*/true);
    if (!Count)
      return Checked::invalid();
    Indices = *Count;
    Next = 2;
  }
  if (Indices < AT->ndim())
    return fail(C.Args[1]->Range, DiagKind::AtomicIndexCount,
                {callName(),
                 AT->ndim() == 1 ? "1 index" : std::to_string(AT->ndim()) + " indices",
                 std::to_string(AT->ndim()), std::to_string(Indices)});
  // The old value, then the new one, each converted to the dtype.
  auto Operand = [&](const fe::Expr &Arg) {
    Checked V = checkValue(Arg);
    if (!V.isValue())
      return false;
    if (dynCast<ScalarType>(V.Ty) && converts(V.Ty, AT->dtype()))
      return true;
    fail(Arg.Range, DiagKind::InvalidArgument,
         {callName(), "cannot convert '" + V.Ty->str() + "' to the array's dtype '" +
                          AT->dtype()->str() + "'"});
    return false;
  };
  if (Cas && !Operand(*C.Args[Next++]))
    return Checked::invalid();
  if (!Operand(*C.Args[Next]))
    return Checked::invalid();
  return Checked::value(AT->dtype());
}

Checked FunctionChecker::checkComplex(const fe::CallExpr &C) {
  if (C.Args.empty() || C.Args.size() > 2)
    return fail(C.Range, DiagKind::ArgumentCount,
                {callName(), "1 or 2 arguments", std::to_string(C.Args.size())});
  std::vector<Checked> Args;
  for (const fe::Expr *A : C.Args) {
    Checked V = checkValue(*A);
    if (!V.isValue())
      return V;
    auto *ST = dynCast<ScalarType>(V.Ty);
    if (!ST || ST->isBoolean())
      return fail(A->Range, DiagKind::InvalidArgument,
                  {callName(), "expected a number, not '" + V.Ty->str() + "'"});
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
  for (size_t I = 0; I < 2; ++I)
    if (dynCast<ScalarType>(Args[I].Ty)->isComplex())
      return fail(C.Args[I]->Range, DiagKind::InvalidArgument,
                  {callName(), "with two arguments, each must be a real number, not '" +
                                   Args[I].Ty->str() + "'"});
  return Checked::value(CT);
}

Checked FunctionChecker::checkVectorConstructor(const VectorType *VT, const fe::CallExpr &C) {
  // Each argument a number (converted to the base type) or a vector of the
  // same base type, their elements adding up to the vector's.
  if (!C.Keywords.empty())
    return fail(C.Keywords.front().NameRange, DiagKind::UnknownKeyword,
                {callName(), C.Keywords.front().Name});
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
      return fail(A->Range, DiagKind::InvalidArgument,
                  {callName(), "an argument must be a number or a " + VT->base()->str() +
                             " vector, not '" + V.Ty->str() + "'"});
    ++Elements;
  }
  if (Elements != VT->count())
    return fail(C.Range, DiagKind::InvalidArgument,
                {callName(), "the arguments give " + std::to_string(Elements) + " elements for " +
                           std::to_string(VT->count())});
  return Checked::value(VT);
}

Checked FunctionChecker::checkArrayView(const AttributeExpr &A, const fe::CallExpr &C) {
  // a.view(np.int32): the same bytes as another dtype.
  Checked Base = check(*A.Value);
  if (!Base.isValid())
    return Base;
  auto *AT = Base.isValue() ? dynCast<ArrayType>(Base.Ty) : nullptr;
  if (!AT)
    return unknownAttribute(A, Base);
  if (!C.Keywords.empty())
    return fail(C.Keywords.front().NameRange, DiagKind::UnknownKeyword,
                {"view", C.Keywords.front().Name});
  if (!expectArgs(C, 1, "view"))
    return Checked::invalid();
  Checked D = check(*C.Args[0]);
  if (!D.isValid())
    return D;
  if (D.K != Checked::Kind::Constant || D.Const.K != ConstantValue::Kind::Dtype ||
      !D.Const.Dtype || AT->record())
    return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                {"view", AT->record() ? "an array of records cannot be viewed as another dtype"
                                      : "expected a dtype such as np.int32"});
  return Checked::value(Types.array(D.Const.Dtype, AT->ndim(), AT->layout(), AT->addressSpace()));
}

Checked FunctionChecker::checkSum(const fe::CallExpr &C) {
  // Numba's ol_sum: `acc = start; for x in iterable: acc = acc + x`, acc
  // one variable (its type what its assignments unify to).
  if (C.Args.empty() || C.Args.size() > 2)
    return fail(C.Range, DiagKind::ArgumentCount,
                {callName(), "1 or 2 arguments", std::to_string(C.Args.size())});
  Checked It = checkValue(*C.Args[0]);
  if (!It.isValue())
    return It;
  std::vector<const Type *> Elements;
  if (auto *TT = dynCast<TupleType>(It.Ty))
    Elements = TT->elements();
  else if (auto *AT = dynCast<ArrayType>(It.Ty); AT && AT->ndim() == 1 && !AT->record())
    Elements = {AT->dtype()};
  else
    return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                {callName(), "it sums a tuple or a 1-d array of numbers, not '" + It.Ty->str() + "'"});
  const Type *Acc = Types.int64();
  if (C.Args.size() == 2) {
    Checked Start = checkValue(*C.Args[1]);
    if (!Start.isValue())
      return Start;
    Acc = Start.Ty;
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Type *E : Elements) {
      std::optional<Signature> Add;
      if (dynCast<ScalarType>(Acc) && dynCast<ScalarType>(E))
        Add = Ops.binary(ArithOp::Add, Acc, E);
      const Type *Next = Add ? unifyTypes(Types, Acc, Add->Result) : nullptr;
      if (!Next)
        return fail(C.Range, DiagKind::InvalidArgument,
                    {callName(), "cannot add '" + E->str() + "' to '" + Acc->str() + "'"});
      Changed |= Next != Acc;
      Acc = Next;
    }
  }
  chose(&C, Signature{Acc, {}});
  return Checked::value(Acc);
}

Checked FunctionChecker::checkNumpyTranspose(const fe::CallExpr &C) {
  if (C.Args.empty() || C.Args.size() > 2)
    return fail(C.Range, DiagKind::ArgumentCount,
                {callName(), "1 or 2 arguments", std::to_string(C.Args.size())});
  Checked A = checkValue(*C.Args[0]);
  if (!A.isValue())
    return A;
  auto *AT = dynCast<ArrayType>(A.Ty);
  if (!AT)
    return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                {callName(), "expected an array, not '" + A.Ty->str() + "'"});
  return checkTranspose(AT, C, 1);
}

Checked FunctionChecker::checkTranspose(const ArrayType *AT, const fe::CallExpr &C,
                                        size_t First) {
  // Numba's resolve_transpose: no axes (or None) is a.T; otherwise a
  // tuple of them or one argument each. pykc takes them as constants.
  std::string Name = First ? callName() : "transpose()";
  if (!C.Keywords.empty())
    return fail(C.Keywords.front().NameRange, DiagKind::UnknownKeyword,
                {Name, C.Keywords.front().Name});
  std::vector<const fe::Expr *> Args(C.Args.begin() + First, C.Args.end());
  bool NoAxes = Args.empty() || (Args.size() == 1 && isNoneLiteral(*Args[0]));
  // Each axis an integer constant, or one tuple of them.
  for (const fe::Expr *A : NoAxes ? std::vector<const fe::Expr *>{} : Args) {
    Checked V = checkValue(*A);
    if (!V.isValue())
      return V;
    auto *TT = dynCast<TupleType>(V.Ty);
    for (const Type *T : TT ? TT->elements() : std::vector<const Type *>{V.Ty})
      if (auto *ST = dynCast<ScalarType>(T); !ST || !ST->isInteger())
        return fail(A->Range, DiagKind::InvalidArgument,
                    {Name, "an axis must be an integer, not '" + T->str() + "'"});
    std::optional<ConstantValue> K = evaluate(*A);
    if (!K || (K->K != ConstantValue::Kind::Int && K->K != ConstantValue::Kind::Tuple))
      return fail(A->Range, DiagKind::NotConstant, {"the axes of " + Name});
    if (K->K == ConstantValue::Kind::Tuple && Args.size() > 1)
      return fail(A->Range, DiagKind::InvalidArgument,
                  {Name, "an axis must be an integer, not '" + V.Ty->str() + "'"});
  }
  Transposition T = transposition(AT, Args);
  if (!T.Why.empty())
    return fail(C.Range, DiagKind::InvalidArgument, {Name, T.Why});
  return Checked::value(T.Ty);
}

Checked FunctionChecker::checkLibdeviceCall(const LibdeviceFunction &Fn, const fe::CallExpr &C) {
  // One case, as Numba's ConcreteTemplate for it.
  std::vector<const Type *> Params = Fn.params(Types);
  if (!expectArgs(C, Params.size()))
    return Checked::invalid();
  std::vector<const Type *> ArgTypes;
  for (const fe::Expr *A : C.Args) {
    Checked V = checkValue(*A);
    if (!V.isValue())
      return V;
    ArgTypes.push_back(V.Ty);
  }
  if (!resolveOverload({Signature{Fn.result(Types), Params}}, ArgTypes))
    return fail(C.Range, DiagKind::InvalidArgument,
                {callName(), "it takes (" + typeList(Params) + "), not (" + typeList(ArgTypes) + ")"});
  return Checked::value(Fn.callResult(Types));
}

Checked FunctionChecker::checkConstArrayLike(const fe::CallExpr &C) {
  // The frozen module-level array itself.
  if (!expectArgs(C, 1))
    return Checked::invalid();
  Checked Arg = checkValue(*C.Args[0]);
  if (!Arg.isValue())
    return Arg;
  if (!Arg.ConstArray)
    return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                {callName(), "the argument must be a module-level NumPy array, not '" +
                                 Arg.Ty->str() + "'"});
  return Arg;
}

Checked FunctionChecker::checkRandom(const std::string &Helper, const fe::CallExpr &C) {
  if (!expectArgs(C, randomHelperArity(Helper)))
    return Checked::invalid();
  // The states: an array of xoroshiro128p_dtype records (a name is looked
  // at twice, as lowering does).
  if (!C.Args.empty() && isa<NameExpr>(C.Args[0])) {
    Checked States = check(*C.Args[0]);
    if (!States.isValid())
      return States;
    auto *AT = States.isValue() ? dynCast<ArrayType>(States.Ty) : nullptr;
    const RecordType *Want = xoroshiro128pDtype(Types);
    if (!AT || !AT->record() || AT->record()->writable() != Want)
      return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                  {callName(), "the states must be an array of xoroshiro128p_dtype records (" +
                                   Want->str() + "), not '" + describe(States) + "'"});
  }
  return checkDeviceCall(*randomHelper(Callees.programScope(), Helper), C);
}

Checked FunctionChecker::checkMinMax(const fe::CallExpr &C) {
  // Two or more numbers, or one tuple of them (Numba's max_iterable).
  std::vector<std::pair<Checked, const fe::Expr *>> Items;
  if (C.Args.size() == 1) {
    Checked T = checkValue(*C.Args[0]);
    if (!T.isValue())
      return T;
    auto *TT = dynCast<TupleType>(T.Ty);
    if (!TT)
      return fail(C.Range, DiagKind::InvalidArgument,
                  {callName(), "it takes two or more numbers, or a tuple of them"});
    if (!TT->size())
      return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                  {callName(), "the tuple is empty"});
    for (unsigned K = 0; K < TT->size(); ++K)
      Items.push_back({tupleElement(T, K), C.Args[0]});
  } else if (C.Args.empty()) {
    return fail(C.Range, DiagKind::InvalidArgument,
                {callName(), "it takes two or more numbers, or a tuple of them"});
  }
  for (const fe::Expr *A : C.Args.size() > 1 ? C.Args : fe::ExprList{}) {
    Checked V = checkValue(*A);
    if (!V.isValue())
      return V;
    Items.push_back({V, A});
  }
  const Type *Ty = nullptr;
  for (auto &[V, A] : Items) {
    auto *ST = dynCast<ScalarType>(V.Ty);
    if (!ST)
      return fail(A->Range, DiagKind::InvalidArgument,
                  {callName(), "'" + V.Ty->str() + "' is not a number"});
    if (ST->isComplex())
      return fail(A->Range, DiagKind::InvalidArgument,
                  {callName(), "complex numbers have no order ('" + V.Ty->str() + "')"});
    const Type *Unified = Ty ? unifyTypes(Types, Ty, V.Ty) : V.Ty;
    if (!Unified)
      return fail(A->Range, DiagKind::InvalidArgument,
                  {callName(), "'" + Ty->str() + "' and '" + V.Ty->str() + "' have no common type"});
    Ty = Unified;
  }
  chose(&C, Signature{Ty, {}});
  return Checked::value(Ty);
}

Checked FunctionChecker::checkPow(const fe::CallExpr &C) {
  // Numba types pow(x, y) as x ** y.
  if (!expectArgs(C, 2))
    return Checked::invalid();
  Checked X = checkValue(*C.Args[0]);
  Checked Y = X.isValue() ? checkValue(*C.Args[1]) : Checked::invalid();
  if (!Y.isValue())
    return Checked::invalid();
  return checkBinary(BinaryOp::Pow, X, Y, C.Range, &C);
}

Checked FunctionChecker::checkSelp(const fe::CallExpr &C) {
  // Numba's Cuda_selp: PTX's selp on a bool test and two values of one of
  // the types selp has (no implicit conversion: selp(c, x, 0) of a float32
  // x does not type).
  if (!expectArgs(C, 3))
    return Checked::invalid();
  Checked Test = checkValue(*C.Args[0]);
  Checked A = Test.isValue() ? checkValue(*C.Args[1]) : Checked::invalid();
  Checked B = A.isValue() ? checkValue(*C.Args[2]) : Checked::invalid();
  if (!B.isValue())
    return Checked::invalid();
  auto *TestTy = dynCast<ScalarType>(Test.Ty);
  if (!TestTy || !TestTy->isBoolean())
    return fail(C.Args[0]->Range, DiagKind::InvalidArgument,
                {callName(), "the test must be a bool (a comparison), not '" + Test.Ty->str() + "'"});
  auto *T = dynCast<ScalarType>(A.Ty);
  bool Selectable = T && (T->isFloat() ? T->bitWidth() >= 32 : T->isInteger() && T->bitWidth() >= 16);
  if (!Selectable)
    return fail(C.Args[1]->Range, DiagKind::InvalidArgument,
                {callName(), "selp selects a float32, float64 or 16- to 64-bit integer, not '" +
                                 A.Ty->str() + "'"});
  if (B.Ty != A.Ty)
    return fail(C.Args[2]->Range, DiagKind::InvalidArgument,
                {callName(), "both values must have one type, and '" + B.Ty->str() +
                                 "' is not '" + A.Ty->str() + "' (convert one: " +
                                 A.Ty->str() + "(...))"});
  chose(&C, Signature{A.Ty, {Test.Ty, A.Ty, B.Ty}});
  return Checked::value(A.Ty);
}

Checked FunctionChecker::checkAllocArray(const fe::CallExpr &C, AddressSpace Space) {
  std::string Name = Space == AddressSpace::Shared ? "cuda.shared.array" : "cuda.local.array";
  const fe::Expr *ShapeArg = C.Args.size() > 0 ? C.Args[0] : nullptr;
  const fe::Expr *DtypeArg = C.Args.size() > 1 ? C.Args[1] : nullptr;
  if (C.Args.size() > 2)
    return fail(C.Range, DiagKind::ArgumentCount,
                {Name, "2 arguments", std::to_string(C.Args.size())});
  for (const Keyword &K : C.Keywords) {
    if (K.Name == "shape" && !ShapeArg)
      ShapeArg = K.Value;
    else if (K.Name == "dtype" && !DtypeArg)
      DtypeArg = K.Value;
    else
      return fail(K.NameRange, DiagKind::UnknownKeyword, {Name, K.Name});
  }
  if (!ShapeArg || !DtypeArg)
    return fail(C.Range, DiagKind::InvalidArgument, {Name, "it needs a shape and a dtype"});
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
    return fail(ShapeArg->Range, DiagKind::NotConstant,
                {"the shape of " + Name + " (an integer or a tuple of integers)"});
  // A 1-dimensional shared array of size 0 (or less) is dynamic.
  bool Dynamic = Space == AddressSpace::Shared && Shape.size() == 1 && Shape[0] <= 0;
  int64_t Elements = 1;
  for (int64_t D : Dynamic ? std::vector<int64_t>{} : Shape) {
    if (D <= 0)
      return fail(ShapeArg->Range, DiagKind::InvalidShape,
                  {"every dimension must be positive, not " + ShapeValue->str()});
    if (__builtin_mul_overflow(Elements, D, &Elements))
      return fail(ShapeArg->Range, DiagKind::InvalidShape,
                  {ShapeValue->str() + " has more elements than int64 can count"});
  }
  const Type *Dtype = dtypeArgument(*DtypeArg); // a scalar or a record dtype
  if (!Dtype)
    return fail(DtypeArg->Range, DiagKind::InvalidDtype,
                {std::string(File->text(DtypeArg->Range))});
  if (walking())
    Allocations[&C] = AllocationFact{Dynamic ? std::vector<int64_t>{0} : Shape,
                                     Dynamic, Dtype, unsigned(Shape.size())};
  return Checked::value(Types.array(Dtype, unsigned(Shape.size()), ArrayLayout::C, Space));
}

} // namespace pykc::ir
