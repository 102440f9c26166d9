//===- check/Conversions.cpp - Which values convert to which types --------===//
//
// The answer convert() (ir/build/BuildExpr.cpp) gives by building a conversion or
// not, for values that are not optionals: scalars (no complex to real, as
// Numba), tuples element by element, a record reference to the same layout
// (a writable one to a read-only one only through the same writability),
// an array to the same array with layout A.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"

namespace pykc::ir {

bool converts(const Type *From, const Type *To) {
  if (From == To)
    return true;
  auto *FS = dynCast<ScalarType>(From), *TS = dynCast<ScalarType>(To);
  if (FS && TS)
    return !FS->isComplex() || TS->isComplex();
  auto *FT = dynCast<TupleType>(From), *TT = dynCast<TupleType>(To);
  if (FT && TT) {
    if (FT->size() != TT->size())
      return false;
    for (size_t I = 0; I < FT->size(); ++I)
      if (!converts(FT->elements()[I], TT->elements()[I]))
        return false;
    return true;
  }
  if (auto *R = dynCast<RecordType>(To)) {
    auto *FR = dynCast<RecordType>(From);
    return FR && FR->writable() == R->writable();
  }
  auto *FA = dynCast<ArrayType>(From), *TA = dynCast<ArrayType>(To);
  return FA && TA && FA->element() == TA->element() &&
         FA->ndim() == TA->ndim() && FA->addressSpace() == TA->addressSpace() &&
         TA->layout() == ArrayLayout::A;
}

} // namespace pykc::ir
