//===- CudaSourceIntrinsic.cpp - The typed IR as CUDA C++: builtins -------===//
//
// ir/Builtins.def's rows as CUDA C++: the math module through the C math
// functions CUDA overloads for float and double (nvcc maps them to
// libdevice's, as Numba calls them); every other row as its Cuda column
// spells it (warp and block operations through CUDA's intrinsics of the
// same meaning, bit operations through the prelude's helpers); atomics
// through the prelude's helpers.
//
//===----------------------------------------------------------------------===//
#include "codegen/CudaSourceWriter.h"

#include "ir/Libdevice.h"

#include <cstdio>
#include <cstring>
#include <numbers>

namespace pykc::codegen {

namespace {

enum class MathLowering { Intrinsic, Libm, Angle, LibmOut, LibmInt, Predicate };

/// The math row of \p Id: its lowering and C name; false for other rows.
bool mathRow(ir::IntrinsicId Id, MathLowering &L, const char *&Name) {
  switch (Id) {
#define MATH(MathId, Path, Cases, Lowering, CName)                             \
  case ir::IntrinsicId::MathId:                                                \
    L = MathLowering::Lowering;                                                \
    Name = #CName;                                                             \
    return true;
#include "ir/Builtins.def"
  default:
    return false;
  }
}

std::string quoted(const std::string &Text) {
  std::string S = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\')
      S += std::string("\\") + C;
    else if (C == '\n')
      S += "\\n";
    else if ((unsigned char)C < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\%03o", (unsigned char)C);
      S += Buf;
    } else
      S += C;
  }
  return S + "\"";
}

} // namespace

std::string CudaSourceWriter::math(const ir::IntrinsicExpr &I, const char *Name) {
  MathLowering L;
  mathRow(I.Id, L, Name);
  // Integer arguments compute in the result's float type, as Numba's int64
  // and uint64 cases do.
  std::vector<std::string> Args;
  std::string Prefix;
  std::vector<const ir::Expr *> Ops(I.Args.begin(), I.Args.end());
  auto Names = ordered(Ops, Prefix);
  switch (L) {
  case MathLowering::Predicate: {
    auto *S = ir::dynCast<ir::ScalarType>(I.Args[0]->Ty);
    bool Finite = std::string(Name) == "isfinite";
    if (!S->isFloat()) // an integer is never nan or inf; evaluated all the same
      return "((void)" + Names[0] + ", " + (Finite ? "true" : "false") + ")";
    return "(bool)" + std::string(Name) + "(" + Names[0] + ")";
  }
  case MathLowering::Angle: {
    double Factor = std::string(Name) == "degrees" ? 180.0 / std::numbers::pi : std::numbers::pi / 180.0;
    ir::ConstantExpr K;
    K.Ty = I.Ty;
    K.FloatValue = Factor;
    return "(" + cast(Names[0], I.Args[0]->Ty, I.Ty) + " * " + constant(K, false) + ")";
  }
  case MathLowering::LibmOut: {
    // frexp(x) and modf(x): the C function's result and what it wrote.
    auto *TT = ir::dynCast<ir::TupleType>(I.Ty);
    std::string Float = type(TT->elements()[0]), Out = type(TT->elements()[1]);
    std::string X = cast(Names[0], I.Args[0]->Ty, TT->elements()[0]);
    return inOrder(Prefix, "[&] { " + Out + " pykc_out; " + Float + " pykc_r = " + Name + "(" + X +
                               ", &pykc_out); return " + tupleStruct(TT) + "{pykc_r, pykc_out}; }()");
  }
  case MathLowering::LibmInt:
    return inOrder(Prefix, std::string(Name) + "(" + cast(Names[0], I.Args[0]->Ty, I.Ty) + ", " + Names[1] + ")");
  case MathLowering::Intrinsic:
  case MathLowering::Libm: {
    std::string S = std::string(Name) + "(";
    for (size_t K = 0; K < Names.size(); ++K)
      S += (K ? ", " : "") + cast(Names[K], I.Args[K]->Ty, I.Ty);
    return inOrder(Prefix, S + ")");
  }
  }
  unsupported(std::string(ir::intrinsicName(I.Id)) + "()");
}

