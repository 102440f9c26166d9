//===- CudaSourceArray.cpp - CUDA C++ for array elements and views --------===//
//
// a[i, j] as pykc_at (pykc_at_checked under --boundscheck), views with
// Python's slice rules, and module-level arrays frozen into constant
// memory. Index wrap-around and slice bounds are the module's functions
// (ir/IndexFunctions.h), which ExpandOperators set on each node; this file
// only calls them.
//
//===----------------------------------------------------------------------===//
#include "codegen/CudaSourceWriter.h"

#include "support/InternalError.h"

#include <llvm/ADT/APFloat.h>

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace pykc::codegen {

namespace {
/// \p V converted to \p Type, in parentheses unless it is one name or
/// number.
std::string converted(const char *Type, const std::string &V) {
  bool Simple = std::all_of(V.begin(), V.end(), [](char C) {
    return std::isalnum((unsigned char)C) || C == '_' || C == '.';
  });
  return "(" + std::string(Type) + ")" + (Simple ? V : "(" + V + ")");
}
} // namespace

std::string CudaSourceWriter::wrapped(const std::string &Index, const ir::Function *Wrap,
                                      const std::string &Extent) {
  if (!Wrap)
    return converted("int64_t", Index);
  return Wrap->SymbolName + "(" + Index + ", " + Extent + ")";
}

std::string CudaSourceWriter::access(const ir::Expr &Array, const ir::ExprList &Indices,
                                     const ir::IndexWraps &Wraps) {
  std::string Prefix;
  std::vector<const ir::Expr *> Ops = {&Array};
  Ops.insert(Ops.end(), Indices.begin(), Indices.end());
  std::vector<std::string> Names = ordered(Ops, Prefix);
  for (size_t I = 1; I < Ops.size(); ++I)
    if (isIntegerConstant(*Ops[I]))
      Names[I] = operand(*Ops[I]);
  // The array is read again for the extents its indices wrap by, and an
  // index again for --boundscheck's message: what is more than a name is
  // held in a temporary first (ordered() put those with effects in order).
  auto Hold = [&](size_t I) {
    if (isTrivial(*Ops[I]) || Names[I].rfind("pykc_e", 0) == 0)
      return;
    std::string T = "pykc_e" + std::to_string(Temps++);
    Prefix += "auto " + T + " = " + Names[I] + "; ";
    Names[I] = T;
  };
  bool Checked = Current->BoundsCheck && !Indices.empty();
  if (std::any_of(Wraps.begin(), Wraps.end(), [](const ir::Function *W) { return W; }) || Checked)
    Hold(0);
  std::string Written, Index;
  for (size_t I = 1; I < Ops.size(); ++I) {
    if (Checked)
      Hold(I);
    const ir::Function *Wrap = I - 1 < Wraps.size() ? Wraps[I - 1] : nullptr;
    std::string Sep = I > 1 ? ", " : "";
    Written += Sep + converted("long long", Names[I]);
    // pykc_at converts an index itself; a braced list (pykc_at_checked's)
    // may not narrow.
    Index += Sep + (!Wrap && (!Checked || isIntegerConstant(*Ops[I]))
                        ? Names[I]
                        : wrapped(Names[I], Wrap, Names[0] + ".shape[" + std::to_string(I - 1) + "]"));
  }
  std::string S = Checked ? "pykc_at_checked(\"" + File.name() + ":" +
                                std::to_string(Array.Range.Begin.Line) + ":" +
                                std::to_string(Array.Range.Begin.Column) + "\", " + Names[0] +
                                ", {" + Written + "}, {" + Index + "})"
                          : "pykc_at(" + Names[0] + ", " + Index + ")";
  // Indices whose evaluation has effects, in Python's order: the element
  // through a pointer, so that it can still be assigned to.
  return Prefix.empty() ? S : "*[&] { " + Prefix + "return &" + S + "; }()";
}

std::string CudaSourceWriter::arrayView(const ir::ArrayViewExpr &V) {
  // Basic indexing that keeps dimensions: the same data, offset, with
  // Python's slice rules per axis (IndexFunctions.h's functions, which
  // the module defines). Evaluated in Python's order: the array, then
  // each entry's parts.
  auto *From = ir::dynCast<ir::ArrayType>(V.Array->Ty);
  auto *To = ir::dynCast<ir::ArrayType>(V.Ty);
  std::string A = "pykc_a" + std::to_string(Temps++);
  std::string S = "[&] { auto " + A + " = " + expr(*V.Array) + "; int64_t pykc_offset = 0; ";
  std::vector<std::string> Shapes, StrideList; // of the kept dimensions
  for (unsigned D = 0; D < From->ndim(); ++D) {
    std::string Dim = std::to_string(D);
    const ir::ViewIndex *I = D < V.Entries.size() ? &V.Entries[D] : nullptr;
    std::string Extent = A + ".shape[" + Dim + "]", Stride = A + ".strides[" + Dim + "]";
    if (I && !I->isSlice()) {
      S += "pykc_offset += " + wrapped(expr(*I->Index), I->Wrap, Extent) + " * " + Stride + "; ";
      continue;
    }
    if (!I || (!I->Start && !I->Stop && !I->Step)) {
      Shapes.push_back(Extent);
      StrideList.push_back(Stride);
      continue;
    }
    const ir::SliceFunctions &Rules = I->Slice;
    if (!Rules.Start)
      PYKC_ICE("a slice has no rules (ExpandOperators did not run)");
    const ir::Type *Int64 = Rules.Start->Params[2]->Ty;
    // Each part once, in Python's order (a call's arguments have none):
    // what is more than a name or a constant in a temporary first.
    auto Part = [&](const ir::Expr *X, const char *What, const char *Absent) {
      if (!X)
        return std::string(Absent);
      std::string V = isIntegerConstant(*X) ? operand(*X)
                      : X->Ty == Int64      ? expr(*X)
                                            : converted("int64_t", expr(*X));
      if (isTrivial(*X))
        return V;
      std::string T = "pykc_" + std::string(What) + Dim;
      S += "int64_t " + T + " = " + V + "; ";
      return T;
    };
    std::string Start = Part(I->Start, "start", "0"), Stop = Part(I->Stop, "stop", "0");
    std::string Step = Part(I->Step, "step", "1");
    auto Has = [](const ir::Expr *X) { return X ? "true" : "false"; };
    std::string First = "pykc_first" + Dim, Last = "pykc_last" + Dim;
    S += "int64_t " + First + " = " + Rules.Start->SymbolName + "(" + Extent + ", " +
         Has(I->Start) + ", " + Start + ", " + Step + "); ";
    S += "int64_t " + Last + " = " + Rules.Stop->SymbolName + "(" + Extent + ", " +
         Has(I->Stop) + ", " + Stop + ", " + Step + "); ";
    S += "pykc_offset += " + First + " * " + Stride + "; ";
    Shapes.push_back(Rules.Length->SymbolName + "(" + First + ", " + Last + ", " + Step + ")");
    StrideList.push_back(Stride + " * " + Rules.Step->SymbolName + "(" + Step + ")");
  }
  std::string Shape, Strides;
  for (size_t K = 0; K < Shapes.size(); ++K) {
    size_t Kept = V.Order.empty() ? K : V.Order[K];
    Shape += (K ? ", " : "") + Shapes[Kept];
    Strides += (K ? ", " : "") + StrideList[Kept];
  }
  return S + "return " + type(To) + "{(" + element(To) + " *)((char *)" + A +
         ".data + pykc_offset), {" + Shape + "}, {" + Strides + "}}; }()";
}

std::string CudaSourceWriter::constArray(const ir::ConstArrayExpr &C) {
  // A module-level NumPy array, frozen into constant memory as Numba does:
  // one copy per name.
  const ir::ConstantValue &A = *C.Data;
  if (A.Record)
    return constRecordArray(C);
  std::string T = scalar(A.Dtype), Name = "pykc_const_" + cudaIdentifier(C.Name);
  if (ConstArrays.insert(C.Name).second && !A.Elements.empty()) {
    bool Half = A.Dtype->isFloat() && A.Dtype->bitWidth() == 16;
    Globals << "// " << C.Name << ", a module-level array, frozen" << (Half ? " (float16 bits)" : "")
            << ".\n__constant__ " << (Half ? "unsigned short" : T) << " " << Name << "["
            << A.Elements.size() << "] = {";
    for (size_t I = 0; I < A.Elements.size(); ++I) {
      const ir::ConstantValue &E = A.Elements[I];
      Globals << (I ? ", " : "") << (I && I % 8 == 0 ? "\n    " : "");
      if (A.Dtype->isFloat() && A.Dtype->bitWidth() == 16) {
        // A __constant__ array cannot be initialised by a call: its bits.
        llvm::APFloat H(E.Float);
        bool Lost = false;
        H.convert(llvm::APFloat::IEEEhalf(), llvm::APFloat::rmNearestTiesToEven, &Lost);
        char Bits[16];
        std::snprintf(Bits, sizeof Bits, "0x%04x", unsigned(H.bitcastToAPInt().getZExtValue()));
        Globals << Bits;
      } else if (A.Dtype->isFloat() || A.Dtype->isComplex()) {
        ir::ConstantExpr K;
        K.Ty = A.Dtype;
        K.FloatValue = E.Float;
        K.ImagValue = E.Imag;
        Globals << constant(K, true);
      } else if (A.Dtype->isBoolean()) {
        Globals << (E.Bool ? "true" : "false");
      } else {
        Globals << E.Int;
      }
    }
    Globals << "};\n";
  }
  std::string Shape, Strides;
  for (size_t D = 0; D < A.Shape.size(); ++D) {
    int64_t Stride = int64_t(A.Dtype->byteSize());
    for (size_t E = D + 1; E < A.Shape.size(); ++E)
      Stride *= A.Shape[E];
    Shape += (D ? ", " : "") + std::to_string(A.Shape[D]);
    Strides += (D ? ", " : "") + std::to_string(Stride);
  }
  return type(C.Ty) + "{(" + T + " *)" + (A.Elements.empty() ? "nullptr" : Name) + ", {" + Shape +
         "}, {" + Strides + "}}";
}

} // namespace pykc::codegen
