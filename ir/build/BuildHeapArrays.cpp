//===- build/BuildHeapArrays.cpp - np.empty and its kind in host code -----===//
//
// A NumPy allocation becomes an AllocArrayExpr on the heap (codegen's
// emitHeapArray). Its arguments are evaluated first, in Python's order, into
// temporaries; then, as Numba's _parse_shape does, a negative extent raises
// ValueError before anything is allocated.
//
//===----------------------------------------------------------------------===//
#include "ir/build/FunctionBuilder.h"

namespace pykc::ir {

namespace fe = frontend;
using frontend::DiagKind;

Expr *FunctionBuilder::lowerHeapArray(HeapFill Fill, bool Like,
                                      const fe::CallExpr &C) {
  const AllocationFact *Fact = Checker.allocation(C);
  if (!Fact)
    error(C.Range, DiagKind::InvalidArgument);
  // The arguments as the checker bound them: (shape | a, [fill_value,] dtype).
  std::vector<const fe::Expr *> Bound(C.Args.begin(), C.Args.end());
  Bound.resize(Fill == HeapFill::Full ? 3 : 2, nullptr);
  for (const fe::Keyword &K : C.Keywords) {
    if (K.Name == "dtype")
      Bound.back() = K.Value;
    else if (K.Name == "fill_value")
      Bound[1] = K.Value;
    else
      Bound[0] = K.Value;
  }
  const Type *Intp = S.Types.intp();
  auto *A = make<AllocArrayExpr>(C.Range, S.Types.array(Fact->Dtype, Fact->Rank,
                                                        Fact->Layout,
                                                        AddressSpace::Global));
  A->Heap = true;
  A->Filled = Fill;
  A->Id = AllocCount++;
  Expr *From = lowerValue(*Bound[0]);
  if (!From)
    error(Bound[0]->Range, DiagKind::InvalidArgument);
  if (Like) {
    From = materialize(From);
    for (unsigned D = 0; D < Fact->Rank; ++D) {
      auto *Dim = make<ArrayDimExpr>(C.Range, Intp);
      Dim->Array = From;
      Dim->Dim = D;
      A->Dims.push_back(materialize(Dim));
    }
  } else if (dynCast<TupleType>(From->Ty)) {
    From = materialize(From);
    for (unsigned D = 0; D < Fact->Rank; ++D)
      A->Dims.push_back(
          materialize(convert(tupleElement(From, D, C.Range), Intp)));
  } else {
    A->Dims.push_back(materialize(convert(From, Intp)));
  }
  if (Fill == HeapFill::Full) {
    A->Fill = materialize(convert(lowerValue(*Bound[1]), Fact->Dtype));
    if (!A->Fill)
      error(Bound[1]->Range, DiagKind::InvalidArgument);
  } else if (Fill == HeapFill::Ones) {
    A->Fill = convert(constantInt(1, Intp, C.Range), Fact->Dtype);
  }
  // An array's own extents are never negative; a shape's may be.
  if (!Like)
    for (Expr *Dim : A->Dims) {
      if (auto *K = dynCast<ConstantExpr>(Dim); K && int64_t(K->IntBits) >= 0)
        continue;
      auto *Negative = make<CompareExpr>(C.Range, S.Types.boolean());
      Negative->Op = CompareOp::Lt;
      Negative->LHS = Dim;
      Negative->RHS = constantInt(0, Intp, C.Range);
      auto *Raise = make<ReturnStmt>(C.Range);
      Raise->Raises = "ValueError: negative dimensions not allowed";
      auto *If = make<IfStmt>(C.Range);
      If->Cond = Negative;
      If->Then.push_back(Raise);
      Pending->push_back(If);
    }
  return A;
}

} // namespace pykc::ir