std::string CudaSourceWriter::libdevice(const ir::LibdeviceCallExpr &L) {
  const ir::LibdeviceFunction &Fn = *L.Fn;
  std::string Cpu = Fn.CpuName;
  // CUDA spells the integer ones as intrinsics: popc is __popc.
  std::string Name = Fn.CpuIntrinsic || Cpu.rfind("ffs", 0) == 0 ? "__" + std::string(Fn.Name) : Cpu;
  std::string Prefix;
  std::vector<const ir::Expr *> Ops(L.Args.begin(), L.Args.end());
  std::vector<std::string> Names = ordered(Ops, Prefix);
  auto *TT = ir::dynCast<ir::TupleType>(L.Ty);
  bool VoidResult = Fn.Sig[0] == 'v';
  if (!std::strpbrk(Fn.Sig, "FDIL")) { // no pointer: a plain call
    std::string S = "(" + type(L.Ty) + ")" + Name + "(";
    for (size_t K = 0; K < Names.size(); ++K)
      S += (K ? ", " : "") + Names[K];
    return inOrder(Prefix, S + ")");
  }
  // Pointers: the C function writes locals, returned with the result as
  // Numba returns them (one value alone, several as a tuple).
  std::string Decls, Call = Name + "(", Result;
  size_t Next = 0, Out = VoidResult ? 0 : 1;
  std::vector<std::string> Values;
  if (!VoidResult)
    Values.push_back("pykc_r");
  for (const char *C = std::strchr(Fn.Sig, ':') + 1; *C; ++C) {
    Call += std::string(C[-1] == ':' ? "" : ", ");
    if (*C >= 'A' && *C <= 'Z') {
      const ir::Type *Ty = TT ? TT->elements()[Out++] : L.Ty;
      std::string Local = "pykc_o" + std::to_string(Values.size());
      Decls += type(Ty) + " " + Local + "; ";
      Call += "&" + Local;
      Values.push_back(Local);
    } else {
      Call += Names[Next++];
    }
  }
  Call += ")";
  std::string Body = "[&] { " + Decls + (VoidResult ? Call : "auto pykc_r = " + Call) + "; return ";
  if (Values.size() == 1)
    Body += Values[0];
  else {
    Body += tupleStruct(TT) + "{";
    for (size_t K = 0; K < Values.size(); ++K)
      Body += (K ? ", " : "") + Values[K];
    Body += "}";
  }
  return inOrder(Prefix, Body + "; }()");
}

std::vector<std::string> CudaSourceWriter::warpOperands(const ir::IntrinsicExpr &I,
                                                       std::string &Prefix, std::string &Mask) {
  std::vector<const ir::Expr *> Ops(I.Args.begin(), I.Args.end());
  auto A = ordered(Ops, Prefix);
  // Constant masks in hex, constant lanes and offsets bare.
  bool ConstantMask = false;
  for (size_t K = 0; K < Ops.size() && Prefix.empty(); ++K) {
    const ir::Expr *E = Ops[K];
    while (auto *C = ir::dynCast<ir::CastExpr>(E))
      E = C->Operand; // the typing's conversion to int32
    auto *C = ir::dynCast<ir::ConstantExpr>(E);
    auto *S = C ? ir::dynCast<ir::ScalarType>(C->Ty) : nullptr;
    if (!S || !S->isInteger())
      continue;
    char Text[32];
    if (K == 0)
      std::snprintf(Text, sizeof Text, "0x%08xu", unsigned(C->IntBits));
    else
      std::snprintf(Text, sizeof Text, "%d", int32_t(C->IntBits));
    A[K] = Text;
    ConstantMask |= K == 0;
  }
  // syncwarp() waits for the whole warp, as Numba's default mask says.
  Mask = A.empty() ? "0xffffffffu" : ConstantMask ? A[0] : "(unsigned)" + A[0];
  return A;
}

std::string CudaSourceWriter::spell(const ir::IntrinsicExpr &I, const std::string &Cast,
                                    const char *Format, bool Warp) {
  std::string Prefix, Mask;
  std::vector<std::string> A;
  if (Warp) {
    A = warpOperands(I, Prefix, Mask);
  } else {
    std::vector<const ir::Expr *> Ops(I.Args.begin(), I.Args.end());
    A = ordered(Ops, Prefix);
  }
  std::string S;
  for (const char *C = Format; *C; ++C) {
    if (*C != '%') {
      S += *C;
      continue;
    }
    switch (*++C) {
    case 'T':
      S += Cast;
      break;
    case 'G':
      UsesGridSync = true;
      break;
    case 'm':
      S += Mask;
      break;
    case 'c': {
      size_t K = size_t(*++C - '0');
      S += cast(A.at(K), I.Args[K]->Ty, I.Ty);
      break;
    }
    default:
      S += A.at(size_t(*C - '0'));
      break;
    }
  }
  return inOrder(Prefix, S);
}

std::string CudaSourceWriter::cudaGridIndex(const ir::IntrinsicExpr &I, const char *Fn) {
  if (I.Count == 1)
    return std::string(Fn) + "(0)";
  std::string S = type(I.Ty) + "{";
  for (unsigned D = 0; D < I.Count; ++D)
    S += (D ? ", " : "") + std::string(Fn) + "(" + std::to_string(D) + ")";
  return S + "}";
}

