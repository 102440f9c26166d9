//===- IRPrinter.cpp - Text form of the typed IR (--emit=ir) --------------===//
//
// Every implicit conversion shows as an explicit `type(x)`, every operator is
// parenthesized, and each assignment states its variable's type, so the
// typing of a kernel can be read (and FileChecked) line by line.
//
//===----------------------------------------------------------------------===//
#include "ir/IR.h"
#include "ir/Libdevice.h"

#include "frontend/Diagnostic.h"
#include "support/InternalError.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace pykc::ir {

namespace {

/// A variable as --emit=ir shows it: its name, and ".N" for the N-th
/// version of a name whose assignments never meet (AssignmentWebs.h).
std::string varName(const Variable &V) {
  return V.Version ? V.Name + "." + std::to_string(V.Version) : V.Name;
}

} // namespace

namespace {


const char *atomicOpName(AtomicOp Op) {
  switch (Op) {
#define ATOMIC(O, Name, Dtypes)                                                \
  case AtomicOp::O:                                                            \
    return Name;
#include "ir/AtomicOps.def"
  }
  return "?";
}

std::string formatFloat(double V) {
  if (std::isnan(V))
    return "nan";
  if (std::isinf(V))
    return V > 0 ? "inf" : "-inf";
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.17g", V);
  // Shortest text that reads back to the same double, as Python's repr.
  for (int Precision = 1; Precision <= 17; ++Precision) {
    char Try[64];
    std::snprintf(Try, sizeof Try, "%.*g", Precision, V);
    if (std::strtod(Try, nullptr) == V) {
      std::snprintf(Buf, sizeof Buf, "%s", Try);
      break;
    }
  }
  std::string S = Buf;
  if (S.find_first_of(".en") == std::string::npos)
    S += ".0";
  return S;
}

class Printer {
public:
  explicit Printer(std::ostream &OS) : OS(OS) {}

  void function(const Function &F) {
    OS << (F.Kind == FunctionKind::Kernel ? "kernel "
           : F.HostEntry                  ? (F.Parallel ? "host parallel " : "host ")
                                          : "device ")
       << F.PyName << '(';
    for (size_t I = 0; I < F.Params.size(); ++I)
      OS << (I ? ", " : "") << F.Params[I]->Name << ": " << F.Params[I]->ArgType->str();
    OS << ") -> " << F.ReturnType->str() << "  # symbol " << F.SymbolName;
    for (size_t I = 0; I < F.CompileTimeArgs.size(); ++I)
      OS << (I ? ", " : "; compile-time ") << F.CompileTimeArgs[I].first << " = "
         << F.CompileTimeArgs[I].second;
    OS << '\n';
    // A parameter that the body reassigns with other types is widened on
    // entry, as Numba's unification of its versions does.
    for (const Variable *P : F.Params)
      if (P->Ty != P->ArgType) {
        indent(1);
        OS << P->Name << ": " << P->Ty->str() << " = " << P->Ty->str() << "(" << P->Name << ")\n";
      }
    block(F.Body, 1);
  }

private:
  void indent(unsigned Depth) {
    for (unsigned I = 0; I < Depth; ++I)
      OS << "  ";
  }

  void block(const StmtList &Body, unsigned Depth) {
    if (Body.empty()) {
      indent(Depth);
      OS << "pass\n";
    }
    for (const Stmt *S : Body)
      stmt(*S, Depth);
  }

