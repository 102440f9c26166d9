//===- BodyWriter.h - Writing small functions of primitive IR ---*- C++ -*-===//
///
/// \file
/// What the functions pykc writes in the typed IR itself (Python's
/// operators, OperatorFunctions.h; index wrap-around and slice bounds,
/// IndexFunctions.h) are built with: parameters, temporaries assigned once,
/// and primitive expressions over them, without branches where a select
/// will do.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/IR.h"

#include <string>
#include <vector>

namespace pykc::ir {

/// The unsigned integer type of \p T's width.
inline const ScalarType *unsignedOf(const TypeContext &Types, const ScalarType *T) {
  switch (T->bitWidth()) {
  case 8:
    return Types.scalar(ScalarKind::UInt8);
  case 16:
    return Types.scalar(ScalarKind::UInt16);
  case 32:
    return Types.scalar(ScalarKind::UInt32);
  default:
    return Types.scalar(ScalarKind::UInt64);
  }
}

/// A new device function of \p M named \p Name, returning \p Result,
/// marked Operator: pykc's own, made of primitive operations, which the
/// emitters inline and the CUDA C++ writer prints once. The caller sets
/// its HostCode and FastMath and writes its body.
inline Function *addPrimitiveFunction(Module &M, const std::string &Name,
                                      const Type *Result) {
  Function *F = M.addFunction();
  F->Kind = FunctionKind::Device;
  F->Operator = true;
  F->SymbolName = F->PyName = Name;
  F->FileName = "<pykc operators>";
  F->ReturnType = Result;
  return F;
}

/// Writes one function's body: parameters, named temporaries (each
/// assigned once), and the primitive expressions over them.
class BodyWriter {
public:
  BodyWriter(Module &M, const TypeContext &Types, Function &F)
      : M(M), Types(Types), F(F) {}

  Expr *param(const std::string &Name, const ScalarType *Ty) {
    Variable *V = variable(Name, Ty);
    V->ArgType = Ty;
    F.Params.push_back(V);
    return ref(V);
  }
  /// A temporary holding \p Value from here on (assigned at the end of the
  /// function's body so far).
  Expr *let(const std::string &Name, Expr *Value) {
    Variable *V = variable(Name, Value->Ty);
    assign(V, Value, F.Body);
    return ref(V);
  }
  Variable *variable(const std::string &Name, const Type *Ty) {
    F.Variables.push_back(std::make_unique<Variable>());
    Variable *V = F.Variables.back().get();
    V->Name = Name;
    V->Ty = Ty;
    return V;
  }
  void assign(Variable *V, Expr *Value, StmtList &Into) {
    auto *A = M.create<AssignStmt>();
    A->Var = V;
    A->Value = Value;
    Into.push_back(A);
  }
  Expr *ref(Variable *V) {
    auto *R = M.create<VarRefExpr>();
    R->Var = V;
    R->Ty = V->Ty;
    return R;
  }
  Expr *integer(const ScalarType *Ty, int64_t V) {
    auto *C = M.create<ConstantExpr>();
    C->Ty = Ty;
    C->IntBits = Ty->isSigned() ? uint64_t(V) : uint64_t(V) & widthMask(Ty);
    return C;
  }
  Expr *real(const ScalarType *Ty, double V) {
    auto *C = M.create<ConstantExpr>();
    C->Ty = Ty;
    C->FloatValue = V;
    return C;
  }
  Expr *truth(bool V) { return integer(Types.boolean(), V); }
  /// \p L Op \p R, of \p L's type.
  Expr *binary(ArithOp Op, Expr *L, Expr *R) {
    auto *B = M.create<BinaryExpr>();
    B->Ty = L->Ty;
    B->Op = Op;
    B->LHS = L;
    B->RHS = R;
    return B;
  }
  Expr *compare(CompareOp Op, Expr *L, Expr *R) {
    auto *C = M.create<CompareExpr>();
    C->Ty = Types.boolean();
    C->Op = Op;
    C->LHS = L;
    C->RHS = R;
    return C;
  }
  /// Cond ? Then : Else, both computed: an arm that is more than a name
  /// or a constant is first assigned to a temporary, so that the select
  /// (which, like Python's `a if c else b`, evaluates only the arm it
  /// picks) chooses between values and every backend emits a select
  /// instruction, not a branch.
  Expr *select(Expr *Cond, Expr *Then, Expr *Else) {
    Then = settled(Then);
    Else = settled(Else);
    auto *S = M.create<SelectExpr>();
    S->Ty = Then->Ty;
    S->Cond = Cond;
    S->Then = Then;
    S->Else = Else;
    return S;
  }
  Expr *cast(Expr *V, const ScalarType *To) {
    if (V->Ty == To)
      return V;
    auto *C = M.create<CastExpr>();
    C->Ty = To;
    C->Operand = V;
    return C;
  }
  Expr *intrinsic(IntrinsicId Id, std::vector<Expr *> Args) {
    auto *I = M.create<IntrinsicExpr>();
    I->Ty = Args[0]->Ty;
    I->Id = Id;
    I->Args = std::move(Args);
    return I;
  }
  /// -\p V without signed overflow: the negation in \p V's unsigned type.
  Expr *negate(Expr *V) {
    auto *T = static_cast<const ScalarType *>(V->Ty);
    const ScalarType *U = unsignedOf(Types, T);
    return cast(binary(ArithOp::Sub, integer(U, 0), cast(V, U)), T);
  }
  /// \p L * \p R, wrapping at the width for integers (in the unsigned
  /// type, so that no target's signed overflow rules apply).
  Expr *times(Expr *L, Expr *R) {
    auto *T = static_cast<const ScalarType *>(L->Ty);
    if (T->isFloat())
      return binary(ArithOp::Mul, L, R);
    const ScalarType *U = unsignedOf(Types, T);
    return cast(binary(ArithOp::Mul, cast(L, U), cast(R, U)), T);
  }
  Expr *settled(Expr *V) {
    if (dynCast<VarRefExpr>(V) || dynCast<ConstantExpr>(V))
      return V;
    return let("t" + std::to_string(Temps++), V);
  }
  void ret(Expr *V) {
    auto *R = M.create<ReturnStmt>();
    R->Value = V;
    F.Body.push_back(R);
  }

  Module &M;
  const TypeContext &Types;
  Function &F;

private:
  unsigned Temps = 0;
  static uint64_t widthMask(const ScalarType *T) {
    return T->bitWidth() >= 64 ? ~uint64_t(0)
                               : (uint64_t(1) << T->bitWidth()) - 1;
  }
};

} // namespace pykc::ir