std::string CudaSourceWriter::cudaPrint(const ir::IntrinsicExpr &I) {
  std::string Prefix, S = "printf(" + quoted(I.Text);
  std::vector<const ir::Expr *> Ops(I.Args.begin(), I.Args.end());
  auto Names = ordered(Ops, Prefix);
  for (size_t K = 0; K < Names.size(); ++K) {
    // %lld and %llu take long long, which int64_t need not be.
    auto *S2 = ir::dynCast<ir::ScalarType>(I.Args[K]->Ty);
    std::string Cast = S2->isFloat() ? "" : S2->isSigned() ? "(long long)" : "(unsigned long long)";
    S += ", " + Cast + Names[K];
  }
  return Prefix.empty() ? S + ")" : "[&] { " + Prefix + "return " + S + "); }()";
}

std::string CudaSourceWriter::cudaMatchAll(const ir::IntrinsicExpr &I) {
  // (the mask of lanes holding the same value or 0, whether all do)
  std::string Prefix, Mask;
  auto A = warpOperands(I, Prefix, Mask);
  auto *TT = ir::dynCast<ir::TupleType>(I.Ty);
  return inOrder(Prefix, "[&] { int pykc_all; unsigned pykc_mask = __match_all_sync(" + Mask +
                             ", " + A[1] + ", &pykc_all); return " + tupleStruct(TT) + "{(" +
                             type(TT->elements()[0]) + ")pykc_mask, pykc_all != 0}; }()");
}

// The Cuda column of ir/Builtins.def: a format spell() expands, a named
// emitter cudaF, or nothing (typing built another IR node).
#define PYKC_CUDA_Format(Text) return spell(I, T, Text, /*Warp=*/false);
#define PYKC_CUDA_WarpFormat(Text) return spell(I, T, Text, /*Warp=*/true);
#define PYKC_CUDA_Emitter(F, ...) return cuda##F(I __VA_OPT__(, ) __VA_ARGS__);
#define PYKC_CUDA_Node break;

std::string CudaSourceWriter::intrinsic(const ir::IntrinsicExpr &I) {
  MathLowering L;
  const char *Name = nullptr;
  if (mathRow(I.Id, L, Name))
    return math(I, Name);
  // The result type first: a tuple's struct is declared before the
  // operands'.
  std::string T = "(" + type(I.Ty) + ")";
  switch (I.Id) {
#define BUILTIN(Id, Path, Typing, Lowering, Sync, Thread, Host, Cuda, Cpu)     \
  case ir::IntrinsicId::Id:                                                    \
    PYKC_CUDA_##Cuda
#include "ir/Builtins.def"
  default:
    break;
  }
  unsupported(std::string(ir::intrinsicName(I.Id)) + "()");
}

std::string CudaSourceWriter::atomic(const ir::AtomicRMWExpr &A) {
  static const char *const Names[] = {
#define ATOMIC(Op, Name, Dtypes) "pykc_atomic_" #Op,
#include "ir/AtomicOps.def"
  };
  std::string Fn = Names[unsigned(A.Op)];
  for (char &C : Fn) // pykc_atomic_NanMax -> pykc_atomic_nanmax
    C = char(std::tolower((unsigned char)C));
  auto *AT = ir::dynCast<ir::ArrayType>(A.Array->Ty);
  if (AT->addressSpace() == ir::AddressSpace::Local)
    Fn += "<pykc_thread_local>"; // one thread's memory: a plain read-modify-write
  // Python's order: the array and the index, then the old value (cas),
  // then the value.
  std::string Element = "&" + access(*A.Array, A.Indices, A.Wraps);
  std::vector<const ir::Expr *> Rest;
  if (A.Compare)
    Rest.push_back(A.Compare);
  Rest.push_back(A.Value);
  bool Sequence = false;
  for (const ir::Expr *E : Rest)
    Sequence |= hasEffects(*E);
  std::vector<std::string> Values;
  for (const ir::Expr *E : Rest)
    Values.push_back(expr(*E));
  if (!Sequence) {
    std::string S = Fn + "(" + Element;
    for (const std::string &V : Values)
      S += ", " + V;
    return S + ")";
  }
  std::string S = "[&] { auto *pykc_p = " + Element + "; ", Call = Fn + "(pykc_p";
  for (size_t K = 0; K < Values.size(); ++K) {
    S += "auto pykc_v" + std::to_string(K) + " = " + Values[K] + "; ";
    Call += ", pykc_v" + std::to_string(K);
  }
  return S + "return " + Call + "); }()";
}

} // namespace pykc::codegen
