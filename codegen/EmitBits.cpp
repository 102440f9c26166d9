//===- EmitBits.cpp - cuda.popc, clz, ffs, brev, fma, cbrt ----------------===//
//
// The Emit() lowerings of the cuda module's bit and arithmetic intrinsics,
// the same LLVM operations on both targets (NVPTX selects popc, clz, brev
// and fma instructions for them), except cbrt, which is the math library's
// (libdevice's __nv_cbrt on the GPU, as Numba calls it).
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"

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

Value *FunctionEmitter::emitCbrt(const ir::IntrinsicExpr &E) {
  return emitLibmCall(E, "cbrt");
}

} // namespace pykc::codegen
