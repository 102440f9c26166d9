//===- CudaSourceRecord.cpp - Records as CUDA C++ structs -----------------===//
//
// A record dtype becomes a struct whose members sit at NumPy's offsets:
// explicit padding where the layout has gaps, `__attribute__((packed))`
// for a record that is not aligned, and static_asserts on the size and
// every offset, so a layout nvcc would lay out otherwise does not compile.
// A record value is a pointer to its struct, as pykc's records are
// references: `r.x` is `r->x`, `a[i] = r` copies `*r`.
//
//===----------------------------------------------------------------------===//
#include "codegen/CudaSourceWriter.h"

#include <algorithm>

namespace pykc::codegen {

namespace {

/// A member name C++ accepts: characters it forbids become '_', a name
/// starting with a digit or equal to a C++ keyword gets an '_' added.
std::string memberName(const std::string &Name) {
  std::string N;
  for (char C : Name)
    N += (isalnum((unsigned char)C) || C == '_') ? C : '_';
  if (N.empty() || isdigit((unsigned char)N[0]))
    N = "_" + N;
  return isReservedCudaName(N) ? N + "_" : N;
}

} // namespace

std::string CudaSourceWriter::element(const ir::ArrayType *A) {
  if (auto *R = A->record())
    return recordStruct(R);
  return scalar(A->dtype());
}

std::string CudaSourceWriter::recordStruct(const ir::RecordType *R) {
  R = R->writable();
  auto It = Records.find(R);
  if (It != Records.end())
    return It->second;
  std::string Name = R->name().empty() ? "pykc_record" + std::to_string(Records.size())
                                       : "pykc_record_" + memberName(R->name());
  std::vector<const ir::RecordType::Field *> Fields;
  for (const ir::RecordType::Field &F : R->fields())
    Fields.push_back(&F);
  std::stable_sort(Fields.begin(), Fields.end(),
                   [](auto *A, auto *B) { return A->Offset < B->Offset; });
  std::string Members, Asserts;
  uint64_t End = 0;
  unsigned Pads = 0;
  auto Pad = [&](uint64_t To) {
    if (To > End)
      Members += "  unsigned char pykc_pad" + std::to_string(Pads++) + "[" +
                 std::to_string(To - End) + "];\n";
  };
  for (const ir::RecordType::Field *F : Fields) {
    if (F->Offset < End)
      unsupported("a record whose fields overlap (" + R->str() + ")");
    Pad(F->Offset);
    const ir::Type *T = F->Ty;
    std::string Dims;
    if (auto *N = ir::dynCast<ir::NestedArrayType>(T)) {
      for (int64_t D : N->shape())
        Dims += "[" + std::to_string(D) + "]";
      T = N->element();
    }
    std::string M = memberName(F->Name);
    std::string TypeName = ir::dynCast<ir::RecordType>(T)
                               ? recordStruct(ir::dynCast<ir::RecordType>(T))
                               : scalar(ir::dynCast<ir::ScalarType>(T));
    Members += "  " + TypeName + " " + M + Dims + ";\n";
    Asserts += "static_assert(offsetof(" + Name + ", " + M + ") == " +
               std::to_string(F->Offset) + ", \"NumPy's offset of '" + F->Name + "'\");\n";
    End = F->Offset + ir::storageSize(F->Ty);
  }
  Pad(R->size());
  Structs << "// " << (R->name().empty() ? "" : R->name() + ": ") << R->str() << "\nstruct "
          << (R->aligned() ? "" : "__attribute__((packed)) ") << Name << " {\n"
          << Members << "};\nstatic_assert(sizeof(" << Name << ") == " << R->size()
          << ", \"NumPy's itemsize\");\n"
          << Asserts;
  Records[R] = Name;
  return Name;
}

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
  std::string Member = "(" + expr(*E.Record) + ")->" + memberName(F.Name);
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
  *Body << indent() << "(" << expr(*S.Record) << ")->" << memberName(F.Name) << " = " << V
        << ";\n";
}

} // namespace pykc::codegen
