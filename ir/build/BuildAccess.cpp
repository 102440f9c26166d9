//===- build/BuildAccess.cpp - Attributes, subscripts, slices, indices ----===//
#include "ir/build/FunctionBuilder.h"
#include "ir/check/SyntaxFacts.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

namespace {

/// The special register (threadIdx.x, ...) a builtin path names.
std::optional<SpecialRegExpr> specialRegister(const std::string &Path) {
  SpecialRegExpr R;
#define SPECIAL_REG(Id, P, Register, D)                                        \
  if (Path == P) {                                                             \
    R.Reg = SpecialRegister::Register;                                         \
    R.Dim = D;                                                                 \
    return R;                                                                  \
  }
#include "ir/Builtins.def"
  return std::nullopt;
}

} // namespace

Value FunctionBuilder::lowerAttribute(const AttributeExpr &A) {
  Value Base = lower(*A.Value);
  if (!Base.isValid())
    return Base;
  // Mode.MUL.value of an IntEnum: the member's int (the checker's rule).
  if (auto *Member = dyn_cast<AttributeExpr>(A.Value); Member && A.Attr == "value") {
    Value Class = lower(*Member->Value);
    if (Class.K == Value::Kind::Constant && Class.Const.K == ConstantValue::Kind::EnumClass &&
        Class.Const.Enum->isIntEnum() && enumMember(*Class.Const.Enum, Member->Attr))
      return Base;
  }
  if (Base.K == Value::Kind::Path)
    return lowerPathAttribute(A, Base);
  if (Base.K == Value::Kind::Module) {
    // helpers.scale: what helpers.py binds; its constants and arrays are
    // its own (frozen under their module's name).
    if (const Symbol *Sym = Base.Mod->lookup(A.Attr); Sym && Sym->K != Symbol::Kind::Host) {
      Symbol Copy = *Sym;
      if (Copy.K == Symbol::Kind::Constant)
        Copy.Imported = Base.Mod;
      if (Copy.K == Symbol::Kind::Path) { // what that module imported
        Value V;
        V.K = Value::Kind::Path;
        V.Path = Copy.Path;
        return V;
      }
      return lowerSymbol(Copy, A.Attr, A);
    }
    error(A.AttrRange, DiagKind::UnknownAttribute);
  }
  if (Base.K == Value::Kind::Constant && Base.Const.K == ConstantValue::Kind::EnumClass) {
    if (std::optional<ConstantValue> Member = enumMember(*Base.Const.Enum, A.Attr))
      return lowerConstantValue(*Member, A.Range);
  }
  if (Base.K == Value::Kind::Expr) {
    // g.sync(): the GridGroup holds nothing, so only the method remains
    // (its receiver, a variable or cuda.cg.this_grid(), has no effects).
    if (Base.E->Ty->kind() == TypeKind::GridGroup && A.Attr == "sync") {
      Value V;
      V.K = Value::Kind::Path;
      V.Path = "numba.cuda.cg.GridGroup.sync";
      return V;
    }
    if (Value Part = lowerNumberAttribute(Base.E, A.Attr, A.Range); Part.isValid())
      return Part;
    if (auto *E = dynCast<EnumType>(Base.E->Ty); E && A.Attr == "value") {
      if (E->isCoded()) // its members are ordinals at run time
        error(A.AttrRange, DiagKind::UnsupportedSyntax);
      return Value::expr(enumValue(Base.E));
    }
    if (auto *TT = dynCast<TupleType>(Base.E->Ty); TT && TT->isNamed()) {
      if (int K = TT->fieldIndex(A.Attr); K >= 0) // p.x: a named tuple's field
        return Value::expr(tupleElement(Base.E, unsigned(K), A.Range));
    }
    if (auto *R = dynCast<RecordType>(Base.E->Ty)) {
      std::optional<unsigned> Field = recordField(R, A, A.AttrRange);
      return Field ? Value::expr(readField(Base.E, *Field, A.Range)) : Value::invalid();
    }
    if (auto *VT = dynCast<VectorType>(Base.E->Ty)) {
      static const std::string Names = "xyzw";
      size_t K = A.Attr.size() == 1 ? Names.find(A.Attr[0]) : std::string::npos;
      if (K != std::string::npos && K < VT->count()) {
        auto *Get = make<TupleGetExpr>(A.Range, VT->base());
        Get->Tuple = Base.E;
        Get->Index = unsigned(K);
        return Value::expr(Get);
      }
    }
    if (auto *AT = dynCast<ArrayType>(Base.E->Ty))
      if (Value V = lowerArrayAttribute(A, Base.E, AT); V.isValid())
        return V;
  }
  error(A.AttrRange, DiagKind::UnknownAttribute);
}

