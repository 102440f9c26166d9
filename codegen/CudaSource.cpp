//===- CudaSource.cpp - The typed IR as CUDA C++: functions and statements -===//
#include "codegen/CudaSource.h"
#include "support/InternalError.h"
#include "codegen/CudaSourceWriter.h"

#include "ir/IRWalk.h"

namespace pykc::codegen {

// --- Types and names -------------------------------------------------------

std::string CudaSourceWriter::scalar(const ir::ScalarType *S) { return Types.scalar(S); }

std::string CudaSourceWriter::type(const ir::Type *T) {
  if (auto *S = ir::dynCast<ir::ScalarType>(T))
    return scalar(S);
  if (auto *A = ir::dynCast<ir::ArrayType>(T)) {
    if (A->ndim() == 0)
      unsupported("0-dimensional arrays");
    return "pykc_array<" + element(A) + ", " + std::to_string(A->ndim()) + ">";
  }
  if (auto *R = ir::dynCast<ir::RecordType>(T)) // a reference to the record
    return recordStruct(R) + " *";
  if (auto *Tu = ir::dynCast<ir::TupleType>(T))
    return tupleStruct(Tu);
  if (auto *V = ir::dynCast<ir::VectorType>(T))
    return vectorName(V);
  if (auto *O = ir::dynCast<ir::OptionalType>(T))
    return "pykc_optional<" + type(O->base()) + ">";
  if (!T || T->kind() == ir::TypeKind::None)
    return "void";
  if (T->kind() == ir::TypeKind::GridGroup)
    return "pykc_grid_group";
  if (auto *E = ir::dynCast<ir::EnumType>(T))
    return Types.enumType(E);
  unsupported("values of type " + T->str());
}

std::string CudaSourceWriter::tupleStruct(const ir::TupleType *T) {
  return Types.tuple(T, [this](const ir::Type *E) { return type(E); });
}

std::string CudaSourceWriter::vectorName(const ir::VectorType *V) {
  // Numba's vector types are CUDA's: float32x4 is float4, int64x2
  // longlong2, uint8x3 uchar3.
  const ir::ScalarType *B = V->base();
  std::string Base;
  if (B->isFloat()) {
    if (B->bitWidth() == 16)
      unsupported("float16 vector types");
    Base = B->bitWidth() == 32 ? "float" : "double";
  } else {
    static const char *const Signed[] = {"char", "short", "int", "longlong"};
    unsigned K = B->bitWidth() == 8 ? 0 : B->bitWidth() == 16 ? 1 : B->bitWidth() == 32 ? 2 : 3;
    Base = std::string(B->isSigned() ? "" : "u") + Signed[K];
  }
  return Base + std::to_string(V->count());
}

std::string CudaSourceWriter::name(const ir::Variable *V) {
  // Python's name as cudaIdentifier spells it; the IR's own temporaries
  // ($t0) are pykc_t0.
  if (!V->Name.empty() && V->Name[0] == '$')
    return "pykc_" + V->Name.substr(1);
  std::string N = cudaIdentifier(V->Name);
  if (V->Version) // another version of the name (ir/AssignmentWebs.h)
    N += "_v" + std::to_string(V->Version);
  return N;
}

std::string CudaSourceWriter::kernelName(const ir::Function &F) {
  // The PTX symbol (ASCII already, ir::symbolName), unless CUDA takes it.
  std::string N = cudaKernelIdentifier(F.SymbolName);
  if (N != F.SymbolName && std::find(Renamed.begin(), Renamed.end(), &F) == Renamed.end())
    Renamed.push_back(&F);
  return N;
}

// --- Functions --------------------------------------------------------------

std::string CudaSourceWriter::params(const ir::Function &F) {
  // Kernels take KernelABI.h's flattened arrays; device functions take
  // pykc_array values. A parameter the body assigns a wider type to is
  // copied into a variable of that type (declareVariables).
  std::string S;
  for (const ir::Variable *P : F.Params) {
    if (F.Kind == ir::FunctionKind::Kernel && ir::kernelSlots(P->ArgType) == 0)
      continue; // an empty tuple: no parameters (KernelABI.h)
    S += S.empty() ? "" : ", ";
    auto *A = ir::dynCast<ir::ArrayType>(P->ArgType);
    if (A && F.Kind == ir::FunctionKind::Kernel) {
      std::string T = element(A);
      S += T + " *" + name(P) + "_data";
      for (unsigned D = 0; D < A->ndim(); ++D)
        S += ", int64_t " + name(P) + "_shape" + std::to_string(D);
      for (unsigned D = 0; D < A->ndim(); ++D)
        S += ", int64_t " + name(P) + "_stride" + std::to_string(D);
    } else if (F.Kind == ir::FunctionKind::Kernel && flattened(P->ArgType)) {
      S += flatParams(P->ArgType, name(P));
    } else if (P->ArgType == P->Ty) {
      S += type(P->ArgType) + " " + name(P);
    } else {
      S += type(P->ArgType) + " " + name(P) + "_arg";
    }
  }
  return S;
}

bool CudaSourceWriter::flattened(const ir::Type *T) {
  auto *S = ir::dynCast<ir::ScalarType>(T);
  return (S && S->isComplex()) || ir::dynCast<ir::TupleType>(T);
}

std::string CudaSourceWriter::flatParams(const ir::Type *T, const std::string &Name) {
  // KernelABI.h: a complex is its real part, then its imaginary part; a
  // tuple its elements' parameters in order.
  if (auto *A = ir::dynCast<ir::ArrayType>(T)) {
    std::string S = element(A) + " *" + Name + "_data";
    for (unsigned D = 0; D < A->ndim(); ++D)
      S += ", int64_t " + Name + "_shape" + std::to_string(D);
    for (unsigned D = 0; D < A->ndim(); ++D)
      S += ", int64_t " + Name + "_stride" + std::to_string(D);
    return S;
  }
  if (auto *Tu = ir::dynCast<ir::TupleType>(T)) {
    std::string S; // an empty tuple has no parameters
    for (size_t I = 0; I < Tu->size(); ++I) {
      std::string P = flatParams(Tu->elements()[I], Name + "_" + std::to_string(I));
      S += (S.empty() || P.empty() ? "" : ", ") + P;
    }
    return S;
  }
  auto *C = ir::dynCast<ir::ScalarType>(T);
  if (C && C->isComplex()) {
    std::string Part = C->bitWidth() == 64 ? "float " : "double ";
    return Part + Name + "_re, " + Part + Name + "_im";
  }
  return type(T) + " " + Name;
}

std::string CudaSourceWriter::fromFlatParams(const ir::Type *T, const std::string &Name) {
  // The value flatParams' parameters hold.
  if (auto *A = ir::dynCast<ir::ArrayType>(T)) {
    std::string S = type(A) + "{" + Name + "_data, {";
    for (unsigned D = 0; D < A->ndim(); ++D)
      S += (D ? ", " : "") + Name + "_shape" + std::to_string(D);
    S += "}, {";
    for (unsigned D = 0; D < A->ndim(); ++D)
      S += (D ? ", " : "") + Name + "_stride" + std::to_string(D);
    return S + "}}";
  }
  if (auto *Tu = ir::dynCast<ir::TupleType>(T)) {
    std::string S = tupleStruct(Tu) + "{";
    for (size_t I = 0; I < Tu->size(); ++I)
      S += (I ? ", " : "") + fromFlatParams(Tu->elements()[I], Name + "_" + std::to_string(I));
    return S + "}";
  }
  auto *C = ir::dynCast<ir::ScalarType>(T);
  if (C && C->isComplex())
    return type(T) + "{" + Name + "_re, " + Name + "_im}";
  return Name;
}

std::string CudaSourceWriter::signature(const ir::Function &F) {
  if (F.Kind == ir::FunctionKind::Kernel)
    return "extern \"C\" __global__ void " + kernelName(F) + "(" + params(F) + ")";
  return "__device__ " + type(F.ReturnType) + " " + F.SymbolName + "(" + params(F) + ")";
}

void CudaSourceWriter::declareVariables(const ir::Function &F) {
  // Every variable the body uses, at the top with its Python name (a
  // Python variable lives in the whole function), zero to start with:
  // Python would raise reading one never assigned, C++ would read garbage.
  std::set<const ir::Variable *> Params(F.Params.begin(), F.Params.end()), Read, Written;
  std::map<const ir::Variable *, unsigned> Assignments;
  ir::forEachNode(F.Body, [&](const ir::Node &N) {
    if (auto *R = ir::dynCast<ir::VarRefExpr>(&N))
      Read.insert(R->Var);
    else if (auto *A = ir::dynCast<ir::AssignStmt>(&N))
      Written.insert(A->Var), ++Assignments[A->Var];
    else if (auto *L = ir::dynCast<ir::ForRangeStmt>(&N))
      Written.insert(L->Var);
  });
  // An array assigned once, in the function's own block (not in a branch
  // or loop), is declared there; any other is declared here, so that
  // every use after the branches that assign it sees it.
  std::set<const ir::Variable *> AtTopLevel;
  for (const ir::Stmt *S : F.Body)
    if (auto *A = ir::dynCast<ir::AssignStmt>(S))
      AtTopLevel.insert(A->Var);
  for (const auto &V : F.Variables) {
    const ir::Variable *Var = V.get();
    if (!Var->Ty || Var->Ty->kind() == ir::TypeKind::None || Var->Ty->kind() == ir::TypeKind::GridGroup)
      continue;
    if (!Read.count(Var) && !Written.count(Var))
      continue;
    bool IsParam = Params.count(Var);
    auto *A = ir::dynCast<ir::ArrayType>(Var->Ty);
    if (A && !IsParam && Assignments[Var] == 1 && AtTopLevel.count(Var))
      continue; // declared where it is made (allocations, views)
    if (A && !IsParam)
      Declared.insert(Var); // assigned where it is made
    bool Flattened = F.Kind == ir::FunctionKind::Kernel &&
                     (A || flattened(Var->ArgType)); // rebuilt from its parameters
    if (IsParam && Var->ArgType == Var->Ty && !Flattened)
      continue; // the parameter itself
    *Body << "  " << (Read.count(Var) ? "" : "[[maybe_unused]] ") << type(Var->Ty) << " "
          << name(Var);
    if (IsParam && A) {
      *Body << " = {" << name(Var) << "_data, {";
      for (unsigned D = 0; D < A->ndim(); ++D)
        *Body << (D ? ", " : "") << name(Var) << "_shape" << D;
      *Body << "}, {";
      for (unsigned D = 0; D < A->ndim(); ++D)
        *Body << (D ? ", " : "") << name(Var) << "_stride" << D;
      *Body << "}}";
    } else if (IsParam && Flattened) { // a complex or a tuple from its parts
      *Body << " = " << cast(fromFlatParams(Var->ArgType, name(Var)), Var->ArgType, Var->Ty);
    } else if (IsParam) {
      *Body << " = " << cast(name(Var) + "_arg", Var->ArgType, Var->Ty);
    } else {
      *Body << " = {}";
    }
    *Body << ";\n";
  }
}

void CudaSourceWriter::function(const ir::Function &F) {
  Current = &F;
  Where = F.Range;
  Declared.clear();
  std::ostringstream Text;
  Body = &Text;
  Depth = 1;
  LastLine = F.Range.Begin.Line;
  if (F.Operator)
    Text << "// " << F.PyName << ": Python's rule in primitive operations (pykc)\n";
  else if (F.FileName == File.name())
    Text << "// " << sourceLine(F.Range) << "\n";
  else // pykc's own helpers, or a function of another file of the program
    Text << "// " << F.PyName << ", from " << F.FileName << ":" << F.Range.Begin.Line << "\n";
  if (F.FastMath)
    Text << "// fastmath=True: exact here; nvcc -use_fast_math allows what Numba's fastmath does.\n";
  Text << signature(F) << " {\n";
  HoistedStorage.str("");
  StorageCount.clear();
  declareVariables(F);
  std::string Head = Text.str();
  Text.str("");
  block(F.Body);
  Text << "}\n\n";
  Functions << Head << HoistedStorage.str() << Text.str();
  Body = nullptr;
}

std::string CudaSourceWriter::write() {
  if (!IR.OperatorsExpanded)
    PYKC_ICE("the CUDA C++ writer needs Python's operators and index rules expanded first");
  // Callees before callers: every device function declared first.
  // Host code (@njit) and the CPU's reduction kernels stay out.
  auto ForGpu = [](const ir::Function &F) {
    return !F.HostCode && !F.HostEntry && (!F.Reduce || F.Reduce->K == ir::ReduceKernel::Kind::Gpu);
  };
  for (const auto &F : IR.functions())
    if (F->Kind != ir::FunctionKind::Kernel && ForGpu(*F)) {
      Where = F->Range;
      Declarations << signature(*F) << ";\n";
    }
  for (const auto &F : IR.functions())
    if (ForGpu(*F)) {
      UsesGridSync |= F->UsesGridSync;
      function(*F);
    }
  std::ostringstream OS;
  OS << "// CUDA C++ for the kernels of " << File.name() << ", written by pykc --emit=cuda.\n";
  OS << "// Kernels take pykc/KernelABI.h's flattened parameters: an array is its\n";
  OS << "// data, extents and byte strides.\n";
  if (Types.usesHalf())
    OS << "#include <cuda_fp16.h>\n";
  if (UsesGridSync)
    OS << "#include <cooperative_groups.h>\n";
  OS << cudaSourcePrelude() << "\n";
  if (Types.usesComplex())
    OS << cudaSourceComplexPrelude() << "\n";
  if (std::string Foreign = cudaSourceForeign(IR); !Foreign.empty())
    OS << Foreign << "\n";
  if (UsesGridSync)
    OS << "// cuda.cg.this_grid() and its sync(): the kernel must be launched cooperatively.\n"
          "struct pykc_grid_group {};\n"
          "__device__ inline void pykc_grid_sync() { cooperative_groups::this_grid().sync(); }\n\n";
  if (UsesDynamicShared)
    OS << "// Dynamic shared memory: what the launch gives, as many elements as fit.\n"
          "#ifndef PYKC_DYNAMIC_SHARED_BYTES\n"
          "extern __shared__ __align__(16) unsigned char pykc_dynamic_shared[];\n"
          "__device__ inline int64_t pykc_dynamic_shared_bytes() {\n"
          "  unsigned bytes;\n"
          "  asm(\"mov.u32 %0, %%dynamic_smem_size;\" : \"=r\"(bytes));\n"
          "  return bytes;\n"
          "}\n"
          "#endif\n\n";
  if (Types.usesHalf())
    OS << "// float16, as Numba converts it: to an integer rounded to nearest (ties\n"
          "// to even), saturating, NaN to 0; from anything in one rounding.\n"
          "template <typename T> __device__ inline T pykc_from_half(__half h) {\n"
          "  using U = std::make_unsigned_t<T>;\n"
          "  const T hi = std::is_signed_v<T> ? (T)((U)~(U)0 >> 1) : (T)~(U)0;\n"
          "  const T lo = std::is_signed_v<T> ? (T)(-hi - 1) : (T)0;\n"
          "  float f = rintf(__half2float(h));\n"
          "  return f != f ? (T)0 : f <= (float)lo ? lo : f >= (float)hi ? hi : (T)f;\n"
          "}\n"
          "template <typename T> __device__ inline __half pykc_to_half(T x) {\n"
          "  if constexpr (std::is_same_v<T, double>)\n"
          "    return __double2half(x);\n"
          "  else if constexpr (std::is_floating_point_v<T>)\n"
          "    return __float2half(x);\n"
          "  else if constexpr (std::is_signed_v<T>)\n"
          "    return __ll2half_rn((long long)x);\n"
          "  else\n"
          "    return __ull2half_rn((unsigned long long)x);\n"
          "}\n"
          "__device__ inline __half pykc_hmax(__half a, __half b) { return __hgt(a, b) ? a : b; }\n"
          "__device__ inline __half pykc_hmin(__half a, __half b) { return __hlt(a, b) ? a : b; }\n\n";
  for (const std::string &S : {Types.takeDeclarations(), Globals.str(), Declarations.str()})
    if (!S.empty())
      OS << S << "\n";
  OS << Functions.str();
  return OS.str();
}

// --- Statements -------------------------------------------------------------

namespace {

/// \p E without the parentheses around all of it, where it stands alone
/// (a condition, the right of `=`).
std::string bare(const std::string &E) {
  if (E.size() < 2 || E.front() != '(' || E.back() != ')')
    return E;
  int Depth = 0;
  for (size_t I = 0; I < E.size(); ++I) {
    Depth += E[I] == '(' ? 1 : E[I] == ')' ? -1 : 0;
    if (Depth == 0 && I + 1 < E.size())
      return E; // (a) + (b): the first pair closes early
    if (Depth == 1 && E[I] == ',')
      return E; // ((void)x, false): the comma operator needs them
  }
  return E.substr(1, E.size() - 2);
}

} // namespace

std::string CudaSourceWriter::sourceLine(frontend::SourceRange R) {
  // The statement's line, and the lines it continues on (after a '\' or
  // inside brackets; up to four). A '\' would continue the C++ comment
  // too, swallowing the statement under it: the backslashes go.
  std::string Text;
  int Open = 0;
  unsigned L = R.Begin.Line;
  for (; L < R.Begin.Line + 4; ++L) {
    std::string Line(File.lineText(L));
    bool Continued = false;
    while (!Line.empty() && (Line.back() == '\\' || Line.back() == ' ' || Line.back() == '\r')) {
      Continued |= Line.back() == '\\';
      Line.pop_back();
    }
    for (char C : Line)
      Open += (C == '(' || C == '[' || C == '{') - (C == ')' || C == ']' || C == '}');
    size_t First = Line.find_first_not_of(" \t");
    if (First != std::string::npos)
      Text += (Text.empty() ? "" : " ") + Line.substr(First);
    if (!Continued && Open <= 0)
      break;
  }
  if (L == R.Begin.Line + 4)
    Text += " ...";
  std::string Base = File.name().substr(File.name().find_last_of('/') + 1);
  return Base + ":" + std::to_string(R.Begin.Line) + ": " + Text;
}

void CudaSourceWriter::lineComment(frontend::SourceRange R) {
  // The Python line above the first statement that comes from it; only
  // for this file's lines (an imported device function has its own).
  if (InSeq || !R.isValid() || R.Begin.Line == LastLine || !Current ||
      Current->FileName != File.name())
    return;
  LastLine = R.Begin.Line;
  *Body << indent() << "// " << sourceLine(R) << "\n";
}

void CudaSourceWriter::block(const ir::StmtList &Stmts) {
  for (const ir::Stmt *S : Stmts)
    stmt(*S);
}

void CudaSourceWriter::stmt(const ir::Stmt &S) {
  if (S.Range.isValid())
    Where = S.Range;
  lineComment(S.Range);
  std::ostream &Out = *Body;
  switch (S.Kind) {
  case ir::NodeKind::AssignStmt: {
    auto &A = static_cast<const ir::AssignStmt &>(S);
    if (!A.Var->Ty || A.Var->Ty->kind() == ir::TypeKind::None ||
        A.Var->Ty->kind() == ir::TypeKind::GridGroup) {
      Out << indent() << "(void)" << expr(*A.Value) << ";\n";
      return;
    }
    if (auto *Alloc = ir::dynCast<ir::AllocArrayExpr>(A.Value))
      return allocation(*A.Var, *Alloc);
    if (ir::dynCast<ir::ArrayType>(A.Var->Ty) && !Declared.count(A.Var) &&
        !std::count(Current->Params.begin(), Current->Params.end(), A.Var)) {
      Declared.insert(A.Var);
      Out << indent() << type(A.Var->Ty) << " " << name(A.Var) << " = " << expr(*A.Value) << ";\n";
      return;
    }
    Out << indent() << name(A.Var) << " = " << bare(operand(*A.Value)) << ";\n";
    return;
  }
  case ir::NodeKind::StoreStmt: {
    // C++17 evaluates the right of `=` first, as Python does.
    auto &St = static_cast<const ir::StoreStmt &>(S);
    std::string V = operand(*St.Value);
    if (ir::dynCast<ir::ArrayType>(St.Array->Ty)->record())
      V = "*" + V; // a copy of the record's bytes
    Out << indent() << access(*St.Array, St.Indices, St.Wraps) << " = " << bare(V) << ";\n";
    return;
  }
  case ir::NodeKind::RecordStoreStmt:
    recordStore(static_cast<const ir::RecordStoreStmt &>(S));
    return;
  case ir::NodeKind::EvalStmt: {
    auto &E = static_cast<const ir::EvalStmt &>(S);
    std::string V = expr(*E.Value);
    bool Void = !E.Value->Ty || E.Value->Ty->kind() == ir::TypeKind::None;
    Out << indent() << (Void ? "" : "(void)") << V << ";\n";
    return;
  }
  case ir::NodeKind::IfStmt:
    Out << indent();
    ifChain(static_cast<const ir::IfStmt &>(S));
    Out << "\n";
    return;
  case ir::NodeKind::WhileStmt: {
    auto &W = static_cast<const ir::WhileStmt &>(S);
    Out << indent() << "while (" << bare(expr(*W.Cond)) << ") {\n";
    ++Depth;
    block(W.Body);
    --Depth;
    Out << indent() << "}\n";
    return;
  }
  case ir::NodeKind::ForRangeStmt:
    return forRange(static_cast<const ir::ForRangeStmt &>(S));
  case ir::NodeKind::BreakStmt:
    Out << indent() << "break;\n";
    return;
  case ir::NodeKind::ContinueStmt:
    Out << indent() << "continue;\n";
    return;
  case ir::NodeKind::ReturnStmt: {
    auto &R = static_cast<const ir::ReturnStmt &>(S);
    Out << indent() << "return" << (R.Value ? " " + bare(operand(*R.Value)) : "") << ";\n";
    return;
  }
  default:
    unsupported("this statement");
  }
}

void CudaSourceWriter::ifChain(const ir::IfStmt &I, bool Elif) {
  // if/elif/else stays a chain: an else holding just another if (with no
  // temporaries before it) is an `else if`, its Python line beside it.
  *Body << "if (" << bare(expr(*I.Cond)) << ") {";
  if (Elif && I.Range.isValid() && I.Range.Begin.Line != LastLine && !InSeq &&
      Current->FileName == File.name()) {
    LastLine = I.Range.Begin.Line;
    *Body << " // " << sourceLine(I.Range);
  }
  *Body << "\n";
  ++Depth;
  block(I.Then);
  --Depth;
  if (I.Else.empty()) {
    *Body << indent() << "}";
    return;
  }
  if (I.Else.size() == 1)
    if (auto *Elif = ir::dynCast<ir::IfStmt>(I.Else.front())) {
      Where = Elif->Range;
      *Body << indent() << "} else ";
      return ifChain(*Elif, /*Elif=*/true);
    }
  *Body << indent() << "} else {\n";
  ++Depth;
  block(I.Else);
  --Depth;
  *Body << indent() << "}";
}

bool CudaSourceWriter::simpleRange(const ir::ForRangeStmt &L) {
  // `for (i = start; i < stop; i += step)` says what range() does when
  // the step is a positive constant, the body never assigns the loop
  // variable or anything the stop reads, the stop has no effects, and
  // nothing outside the loop reads the variable (Python leaves it at the
  // last value, C++ one step further).
  auto *Step = ir::dynCast<ir::ConstantExpr>(L.Step);
  if (!Step || int64_t(Step->IntBits) <= 0 || hasEffects(*L.Stop) || hasEffects(*L.Start))
    return false;
  std::set<const ir::Variable *> StopReads, BodyWrites;
  bool StopPure = true;
  ir::forEachNode(*L.Stop, [&](const ir::Node &N) {
    if (auto *R = ir::dynCast<ir::VarRefExpr>(&N))
      StopReads.insert(R->Var);
    else if (N.Kind == ir::NodeKind::ArrayLoad || N.Kind == ir::NodeKind::Intrinsic)
      StopPure = false; // memory the body may write
  });
  ir::forEachNode(L.Body, [&](const ir::Node &N) {
    if (auto *A = ir::dynCast<ir::AssignStmt>(&N))
      BodyWrites.insert(A->Var);
    else if (auto *F = ir::dynCast<ir::ForRangeStmt>(&N))
      BodyWrites.insert(F->Var);
  });
  if (!StopPure || BodyWrites.count(L.Var))
    return false;
  for (const ir::Variable *V : StopReads)
    if (BodyWrites.count(V) || V == L.Var)
      return false;
  unsigned Uses = 0, Inside = 0;
  ir::forEachNode(Current->Body, [&](const ir::Node &N) {
    if (auto *R = ir::dynCast<ir::VarRefExpr>(&N); R && R->Var == L.Var)
      ++Uses;
    else if (auto *F = ir::dynCast<ir::ForRangeStmt>(&N); F && F->Var == L.Var && F != &L)
      ++Uses; // another loop over the same variable: keep them apart
  });
  ir::forEachNode(L.Body, [&](const ir::Node &N) {
    if (auto *R = ir::dynCast<ir::VarRefExpr>(&N); R && R->Var == L.Var)
      ++Inside;
  });
  return Uses == Inside && L.Var->Ty == L.Start->Ty;
}

void CudaSourceWriter::forRange(const ir::ForRangeStmt &L) {
  std::ostream &Out = *Body;
  if (simpleRange(L)) {
    auto *Step = ir::dynCast<ir::ConstantExpr>(L.Step);
    std::string I = name(L.Var);
    Out << indent() << "for (" << I << " = " << operand(*L.Start) << "; " << I << " < "
        << operand(*L.Stop) << "; "
        << (Step->IntBits == 1 ? "++" + I : I + " += " + std::to_string(Step->IntBits)) << ") {\n";
    ++Depth;
    block(L.Body);
    --Depth;
    Out << indent() << "}\n";
    return;
  }
  // range() fixes its bounds on entry and counts its iterations; the loop
  // variable is assigned each time (the body may change it) and keeps its
  // last value after the loop.
  std::string T = type(L.Start->Ty), K = std::to_string(Temps++);
  std::string Start = "pykc_start" + K, Stop = "pykc_stop" + K, Step = "pykc_step" + K,
              N = "pykc_n" + K, I = "pykc_i" + K;
  Out << indent() << "{\n";
  ++Depth;
  Out << indent() << "const " << T << " " << Start << " = " << operand(*L.Start) << ", " << Stop
      << " = " << operand(*L.Stop) << ", " << Step << " = " << operand(*L.Step) << ";\n";
  Out << indent() << "const uint64_t " << N << " = pykc_trips(" << Start << ", " << Stop << ", "
      << Step << ");\n";
  Out << indent() << "for (uint64_t " << I << " = 0; " << I << " < " << N << "; ++" << I
      << ") {\n";
  ++Depth;
  Out << indent() << name(L.Var) << " = "
      << cast("pykc_nth(" + Start + ", " + I + ", " + Step + ")", L.Start->Ty, L.Var->Ty) << ";\n";
  block(L.Body);
  --Depth;
  Out << indent() << "}\n";
  --Depth;
  Out << indent() << "}\n";
}

void CudaSourceWriter::allocation(const ir::Variable &V, const ir::AllocArrayExpr &A) {
  auto *AT = ir::dynCast<ir::ArrayType>(A.Ty);
  std::string T = element(AT);
  // Declared here, or assigned here when declareVariables declared it.
  bool Here = Declared.insert(&V).second;
  std::string Declare = Here ? type(AT) + " " + name(&V) + " = " : name(&V) + " = " + type(AT);
  if (A.Dynamic) {
    UsesDynamicShared = true;
    *Body << indent() << Declare << "{(" << T
          << " *)pykc_dynamic_shared, {pykc_dynamic_shared_bytes() / (int64_t)sizeof(" << T
          << ")}, {sizeof(" << T << ")}};\n";
    return;
  }
  std::string Storage = name(&V) + "_storage";
  int64_t Elements = 1;
  for (int64_t E : A.Shape)
    Elements *= E;
  bool Shared = AT->addressSpace() == ir::AddressSpace::Shared;
  // The storage of an array declared at the top lives there too (one per
  // allocation): a block's would end before the array's last use.
  if (unsigned N = Here ? 0 : StorageCount[&V]++)
    Storage += std::to_string(N);
  (Here ? *Body : HoistedStorage) << (Here ? indent() : "  ") << (Shared ? "__shared__ " : "")
                                  << T << " " << Storage << "["
                                  << std::max<int64_t>(Elements, 1) << "];\n";
  // An array the kernel never reads (allocated for its shared memory's
  // sake) would be nvcc's warnings #177 and #550.
  bool Used = false;
  ir::forEachNode(Current->Body, [&](const ir::Node &N) {
    if (auto *R = ir::dynCast<ir::VarRefExpr>(&N))
      Used |= R->Var == &V;
  });
  *Body << indent() << (Used || !Here ? "" : "[[maybe_unused]] ") << Declare << "{"
        << Storage << ", {";
  for (size_t D = 0; D < A.Shape.size(); ++D)
    *Body << (D ? ", " : "") << A.Shape[D];
  *Body << "}, {";
  for (size_t D = 0; D < A.Shape.size(); ++D) {
    int64_t Stride = 1;
    for (size_t E = D + 1; E < A.Shape.size(); ++E)
      Stride *= A.Shape[E];
    *Body << (D ? ", " : "") << (Stride == 1 ? "" : std::to_string(Stride) + " * ") << "sizeof("
          << T << ")";
  }
  *Body << "}};\n";
}

// --- Entry point -------------------------------------------------------------

bool emitCudaSource(const ir::Module &IR, const frontend::SourceFile &File,
                    frontend::DiagnosticEngine &Diags, std::string &Out) {
  CudaSourceWriter W(IR, File);
  try {
    Out = W.write();
  } catch (const CudaUnsupported &U) {
    Diags.report(&File, U.Where, frontend::DiagKind::CudaSourceUnsupported, {U.What});
    return false;
  }
  for (const ir::Function *F : W.renamed())
    Diags.report(&File, F->Range, frontend::DiagKind::CudaKernelRenamed,
                 {F->SymbolName, cudaKernelIdentifier(F->SymbolName)});
  return true;
}

} // namespace pykc::codegen
