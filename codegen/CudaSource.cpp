//===- CudaSource.cpp - The typed IR as CUDA C++ source -------------------===//
#include "codegen/CudaSource.h"

#include "frontend/Diagnostic.h"
#include "ir/IRWalk.h"

#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace pykc::codegen {

namespace {

/// The helpers every emitted file starts with: Numba's semantics where C++
/// differs, spelled once.
const char *const Prelude = R"cu(// Helpers: Numba's semantics where C++ differs.
#include <cstdint>

// An array as pykc/KernelABI.h passes it: data, extents, byte strides.
template <typename T, int N> struct pykc_array {
  T *data;
  int64_t shape[N];
  int64_t strides[N];
};
// a[i, j, ...]: a negative index counts from the end, as in Python.
__device__ inline int64_t pykc_wrap(int64_t i, int64_t n) { return i < 0 ? i + n : i; }
template <typename T> __device__ inline T &pykc_at(const pykc_array<T, 1> &a, int64_t i) {
  return *(T *)((char *)a.data + pykc_wrap(i, a.shape[0]) * a.strides[0]);
}
template <typename T> __device__ inline T &pykc_at(const pykc_array<T, 2> &a, int64_t i, int64_t j) {
  return *(T *)((char *)a.data + pykc_wrap(i, a.shape[0]) * a.strides[0] +
                pykc_wrap(j, a.shape[1]) * a.strides[1]);
}
template <typename T>
__device__ inline T &pykc_at(const pykc_array<T, 3> &a, int64_t i, int64_t j, int64_t k) {
  return *(T *)((char *)a.data + pykc_wrap(i, a.shape[0]) * a.strides[0] +
                pykc_wrap(j, a.shape[1]) * a.strides[1] + pykc_wrap(k, a.shape[2]) * a.strides[2]);
}
template <typename T, int N> __device__ inline int64_t pykc_size(const pykc_array<T, N> &a) {
  int64_t s = 1;
  for (int d = 0; d < N; ++d)
    s *= a.shape[d];
  return s;
}
// Python's // and %: rounded toward negative infinity; by zero gives 0 (as
// Numba-CUDA, which cannot raise).
template <typename T> __device__ inline T pykc_floordiv(T a, T b) {
  if (b == 0)
    return 0;
  T q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
template <typename T> __device__ inline T pykc_mod(T a, T b) {
  if (b == 0)
    return 0;
  T r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
__device__ inline double pykc_floordiv(double a, double b) { return floor(a / b); }
__device__ inline float pykc_floordiv(float a, float b) { return floorf(a / b); }
__device__ inline double pykc_mod(double a, double b) {
  double r = fmod(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
__device__ inline float pykc_mod(float a, float b) {
  float r = fmodf(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
// range(start, stop, step): how many times the loop runs.
__device__ inline int64_t pykc_trips(int64_t start, int64_t stop, int64_t step) {
  if (step > 0)
    return start < stop ? (stop - start - 1) / step + 1 : 0;
  if (step < 0)
    return start > stop ? (start - stop - 1) / -step + 1 : 0;
  return 0;
}
__device__ inline int64_t pykc_grid(int d) {
  unsigned t = d == 0 ? threadIdx.x : d == 1 ? threadIdx.y : threadIdx.z;
  unsigned b = d == 0 ? blockIdx.x : d == 1 ? blockIdx.y : blockIdx.z;
  unsigned n = d == 0 ? blockDim.x : d == 1 ? blockDim.y : blockDim.z;
  return (int64_t)b * (int64_t)n + (int64_t)t;
}
__device__ inline int64_t pykc_gridsize(int d) {
  unsigned g = d == 0 ? gridDim.x : d == 1 ? gridDim.y : gridDim.z;
  unsigned n = d == 0 ? blockDim.x : d == 1 ? blockDim.y : blockDim.z;
  return (int64_t)g * (int64_t)n;
}
)cu";

class Unsupported {
public:
  std::string What;
  frontend::SourceRange Where;
};

class Writer {
public:
  Writer(const ir::Module &IR, const frontend::SourceFile &File) : IR(IR), File(File) {}

  std::string run() {
    OS << "// CUDA C++ for the kernels of " << File.name() << ", written by pykc --emit=cuda.\n";
    OS << "// Kernels take pykc/KernelABI.h's flattened parameters: an array is its\n";
    OS << "// data, extents and byte strides.\n";
    OS << Prelude << "\n";
    // Callees before callers: device functions first, in module order.
    for (const auto &F : IR.functions())
      if (F->Kind != ir::FunctionKind::Kernel && !F->HostEntry)
        declare(*F);
    for (const auto &F : IR.functions())
      if (F->Kind == ir::FunctionKind::Kernel || !F->HostEntry)
        function(*F);
    return OS.str();
  }

private:
  [[noreturn]] void unsupported(const std::string &What) { throw Unsupported{What, Where}; }

  static std::string scalar(const ir::ScalarType *S) {
    if (S->isBoolean())
      return "bool";
    if (S->isFloat()) {
      if (S->bitWidth() == 16)
        throw Unsupported{"float16"};
      return S->bitWidth() == 32 ? "float" : "double";
    }
    return std::string(S->isSigned() ? "int" : "uint") + std::to_string(S->bitWidth()) + "_t";
  }

  std::string type(const ir::Type *T) {
    if (auto *S = ir::dynCast<ir::ScalarType>(T))
      return scalar(S);
    if (auto *A = ir::dynCast<ir::ArrayType>(T))
      return "pykc_array<" + scalar(A->dtype()) + ", " + std::to_string(A->ndim()) + ">";
    if (auto *Tu = ir::dynCast<ir::TupleType>(T))
      return tupleStruct(Tu);
    if (!T || T->kind() == ir::TypeKind::None)
      return "void";
    unsupported("values of type " + T->str());
  }

  /// A struct per tuple type, written before the first function using it.
  std::string tupleStruct(const ir::TupleType *T) {
    auto It = Tuples.find(T);
    if (It != Tuples.end())
      return It->second;
    std::string Name = "pykc_tuple" + std::to_string(Tuples.size());
    std::string Fields;
    for (size_t I = 0; I < T->size(); ++I)
      Fields += "  " + type(T->elements()[I]) + " e" + std::to_string(I) + ";\n";
    Structs << "// " << T->str() << "\nstruct " << Name << " {\n" << Fields << "};\n";
    Tuples[T] = Name;
    return Name;
  }

  static std::string name(const ir::Variable *V) {
    std::string N;
    for (char C : V->Name)
      N += (isalnum((unsigned char)C) || C == '_') ? C : '_';
    static const std::set<std::string> Cxx = {"int", "float", "double", "char", "auto", "new",
                                              "delete", "this", "class", "struct", "template",
                                              "default", "switch", "case", "do", "goto",
                                              "register", "signed", "unsigned", "long", "short",
                                              "void", "volatile", "const", "static", "extern"};
    return Cxx.count(N) ? N + "_" : N;
  }

  std::string params(const ir::Function &F) {
    std::string S;
    for (const ir::Variable *P : F.Params) {
      S += S.empty() ? "" : ", ";
      auto *A = ir::dynCast<ir::ArrayType>(P->ArgType);
      if (A && F.Kind == ir::FunctionKind::Kernel) {
        std::string T = scalar(A->dtype());
        S += T + " *" + name(P) + "_data";
        for (unsigned D = 0; D < A->ndim(); ++D)
          S += ", int64_t " + name(P) + "_shape" + std::to_string(D);
        for (unsigned D = 0; D < A->ndim(); ++D)
          S += ", int64_t " + name(P) + "_stride" + std::to_string(D);
      } else {
        S += type(P->ArgType) + " " + name(P) + "_arg";
      }
    }
    return S;
  }

  std::string signature(const ir::Function &F) {
    if (F.Kind == ir::FunctionKind::Kernel)
      return "extern \"C\" __global__ void " + F.SymbolName + "(" + params(F) + ")";
    return "__device__ " + type(F.ReturnType) + " " + F.SymbolName + "(" + params(F) + ")";
  }

  void declare(const ir::Function &F) { Declarations << signature(F) << ";\n"; }

  void function(const ir::Function &F) {
    Current = &F;
    Body.str("");
    Depth = 1;
    std::string Line = "// " + File.name() + ":" + std::to_string(F.Range.Begin.Line) + ": " +
                       std::string(File.lineText(F.Range.Begin.Line)) + "\n";
    Body << Line << signature(F) << " {\n";
    // Every variable the body uses at the top, with its Python name;
    // parameters copied in.
    std::set<const ir::Variable *> Params(F.Params.begin(), F.Params.end()), Used;
    ir::forEachNode(F.Body, [&](const ir::Node &N) {
      if (auto *R = ir::dynCast<ir::VarRefExpr>(&N))
        Used.insert(R->Var);
      else if (auto *A = ir::dynCast<ir::AssignStmt>(&N))
        Used.insert(A->Var);
      else if (auto *L = ir::dynCast<ir::ForRangeStmt>(&N))
        Used.insert(L->Var);
    });
    for (const auto &V : F.Variables) {
      if (!V->Ty || V->Ty->kind() == ir::TypeKind::None || !Used.count(V.get()))
        continue;
      if (ir::dynCast<ir::ArrayType>(V->Ty) && !Params.count(V.get()))
        continue; // arrays are declared where they are made (allocations, views)
      Body << "  " << type(V->Ty) << " " << name(V.get());
      if (Params.count(V.get())) {
        auto *A = ir::dynCast<ir::ArrayType>(V->ArgType);
        if (A && F.Kind == ir::FunctionKind::Kernel) {
          Body << " = {" << name(V.get()) << "_data, {";
          for (unsigned D = 0; D < A->ndim(); ++D)
            Body << (D ? ", " : "") << name(V.get()) << "_shape" << D;
          Body << "}, {";
          for (unsigned D = 0; D < A->ndim(); ++D)
            Body << (D ? ", " : "") << name(V.get()) << "_stride" << D;
          Body << "}}";
        } else {
          Body << " = " << cast(name(V.get()) + "_arg", V->ArgType, V->Ty);
        }
      }
      Body << ";\n";
    }
    block(F.Body);
    Body << "}\n\n";
    Functions << Body.str();
  }

  std::string indent() const { return std::string(2 * Depth, ' '); }

  void lineComment(frontend::SourceRange R) {
    if (!R.isValid() || R.Begin.Line == LastLine || !Current || Current->FileName != File.name())
      return;
    LastLine = R.Begin.Line;
    std::string Text(File.lineText(R.Begin.Line));
    size_t First = Text.find_first_not_of(' ');
    Body << indent() << "// " << File.name().substr(File.name().find_last_of('/') + 1) << ":"
         << R.Begin.Line << ": " << (First == std::string::npos ? "" : Text.substr(First)) << "\n";
  }

  void block(const ir::StmtList &Stmts) {
    for (const ir::Stmt *S : Stmts)
      stmt(*S);
  }

  void stmt(const ir::Stmt &S) {
    if (S.Range.isValid())
      Where = S.Range;
    lineComment(S.Range);
    switch (S.Kind) {
    case ir::NodeKind::AssignStmt: {
      auto &A = static_cast<const ir::AssignStmt &>(S);
      if (!A.Var->Ty || A.Var->Ty->kind() == ir::TypeKind::None) {
        Body << indent() << expr(*A.Value) << ";\n";
        return;
      }
      if (auto *Alloc = ir::dynCast<ir::AllocArrayExpr>(A.Value))
        return allocation(*A.Var, *Alloc);
      if (ir::dynCast<ir::ArrayType>(A.Var->Ty) && !Declared.count(A.Var)) {
        Declared.insert(A.Var);
        Body << indent() << type(A.Var->Ty) << " " << name(A.Var) << " = " << expr(*A.Value) << ";\n";
        return;
      }
      Body << indent() << name(A.Var) << " = " << expr(*A.Value) << ";\n";
      return;
    }
    case ir::NodeKind::StoreStmt: {
      auto &St = static_cast<const ir::StoreStmt &>(S);
      std::string V = expr(*St.Value);
      Body << indent() << access(*St.Array, St.Indices) << " = " << V << ";\n";
      return;
    }
    case ir::NodeKind::EvalStmt:
      Body << indent() << expr(*static_cast<const ir::EvalStmt &>(S).Value) << ";\n";
      return;
    case ir::NodeKind::IfStmt: {
      auto &I = static_cast<const ir::IfStmt &>(S);
      Body << indent() << "if (" << expr(*I.Cond) << ") {\n";
      ++Depth;
      block(I.Then);
      --Depth;
      if (!I.Else.empty()) {
        Body << indent() << "} else {\n";
        ++Depth;
        block(I.Else);
        --Depth;
      }
      Body << indent() << "}\n";
      return;
    }
    case ir::NodeKind::WhileStmt: {
      auto &W = static_cast<const ir::WhileStmt &>(S);
      Body << indent() << "while (" << expr(*W.Cond) << ") {\n";
      ++Depth;
      block(W.Body);
      --Depth;
      Body << indent() << "}\n";
      return;
    }
    case ir::NodeKind::ForRangeStmt: {
      // range() fixes its bounds on entry and counts its iterations; the
      // loop variable is assigned each time (the body may change it).
      auto &L = static_cast<const ir::ForRangeStmt &>(S);
      std::string T = type(L.Start->Ty), K = std::to_string(Loops++);
      std::string Start = "pykc_start" + K, Step = "pykc_step" + K, N = "pykc_n" + K,
                  I = "pykc_i" + K;
      Body << indent() << "{\n";
      ++Depth;
      Body << indent() << "const " << T << " " << Start << " = " << expr(*L.Start) << ";\n";
      std::string Stop = expr(*L.Stop);
      Body << indent() << "const " << T << " " << Step << " = " << expr(*L.Step) << ";\n";
      Body << indent() << "const int64_t " << N << " = pykc_trips(" << Start << ", " << Stop
           << ", " << Step << ");\n";
      Body << indent() << "for (int64_t " << I << " = 0; " << I << " < " << N << "; ++" << I
           << ") {\n";
      ++Depth;
      Body << indent() << name(L.Var) << " = (" << type(L.Var->Ty) << ")(" << Start << " + ("
           << T << ")" << I << " * " << Step << ");\n";
      block(L.Body);
      --Depth;
      Body << indent() << "}\n";
      --Depth;
      Body << indent() << "}\n";
      return;
    }
    case ir::NodeKind::BreakStmt:
      Body << indent() << "break;\n";
      return;
    case ir::NodeKind::ContinueStmt:
      Body << indent() << "continue;\n";
      return;
    case ir::NodeKind::ReturnStmt: {
      auto &R = static_cast<const ir::ReturnStmt &>(S);
      Body << indent() << "return" << (R.Value ? " " + expr(*R.Value) : "") << ";\n";
      return;
    }
    default:
      unsupported("this statement");
    }
  }

  void allocation(const ir::Variable &V, const ir::AllocArrayExpr &A) {
    auto *AT = ir::dynCast<ir::ArrayType>(A.Ty);
    if (A.Dynamic)
      unsupported("dynamic shared memory");
    std::string T = scalar(AT->dtype()), Storage = name(&V) + "_storage";
    int64_t Elements = 1;
    for (int64_t E : A.Shape)
      Elements *= E;
    bool Shared = AT->addressSpace() == ir::AddressSpace::Shared;
    Body << indent() << (Shared ? "__shared__ " : "") << T << " " << Storage << "[" << Elements
         << "];\n";
    Body << indent() << type(AT) << " " << name(&V) << " = {" << Storage << ", {";
    for (size_t D = 0; D < A.Shape.size(); ++D)
      Body << (D ? ", " : "") << A.Shape[D];
    Body << "}, {";
    for (size_t D = 0; D < A.Shape.size(); ++D) {
      int64_t Stride = 1;
      for (size_t E = D + 1; E < A.Shape.size(); ++E)
        Stride *= A.Shape[E];
      Body << (D ? ", " : "") << Stride << " * (int64_t)sizeof(" << T << ")";
    }
    Body << "}};\n";
    Declared.insert(&V);
  }

  std::string access(const ir::Expr &Array, const ir::ExprList &Indices) {
    std::string S = "pykc_at(" + expr(Array);
    for (const ir::Expr *I : Indices)
      S += ", (int64_t)" + expr(*I);
    return S + ")";
  }

  std::string cast(const std::string &V, const ir::Type *From, const ir::Type *To) {
    if (From == To || !ir::dynCast<ir::ScalarType>(To))
      return V;
    return "(" + type(To) + ")(" + V + ")";
  }

  std::string constant(const ir::ConstantExpr &C) {
    auto *S = ir::dynCast<ir::ScalarType>(C.Ty);
    if (S->isBoolean())
      return C.IntBits ? "true" : "false";
    if (S->isFloat()) {
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, "%.17g", C.FloatValue);
      std::string T(Buf);
      if (T == "inf" || T == "-inf" || T == "nan" || T == "-nan")
        return std::string(T[0] == '-' ? "-" : "") + (T.find("inf") != std::string::npos
                                                          ? "__int_as_float(0x7f800000)"
                                                          : "__int_as_float(0x7fffffff)");
      if (T.find_first_of(".e") == std::string::npos)
        T += ".0";
      return S->bitWidth() == 32 ? "(float)" + T : T;
    }
    if (S->isSigned())
      return "(" + scalar(S) + ")" + std::to_string(int64_t(C.IntBits)) + "LL";
    return "(" + scalar(S) + ")" + std::to_string(C.IntBits) + "ULL";
  }

  std::string expr(const ir::Expr &E) {
    if (E.Range.isValid())
      Where = E.Range;
    switch (E.Kind) {
    case ir::NodeKind::Constant:
      return constant(static_cast<const ir::ConstantExpr &>(E));
    case ir::NodeKind::VarRef:
      return name(static_cast<const ir::VarRefExpr &>(E).Var);
    case ir::NodeKind::Cast: {
      auto &C = static_cast<const ir::CastExpr &>(E);
      return cast(expr(*C.Operand), C.Operand->Ty, C.Ty);
    }
    case ir::NodeKind::Unary: {
      auto &U = static_cast<const ir::UnaryExpr &>(E);
      std::string O = expr(*U.Operand);
      switch (U.Op) {
      case ir::UnaryArithOp::Neg:
        return "(-" + O + ")";
      case ir::UnaryArithOp::Not:
        return "(!" + O + ")";
      default:
        return "(" + std::string(ir::spelling(U.Op)) + O + ")";
      }
    }
    case ir::NodeKind::Binary:
      return binary(static_cast<const ir::BinaryExpr &>(E));
    case ir::NodeKind::Compare: {
      auto &C = static_cast<const ir::CompareExpr &>(E);
      return "(" + expr(*C.LHS) + " " + std::string(ir::spelling(C.Op)) + " " + expr(*C.RHS) + ")";
    }
    case ir::NodeKind::Logical: {
      auto &L = static_cast<const ir::LogicalExpr &>(E);
      auto *S = ir::dynCast<ir::ScalarType>(L.Ty);
      if (!S || !S->isBoolean())
        unsupported("'and'/'or' of non-boolean values");
      return "(" + expr(*L.LHS) + (L.IsAnd ? " && " : " || ") + expr(*L.RHS) + ")";
    }
    case ir::NodeKind::Select: {
      auto &S = static_cast<const ir::SelectExpr &>(E);
      return "(" + expr(*S.Cond) + " ? " + expr(*S.Then) + " : " + expr(*S.Else) + ")";
    }
    case ir::NodeKind::Truth:
      return "(" + expr(*static_cast<const ir::TruthExpr &>(E).Operand) + " != 0)";
    case ir::NodeKind::ArrayLoad: {
      auto &L = static_cast<const ir::ArrayLoadExpr &>(E);
      return access(*L.Array, L.Indices);
    }
    case ir::NodeKind::ArrayDim: {
      auto &D = static_cast<const ir::ArrayDimExpr &>(E);
      return expr(*D.Array) + ".shape[" + std::to_string(D.Dim) + "]";
    }
    case ir::NodeKind::ArraySize:
      return "pykc_size(" + expr(*static_cast<const ir::ArraySizeExpr &>(E).Array) + ")";
    case ir::NodeKind::TupleMake: {
      auto &T = static_cast<const ir::TupleMakeExpr &>(E);
      auto *TT = ir::dynCast<ir::TupleType>(T.Ty);
      if (!TT)
        unsupported("vector types");
      std::string S = tupleStruct(TT) + "{";
      for (size_t I = 0; I < T.Elements.size(); ++I)
        S += (I ? ", " : "") + expr(*T.Elements[I]);
      return S + "}";
    }
    case ir::NodeKind::TupleGet: {
      auto &T = static_cast<const ir::TupleGetExpr &>(E);
      if (!ir::dynCast<ir::TupleType>(T.Tuple->Ty))
        unsupported("vector types");
      return expr(*T.Tuple) + ".e" + std::to_string(T.Index);
    }
    case ir::NodeKind::SpecialReg: {
      auto &R = static_cast<const ir::SpecialRegExpr &>(E);
      std::string D(1, "xyz"[R.Dim]);
      switch (R.Reg) {
      case ir::SpecialRegister::ThreadIdx:
        return "(int32_t)threadIdx." + D;
      case ir::SpecialRegister::BlockIdx:
        return "(int32_t)blockIdx." + D;
      case ir::SpecialRegister::BlockDim:
        return "(int32_t)blockDim." + D;
      case ir::SpecialRegister::GridDim:
        return "(int32_t)gridDim." + D;
      case ir::SpecialRegister::WarpSize:
        return "(int32_t)warpSize";
      case ir::SpecialRegister::LaneId:
        return "(int32_t)((threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32)";
      }
      unsupported("this special register");
    }
    case ir::NodeKind::Intrinsic:
      return intrinsic(static_cast<const ir::IntrinsicExpr &>(E));
    case ir::NodeKind::Call: {
      auto &C = static_cast<const ir::CallExpr &>(E);
      std::string S = C.Callee->SymbolName + "(";
      for (size_t I = 0; I < C.Args.size(); ++I)
        S += (I ? ", " : "") + expr(*C.Args[I]);
      return S + ")";
    }
    case ir::NodeKind::AtomicRMW: {
      auto &A = static_cast<const ir::AtomicRMWExpr &>(E);
      auto *D = ir::dynCast<ir::ArrayType>(A.Array->Ty)->dtype();
      bool Ok = A.Op == ir::AtomicOp::Add &&
                (D->isFloat() || D->bitWidth() == 32 || (D->bitWidth() == 64 && !D->isSigned()));
      if (!Ok)
        unsupported("this atomic operation on " + D->str());
      return "atomicAdd(&" + access(*A.Array, A.Indices) + ", " + expr(*A.Value) + ")";
    }
    default:
      unsupported("this expression");
    }
  }

  std::string binary(const ir::BinaryExpr &B) {
    std::string L = expr(*B.LHS), R = expr(*B.RHS);
    switch (B.Op) {
    case ir::ArithOp::Add:
    case ir::ArithOp::Sub:
    case ir::ArithOp::Mul:
    case ir::ArithOp::BitAnd:
    case ir::ArithOp::BitOr:
    case ir::ArithOp::BitXor:
      return "(" + L + " " + std::string(ir::spelling(B.Op)) + " " + R + ")";
    case ir::ArithOp::TrueDiv:
      return "(" + cast(L, B.LHS->Ty, B.Ty) + " / " + cast(R, B.RHS->Ty, B.Ty) + ")";
    case ir::ArithOp::FloorDiv:
      return "pykc_floordiv(" + L + ", " + R + ")";
    case ir::ArithOp::Mod:
      return "pykc_mod(" + L + ", " + R + ")";
    default:
      unsupported("the operator '" + std::string(ir::spelling(B.Op)) + "'");
    }
  }

  std::string intrinsic(const ir::IntrinsicExpr &I) {
    switch (I.Id) {
    case ir::IntrinsicId::SyncThreads:
      return "__syncthreads()";
    case ir::IntrinsicId::Grid:
    case ir::IntrinsicId::GridSize: {
      const char *Fn = I.Id == ir::IntrinsicId::Grid ? "pykc_grid(" : "pykc_gridsize(";
      if (I.Count == 1)
        return std::string(Fn) + "0)";
      std::string S = type(I.Ty) + "{";
      for (unsigned D = 0; D < I.Count; ++D)
        S += (D ? ", " : "") + std::string(Fn) + std::to_string(D) + ")";
      return S + "}";
    }
    case ir::IntrinsicId::MathSqrt:
    case ir::IntrinsicId::MathExp:
    case ir::IntrinsicId::MathLog:
    case ir::IntrinsicId::MathSin:
    case ir::IntrinsicId::MathCos:
    case ir::IntrinsicId::MathFabs: {
      static const std::map<ir::IntrinsicId, const char *> Names = {
          {ir::IntrinsicId::MathSqrt, "sqrt"}, {ir::IntrinsicId::MathExp, "exp"},
          {ir::IntrinsicId::MathLog, "log"},   {ir::IntrinsicId::MathSin, "sin"},
          {ir::IntrinsicId::MathCos, "cos"},   {ir::IntrinsicId::MathFabs, "fabs"}};
      return std::string(Names.at(I.Id)) + "(" + expr(*I.Args[0]) + ")";
    }
    default: {
      unsupported(std::string(ir::intrinsicName(I.Id)) + "()");
    }
    }
  }

public:
  std::string assemble(const std::string &Text) {
    std::string Head = Text;
    return Head + (Structs.str().empty() ? "" : Structs.str() + "\n") +
           (Declarations.str().empty() ? "" : Declarations.str() + "\n") + Functions.str();
  }

private:
  const ir::Module &IR;
  const frontend::SourceFile &File;
  const ir::Function *Current = nullptr;
  std::ostringstream OS, Structs, Declarations, Functions, Body;
  std::map<const ir::TupleType *, std::string> Tuples;
  std::set<const ir::Variable *> Declared;
  unsigned Depth = 1, Loops = 0, LastLine = 0;

public:
  frontend::SourceRange Where; ///< What was being written last.
};

} // namespace

bool emitCudaSource(const ir::Module &IR, const frontend::SourceFile &File, std::string &Out,
                    std::string &Error) {
  Writer W(IR, File);
  try {
    Out = W.assemble(W.run());
    return true;
  } catch (const Unsupported &U) {
    Error = (U.Where.isValid() ? File.name() + ":" + std::to_string(U.Where.Begin.Line) + ":" +
                                     std::to_string(U.Where.Begin.Column) + ": "
                               : std::string()) +
            "--emit=cuda cannot write " + U.What + " yet (--emit=ptx and -c can)";
    return false;
  }
}

} // namespace pykc::codegen
