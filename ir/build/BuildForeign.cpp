//===- build/BuildForeign.cpp - Calls of cuda.declare_device functions ----===//
#include "ir/build/FunctionBuilder.h"

#include <algorithm>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

Expr *FunctionBuilder::lowerFromBuffer(const fe::CallExpr &C) {
  if (!C.Keywords.empty())
    error(C.Keywords.front().NameRange, DiagKind::UnknownKeyword);
  expectArgs(C, 1);
  Expr *V = lowerValue(*C.Args[0]);
  if (!V)
    return nullptr;
  if (!dynCast<ArrayType>(V->Ty))
    error(C.Args[0]->Range, DiagKind::InvalidArgument);
  // The array stands for its data pointer: only a foreign function's
  // pointer parameter takes it as a pointer (lowerForeignCall).
  return V;
}

Expr *FunctionBuilder::lowerForeignCall(const ForeignFunction &Fn, const fe::CallExpr &C) {
  if (F.HostCode) {
    // An @njit function run on the host, or one that such a function
    // calls: Numba's CPU target cannot type a declare_device stub, and the
    // function exists only beside the kernels' code.
    error(C.Func->Range, DiagKind::ForeignInHostFunction);
  }
  if (!C.Keywords.empty())
    error(C.Keywords.front().NameRange, DiagKind::UnknownKeyword);
  expectArgs(C, Fn.Params.size());
  auto *Call = make<ForeignCallExpr>(C.Range, Fn.Return);
  Call->Fn = &Fn;
  bool Ok = true;
  for (size_t I = 0; I < Fn.Params.size(); ++I) {
    const ForeignParam &P = Fn.Params[I];
    Expr *V = lowerValue(*C.Args[I]);
    if (!V) {
      Ok = false;
      continue;
    }
    auto *AT = dynCast<ArrayType>(V->Ty);
    Expr *Arg = nullptr;
    if (P.K == ForeignParam::Kind::Scalar)
      Arg = dynCast<ScalarType>(V->Ty) ? convert(V, P.Ty) : nullptr;
    else if (P.K == ForeignParam::Kind::VoidPointer)
      Arg = AT ? V : nullptr; // an array, or ffi.from_buffer of one
    else
      Arg = AT && !AT->record() && AT->dtype() == P.Ty ? V : nullptr;
    if (!Arg)
      error(C.Args[I]->Range, DiagKind::ForeignArgument);
    Call->Args.push_back(Arg);
  }
  if (!Ok)
    return nullptr;
  S.usesForeign(Fn);
  return Call;
}

void SemaContext::usesForeign(const ForeignFunction &Fn) {
  if (!Out) // a context that only checks
    return;
  if (std::find(Out->Foreign.begin(), Out->Foreign.end(), &Fn) == Out->Foreign.end())
    Out->Foreign.push_back(&Fn);
  for (const LinkFile &L : Fn.Links)
    Out->addLink(L);
}

} // namespace pykc::ir
