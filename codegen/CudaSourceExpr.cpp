//===- CudaSourceExpr.cpp - The typed IR as CUDA C++: expressions ---------===//
//
// Each IR expression as a C++ expression of the same type and value. C++
// operators are used where they mean what Python's do on the operand types
// the IR has already made equal; the prelude's helpers where they do not
// (floor division, modulo, shifts, powers, negative indices). Signed +, -,
// * and unary - are C++'s: they wrap in practice (nvcc, and the host check
// built with -fwrapv), where Numba's are defined to.
//
//===----------------------------------------------------------------------===//
#include "codegen/CudaSourceWriter.h"

#include "ir/IRWalk.h"

#include <llvm/ADT/APFloat.h>

#include <cmath>
#include <functional>
#include <cstdio>
#include <limits>

namespace pykc::codegen {

namespace {

const ir::ScalarType *scalarOf(const ir::Expr &E) { return ir::dynCast<ir::ScalarType>(E.Ty); }

} // namespace

bool isIntegerConstant(const ir::Expr &E) {
  auto *C = ir::dynCast<ir::ConstantExpr>(&E);
  auto *S = C ? ir::dynCast<ir::ScalarType>(C->Ty) : nullptr;
  return S && S->isInteger();
}

bool isTrivial(const ir::Expr &E) {
  switch (E.Kind) {
  case ir::NodeKind::Constant:
  case ir::NodeKind::VarRef:
  case ir::NodeKind::SpecialReg:
    return true;
  case ir::NodeKind::Cast:
    return isTrivial(*static_cast<const ir::CastExpr &>(E).Operand);
  default:
    return false;
  }
}

// --- Order of evaluation ------------------------------------------------------

namespace {

/// Whether evaluating \p N can change memory or meet other threads:
/// stores, atomics, prints, warp and block operations, the statements of a
/// SeqExpr, and calls of functions that do any of these (\p Writes).
bool nodeHasEffects(const ir::Node &N, const std::function<bool(const ir::Function *)> &Writes) {
  switch (N.Kind) {
  case ir::NodeKind::AtomicRMW:
  case ir::NodeKind::StoreStmt:
  case ir::NodeKind::RecordStoreStmt:
  case ir::NodeKind::Seq:
    return true;
  case ir::NodeKind::Call:
    return Writes(static_cast<const ir::CallExpr &>(N).Callee);
  case ir::NodeKind::Intrinsic: {
    auto Id = static_cast<const ir::IntrinsicExpr &>(N).Id;
    switch (Id) {
    case ir::IntrinsicId::Grid:
    case ir::IntrinsicId::GridSize:
    case ir::IntrinsicId::Round:
    case ir::IntrinsicId::Abs:
    case ir::IntrinsicId::Popc:
    case ir::IntrinsicId::Clz:
    case ir::IntrinsicId::Ffs:
    case ir::IntrinsicId::Brev:
    case ir::IntrinsicId::Fma:
    case ir::IntrinsicId::Cbrt:
    case ir::IntrinsicId::ThisGrid:
    case ir::IntrinsicId::LanemaskLt:
      return false;
    default:
      // The math module is pure; the rest (print, warp and block
      // operations, fences) is not.
      return std::string(ir::intrinsicName(Id)).rfind("math.", 0) != 0 &&
             std::string(ir::intrinsicName(Id)).rfind("numpy.", 0) != 0;
    }
  }
  default:
    return false;
  }
}

} // namespace

bool CudaSourceWriter::writes(const ir::Function *F) {
  auto [It, New] = Writers.try_emplace(F, true); // recursion: assume it writes
  if (!New)
    return It->second;
  bool Effects = false;
  ir::forEachNode(F->Body, [&](const ir::Node &N) {
    Effects = Effects || nodeHasEffects(N, [&](const ir::Function *G) { return writes(G); });
  });
  return Writers[F] = Effects;
}

bool CudaSourceWriter::hasEffects(const ir::Expr &E) {
  bool Effects = false;
  ir::forEachNode(E, [&](const ir::Node &N) {
    Effects = Effects || nodeHasEffects(N, [&](const ir::Function *G) { return writes(G); });
  });
  return Effects;
}

std::vector<std::string> CudaSourceWriter::ordered(const std::vector<const ir::Expr *> &Ops,
                                                   std::string &Prefix) {
  unsigned Effects = 0, NonTrivial = 0;
  for (const ir::Expr *E : Ops) {
    Effects += hasEffects(*E);
    NonTrivial += !isTrivial(*E);
  }
  std::vector<std::string> Out;
  bool Sequence = Effects >= 1 && NonTrivial >= 2;
  for (size_t I = 0; I < Ops.size(); ++I) {
    const ir::Expr *Beside = Ops.size() == 2 ? Ops[1 - I] : nullptr;
    if (!Sequence || isTrivial(*Ops[I])) {
      Out.push_back(Beside ? operand(*Ops[I], Beside) : expr(*Ops[I]));
      continue;
    }
    std::string T = "pykc_e" + std::to_string(Temps++);
    Prefix += "auto " + T + " = " + expr(*Ops[I]) + "; ";
    Out.push_back(T);
  }
  return Out;
}

std::string CudaSourceWriter::inOrder(const std::string &Prefix, const std::string &Value) {
  return Prefix.empty() ? Value : "[&] { " + Prefix + "return " + Value + "; }()";
}

// --- Constants and conversions --------------------------------------------------

std::string CudaSourceWriter::constant(const ir::ConstantExpr &C, bool Bare) {
  if (ir::dynCast<ir::EnumType>(C.Ty)) // a member: its value
    return "(int64_t)" + std::to_string(int64_t(C.IntBits)) + "LL";
  auto *S = ir::dynCast<ir::ScalarType>(C.Ty);
  if (S->isComplex())
    return complexConstant(C);
  if (S->isBoolean())
    return C.IntBits ? "true" : "false";
  if (S->isFloat()) {
    if (S->bitWidth() == 16) {
      // Rounded once from the double, as the IR's constant is.
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, "%.17g", C.FloatValue);
      std::string T = std::isnan(C.FloatValue) ? "(double)NAN"
                      : std::isinf(C.FloatValue) ? (C.FloatValue < 0 ? "-(double)INFINITY" : "(double)INFINITY")
                                                 : std::string(Buf);
      scalar(S);
      return "__double2half(" + T + ")";
    }
    bool Single = S->bitWidth() == 32;
    double V = Single ? double(float(C.FloatValue)) : C.FloatValue;
    if (std::isnan(V))
      return Single ? "NAN" : "(double)NAN";
    if (std::isinf(V))
      return std::string(V < 0 ? "-" : "") + (Single ? "INFINITY" : "(double)INFINITY");
    char Buf[64];
    std::snprintf(Buf, sizeof Buf, Single ? "%.9g" : "%.17g", V);
    std::string T(Buf);
    // The shortest form that reads back as the same value.
    for (int Digits = 1; Digits < (Single ? 9 : 17); ++Digits) {
      char Short[64];
      std::snprintf(Short, sizeof Short, "%.*g", Digits, V);
      if ((Single && std::strtof(Short, nullptr) == float(V)) ||
          (!Single && std::strtod(Short, nullptr) == V)) {
        T = Short;
        break;
      }
    }
    if (T.find_first_of(".e") == std::string::npos)
      T += ".0";
    return Single ? T + "f" : T;
  }
  std::string T = scalar(S);
  if (S->isSigned()) {
    int64_t V = int64_t(C.IntBits);
    if (V == std::numeric_limits<int64_t>::min())
      return "INT64_MIN";
    bool Small = V >= std::numeric_limits<int32_t>::min() && V <= std::numeric_limits<int32_t>::max();
    if (Bare && Small)
      return std::to_string(V);
    return "(" + T + ")" + std::to_string(V) + (Small ? "" : "LL");
  }
  uint64_t V = C.IntBits;
  if (Bare && V <= uint64_t(std::numeric_limits<int32_t>::max()))
    return std::to_string(V);
  return "(" + T + ")" + std::to_string(V) + (V > 0xffffffffu ? "ull" : "u");
}