Value FunctionBuilder::lowerPathAttribute(const AttributeExpr &A, const Value &Base) {
  std::string Path = Base.Path + "." + A.Attr;
  if (auto Reg = specialRegister(Path)) {
    auto *R = make<SpecialRegExpr>(A.Range, S.Types.int32());
    R->Reg = Reg->Reg;
    R->Dim = Reg->Dim;
    return Value::expr(R);
  }
  if (auto C = Scope.constantOf(A))
    return lowerConstantValue(*C, A.Range);
  bool VectorCtor = Base.Path == "numba.cuda" && S.Types.vectorByName(A.Attr);
  bool FromBuffer = Path == "cffi.FFI().from_buffer"; // build/BuildForeign.cpp
  if (isKnownBuiltinPath(Path) || VectorCtor || FromBuffer) {
    Value V;
    V.K = Value::Kind::Path;
    V.Path = Path;
    return V;
  }
  // threadIdx, blockIdx, blockDim and gridDim have x, y and z only: any
  // other attribute is a mistake, not a feature pykc lacks.
  if (specialRegister(Base.Path + ".x"))
    error(A.AttrRange, DiagKind::UnknownAttribute);
  if (std::string Top = Path.substr(0, Path.find('.')); !isKnownLibrary(Top) && Top[0] != '.')
    error(A.Range, DiagKind::ModuleNotFound);
  error(A.Range, DiagKind::UnsupportedFunction);
}

Value FunctionBuilder::lowerArrayAttribute(const AttributeExpr &A, Expr *Array,
                                           const ArrayType *AT) {
  if (A.Attr == "shape" || A.Attr == "strides") {
    Expr *Shared = materialize(Array);
    auto *T = make<TupleMakeExpr>(A.Range, S.Types.uniTuple(S.Types.intp(), AT->ndim()));
    for (unsigned D = 0; D < AT->ndim(); ++D) {
      Expr *Part;
      if (A.Attr == "shape") {
        auto *Dim = make<ArrayDimExpr>(A.Range, S.Types.intp());
        Dim->Array = Shared;
        Dim->Dim = D;
        Part = Dim;
      } else {
        auto *Stride = make<ArrayStrideExpr>(A.Range, S.Types.intp());
        Stride->Array = Shared;
        Stride->Dim = D;
        Part = Stride;
      }
      T->Elements.push_back(Part);
    }
    return Value::expr(T);
  }
  if (A.Attr == "size") {
    auto *Sz = make<ArraySizeExpr>(A.Range, S.Types.intp());
    Sz->Array = Array;
    return Value::expr(Sz);
  }
  if (A.Attr == "ndim")
    return Value::expr(constantInt(AT->ndim(), S.Types.int64(), A.Range));
  if (A.Attr == "T") {
    FunctionChecker::Transposition T = Checker.transposition(AT, {});
    return Value::expr(permutedView(Array, std::move(T.Order), T.Ty, A.Range));
  }
  if (A.Attr == "itemsize")
    return Value::expr(constantInt(int64_t(storageSize(AT->element())), S.Types.intp(), A.Range));
  // A complex array's parts, as float arrays sharing its memory.
  if ((A.Attr == "real" || A.Attr == "imag") && !AT->record() && AT->dtype()->isComplex()) {
    auto *V = make<ArrayReinterpretExpr>(
        A.Range, S.Types.array(S.Types.complexPart(AT->dtype()), AT->ndim(), ArrayLayout::A,
                               AT->addressSpace()));
    V->Array = Array;
    V->Part = A.Attr == "imag";
    return Value::expr(V);
  }
  return Value::invalid();
}