  void stmt(const Stmt &S, unsigned Depth) {
    indent(Depth);
    switch (S.Kind) {
    case NodeKind::AssignStmt: {
      auto &A = static_cast<const AssignStmt &>(S);
      OS << varName(*A.Var) << ": " << A.Var->Ty->str() << " = " << expr(*A.Value) << '\n';
      return;
    }
    case NodeKind::StoreStmt: {
      auto &St = static_cast<const StoreStmt &>(S);
      OS << expr(*St.Array) << '[' << list(St.Indices) << "] = " << expr(*St.Value) << '\n';
      return;
    }
    case NodeKind::RecordStoreStmt: {
      auto &St = static_cast<const RecordStoreStmt &>(S);
      auto *R = dynCast<RecordType>(St.Record->Ty);
      OS << expr(*St.Record) << '.' << R->fields()[St.Field].Name << " = " << expr(*St.Value)
         << '\n';
      return;
    }
    case NodeKind::EvalStmt:
      OS << expr(*static_cast<const EvalStmt &>(S).Value) << '\n';
      return;
    case NodeKind::IfStmt: {
      auto &I = static_cast<const IfStmt &>(S);
      OS << "if " << expr(*I.Cond) << ":\n";
      block(I.Then, Depth + 1);
      if (!I.Else.empty()) {
        indent(Depth);
        OS << "else:\n";
        block(I.Else, Depth + 1);
      }
      return;
    }
    case NodeKind::WhileStmt: {
      auto &W = static_cast<const WhileStmt &>(S);
      OS << "while " << expr(*W.Cond) << ":\n";
      block(W.Body, Depth + 1);
      return;
    }
    case NodeKind::ForRangeStmt: {
      auto &F = static_cast<const ForRangeStmt &>(S);
      OS << "for " << varName(*F.Var) << ": " << F.Var->Ty->str()
         << (F.Parallel ? " in prange(" : " in range(")
         << expr(*F.Start) << ", " << expr(*F.Stop) << ", " << expr(*F.Step) << "):\n";
      block(F.Body, Depth + 1);
      return;
    }
    case NodeKind::BreakStmt:
      OS << "break\n";
      return;
    case NodeKind::ContinueStmt:
      OS << "continue\n";
      return;
    case NodeKind::ReturnStmt: {
      auto &R = static_cast<const ReturnStmt &>(S);
      OS << "return";
      if (R.Value)
        OS << ' ' << expr(*R.Value);
      if (!R.Raises.empty())
        OS << "  # raises " << R.Raises;
      OS << '\n';
      return;
    }
    default:
      PYKC_ICE("statement kind not handled by the IR printer");
    }
  }

  std::string list(const ExprList &Es) {
    std::string S;
    for (size_t I = 0; I < Es.size(); ++I)
      S += (I ? ", " : "") + expr(*Es[I]);
    return S;
  }

  std::string constant(const ConstantExpr &C) {
    if (auto *E = dynCast<EnumType>(C.Ty)) {
      for (const auto &M : E->members())
        if (M.second == int64_t(C.IntBits))
          return E->name() + "." + M.first;
    }
    auto *S = dynCast<ScalarType>(C.Ty);
    std::string Text;
    if (S->isBoolean())
      return C.IntBits ? "True" : "False";
    if (S->isComplex())
      return S->str() + "(" + formatFloat(C.FloatValue) + ", " + formatFloat(C.ImagValue) + ")";
    if (S->isFloat())
      Text = formatFloat(C.FloatValue);
    else if (S->isSigned())
      Text = std::to_string(static_cast<int64_t>(C.IntBits));
    else
      Text = std::to_string(C.IntBits);
    if (S->scalarKind() == ScalarKind::Int64 || S->scalarKind() == ScalarKind::Float64)
      return Text;
    return S->str() + "(" + Text + ")";
  }

