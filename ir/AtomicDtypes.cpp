//===- AtomicDtypes.cpp - The array dtypes each atomic takes --------------===//
#include "ir/AtomicDtypes.h"

namespace pykc::ir {

AtomicDtypes atomicDtypesOf(std::string_view Op) {
#define ATOMIC(O, Name, Dtypes)                                                \
  if (Op == #O)                                                                \
    return AtomicDtypes::Dtypes;
#include "ir/AtomicOps.def"
  return AtomicDtypes::All;
}

bool atomicDtypeAllowed(AtomicDtypes C, const ScalarType *D,
                        const char *&Allowed) {
  ScalarKind K = D->scalarKind();
  bool Unsigned64or32 = K == ScalarKind::UInt32 || K == ScalarKind::UInt64;
  bool Int = Unsigned64or32 || K == ScalarKind::Int32 || K == ScalarKind::Int64;
  switch (C) {
  case AtomicDtypes::All:
    Allowed = "int32, uint32, int64, uint64, float32 or float64";
    return Int || K == ScalarKind::Float32 || K == ScalarKind::Float64;
  case AtomicDtypes::Integer:
    Allowed = "int32, uint32, int64 or uint64";
    return Int;
  case AtomicDtypes::Unsigned:
    Allowed = "uint32 or uint64";
    return Unsigned64or32;
  }
  return false;
}

} // namespace pykc::ir
