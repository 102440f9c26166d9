//===- CudaSourceForeign.cpp - Foreign device functions in CUDA C++ -------===//
///
/// A cuda.declare_device function is called through a wrapper that returns
/// its value (pykc_foreign_NAME): Numba's ABI writes the value through a
/// pointer. The .cu link files are #included by their absolute paths, so
/// that the file compiles on its own; without one, each function is
/// declared `extern "C" __device__` with its ABI, and the other link files
/// are named for the nvcc command (-rdc=true).
///
//===----------------------------------------------------------------------===//
#include "codegen/CudaSourceWriter.h"
#include "ir/ForeignFunction.h"

namespace pykc::codegen {

namespace {
std::string cType(const ir::Type *Ty) {
  auto *S = ir::dynCast<ir::ScalarType>(Ty);
  if (!S)
    return "void";
  if (S->isBoolean())
    return "bool";
  if (S->isFloat())
    return S->bitWidth() == 16 ? "__half" : S->bitWidth() == 32 ? "float" : "double";
  return std::string(S->isSigned() ? "int" : "uint") + std::to_string(S->bitWidth()) + "_t";
}

std::string paramType(const ir::ForeignParam &P) {
  switch (P.K) {
  case ir::ForeignParam::Kind::Scalar:
    return cType(P.Ty);
  case ir::ForeignParam::Kind::Pointer:
    return cType(P.Ty) + " *";
  case ir::ForeignParam::Kind::VoidPointer:
    return "void *";
  }
  return "void";
}
} // namespace

std::string cudaSourceForeign(const ir::Module &IR) {
  if (IR.Foreign.empty() && IR.Links.empty())
    return "";
  std::string OS = "// Foreign device functions (cuda.declare_device) and their link files.\n";
  // The included files declare their functions (a second declaration with
  // other spellings of the same types, `long long` for int64_t, would
  // conflict); without one, the functions are declared here.
  bool Included = false;
  for (const ir::LinkFile &L : IR.Links)
    if (L.Kind == ir::LinkFileKind::Cuda) {
      OS += "#include \"" + L.Path + "\"\n";
      Included = true;
    } else {
      OS += "// link with: " + L.Path + " (nvcc -rdc=true)\n";
    }
  for (const ir::ForeignFunction *F : IR.Foreign) {
    bool Numba = F->Convention == ir::ForeignFunction::Abi::Numba;
    std::string Ret = cType(F->Return);
    std::string Decl = "extern \"C\" __device__ " + (Numba ? std::string("int") : Ret) + " " +
                       F->Symbol + "(";
    std::string Params, Args;
    if (Numba)
      Decl += Ret == "void" ? "void *" : Ret + " *";
    for (size_t I = 0; I < F->Params.size(); ++I) {
      std::string A = "a" + std::to_string(I);
      Decl += (I || Numba ? ", " : "") + paramType(F->Params[I]);
      Params += (I ? ", " : "") + paramType(F->Params[I]) + " " + A;
      Args += ", " + A;
    }
    OS += "// " + F->BoundName + " = cuda.declare_device('" + F->Symbol + "', '" +
          F->signatureText() + "'" + (Numba ? "" : ", abi='c'") + ")\n";
    if (!Included)
      OS += Decl + ");\n";
    OS += "__device__ inline " + Ret + " pykc_foreign_" + F->Symbol + "(" + Params + ") {\n";
    if (Numba) {
      OS += Ret == "void" ? "  char r;\n" : "  " + Ret + " r;\n";
      OS += "  " + F->Symbol + "(&r" + Args + ");\n";
      if (Ret != "void")
        OS += "  return r;\n";
    } else {
      OS += "  " + std::string(Ret == "void" ? "" : "return ") + F->Symbol + "(" +
            (Args.empty() ? "" : Args.substr(2)) + ");\n";
    }
    OS += "}\n";
  }
  return OS;
}

std::string CudaSourceWriter::foreignCall(const ir::ForeignCallExpr &F) {
  std::string Prefix;
  std::vector<const ir::Expr *> Ops(F.Args.begin(), F.Args.end());
  std::vector<std::string> Names = ordered(Ops, Prefix);
  std::string S = "pykc_foreign_" + F.Fn->Symbol + "(";
  for (size_t K = 0; K < Names.size(); ++K) {
    const ir::ForeignParam &P = F.Fn->Params[K];
    std::string A = Names[K];
    if (P.K != ir::ForeignParam::Kind::Scalar) // an array's data pointer
      A = "(" + paramType(P) + ")(" + A + ").data";
    S += (K ? ", " : "") + A;
  }
  return inOrder(Prefix, S + ")");
}

} // namespace pykc::codegen