  std::string expr(const Expr &E) {
    switch (E.Kind) {
    case NodeKind::Constant:
      return constant(static_cast<const ConstantExpr &>(E));
    case NodeKind::VarRef:
      return varName(*static_cast<const VarRefExpr &>(E).Var);
    case NodeKind::Cast:
      return E.Ty->str() + "(" + expr(*static_cast<const CastExpr &>(E).Operand) + ")";
    case NodeKind::Unary: {
      auto &U = static_cast<const UnaryExpr &>(E);
      std::string Op(spelling(U.Op));
      return "(" + Op + (U.Op == UnaryArithOp::Not ? " " : "") + expr(*U.Operand) + ")";
    }
    case NodeKind::Binary: {
      auto &B = static_cast<const BinaryExpr &>(E);
      return "(" + expr(*B.LHS) + " " + std::string(spelling(B.Op)) + " " +
             expr(*B.RHS) + ")";
    }
    case NodeKind::Compare: {
      auto &C = static_cast<const CompareExpr &>(E);
      return "(" + expr(*C.LHS) + " " + std::string(spelling(C.Op)) + " " +
             expr(*C.RHS) + ")";
    }
    case NodeKind::Logical: {
      auto &L = static_cast<const LogicalExpr &>(E);
      return "(" + expr(*L.LHS) + (L.IsAnd ? " and " : " or ") + expr(*L.RHS) + ")";
    }
    case NodeKind::Select: {
      auto &S = static_cast<const SelectExpr &>(E);
      return "(" + expr(*S.Then) + " if " + expr(*S.Cond) + " else " + expr(*S.Else) + ")";
    }
    case NodeKind::Truth:
      return "truth(" + expr(*static_cast<const TruthExpr &>(E).Operand) + ")";
    case NodeKind::LibdeviceCall: {
      auto &L = static_cast<const LibdeviceCallExpr &>(E);
      return "cuda.libdevice." + std::string(L.Fn->Name) + "(" + list(L.Args) + ")";
    }
    case NodeKind::ForeignCall: {
      auto &F = static_cast<const ForeignCallExpr &>(E);
      return "foreign " + F.Fn->Symbol + "(" + list(F.Args) + ")";
    }
    case NodeKind::OptionalMake: {
      auto &M = static_cast<const OptionalMakeExpr &>(E);
      return M.Operand ? "optional(" + expr(*M.Operand) + ")" : "optional(None)";
    }
    case NodeKind::OptionalValid:
      return "(" + expr(*static_cast<const OptionalValidExpr &>(E).Operand) + " is not None)";
    case NodeKind::OptionalUnwrap: {
      auto &U = static_cast<const OptionalUnwrapExpr &>(E);
      return (U.Checked ? "unwrap(" : "unwrap_unchecked(") + expr(*U.Operand) + ")";
    }
    case NodeKind::ArrayLoad: {
      auto &L = static_cast<const ArrayLoadExpr &>(E);
      return expr(*L.Array) + "[" + list(L.Indices) + "]";
    }
    case NodeKind::ArrayView: {
      auto &V = static_cast<const ArrayViewExpr &>(E);
      std::string Text;
      for (const ViewIndex &I : V.Entries) {
        Text += Text.empty() ? "" : ", ";
        if (!I.isSlice()) {
          Text += expr(*I.Index);
          continue;
        }
        Text += (I.Start ? expr(*I.Start) : "") + ":" + (I.Stop ? expr(*I.Stop) : "");
        if (I.Step)
          Text += ":" + expr(*I.Step);
      }
      std::string Viewed = V.Entries.empty() ? expr(*V.Array) : expr(*V.Array) + "[" + Text + ", ...]";
      if (V.Order.empty())
        return Viewed;
      std::string Axes;
      for (unsigned K : V.Order)
        Axes += (Axes.empty() ? "" : ", ") + std::to_string(K);
      return Viewed + ".transpose(" + Axes + ")";
    }
    case NodeKind::ConstArray:
      return static_cast<const ConstArrayExpr &>(E).Name;
    case NodeKind::ArrayReinterpret: {
      auto &R = static_cast<const ArrayReinterpretExpr &>(E);
      if (R.Part >= 0)
        return expr(*R.Array) + (R.Part ? ".imag" : ".real");
      return expr(*R.Array) + ".view(" + dynCast<ArrayType>(E.Ty)->dtype()->str() + ")";
    }
    case NodeKind::ArrayDim: {
      auto &D = static_cast<const ArrayDimExpr &>(E);
      return expr(*D.Array) + ".shape[" + std::to_string(D.Dim) + "]";
    }
    case NodeKind::ArrayStride: {
      auto &D = static_cast<const ArrayStrideExpr &>(E);
      return expr(*D.Array) + ".strides[" + std::to_string(D.Dim) + "]";
    }
    case NodeKind::ArraySize:
      return expr(*static_cast<const ArraySizeExpr &>(E).Array) + ".size";
    case NodeKind::RecordField: {
      auto &F = static_cast<const RecordFieldExpr &>(E);
      auto *R = dynCast<RecordType>(F.Record->Ty);
      return expr(*F.Record) + "." + R->fields()[F.Field].Name;
    }
    case NodeKind::TupleMake: {
      auto &T = static_cast<const TupleMakeExpr &>(E);
      if (auto *V = dynCast<VectorType>(T.Ty))
        return "cuda." + V->str() + "(" + list(T.Elements) + ")";
      if (dynCast<ScalarType>(T.Ty))
        return "complex(" + list(T.Elements) + ")";
      return "(" + list(T.Elements) + (T.Elements.size() == 1 ? ",)" : ")");
    }
    case NodeKind::TupleGet: {
      auto &T = static_cast<const TupleGetExpr &>(E);
      if (dynCast<VectorType>(T.Tuple->Ty))
        return expr(*T.Tuple) + "." + std::string(1, "xyzw"[T.Index]);
      if (dynCast<ScalarType>(T.Tuple->Ty))
        return expr(*T.Tuple) + (T.Index ? ".imag" : ".real");
      return expr(*T.Tuple) + "[" + std::to_string(T.Index) + "]";
    }
    case NodeKind::TupleGetDynamic: {
      auto &T = static_cast<const TupleGetDynamicExpr &>(E);
      return expr(*T.Tuple) + "[" + expr(*T.Index) + "]";
    }
    case NodeKind::SpecialReg: {
      auto &R = static_cast<const SpecialRegExpr &>(E);
      std::string S = specialRegisterName(R.Reg);
      if (R.Reg != SpecialRegister::WarpSize && R.Reg != SpecialRegister::LaneId)
        S += std::string(".") + "xyz"[R.Dim];
      return S;
    }
    case NodeKind::Intrinsic: {
      auto &I = static_cast<const IntrinsicExpr &>(E);
      std::string Name = intrinsicName(I.Id);
      if (I.Id == IntrinsicId::Grid || I.Id == IntrinsicId::GridSize)
        return Name + "(" + std::to_string(I.Count) + ")";
      return Name + "(" + list(I.Args) + ")";
    }
    case NodeKind::AllocArray: {
      auto &A = static_cast<const AllocArrayExpr &>(E);
      auto *AT = dynCast<ArrayType>(A.Ty);
      if (A.Heap) {
        static const char *Names[] = {"empty", "zeros", "ones", "full"};
        std::string S = std::string("np.") + Names[int(A.Filled)] + "((" +
                        list(A.Dims) + (A.Dims.size() == 1 ? ",)" : ")");
        if (A.Fill)
          S += ", " + expr(*A.Fill);
        return S + ", " + AT->element()->str() + ")";
      }
      if (A.Dynamic)
        return "cuda.shared.array(dynamic, " + AT->element()->str() + ")";
      std::string S = AT->addressSpace() == AddressSpace::Shared ? "cuda.shared.array(("
                                                                 : "cuda.local.array((";
      for (size_t I = 0; I < A.Shape.size(); ++I)
        S += (I ? ", " : "") + std::to_string(A.Shape[I]);
      if (A.Shape.size() == 1)
        S += ",";
      return S + "), " + AT->element()->str() + ")";
    }
    case NodeKind::Seq: {
      // (let $t0: T = x; $t1: U = y in value)
      auto &Q = static_cast<const SeqExpr &>(E);
      std::string Text = "(let ";
      for (size_t I = 0; I < Q.Stmts.size(); ++I) {
        auto *A = dynCast<AssignStmt>(Q.Stmts[I]);
        if (!A)
          PYKC_ICE("a sequence expression holds a statement other than an assignment");
        Text += (I ? "; " : "") + varName(*A->Var) + ": " + A->Var->Ty->str() + " = " +
                expr(*A->Value);
      }
      return Text + " in " + expr(*Q.Value) + ")";
    }
    case NodeKind::AtomicRMW: {
      auto &A = static_cast<const AtomicRMWExpr &>(E);
      std::string Index = A.Indices.size() == 1 ? expr(*A.Indices[0]) : "(" + list(A.Indices) + ")";
      return std::string("cuda.atomic.") + atomicOpName(A.Op) + "(" + expr(*A.Array) + ", " +
             Index + (A.Compare ? ", " + expr(*A.Compare) : "") + ", " + expr(*A.Value) + ")";
    }
    case NodeKind::ParallelFor: {
      auto &P = static_cast<const ParallelForExpr &>(E);
      std::string Ops;
      static const char *Names[] = {"+", "*", "min", "max"};
      for (ReductionOp Op : P.Combine)
        Ops += (Ops.empty() ? "" : ", ") + std::string(Names[unsigned(Op)]);
      return "parallel_for(" + P.Body->SymbolName + ", range(" + expr(*P.Start) + ", " +
             expr(*P.Stop) + ", " + expr(*P.Step) + "), captures=(" + list(P.Captures) +
             "), combine=(" + Ops + "), threads=" + std::to_string(P.Threads) + ")";
    }
    case NodeKind::Call: {
      auto &C = static_cast<const CallExpr &>(E);
      return C.Callee->SymbolName + "(" + list(C.Args) + ")";
    }
    default:
      PYKC_ICE("expression kind not handled by the IR printer");
    }
  }