Expr *FunctionBuilder::permutedView(Expr *Array, std::vector<unsigned> Order, const ArrayType *Ty,
                                    SourceRange Range) {
  bool Identity = true;
  for (size_t K = 0; K < Order.size(); ++K)
    Identity = Identity && Order[K] == K;
  if (Identity && Ty == Array->Ty)
    return Array; // a 1-D array's transpose is itself
  auto *View = make<ArrayViewExpr>(Range, Ty);
  View->Array = Array;
  if (!Identity)
    View->Order = std::move(Order);
  return View;
}

Expr *FunctionBuilder::typeSum(const fe::CallExpr &C) {
  Expr *It = lowerValue(*C.Args[0]);
  Expr *Start = C.Args.size() > 1 ? lowerValue(*C.Args[1])
                                  : constantInt(0, S.Types.int64(), C.Range);
  if (!It || !Start)
    return nullptr;
  const Type *Ty = signatureOf(&C, C.Range).Result;
  Expr *Iterable = materialize(It);
  Variable *Acc = newTemp(Ty);
  auto Ref = [&] {
    auto *R = make<VarRefExpr>(C.Range, Ty);
    R->Var = Acc;
    return R;
  };
  auto Assign = [&](Expr *V, StmtList &Into) {
    auto *A = make<ir::AssignStmt>(C.Range);
    A->Var = Acc;
    A->Value = convert(V, Ty);
    Into.push_back(A);
  };
  Assign(Start, *Pending);
  auto Add = [&](Expr *X) { return lowerBinary(BinaryOp::Add, Ref(), X, nullptr, C.Range); };
  if (auto *TT = dynCast<TupleType>(Iterable->Ty)) {
    for (unsigned K = 0; K < TT->size(); ++K)
      Assign(Add(tupleElement(Iterable, K, C.Range)), *Pending);
    return Ref();
  }
  auto *AT = dynCast<ArrayType>(Iterable->Ty);
  auto *Extent = make<ArrayDimExpr>(C.Range, S.Types.intp());
  Extent->Array = Iterable;
  ExprList Indices;
  StmtList *Body = elementLoops({Extent}, C.Range, *Pending, Indices);
  Assign(Add(arrayAccess(Iterable, AT, Indices, C.Range)), *Body);
  return Ref();
}

Expr *FunctionBuilder::typeNumpyTranspose(const fe::CallExpr &C) {
  Expr *Array = C.Args.empty() ? nullptr : lowerValue(*C.Args[0]);
  auto *AT = Array ? dynCast<ArrayType>(Array->Ty) : nullptr;
  if (!AT)
    error(C.Range, DiagKind::InvalidArgument);
  return lowerTranspose(Array, AT, C, 1);
}

Expr *FunctionBuilder::lowerTranspose(Expr *Array, const ArrayType *AT, const fe::CallExpr &C,
                                      size_t First) {
  // The checker's checkTranspose accepted the axes.
  FunctionChecker::Transposition T =
      Checker.transposition(AT, {C.Args.begin() + First, C.Args.end()});
  if (!T.Ty)
    error(C.Range, DiagKind::InvalidArgument);
  return permutedView(Array, std::move(T.Order), T.Ty, C.Range);
}

Expr *FunctionBuilder::arrayAccess(Expr *Array, const ArrayType *AT, ExprList Indices,
                                   SourceRange Range) {
  if (Indices.size() == AT->ndim()) {
    // An element of an array of records is a reference to it; a frozen
    // constant's cannot be stored through.
    const Type *Ty = AT->element();
    if (auto *R = AT->record(); R && AT->addressSpace() == AddressSpace::Constant)
      Ty = S.Types.readOnly(R);
    auto *Load = make<ArrayLoadExpr>(Range, Ty);
    Load->Array = Array;
    Load->Indices = std::move(Indices);
    return Load;
  }
  // Fixing leading indices of a C array leaves a C array; otherwise strides
  // are arbitrary.
  ArrayLayout Layout = AT->layout() == ArrayLayout::C ? ArrayLayout::C : ArrayLayout::A;
  auto *View = make<ArrayViewExpr>(
      Range, S.Types.array(AT->element(), AT->ndim() - unsigned(Indices.size()), Layout,
                           AT->addressSpace()));
  View->Array = Array;
  for (Expr *I : Indices) {
    ViewIndex Entry;
    Entry.Index = I;
    View->Entries.push_back(Entry);
  }
  return View;
}

