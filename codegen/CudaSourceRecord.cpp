//===- CudaSourceRecord.cpp - Records in CUDA C++ -------------------------===//
//
// A record dtype is the struct CxxTypeWriter lays out at NumPy's offsets.
// A record value is a pointer to its struct, as pykc's records are
// references: `r.x` is `r->x`, `a[i] = r` copies `*r`.
//
//===----------------------------------------------------------------------===//
#include "codegen/CudaSourceWriter.h"

#include <algorithm>

namespace pykc::codegen {

std::string CudaSourceWriter::element(const ir::ArrayType *A) { return Types.element(A); }

std::string CudaSourceWriter::recordStruct(const ir::RecordType *R) { return Types.record(R); }

std::string CudaSourceWriter::constRecordArray(const ir::ConstArrayExpr &C) {
  // A module-level array of records, frozen into constant memory: NumPy's
  // bytes, read through the record's struct.
  const ir::ConstantValue &A = *C.Data;
  std::string T = recordStruct(A.Record), Name = "pykc_const_" + cudaIdentifier(C.Name);
  if (ConstArrays.insert(C.Name).second && !A.Bytes.empty()) {
    Globals << "// " << C.Name << ", a module-level array of records, frozen (its bytes).\n"
            << "__constant__ alignas(" << std::max(16u, A.Record->alignment())
            << ") unsigned char " << Name << "[" << A.Bytes.size() << "] = {";
    for (size_t I = 0; I < A.Bytes.size(); ++I)
      Globals << (I ? ", " : "") << (I && I % 16 == 0 ? "\n    " : "")
              << unsigned(uint8_t(A.Bytes[I]));
    Globals << "};\n";
  }
  std::string Shape, Strides;
  for (size_t D = 0; D < A.Shape.size(); ++D) {
    int64_t Stride = int64_t(A.Record->size());
    for (size_t E = D + 1; E < A.Shape.size(); ++E)
      Stride *= A.Shape[E];
    Shape += (D ? ", " : "") + std::to_string(A.Shape[D]);
    Strides += (D ? ", " : "") + std::to_string(Stride);
  }
  return type(C.Ty) + "{(" + T + " *)" + (A.Bytes.empty() ? "nullptr" : Name) + ", {" + Shape +
         "}, {" + Strides + "}}";
}

std::string CudaSourceWriter::recordField(const ir::RecordFieldExpr &E) {
  auto *R = ir::dynCast<ir::RecordType>(E.Record->Ty);
  const ir::RecordType::Field &F = R->fields()[E.Field];
  std::string Member = "(" + expr(*E.Record) + ")->" + Types.memberName(F.Name);
  if (ir::dynCast<ir::RecordType>(F.Ty))
    return "&" + Member; // a reference to the nested record
  if (auto *N = ir::dynCast<ir::NestedArrayType>(F.Ty)) {
    // A C-order view of the nested array's elements.
    auto *View = ir::dynCast<ir::ArrayType>(E.Ty);
    std::string T = element(View), Shape, Strides;
    for (size_t D = 0; D < N->shape().size(); ++D) {
      int64_t Stride = 1;
      for (size_t K = D + 1; K < N->shape().size(); ++K)
        Stride *= N->shape()[K];
      Shape += (D ? ", " : "") + std::to_string(N->shape()[D]);
      Strides += (D ? ", " : "") + std::to_string(Stride) + " * (int64_t)sizeof(" + T + ")";
    }
    return type(View) + "{(" + T + " *)" + Member + ", {" + Shape + "}, {" + Strides + "}}";
  }
  return Member;
}

void CudaSourceWriter::recordStore(const ir::RecordStoreStmt &S) {
  // C++17 evaluates the right of `=` first, as Python does.
  auto *R = ir::dynCast<ir::RecordType>(S.Record->Ty);
  const ir::RecordType::Field &F = R->fields()[S.Field];
  std::string V = operand(*S.Value);
  if (ir::dynCast<ir::RecordType>(F.Ty))
    V = "*" + V; // the record's bytes
  *Body << indent() << "(" << expr(*S.Record) << ")->" << Types.memberName(F.Name) << " = " << V
        << ";\n";
}

} // namespace pykc::codegen
