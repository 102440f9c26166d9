//===- build/BuildComplex.cpp - Complex numbers in kernels ----------------===//
//
// complex64 and complex128, typed as Numba types them. The backends see a
// complex as a scalar that is built from its parts (TupleMakeExpr), read
// part by part (TupleGetExpr), converted, added, subtracted, multiplied,
// negated and compared for equality; division, power, abs() and the cmath
// functions become calls of the device functions of ir/ComplexHelpers.cpp.
//
//===----------------------------------------------------------------------===//
#include "ir/ComplexHelpers.h"
#include "ir/build/FunctionBuilder.h"

namespace pykc::ir {

using frontend::DiagKind;
using frontend::SourceRange;
namespace fe = frontend;

Expr *FunctionBuilder::constantComplex(double Re, double Im, const Type *Ty,
                                       SourceRange Range) {
  auto *C = make<ir::ConstantExpr>(Range, Ty);
  C->FloatValue = Re;
  C->ImagValue = Im;
  return C;
}

Expr *FunctionBuilder::complexPart(Expr *Z, unsigned Part, SourceRange Range) {
  auto *Get = make<TupleGetExpr>(Range, S.Types.complexPart(asComplex(Z->Ty)));
  Get->Tuple = Z;
  Get->Index = Part;
  return Get;
}

Expr *FunctionBuilder::makeComplex(Expr *Re, Expr *Im, const ScalarType *Ty,
                                   SourceRange Range) {
  const ScalarType *Part = S.Types.complexPart(Ty);
  auto *Make = make<TupleMakeExpr>(Range, Ty);
  Make->Elements = {convert(Re, Part), convert(Im, Part)};
  return Make;
}

Value FunctionBuilder::lowerNumberAttribute(Expr *Base, const std::string &Attr,
                                            SourceRange Range) {
  // Numba's NumberAttribute: .real and .imag of any number, a real one's
  // imaginary part being a zero of its own type.
  auto *ST = dynCast<ScalarType>(Base->Ty);
  if (!ST || ST->isBoolean() || (Attr != "real" && Attr != "imag"))
    return Value::invalid();
  if (ST->isComplex())
    return Value::expr(complexPart(Base, Attr == "imag", Range));
  if (Attr == "real")
    return Value::expr(Base);
  return Value::expr(ST->isFloat() ? constantFloat(0, ST, Range)
                                   : constantInt(0, ST, Range));
}

Expr *FunctionBuilder::lowerConjugate(Expr *Base, const fe::CallExpr &C) {
  expectArgs(C, 0);
  const ScalarType *CT = asComplex(Base->Ty);
  if (!CT)
    return Base; // a real number is its own conjugate
  Expr *Z = materialize(Base);
  auto *Neg = make<ir::UnaryExpr>(C.Range, S.Types.complexPart(CT));
  Neg->Op = UnaryArithOp::Neg;
  Neg->Operand = complexPart(Z, 1, C.Range);
  return makeComplex(complexPart(Z, 0, C.Range), Neg, CT, C.Range);
}

Expr *FunctionBuilder::typeComplex(const fe::CallExpr &C) {
  if (C.Args.empty() || C.Args.size() > 2)
    error(C.Range, DiagKind::ArgumentCount);
  ExprList Args;
  for (const fe::Expr *A : C.Args) {
    Expr *V = lowerValue(*A);
    if (!V)
      return nullptr;
    auto *ST = dynCast<ScalarType>(V->Ty);
    if (!ST || ST->isBoolean())
      error(A->Range, DiagKind::InvalidArgument);
    Args.push_back(V);
  }
  // Numba: complex64 when every argument is a float32, else complex128.
  bool Single = true;
  for (Expr *A : Args)
    Single &= A->Ty == S.Types.float32();
  const ScalarType *CT = Single ? S.Types.complex64() : S.Types.complex128();
  if (Args.size() == 1)
    return convert(Args[0], CT);
  // Numba converts each part to the float type; it has no conversion of a
  // complex part to a float.
  for (size_t I = 0; I < 2; ++I)
    if (asComplex(Args[I]->Ty))
      error(C.Args[I]->Range, DiagKind::InvalidArgument);
  return makeComplex(Args[0], Args[1], CT, C.Range);
}

Expr *FunctionBuilder::callComplexHelper(const std::string &Operation,
                                         const ScalarType *Complex,
                                         const ExprList &Values,
                                         const Type *Result,
                                         SourceRange Range) {
  std::vector<InstanceArg> Args;
  for (Expr *V : Values)
    Args.push_back(InstanceArg{V->Ty, {}});
  Expr *Call = callDevice(complexHelper(S.Scope, S.Types, Operation, Complex),
                          Args, Values, Range);
  // As Numba casts its own implementations' results to the signature's.
  return Call ? convert(Call, Result) : nullptr;
}

Expr *FunctionBuilder::complexArith(ArithOp Op, Expr *L, Expr *R,
                                    const ScalarType *Complex,
                                    SourceRange Range) {
  const char *Operation = Op == ArithOp::TrueDiv ? "cdiv" : "cpow";
  return callComplexHelper(Operation, Complex,
                           {convert(L, Complex), convert(R, Complex)}, Complex,
                           Range);
}

Expr *FunctionBuilder::typeCmath(const std::string &Operation, const fe::CallExpr &C) {
  ExprList Args;
  if (!lowerArguments(C, Args))
    return nullptr;
  const Signature *Sig = &signatureOf(&C, C.Range);
  for (size_t I = 0; I < Args.size(); ++I)
    Args[I] = convert(Args[I], Sig->Args[I]);
  // The helper is the one for the signature's complex type: its argument's,
  // or (for rect) its result's.
  const ScalarType *Complex = asComplex(Sig->Args[0]);
  if (!Complex)
    Complex = asComplex(Sig->Result);
  std::string Op =
      Operation == "clog" && Args.size() == 2 ? "clogbase" : Operation;
  return callComplexHelper(Op, Complex, Args, Sig->Result, C.Range);
}

} // namespace pykc::ir