std::string CudaSourceWriter::floatConstant(const ir::ConstantExpr &Int, const ir::Type *To) {
  ir::ConstantExpr F;
  F.Ty = To;
  F.FloatValue = scalarOf(Int)->isSigned() ? double(int64_t(Int.IntBits)) : double(Int.IntBits);
  return constant(F, false);
}

std::string CudaSourceWriter::operand(const ir::Expr &E, const ir::Expr *Beside) {
  // A bare `3` where C++ converts it to what the IR says: an index, an
  // assignment, or beside a non-constant operand of the constant's type.
  if (auto *C = ir::dynCast<ir::ConstantExpr>(&E)) {
    bool Bare = !Beside || (Beside->Ty == E.Ty && !ir::dynCast<ir::ConstantExpr>(Beside));
    return constant(*C, Bare && isIntegerConstant(E));
  }
  return expr(E);
}

std::string CudaSourceWriter::cast(const std::string &V, const ir::Type *From, const ir::Type *To) {
  if (From == To || !ir::dynCast<ir::ScalarType>(To))
    return V;
  auto *TS = ir::dynCast<ir::ScalarType>(To);
  auto *FS = ir::dynCast<ir::ScalarType>(From);
  if (TS->isComplex())
    return toComplex(V, FS, TS);
  if (!FS) // an enum member to its int64 value: the same bits
    return V;
  bool FromHalf = FS && FS->isFloat() && FS->bitWidth() == 16;
  bool ToHalf = TS->isFloat() && TS->bitWidth() == 16;
  if (FromHalf && ToHalf)
    return V;
  if (FromHalf) {
    std::string F = "__half2float(" + V + ")";
    if (TS->isBoolean())
      return "(" + F + " != 0.0f)";
    return TS->isFloat() ? (TS->bitWidth() == 32 ? F : "(double)" + F)
                         : "pykc_from_half<" + type(To) + ">(" + V + ")";
  }
  if (ToHalf) {
    type(To);
    return "pykc_to_half(" + V + ")";
  }
  if (TS->isBoolean() && FS && !FS->isBoolean())
    return "(" + V + " != 0)"; // Python's truth: a NaN is true
  return "(" + type(To) + ")" + (isAtomic(V) ? V : "(" + V + ")");
}

