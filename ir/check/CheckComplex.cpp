//===- check/CheckComplex.cpp - Calls of pykc's own helper functions
//-------===//
//
// Complex `/` and `**`, abs of a complex number, the cmath functions and
// round(x, ndigits) call device functions pykc writes (ComplexHelpers.cpp,
// RoundNdigits.cpp), typed as any device function is, their result
// converted to what Numba's signature says.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"
#include "ir/check/HintText.h"
#include "ir/check/SyntaxFacts.h"

#include "ir/ComplexHelpers.h"
#include "ir/RoundNdigits.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

Checked FunctionChecker::callHelper(FunctionInfo &Helper,
                                    const std::vector<const Type *> &Args,
                                    const Type *Result) {
  std::vector<Checked> Values;
  for (const Type *T : Args)
    Values.push_back(Checked::value(T));
  const Type *Returned = Callees.returnTypeOf(Helper, Values, HostCode);
  if (!Returned)
    return Checked::invalid();
  // The final walk accepts the instance, which the builder then builds
  // (pykc's helpers type for every argument they are given).
  if (walking() &&
      !Callees.checkCall(Helper, Values, File, frontend::SourceRange(), HostCode, *Walk.Diags))
    return Checked::invalid();
  // As Numba casts its own implementations' results to the signature's
  // (numbers and tuples of them: pykc's helpers never give None).
  return Checked::value(converts(Returned, Result) ? Result : nullptr);
}

Checked FunctionChecker::complexHelperCall(
    const std::string &Operation, const ScalarType *Complex,
    const std::vector<const Type *> &Args, const Type *Result) {
  return callHelper(
      complexHelper(Callees.programScope(), Types, Operation, Complex), Args,
      Result);
}

Checked FunctionChecker::complexArith(ArithOp Op, const ScalarType *Complex) {
  return complexHelperCall(Op == ArithOp::TrueDiv ? "cdiv" : "cpow", Complex,
                           {Complex, Complex}, Complex);
}

Checked FunctionChecker::checkCmath(CmathCases Cases,
                                    const std::string &Operation,
                                    const fe::CallExpr &C) {
  std::vector<const Type *> ArgTypes;
  for (const fe::Expr *A : C.Args) {
    Checked V = checkValue(*A);
    if (!V.isValue())
      return V;
    ArgTypes.push_back(V.Ty);
  }
  std::optional<Signature> Sig =
      resolveOverload(Ops.cmathTable(Cases), ArgTypes);
  if (!Sig)
    return fail(C.Range, DiagKind::NoMatchingSignature, {callName(), typeList(ArgTypes)});
  chose(&C, *Sig);
  // The helper for the signature's complex type: its argument's, or (for
  // rect) its result's.
  const ScalarType *Complex = asComplex(Sig->Args[0]);
  if (!Complex)
    Complex = asComplex(Sig->Result);
  std::string Op =
      Operation == "clog" && C.Args.size() == 2 ? "clogbase" : Operation;
  return complexHelperCall(Op, Complex, Sig->Args, Sig->Result);
}

Checked FunctionChecker::checkRoundDigits(const fe::CallExpr &C) {
  // round(x, ndigits): Numba's algorithm, a device function pykc writes.
  Checked X = checkValue(*C.Args[0]);
  Checked N = X.isValue() ? checkValue(*C.Args[1]) : Checked::invalid();
  if (!N.isValue())
    return Checked::invalid();
  auto Sig = resolveOverload(Ops.Round, {X.Ty, N.Ty});
  auto *D = Sig ? dynCast<ScalarType>(Sig->Result) : nullptr;
  if (!D || !D->isFloat())
    return fail(C.Range, DiagKind::InvalidArgument,
                {callName(), "no signature accepts (" + X.Ty->str() + ", " + N.Ty->str() + ")"});
  chose(&C, *Sig);
  return callHelper(roundNdigitsHelper(Callees.programScope(), D),
                    {D, Types.int64()}, D);
}

} // namespace pykc::ir