Expr *FunctionBuilder::lowerIndexing(Expr *Array, const ArrayType *AT, const SubscriptExpr &Sub) {
  std::vector<const fe::Expr *> Parts = subscriptParts(*Sub.Index, AT->ndim());
  if (std::any_of(Parts.begin(), Parts.end(),
                  [](const fe::Expr *E) { return sliceBoundsOf(*E).has_value(); }))
    return lowerSliceView(Array, AT, Parts, Sub.Range);
  ExprList Indices;
  if (!lowerArrayIndices(AT, *Sub.Index, Sub.Range, Indices, /*AllowView=*/true))
    return nullptr;
  return arrayAccess(Array, AT, std::move(Indices), Sub.Range);
}

Expr *FunctionBuilder::lowerSliceView(Expr *Array, const ArrayType *AT,
                                      const std::vector<const fe::Expr *> &Parts,
                                      SourceRange Range) {
  if (Parts.size() > AT->ndim())
    error(Range, DiagKind::IndexCount);
  // Each index or slice bound is an integer, as Numba requires.
  auto Integer = [&](const fe::Expr *P) -> Expr * {
    if (!P)
      return nullptr;
    Expr *V = lowerValue(*P);
    if (!V)
      return nullptr;
    auto *ST = dynCast<ScalarType>(V->Ty);
    if (!ST || !ST->isInteger())
      error(P->Range, DiagKind::IndexType);
    return V;
  };
  std::vector<ViewIndex> Entries;
  std::vector<IndexShape> Shapes;
  unsigned Kept = 0;
  for (const fe::Expr *P : Parts) {
    ViewIndex I;
    if (std::optional<SliceBounds> Sl = sliceBoundsOf(*P)) {
      I.Start = Integer(Sl->Lower);
      I.Stop = Integer(Sl->Upper);
      I.Step = Integer(Sl->Step);
      if ((Sl->Lower && !I.Start) || (Sl->Upper && !I.Stop) || (Sl->Step && !I.Step))
        return nullptr;
      ++Kept;
    } else if (!(I.Index = Integer(P))) {
      return nullptr;
    }
    Shapes.push_back(IndexShape{I.isSlice(), I.Step != nullptr, isEllipsis(*P)});
    Entries.push_back(I);
  }
  Kept += AT->ndim() - unsigned(Entries.size());
  auto *View = make<ArrayViewExpr>(
      Range, S.Types.array(AT->element(), Kept, basicIndexLayout(AT, Shapes), AT->addressSpace()));
  View->Array = Array;
  View->Entries = std::move(Entries);
  return View;
}

bool FunctionBuilder::lowerArrayIndices(const ArrayType *AT, const fe::Expr &Index,
                                        SourceRange Range, ExprList &Out, bool AllowView) {
  std::vector<const fe::Expr *> From; // the source of each of Out
  for (const fe::Expr *P : subscriptParts(Index, AT->ndim())) {
    if (sliceBoundsOf(*P))
      error(P->Range, DiagKind::UnsupportedSyntax);
    Expr *V = lowerValue(*P);
    if (!V)
      return false;
    if (auto *TT = dynCast<TupleType>(V->Ty)) {
      // `idx = (i, j); a[idx]`
      Expr *Tuple = materialize(V);
      for (size_t I = 0; I < TT->size(); ++I) {
        auto *Get = make<TupleGetExpr>(P->Range, TT->elements()[I]);
        Get->Tuple = Tuple;
        Get->Index = unsigned(I);
        Out.push_back(Get);
        From.push_back(P);
      }
    } else {
      Out.push_back(V);
      From.push_back(P);
    }
  }
  for (size_t K = 0; K < Out.size(); ++K) {
    Expr *I = Out[K];
    auto *ST = dynCast<ScalarType>(I->Ty);
    if (!ST || !ST->isInteger())
      error(I->Range.isValid() ? I->Range : Index.Range, DiagKind::IndexType);
  }
  if (Out.size() > AT->ndim())
    error(Range, DiagKind::IndexCount);
  if (Out.size() < AT->ndim() && !AllowView)
    error(Range, DiagKind::UnsupportedSyntax);
  return true;
}