bool CudaSourceWriter::isAtomic(const std::string &V) {
  // A name, a call f(...), a member a.b, or something parenthesized whole:
  // a cast applies to all of it without more parentheses.
  size_t I = 0;
  while (I < V.size() && (isalnum((unsigned char)V[I]) || V[I] == '_' || V[I] == '.' || V[I] == '[' || V[I] == ']' ||
                          V[I] == '<' || V[I] == '>'))
    ++I;
  if (I == V.size())
    return !V.empty();
  if (I == 0 && !V.empty() && V[0] == '(') {
    // (T)x with x atomic: a cast of a cast needs no parentheses either.
    size_t Close = V.find(')');
    bool TypeName = Close != std::string::npos && Close > 1;
    for (size_t K = 1; TypeName && K < Close; ++K)
      TypeName = isalnum((unsigned char)V[K]) || V[K] == '_';
    if (TypeName && Close + 1 < V.size())
      return isAtomic(V.substr(Close + 1));
  }
  if (V[I] != '(' || V.back() != ')')
    return false;
  int Depth = 0;
  for (size_t K = I; K < V.size(); ++K) {
    Depth += V[K] == '(' ? 1 : V[K] == ')' ? -1 : 0;
    if (Depth == 0 && K + 1 < V.size())
      return false;
  }
  return true;
}

// --- Operators -------------------------------------------------------------------

