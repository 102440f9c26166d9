//===- EmitRecord.cpp - Fields of records ---------------------------------===//
//
// A record value is the address of its bytes (a generic pointer on the
// GPU, as array data is). Fields are reached by byte offset; whole records
// are copied with memmove, which also covers `a[i] = a[i]`.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"

#include <algorithm>

namespace pykc::codegen {

using namespace llvm;

namespace {

/// The largest power of two dividing \p N (a large one for 0).
uint64_t powerOfTwoDividing(uint64_t N) { return N ? N & -N : uint64_t(1) << 32; }

} // namespace

Align FunctionEmitter::fieldAlign(const ir::RecordType *R, unsigned Field) {
  // What the field's address is known to be a multiple of: records sit at
  // multiples of their size in an array (and better elsewhere), and the
  // field at its offset from the record's start. A packed record of odd
  // size thus gets unaligned accesses, which are correct on every target.
  const ir::RecordType::Field &F = R->fields()[Field];
  uint64_t Known = std::min(powerOfTwoDividing(R->size()), powerOfTwoDividing(F.Offset));
  uint64_t Natural = ir::storageAlignment(F.Ty);
  return Align(std::max<uint64_t>(1, std::min(Known, Natural)));
}

Align FunctionEmitter::recordAlign(const ir::RecordType *R) {
  return Align(std::max<uint64_t>(1, std::min<uint64_t>(powerOfTwoDividing(R->size()),
                                                        R->alignment())));
}

Value *FunctionEmitter::fieldAddress(Value *Record, const ir::RecordType *R, unsigned Field) {
  return B.CreateInBoundsGEP(B.getInt8Ty(), Record, B.getInt64(int64_t(R->fields()[Field].Offset)),
                             R->fields()[Field].Name);
}

void FunctionEmitter::copyRecord(Value *To, Value *From, const ir::RecordType *R, Align A) {
  B.CreateMemMove(To, A, From, A, B.getInt64(int64_t(R->size())));
}

Value *FunctionEmitter::emitRecordField(const ir::RecordFieldExpr &E) {
  auto *R = ir::dynCast<ir::RecordType>(E.Record->Ty);
  Value *Addr = fieldAddress(emitExpr(*E.Record), R, E.Field);
  const ir::Type *FieldTy = R->fields()[E.Field].Ty;
  if (ir::dynCast<ir::RecordType>(FieldTy))
    return Addr; // a reference to the nested record
  if (auto *N = ir::dynCast<ir::NestedArrayType>(FieldTy))
    return makeCArray(Addr, N->shape(), ir::storageSize(N->element()));
  return loadElement(Addr, ir::dynCast<ir::ScalarType>(FieldTy), fieldAlign(R, E.Field));
}

void FunctionEmitter::emitRecordStore(const ir::RecordStoreStmt &S) {
  // Python evaluates the value before the record it is stored into.
  Value *V = emitExpr(*S.Value);
  auto *R = ir::dynCast<ir::RecordType>(S.Record->Ty);
  Value *Addr = fieldAddress(emitExpr(*S.Record), R, S.Field);
  const ir::Type *FieldTy = R->fields()[S.Field].Ty;
  if (auto *Inner = ir::dynCast<ir::RecordType>(FieldTy))
    return copyRecord(Addr, V, Inner, fieldAlign(R, S.Field));
  storeElement(Addr, V, ir::dynCast<ir::ScalarType>(FieldTy), fieldAlign(R, S.Field));
}

} // namespace pykc::codegen
