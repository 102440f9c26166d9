//===- Libdevice.h - cuda.libdevice's functions -----------------*- C++ -*-===//
///
/// \file
/// The rows of ir/Libdevice.def: numba.cuda.libdevice.NAME, typed as Numba
/// types them (libdevice's declaration, pointer parameters returned) and
/// called as libdevice's __nv_NAME on the GPU, as a C library function or
/// an LLVM intrinsic on the CPU.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "ir/Type.h"

#include <string>
#include <vector>

namespace pykc::ir {

struct LibdeviceFunction {
  const char *Name;    ///< "sincosf": libdevice's __nv_sincosf.
  const char *Sig;     ///< Libdevice.def's code: "v:fFF".
  bool CpuIntrinsic;   ///< CpuName is an LLVM intrinsic, else a C function.
  const char *CpuName; ///< "sincosf", "ctpop".

  /// The parameters a call passes, in order.
  std::vector<const Type *> params(TypeContext &Types) const;
  /// libdevice's own parameters: the passed ones and, for each pointer,
  /// the type written through it (with \p IsOutput telling which).
  std::vector<const Type *> prototype(TypeContext &Types, std::vector<bool> &IsOutput) const;
  /// libdevice's result type (None for void).
  const Type *result(TypeContext &Types) const;
  /// What a call gives: the result, then each written value; one alone,
  /// several as a tuple (Numba's create_signature).
  const Type *callResult(TypeContext &Types) const;
};

/// The row for numba.cuda.libdevice.\p Name, or null.
const LibdeviceFunction *libdeviceFunction(const std::string &Name);

} // namespace pykc::ir