std::string CudaSourceWriter::binary(const ir::BinaryExpr &B) {
  auto *Result = scalarOf(B), *Left = scalarOf(*B.LHS), *Right = scalarOf(*B.RHS);
  std::string Prefix;
  // In the result type, as LLVM's operations on the IR's operands give it:
  // C++ would widen small integers and mix signedness its own way.
  auto Narrow = [&](const std::string &V) {
    bool Same = Left == Result && Right == Result && (Result->isFloat() || Result->bitWidth() >= 32);
    return Same ? V : "(" + type(Result) + ")" + V;
  };
  switch (B.Op) {
  case ir::ArithOp::Add:
  case ir::ArithOp::Sub:
  case ir::ArithOp::Mul:
  case ir::ArithOp::BitAnd:
  case ir::ArithOp::BitOr:
  case ir::ArithOp::BitXor: {
    auto Ops = ordered({B.LHS, B.RHS}, Prefix);
    return inOrder(Prefix, Narrow("(" + Ops[0] + " " + std::string(ir::spelling(B.Op)) + " " + Ops[1] + ")"));
  }
  case ir::ArithOp::TrueDiv: {
    // In the result's float type; an integer constant as the float it is.
    auto Ops = ordered({B.LHS, B.RHS}, Prefix);
    auto AsFloat = [&](const ir::Expr *E, const std::string &V) {
      return isIntegerConstant(*E) ? floatConstant(static_cast<const ir::ConstantExpr &>(*E), B.Ty)
                                   : cast(V, E->Ty, B.Ty);
    };
    return inOrder(Prefix, "(" + AsFloat(B.LHS, Ops[0]) + " / " + AsFloat(B.RHS, Ops[1]) + ")");
  }
  case ir::ArithOp::DivTrunc:
  case ir::ArithOp::RemTrunc: {
    // C++'s / and % truncate, as the primitives do; a float's remainder
    // is fmod's.
    auto Ops = ordered({B.LHS, B.RHS}, Prefix);
    if (B.Op == ir::ArithOp::RemTrunc && Left->isFloat())
      return inOrder(Prefix, "fmod(" + Ops[0] + ", " + Ops[1] + ")");
    std::string Op = B.Op == ir::ArithOp::DivTrunc ? " / " : " % ";
    return inOrder(Prefix, Narrow("(" + Ops[0] + Op + Ops[1] + ")"));
  }
  case ir::ArithOp::ShlBits:
  case ir::ArithOp::ShrBits: {
    auto Ops = ordered({B.LHS, B.RHS}, Prefix);
    if (B.Op == ir::ArithOp::ShrBits)
      return inOrder(Prefix, Narrow("(" + Ops[0] + " >> " + Ops[1] + ")"));
    // A signed left shift in the unsigned type: C++17 leaves shifting a
    // negative value undefined.
    std::string U = Left->isSigned() ? "(uint" + std::to_string(Left->bitWidth()) + "_t)" : "";
    return inOrder(Prefix, "(" + type(Result) + ")(" + U + Ops[0] + " << " + Ops[1] + ")");
  }
  case ir::ArithOp::FloorDiv:
  case ir::ArithOp::Mod:
  case ir::ArithOp::Pow:
  case ir::ArithOp::Shl:
  case ir::ArithOp::Shr:
    break; // expanded before emission (ir/ExpandOperators.h)
  }
  unsupported("the operator '" + std::string(ir::spelling(B.Op)) + "'");
}

std::string CudaSourceWriter::compare(const ir::CompareExpr &C) {
  // C++'s comparisons are IEEE's, as Python's: only != is true for NaN.
  std::string Prefix;
  auto Ops = ordered({C.LHS, C.RHS}, Prefix);
  return inOrder(Prefix, "(" + Ops[0] + " " + std::string(ir::spelling(C.Op)) + " " + Ops[1] + ")");
}

std::string CudaSourceWriter::logical(const ir::LogicalExpr &L) {
  auto *S = scalarOf(L);
  if (S && S->isBoolean())
    return "(" + expr(*L.LHS) + (L.IsAnd ? " && " : " || ") + expr(*L.RHS) + ")";
  // `a and b` is a when a is false, else b; `a or b` is a when a is true.
  // b is evaluated only when it is the value.
  auto *LS = scalarOf(*L.LHS);
  if (isTrivial(*L.LHS)) {
    std::string T = expr(*L.LHS), Test = LS && LS->isBoolean() ? T : T + " != 0";
    return "(" + Test + " ? " + (L.IsAnd ? expr(*L.RHS) + " : " + T : T + " : " + expr(*L.RHS)) + ")";
  }
  std::string T = "pykc_e" + std::to_string(Temps++);
  std::string Test = LS && LS->isBoolean() ? T : T + " != 0";
  return "[&] { auto " + T + " = " + expr(*L.LHS) + "; return " + Test + " ? " +
         (L.IsAnd ? expr(*L.RHS) + " : " + T : T + " : " + expr(*L.RHS)) + "; }()";
}

