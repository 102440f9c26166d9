//===- build/BuildForeign.cpp - Calls of cuda.declare_device functions ----===//
#include "ir/build/FunctionBuilder.h"

#include <algorithm>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

Expr *FunctionBuilder::lowerFromBuffer(const fe::CallExpr &C) {
  if (!C.Keywords.empty())
    error(C.Keywords.front().NameRange, DiagKind::UnknownKeyword);
  if (!expectArgs(C, "ffi.from_buffer", 1))
    return nullptr;
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
  const std::string &Name = Fn.BoundName;
  if (F.HostCode) {
    // An @njit function run on the host, or one that such a function
    // calls: Numba's CPU target cannot type a declare_device stub, and the
    // function exists only beside the kernels' code.
    error(C.Func->Range, DiagKind::ForeignInHostFunction);
  }
  if (!C.Keywords.empty())
    error(C.Keywords.front().NameRange, DiagKind::UnknownKeyword);
  if (!expectArgs(C, Name, Fn.Params.size()))
    return nullptr;
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
    auto Refuse = [&](const std::string &Takes) {
      error(C.Args[I]->Range, DiagKind::ForeignArgument);
      Ok = false;
    };
    auto *AT = dynCast<ArrayType>(V->Ty);
    if (P.K == ForeignParam::Kind::Scalar) {
      Expr *Converted = dynCast<ScalarType>(V->Ty) ? convert(V, P.Ty) : nullptr;
      if (!Converted)
        Refuse("a number");
      else
        Call->Args.push_back(Converted);
    } else if (P.K == ForeignParam::Kind::VoidPointer) {
      if (!AT)
        Refuse("an array (or ffi.from_buffer of one)");
      else
        Call->Args.push_back(V);
    } else if (!AT || AT->record() || AT->dtype() != P.Ty) {
      Refuse("an array of " + P.Ty->str() + " (or ffi.from_buffer of one)");
    } else {
      Call->Args.push_back(V);
    }
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
