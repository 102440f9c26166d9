//===- check/CheckStore.cpp - The final walk's assignments ----------------===//
//
// What is wrong with the assignments ir/build/BuildStmt.cpp's lowerAssign
// and lowerAugAssign build, in their order: a value that does not convert to its variable (which then stays
// silent), a target that cannot be stored into, an array element of
// another type, a tuple that does not unpack into its targets.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"
#include "ir/check/SyntaxFacts.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

FunctionChecker::Built FunctionChecker::walkAssign(const fe::Expr *Target, const Checked &V,
                                                   const fe::Expr &At, SourceRange ValueRange) {
  Built Stored;
  Stored.Empty = false;
  if (auto *N = dyn_cast<NameExpr>(Target)) {
    int Index = coalesced(storeVariable(*N));
    if (Index < 0 || !Vars[Index].Ty)
      return Built(); // its typing failed: reported where it did
    const VariableFact &Var = Vars[Index];
    if (!convertsValue(V, Var.Ty, At)) {
      fail(ValueRange, DiagKind::IncompatibleAssignment, {Var.Name, Var.Ty->str(), V.Ty->str()});
      Poisoned.insert(Index);
      if (Var.FirstTy)
        report(File, Var.FirstRange, DiagKind::NoteAssignedHere, {Var.Name, Var.FirstTy->str()});
      return Built();
    }
    noteAssigned(N->Id, V.Ty);
    return Stored;
  }
  if (auto *Sub = dyn_cast<SubscriptExpr>(Target)) {
    Checked Base = check(*Sub->Value);
    if (!Base.isValid())
      return Built();
    if (auto *R = Base.isValue() ? dynCast<RecordType>(Base.Ty) : nullptr) {
      // rec['x'] = v
      std::optional<unsigned> Field = recordField(R, *Sub->Index, Target->Range);
      return Field ? walkRecordStore(R, *Field, V, Target->Range, ValueRange) : Built();
    }
    const ArrayType *AT = storeTarget(*Sub, Base);
    Checked Slot = AT ? checkIndexing(AT, *Sub) : Checked::invalid();
    if (!Slot.isValue())
      return Built();
    if (auto *View = dynCast<ArrayType>(Slot.Ty))
      return walkBroadcastStore(View, V, At, ValueRange);
    // An element of an array of records takes a copy of a record's bytes.
    bool Converts = AT->record() ? converts(V.Ty, AT->record())
                                 : convertsValue(V, AT->dtype(), At);
    if (!Converts) {
      fail(ValueRange, DiagKind::InvalidArgument,
           {"an array element",
            "cannot store '" + V.Ty->str() + "' into an element of " + AT->str()});
      return Built();
    }
    return Stored;
  }
  const fe::ExprList *Elts = unpackTargets(*Target);
  if (Elts) {
    auto *TT = dynCast<TupleType>(V.Ty);
    if (!TT || TT->size() != Elts->size()) {
      fail(ValueRange, DiagKind::InvalidArgument,
           {"unpacking", "cannot unpack '" + V.Ty->str() + "' into " +
                             std::to_string(Elts->size()) + " targets"});
      return Built();
    }
    Built B;
    for (size_t I = 0; I < Elts->size(); ++I)
      B.add(walkAssign((*Elts)[I], Checked::value(TT->elements()[I]), *(*Elts)[I], ValueRange));
    return B;
  }
  if (auto *A = dyn_cast<AttributeExpr>(Target)) {
    Checked Base = check(*A->Value);
    if (!Base.isValid())
      return Built();
    if (auto *R = Base.isValue() ? dynCast<RecordType>(Base.Ty) : nullptr) { // rec.x = v
      std::optional<unsigned> Field = recordField(R, *A, A->AttrRange);
      return Field ? walkRecordStore(R, *Field, V, Target->Range, ValueRange) : Built();
    }
    fail(Target->Range, DiagKind::ReadOnlyTarget, {"an attribute"});
    return Built();
  }
  fail(Target->Range, DiagKind::UnsupportedSyntax, {"this assignment target"});
  return Built();
}

FunctionChecker::Built FunctionChecker::walkRecordStore(const RecordType *R, unsigned Field,
                                                        const Checked &V, SourceRange TargetRange,
                                                        SourceRange ValueRange) {
  Built Stored;
  Stored.Empty = false;
  const RecordType::Field &F = R->fields()[Field];
  if (R->readOnly()) {
    fail(TargetRange, DiagKind::ReadOnlyTarget,
         {"a field of a record of a module-level NumPy array (Numba freezes it into the kernel "
          "as a constant)"});
    return Built();
  }
  auto Refuse = [&](std::string Why) {
    fail(ValueRange, DiagKind::InvalidArgument,
         {dynCast<NestedArrayType>(F.Ty) ? "a nested array field" : "a record field", Why});
    return Built();
  };
  if (auto *N = dynCast<NestedArrayType>(F.Ty)) {
    // rec['arr'] = src: element by element, over the field's shape.
    auto *Source = dynCast<ArrayType>(V.Ty);
    if (Source && Source->ndim() != N->shape().size())
      return Refuse("cannot assign a " + std::to_string(Source->ndim()) +
                    "-dimensional array to field '" + F.Name + "' of shape " + N->str());
    if (!Source && !converts(V.Ty, N->element()))
      return Refuse("cannot store '" + V.Ty->str() + "' into field '" + F.Name + "' (" +
                    N->str() + ")");
    if (!converts(Source ? Source->element() : V.Ty, N->element()))
      return Refuse("cannot store elements of '" + V.Ty->str() + "' into field '" + F.Name +
                    "' (" + N->str() + ")");
    return Stored;
  }
  bool Converts = dynCast<RecordType>(F.Ty)  ? converts(V.Ty, F.Ty)
                  : dynCast<ScalarType>(V.Ty) ? converts(V.Ty, F.Ty)
                                              : false;
  if (!Converts)
    return Refuse("cannot store '" + V.Ty->str() + "' into field '" + F.Name + "' of type " +
                  F.Ty->str());
  return Stored;
}