std::string CudaSourceWriter::unary(const ir::UnaryExpr &U) {
  auto *S = scalarOf(*U.Operand);
  std::string O = expr(*U.Operand);
  switch (U.Op) {
  case ir::UnaryArithOp::Neg:
    return S->isFloat() || S->bitWidth() >= 32 ? "(-" + O + ")" : "(" + scalar(S) + ")(-" + O + ")";
  case ir::UnaryArithOp::Invert:
    // ~ of a bool is `not` in Numba, as in NumPy.
    if (S->isBoolean())
      return "(!" + O + ")";
    return S->bitWidth() >= 32 ? "(~" + O + ")" : "(" + scalar(S) + ")(~" + O + ")";
  case ir::UnaryArithOp::Not:
    return "(!" + O + ")";
  }
  unsupported("this unary operator");
}

// --- Everything else -----------------------------------------------------------------

std::string CudaSourceWriter::seq(const ir::SeqExpr &Q) {
  // Statements inside an expression (the temporaries of an operand Python
  // evaluates only sometimes): a lambda called where the operand stands.
  std::ostringstream Text;
  std::ostringstream *Saved = Body;
  unsigned SavedDepth = Depth;
  bool SavedInSeq = InSeq;
  Body = &Text;
  Depth = 0;
  InSeq = true;
  block(Q.Stmts);
  std::string Value = expr(*Q.Value);
  Body = Saved;
  Depth = SavedDepth;
  InSeq = SavedInSeq;
  std::string Stmts;
  for (char C : Text.str())
    Stmts += C == '\n' ? ' ' : C;
  return "[&] { " + Stmts + "return " + Value + "; }()";
}

std::string CudaSourceWriter::call(const std::string &Callee, const std::vector<const ir::Expr *> &Args) {
  std::string Prefix, S = Callee + "(";
  auto Names = ordered(Args, Prefix);
  for (size_t I = 0; I < Names.size(); ++I)
    S += (I ? ", " : "") + (isIntegerConstant(*Args[I]) && Prefix.empty() ? operand(*Args[I]) : Names[I]);
  return inOrder(Prefix, S + ")");
}