Value FunctionBuilder::lowerSubscript(const SubscriptExpr &Sub) {
  Value Base = lower(*Sub.Value);
  if (!Base.isValid())
    return Base;
  // Color['red']: an enum's member by name.
  if (Base.K == Value::Kind::Constant && Base.Const.K == ConstantValue::Kind::EnumClass) {
    std::optional<ConstantValue> Name = evaluate(*Sub.Index);
    std::optional<ConstantValue> Member;
    if (Name && Name->K == ConstantValue::Kind::String)
      Member = enumMember(*Base.Const.Enum, Name->String);
    if (!Member)
      error(Sub.Index->Range, DiagKind::InvalidArgument);
    return lowerConstantValue(*Member, Sub.Range);
  }
  if (Base.K == Value::Kind::Expr) {
    if (auto *R = dynCast<RecordType>(Base.E->Ty)) { // r['x'], r[0]
      std::optional<unsigned> Field = recordField(R, *Sub.Index, Sub.Range);
      return Field ? Value::expr(readField(Base.E, *Field, Sub.Range)) : Value::invalid();
    }
    if (auto *AT = dynCast<ArrayType>(Base.E->Ty)) {
      Expr *E = lowerIndexing(Base.E, AT, Sub);
      return E ? Value::expr(E) : Value::invalid();
    }
    if (auto *TT = dynCast<TupleType>(Base.E->Ty)) {
      if (auto *Sl = dyn_cast<SliceExpr>(Sub.Index)) {
        // t[1:], t[::-1]: the elements its constant bounds pick.
        FunctionChecker::TupleSlice Slice = Checker.tupleSlice(*Sl, TT->size());
        if (Slice.Bad)
          error(Slice.Bad->Range, DiagKind::NotConstant);
        Expr *Tuple = materialize(Base.E);
        ExprList Elements;
        for (unsigned K : Slice.Picked)
          Elements.push_back(tupleElement(Tuple, K, Sub.Range));
        return Value::expr(tupleOf(std::move(Elements), Sub.Range));
      }
      Expr *Index = lowerValue(*Sub.Index);
      if (!Index)
        return Value::invalid();
      auto *IT = dynCast<ScalarType>(Index->Ty);
      if (!IT || !IT->isInteger())
        error(Sub.Index->Range, DiagKind::IndexType);
      if (auto *C = dynCast<ir::ConstantExpr>(Index)) {
        int64_t K = IT->isSigned() ? int64_t(C->IntBits) : int64_t(C->IntBits);
        if (K < 0)
          K += int64_t(TT->size());
        if (K < 0 || K >= int64_t(TT->size()))
          error(Sub.Index->Range, DiagKind::TupleIndex);
        return Value::expr(tupleElement(Base.E, unsigned(K), Sub.Range));
      }
      if (!TT->isUniform())
        error(Sub.Index->Range, DiagKind::NotConstant);
      auto *Get = make<TupleGetDynamicExpr>(Sub.Range, TT->elements().front());
      Get->Tuple = Base.E;
      Get->Index = Index;
      return Value::expr(Get);
    }
  }
  // kernel[blocks, threads](...): a launch from device code (dynamic
  // parallelism), not an index.
  if (Base.K == Value::Kind::Function && Base.Fn->Role == FunctionRole::Kernel)
    error(Sub.Range, DiagKind::KernelCall);
  error(Sub.Value->Range, DiagKind::NotIndexable);
}

} // namespace pykc::ir