FunctionChecker::Built FunctionChecker::walkBroadcastStore(const ArrayType *View, const Checked &V,
                                                           const fe::Expr &At,
                                                           SourceRange ValueRange) {
  Built Stored;
  Stored.Empty = false;
  if (dynCast<ArrayType>(V.Ty)) {
    // Numba copies the source first when it may overlap the target, into
    // memory from its runtime's heap, which Numba-CUDA does not have.
    fail(ValueRange, DiagKind::UnsupportedSyntax,
         {"assigning an array to a slice of an array (Numba-CUDA cannot either: it copies the "
          "source through the heap; copy the elements in a loop)"});
    return Built();
  }
  bool Converts = View->record() ? converts(V.Ty, View->record())
                                 : convertsValue(V, View->dtype(), At);
  if (!Converts) {
    fail(ValueRange, DiagKind::InvalidArgument,
         {"a slice of an array",
          "cannot store '" + V.Ty->str() + "' into the elements of " + View->str()});
    return Built();
  }
  return Stored;
}

const ArrayType *FunctionChecker::storeTarget(const SubscriptExpr &Sub, const Checked &Base) {
  if (Base.isValue()) {
    if (auto *AT = dynCast<ArrayType>(Base.Ty)) {
      if (AT->addressSpace() == AddressSpace::Constant) {
        fail(Sub.Range, DiagKind::ReadOnlyTarget,
             {"an element of a module-level NumPy array (Numba freezes it into the kernel as a "
              "constant)"});
        return nullptr;
      }
      return AT;
    }
    if (dynCast<TupleType>(Base.Ty)) {
      fail(Sub.Range, DiagKind::ReadOnlyTarget, {"an element of a tuple"});
      return nullptr;
    }
  }
  fail(Sub.Value->Range, DiagKind::NotIndexable, {describe(Base)});
  return nullptr;
}

FunctionChecker::Built FunctionChecker::walkAugAssign(const AugAssignStmt &A) {
  Built Stored;
  Stored.Empty = false;
  if (auto *N = dyn_cast<NameExpr>(A.Target)) {
    Checked L = checkValue(*N);
    Checked R = L.isValue() ? checkValue(*A.Value) : Checked::invalid();
    Checked B = R.isValue() ? checkBinary(A.Op, L, R, A.Range, &A) : Checked::invalid();
    return B.isValue() ? walkAssign(N, B, *A.Value, A.Range) : Built();
  }
  // rec.x += v, rec['x'] += v: the record is evaluated once.
  auto RecordUpdate = [&](const RecordType *R, const fe::Expr &Key, SourceRange KeyRange) {
    std::optional<unsigned> Field = recordField(R, Key, KeyRange);
    if (!Field)
      return Built();
    Checked V = checkValue(*A.Value);
    Checked B = V.isValue() ? checkBinary(A.Op, Checked::value(fieldType(R, *Field)), V, A.Range,
                                                &A)
                            : Checked::invalid();
    return B.isValue() ? walkRecordStore(R, *Field, B, A.Target->Range, A.Value->Range) : Built();
  };
  auto RecordOf = [](const Checked &V) {
    return V.isValue() ? dynCast<RecordType>(V.Ty) : nullptr;
  };
  if (auto *Sub = dyn_cast<SubscriptExpr>(A.Target)) {
    // a[i] += v: the array and the indices are evaluated once.
    Checked Base = check(*Sub->Value);
    if (!Base.isValid())
      return Built();
    if (const RecordType *R = RecordOf(Base))
      return RecordUpdate(R, *Sub->Index, A.Target->Range);
    const ArrayType *AT = storeTarget(*Sub, Base);
    if (!AT)
      return Built();
    std::vector<const fe::Expr *> Parts = subscriptParts(*Sub->Index, AT->ndim());
    for (const fe::Expr *P : Parts)
      if (sliceBoundsOf(*P)) {
        // Numba-CUDA has no in-place operators on arrays.
        fail(P->Range, DiagKind::UnsupportedSyntax,
             {"updating a slice of an array in place (loop over its elements)"});
        return Built();
      }
    if (!checkArrayIndices(AT, *Sub->Index, Sub->Range, /*AllowView=*/false))
      return Built();
    Checked R = checkValue(*A.Value);
    Checked B = R.isValue() ? checkBinary(A.Op, Checked::value(AT->element()), R, A.Range, &A)
                            : Checked::invalid();
    if (!B.isValue())
      return Built();
    if (!converts(B.Ty, AT->dtype())) {
      fail(A.Value->Range, DiagKind::InvalidArgument,
           {"an array element",
            "cannot store '" + B.Ty->str() + "' into an element of " + AT->str()});
      return Built();
    }
    return Stored;
  }
  if (auto *Attr = dyn_cast<AttributeExpr>(A.Target)) {
    Checked Base = check(*Attr->Value);
    if (!Base.isValid())
      return Built();
    if (const RecordType *R = RecordOf(Base))
      return RecordUpdate(R, *Attr, Attr->AttrRange);
    fail(A.Target->Range, DiagKind::ReadOnlyTarget, {"an attribute"});
    return Built();
  }
  fail(A.Target->Range, DiagKind::UnsupportedSyntax, {"this augmented assignment target"});
  return Built();
}

} // namespace pykc::ir
