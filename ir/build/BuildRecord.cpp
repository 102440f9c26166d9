//===- build/BuildRecord.cpp - Fields of NumPy structured dtypes ----------===//
//
// A record value is a reference to a record's bytes (Numba's Record data
// model is a pointer): `r = a[i]; r.x = 1` changes a[i]. Reading a field
// loads it, assigning one stores into the record, and assigning a whole
// record (a[i] = a[j], r.inner = s) copies its bytes. Nested array fields
// are C-order views of the record's bytes.
//
//===----------------------------------------------------------------------===//
#include "ir/build/FunctionBuilder.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

std::optional<unsigned> FunctionBuilder::recordField(const RecordType *R, const fe::Expr &Key,
                                                     SourceRange Range) {
  // The checker resolved the name or index and checked the alignment.
  std::optional<unsigned> Index = Checker.fieldOf(Key);
  if (!Index || *Index >= R->fields().size())
    error(Range, DiagKind::UnknownField);
  return Index;
}

Expr *FunctionBuilder::readField(Expr *Record, unsigned Field, SourceRange Range) {
  auto *R = dynCast<RecordType>(Record->Ty);
  const Type *FieldTy = R->fields()[Field].Ty;
  const Type *Ty = FieldTy;
  if (auto *Inner = dynCast<RecordType>(FieldTy)) {
    Ty = R->readOnly() ? S.Types.readOnly(Inner) : Inner;
  } else if (auto *N = dynCast<NestedArrayType>(FieldTy)) {
    const Type *Element = N->element();
    if (auto *InnerR = dynCast<RecordType>(Element); InnerR && R->readOnly())
      Element = S.Types.readOnly(InnerR);
    Ty = S.Types.array(Element, unsigned(N->shape().size()), ArrayLayout::C,
                       R->readOnly() ? AddressSpace::Constant : AddressSpace::Global);
  }
  auto *Get = make<RecordFieldExpr>(Range, Ty);
  Get->Record = Record;
  Get->Field = Field;
  return Get;
}

Expr *FunctionBuilder::convertRecord(Expr *Value, const RecordType *To) {
  auto *From = Value ? dynCast<RecordType>(Value->Ty) : nullptr;
  if (!From || From->writable() != To->writable())
    return nullptr;
  if (From == To)
    return Value;
  // A reference to the same bytes: only the promise not to write changes.
  auto *C = make<CastExpr>(Value->Range, To);
  C->Operand = Value;
  return C;
}

void FunctionBuilder::lowerRecordStore(Expr *Record, unsigned Field, Expr *Val,
                                       SourceRange TargetRange, SourceRange ValueRange,
                                       StmtList &Out) {
  auto *R = dynCast<RecordType>(Record->Ty);
  const RecordType::Field &F = R->fields()[Field];
  if (R->readOnly())
    error(TargetRange, DiagKind::ReadOnlyTarget);
  if (auto *N = dynCast<NestedArrayType>(F.Ty)) {
    // rec['arr'] = src: element by element, over the field's shape.
    Expr *View = materialize(readField(Record, Field, TargetRange));
    auto *VT = dynCast<ArrayType>(View->Ty);
    auto *SrcArray = dynCast<ArrayType>(Val->Ty);
    if (SrcArray && SrcArray->ndim() != N->shape().size())
      error(ValueRange, DiagKind::InvalidArgument);
    Expr *Src = materialize(Val);
    if (!SrcArray && !convert(Src, N->element()))
      error(ValueRange, DiagKind::InvalidArgument);
    // Nested loops over the field's extents, innermost last (C order).
    ExprList Extents, Indices;
    for (int64_t Extent : N->shape())
      Extents.push_back(constantInt(Extent, S.Types.intp(), TargetRange));
    StmtList *Body = elementLoops(Extents, TargetRange, Out, Indices);
    Expr *Element = Src;
    if (SrcArray) {
      auto *Load = make<ArrayLoadExpr>(ValueRange, SrcArray->element());
      Load->Array = Src;
      Load->Indices = Indices;
      Element = Load;
    }
    auto *St = make<ir::StoreStmt>(TargetRange);
    St->Array = View;
    St->Indices = Indices;
    St->Value = dynCast<RecordType>(VT->element())
                    ? convertRecord(Element, dynCast<RecordType>(VT->element()))
                    : convert(Element, VT->element());
    if (!St->Value)
      error(ValueRange, DiagKind::InvalidArgument);
    Body->push_back(St);
    return;
  }
  Expr *Converted = nullptr;
  if (auto *Inner = dynCast<RecordType>(F.Ty))
    Converted = convertRecord(Val, Inner);
  else if (dynCast<ScalarType>(Val->Ty))
    Converted = convert(Val, F.Ty);
  if (!Converted)
    error(ValueRange, DiagKind::InvalidArgument);
  auto *St = make<RecordStoreStmt>(TargetRange);
  St->Record = Record;
  St->Field = Field;
  St->Value = Converted;
  Out.push_back(St);
}

} // namespace pykc::ir