  std::ostream &OS;
};

} // namespace

const char *specialRegisterName(SpecialRegister R) {
  switch (R) {
  case SpecialRegister::ThreadIdx:
    return "cuda.threadIdx";
  case SpecialRegister::BlockIdx:
    return "cuda.blockIdx";
  case SpecialRegister::BlockDim:
    return "cuda.blockDim";
  case SpecialRegister::GridDim:
    return "cuda.gridDim";
  case SpecialRegister::WarpSize:
    return "cuda.warpsize";
  case SpecialRegister::LaneId:
    return "cuda.laneid";
  }
  return "?";
}

const char *intrinsicName(IntrinsicId Id) {
  auto Spelled = [](const char *Path) {
    return std::string_view(Path).rfind("numba.", 0) == 0 ? Path + 6 : Path;
  };
  switch (Id) {
#define BUILTIN(Id, Path, ...)                                                 \
  case IntrinsicId::Id:                                                        \
    return Spelled(Path);
#define MATH(Id, Path, ...) BUILTIN(Id, Path)
#include "ir/Builtins.def"
  }
  return "?";
}

void printModule(const Module &M, std::ostream &OS) {
  Printer P(OS);
  bool First = true;
  for (const auto &F : M.functions()) {
    if (!First)
      OS << '\n';
    First = false;
    P.function(*F);
  }
}

} // namespace pykc::ir
