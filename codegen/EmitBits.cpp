//===- EmitBits.cpp - cuda.popc, clz, ffs, brev, fma, cbrt ----------------===//
//
// The Emit() lowerings of the cuda module's bit and arithmetic intrinsics,
// the same LLVM operations on both targets (NVPTX selects popc, clz, brev
// and fma instructions for them), except cbrt, which is the math library's
// (libdevice's __nv_cbrt on the GPU, as Numba calls it).
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"

#include "frontend/Diagnostic.h"
#include "support/InternalError.h"

#include <llvm/IR/Intrinsics.h>

namespace pykc::codegen {

using namespace llvm;

Value *FunctionEmitter::emitBitCount(const ir::IntrinsicExpr &E) {
  Value *X = emitExpr(*E.Args[0]);
  if (E.Id == ir::IntrinsicId::Popc)
    return B.CreateUnaryIntrinsic(Intrinsic::ctpop, X);
  // clz(0) is the bit width, as on the GPU.
  return B.CreateBinaryIntrinsic(Intrinsic::ctlz, X, B.getFalse());
}

Value *FunctionEmitter::emitFfs(const ir::IntrinsicExpr &E) {
  // The 1-based position of the least significant set bit; 0 for 0 (CUDA's
  // __ffs), as uint32.
  Value *X = emitExpr(*E.Args[0]);
  Value *Trailing = B.CreateBinaryIntrinsic(Intrinsic::cttz, X, B.getTrue());
  Value *Position = B.CreateAdd(B.CreateZExtOrTrunc(Trailing, B.getInt32Ty()), B.getInt32(1));
  return B.CreateSelect(B.CreateICmpEQ(X, ConstantInt::get(X->getType(), 0)), B.getInt32(0),
                        Position);
}

Value *FunctionEmitter::emitBrev(const ir::IntrinsicExpr &E) {
  return B.CreateUnaryIntrinsic(Intrinsic::bitreverse, emitExpr(*E.Args[0]));
}

Value *FunctionEmitter::emitFma(const ir::IntrinsicExpr &E) {
  // Fused: rounded once, whatever --fmad says (it is asked for by name).
  Value *A = emitExpr(*E.Args[0]), *Bv = emitExpr(*E.Args[1]), *C = emitExpr(*E.Args[2]);
  return B.CreateIntrinsic(Intrinsic::fma, {A->getType()}, {A, Bv, C});
}

Value *FunctionEmitter::emitFp16(const ir::IntrinsicExpr &E) {
  // No fast-math flags: each operation is rounded to float16 on its own.
  Value *X = emitExpr(*E.Args[0]);
  Value *Y = E.Args.size() > 1 ? emitExpr(*E.Args[1]) : nullptr;
  switch (E.Id) {
  case ir::IntrinsicId::Hadd: return B.CreateFAdd(X, Y);
  case ir::IntrinsicId::Hsub: return B.CreateFSub(X, Y);
  case ir::IntrinsicId::Hmul: return B.CreateFMul(X, Y);
  case ir::IntrinsicId::Hmax: return B.CreateSelect(B.CreateFCmpOGT(X, Y), X, Y);
  case ir::IntrinsicId::Hmin: return B.CreateSelect(B.CreateFCmpOLT(X, Y), X, Y);
  case ir::IntrinsicId::Hneg: return B.CreateFNeg(X);
  case ir::IntrinsicId::Habs: return B.CreateUnaryIntrinsic(Intrinsic::fabs, X);
  // setp.{op}.f16: ordered comparisons, except ne, which PTX makes ordered
  // too (false when either is NaN).
  case ir::IntrinsicId::Heq: return B.CreateFCmpOEQ(X, Y);
  case ir::IntrinsicId::Hne: return B.CreateFCmpONE(X, Y);
  case ir::IntrinsicId::Hge: return B.CreateFCmpOGE(X, Y);
  case ir::IntrinsicId::Hgt: return B.CreateFCmpOGT(X, Y);
  case ir::IntrinsicId::Hle: return B.CreateFCmpOLE(X, Y);
  case ir::IntrinsicId::Hlt: return B.CreateFCmpOLT(X, Y);
  default: break;
  }
  PYKC_ICE("emitFp16 reached with another builtin");
}

Value *FunctionEmitter::emitPrint(const ir::IntrinsicExpr &E) {
  std::vector<Value *> Args;
  for (const ir::Expr *A : E.Args)
    Args.push_back(emitExpr(*A));
  std::string Text = E.Text;
  if (F.HostCode) {
    // Numba's CPU target prints a float as Python's repr() ("2.5"), not
    // as Numba-CUDA's %f: each %f becomes %s of pykc_host_float_repr's
    // text (the builder writes floats as %f, integers as %lld or %llu, and
    // a literal % as %%).
    FunctionCallee Repr = ME.M.getOrInsertFunction(
        "pykc_host_float_repr",
        FunctionType::get(B.getPtrTy(), {B.getDoubleTy(), B.getPtrTy()}, false));
    std::string Rewritten;
    size_t Arg = 0;
    for (size_t I = 0; I < Text.size(); ++I) {
      if (Text[I] != '%' || I + 1 == Text.size()) {
        Rewritten += Text[I];
        continue;
      }
      if (Text[I + 1] == '%') {
        Rewritten += "%%";
        ++I;
        continue;
      }
      if (Text[I + 1] == 'f' && Arg < Args.size()) {
        // In the entry block: a print in a loop reuses its buffer.
        BasicBlock &EntryBlock = Fn->getEntryBlock();
        IRBuilder<> Entry(&EntryBlock, EntryBlock.begin());
        Value *Buffer = Entry.CreateAlloca(ArrayType::get(B.getInt8Ty(), 32), nullptr, "repr");
        Args[Arg] = B.CreateCall(Repr, {Args[Arg], Buffer});
        Rewritten += "%s";
        ++I;
      } else {
        Rewritten += '%';
      }
      ++Arg;
    }
    Text = Rewritten;
  }
  Value *Format = B.CreateGlobalStringPtr(Text, "print.format", 0, &ME.M);
  ME.Target.print(B, Format, Args);
  return nullptr;
}

Value *FunctionEmitter::emitCbrt(const ir::IntrinsicExpr &E) {
  return emitLibmCall(E, "cbrt");
}

} // namespace pykc::codegen