std::string CudaSourceWriter::expr(const ir::Expr &E) {
  if (E.Range.isValid())
    Where = E.Range;
  switch (E.Kind) {
  case ir::NodeKind::Constant:
    return constant(static_cast<const ir::ConstantExpr &>(E), false);
  case ir::NodeKind::VarRef:
    return name(static_cast<const ir::VarRefExpr &>(E).Var);
  case ir::NodeKind::Cast: {
    auto &C = static_cast<const ir::CastExpr &>(E);
    auto *To = scalarOf(C);
    if (auto *K = ir::dynCast<ir::ConstantExpr>(C.Operand); K && isIntegerConstant(*K) && To && To->isInteger()) {
      // A converted integer constant: the constant of the new type.
      ir::ConstantExpr Converted;
      Converted.Ty = To;
      unsigned Bits = To->bitWidth();
      uint64_t V = Bits == 64 ? K->IntBits : K->IntBits & ((uint64_t(1) << Bits) - 1);
      if (To->isSigned() && Bits < 64 && (V >> (Bits - 1)) & 1)
        V |= ~((uint64_t(1) << Bits) - 1);
      Converted.IntBits = V;
      return constant(Converted, false);
    }
    if (auto *K = ir::dynCast<ir::ConstantExpr>(C.Operand); K && isIntegerConstant(*K) && To && To->isFloat() &&
                                                             To->bitWidth() > 16)
      return floatConstant(*K, To); // 16.0, not (double)16
    return cast(expr(*C.Operand), C.Operand->Ty, C.Ty);
  }
  case ir::NodeKind::Unary:
    return unary(static_cast<const ir::UnaryExpr &>(E));
  case ir::NodeKind::Binary:
    return binary(static_cast<const ir::BinaryExpr &>(E));
  case ir::NodeKind::Compare:
    return compare(static_cast<const ir::CompareExpr &>(E));
  case ir::NodeKind::Logical:
    return logical(static_cast<const ir::LogicalExpr &>(E));
  case ir::NodeKind::Select: {
    auto &S = static_cast<const ir::SelectExpr &>(E);
    return "(" + expr(*S.Cond) + " ? " + operand(*S.Then, S.Else) + " : " + operand(*S.Else, S.Then) + ")";
  }
  case ir::NodeKind::Truth: {
    auto &T = static_cast<const ir::TruthExpr &>(E);
    auto *S = scalarOf(*T.Operand);
    std::string O = expr(*T.Operand);
    if (S->isFloat() && S->bitWidth() == 16)
      return "(__half2float(" + O + ") != 0.0f)";
    if (S->isComplex())
      return "pykc_truth(" + O + ")";
    return S->isBoolean() ? O : "(" + O + " != 0)"; // a NaN is true
  }
  case ir::NodeKind::Seq:
    return seq(static_cast<const ir::SeqExpr &>(E));
  case ir::NodeKind::LibdeviceCall:
    return libdevice(static_cast<const ir::LibdeviceCallExpr &>(E));
  case ir::NodeKind::ForeignCall:
    return foreignCall(static_cast<const ir::ForeignCallExpr &>(E));
  case ir::NodeKind::OptionalMake: {
    auto &M = static_cast<const ir::OptionalMakeExpr &>(E);
    auto *O = ir::dynCast<ir::OptionalType>(M.Ty);
    if (!O)
      return "0"; // None itself, only ever discarded
    return type(O) + "{" + (M.Operand ? operand(*M.Operand) + ", true" : std::string()) + "}";
  }
  case ir::NodeKind::OptionalValid:
    return "(" + expr(*static_cast<const ir::OptionalValidExpr &>(E).Operand) + ").valid";
  case ir::NodeKind::OptionalUnwrap: {
    auto &U = static_cast<const ir::OptionalUnwrapExpr &>(E);
    return U.Checked ? "pykc_unwrap(" + expr(*U.Operand) + ")" : "(" + expr(*U.Operand) + ").value";
  }
  case ir::NodeKind::ArrayLoad: {
    auto &L = static_cast<const ir::ArrayLoadExpr &>(E);
    if (ir::dynCast<ir::ArrayType>(L.Array->Ty)->record())
      return "(&" + access(*L.Array, L.Indices, L.Wraps) + ")"; // a reference to the record
    return access(*L.Array, L.Indices, L.Wraps);
  }
  case ir::NodeKind::RecordField:
    return recordField(static_cast<const ir::RecordFieldExpr &>(E));
  case ir::NodeKind::ArrayView:
    return arrayView(static_cast<const ir::ArrayViewExpr &>(E));
  case ir::NodeKind::ArrayReinterpret: {
    auto &R = static_cast<const ir::ArrayReinterpretExpr &>(E);
    auto *From = ir::dynCast<ir::ArrayType>(R.Array->Ty);
    auto *To = ir::dynCast<ir::ArrayType>(R.Ty);
    if (R.Part >= 0) // a complex array's .real or .imag
      return "pykc_complex_part<" + scalar(To->dtype()) + ">(" + expr(*R.Array) + ", " +
             std::to_string(R.Part) + ")";
    char Layout = From->layout() == ir::ArrayLayout::C ? 'C' : From->layout() == ir::ArrayLayout::F ? 'F' : 'A';
    return "pykc_reinterpret<" + scalar(To->dtype()) + ">(" + expr(*R.Array) + ", '" + Layout + "')";
  }
  case ir::NodeKind::ArrayDim: {
    auto &D = static_cast<const ir::ArrayDimExpr &>(E);
    return expr(*D.Array) + ".shape[" + std::to_string(D.Dim) + "]";
  }
  case ir::NodeKind::ArrayStride: {
    auto &D = static_cast<const ir::ArrayStrideExpr &>(E);
    return expr(*D.Array) + ".strides[" + std::to_string(D.Dim) + "]";
  }
  case ir::NodeKind::ArraySize:
    return "pykc_size(" + expr(*static_cast<const ir::ArraySizeExpr &>(E).Array) + ")";
  case ir::NodeKind::ConstArray:
    return constArray(static_cast<const ir::ConstArrayExpr &>(E));
  case ir::NodeKind::TupleMake: {
    auto &T = static_cast<const ir::TupleMakeExpr &>(E);
    auto *TT = ir::dynCast<ir::TupleType>(T.Ty);
    std::string Prefix, S;
    if (auto *VT = ir::dynCast<ir::VectorType>(T.Ty)) {
      // CUDA's make_float4(x, y, z, w) and the like.
      std::vector<const ir::Expr *> Elements(T.Elements.begin(), T.Elements.end());
      auto Names = ordered(Elements, Prefix);
      S = "make_" + vectorName(VT) + "(";
      for (size_t I = 0; I < Names.size(); ++I)
        S += (I ? ", " : "") + Names[I];
      return inOrder(Prefix, S + ")");
    }
    if (auto *C = ir::dynCast<ir::ScalarType>(T.Ty)) // complex(re, im)
      S = complexType(C) + "{";
    else if (!TT)
      unsupported("this tuple");
    else
      S = tupleStruct(TT) + "{";
    std::vector<const ir::Expr *> Elements(T.Elements.begin(), T.Elements.end());
    auto Names = ordered(Elements, Prefix);
    for (size_t I = 0; I < Names.size(); ++I)
      S += (I ? ", " : "") + Names[I];
    return inOrder(Prefix, S + "}");
  }
  case ir::NodeKind::TupleGet: {
    auto &T = static_cast<const ir::TupleGetExpr &>(E);
    if (ir::dynCast<ir::VectorType>(T.Tuple->Ty))
      return expr(*T.Tuple) + "." + std::string(1, "xyzw"[T.Index]);
    if (ir::dynCast<ir::ScalarType>(T.Tuple->Ty)) // a complex's part
      return expr(*T.Tuple) + (T.Index ? ".im" : ".re");
    return expr(*T.Tuple) + ".e" + std::to_string(T.Index);
  }
  case ir::NodeKind::TupleGetDynamic: {
    // t[i] of a tuple of one type: its elements as an array.
    auto &T = static_cast<const ir::TupleGetDynamicExpr &>(E);
    auto *TT = ir::dynCast<ir::TupleType>(T.Tuple->Ty);
    if (!TT)
      unsupported("vector types");
    std::string Items;
    for (size_t I = 0; I < TT->size(); ++I)
      Items += (I ? ", " : "") + std::string("pykc_tuple.e") + std::to_string(I);
    return "[&] { auto pykc_tuple = " + expr(*T.Tuple) + "; const " + type(TT->elements().front()) +
           " pykc_items[] = {" + Items + "}; return pykc_items[" +
           wrapped(expr(*T.Index), T.Wrap, std::to_string(TT->size())) + "]; }()";
  }
  case ir::NodeKind::SpecialReg: {
    auto &R = static_cast<const ir::SpecialRegExpr &>(E);
    std::string D(1, "xyz"[R.Dim]), T = "(" + type(R.Ty) + ")";
    switch (R.Reg) {
    case ir::SpecialRegister::ThreadIdx:
      return T + "threadIdx." + D;
    case ir::SpecialRegister::BlockIdx:
      return T + "blockIdx." + D;
    case ir::SpecialRegister::BlockDim:
      return T + "blockDim." + D;
    case ir::SpecialRegister::GridDim:
      return T + "gridDim." + D;
    case ir::SpecialRegister::WarpSize:
      return T + "warpSize";
    case ir::SpecialRegister::LaneId:
      return T + "pykc_laneid()";
    }
    unsupported("this special register");
  }
  case ir::NodeKind::Intrinsic:
    return intrinsic(static_cast<const ir::IntrinsicExpr &>(E));
  case ir::NodeKind::Call: {
    auto &C = static_cast<const ir::CallExpr &>(E);
    std::vector<const ir::Expr *> Args(C.Args.begin(), C.Args.end());
    return call(C.Callee->SymbolName, Args);
  }
  case ir::NodeKind::AtomicRMW:
    return atomic(static_cast<const ir::AtomicRMWExpr &>(E));
  case ir::NodeKind::AllocArray:
    unsupported("an array allocation that is not assigned to a name");
  case ir::NodeKind::ParallelFor:
    unsupported("prange loops (host code)");
  default:
    unsupported("this expression");
  }
}

} // namespace pykc::codegen
