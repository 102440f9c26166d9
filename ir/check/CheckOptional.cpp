//===- check/CheckOptional.cpp - None and optionals in the final walk -----===//
//
// The final walk tracks, as ir/build/BuildOptional.cpp does in lowering order,
// which names a test or an assignment has shown to hold a value (NotNone):
// an unwrap of any other optional is warned about once per name.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"

#include "ir/NameCheck.h"

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

void FunctionChecker::forgetAssignedIn(const fe::StmtList &Body) {
  // A loop's body may run again after it assigns None: what held a value
  // before the loop is not known to hold one inside it or after it.
  for (const std::string &Name : assignedNames(Body))
    NotNone.erase(Name);
}

void FunctionChecker::noteAssigned(const std::string &Name, const Type *Ty) {
  if (Ty && Ty->kind() != TypeKind::None && !dynCast<OptionalType>(Ty))
    NotNone.insert(Name);
  else
    NotNone.erase(Name);
}

bool FunctionChecker::convertsValue(const Checked &V, const Type *To, const fe::Expr &At) {
  if (V.Ty == To)
    return true;
  auto *From = dynCast<OptionalType>(V.Ty);
  auto *ToOpt = dynCast<OptionalType>(To);
  if (!From && !ToOpt)
    return converts(V.Ty, To);
  if (!ToOpt) // a value is needed: unwrap (warned about), then convert
    return converts(unwrapped(V, At).Ty, To);
  if (V.Ty->kind() == TypeKind::None)
    return true;
  return converts(From ? From->base() : V.Ty, ToOpt->base());
}

} // namespace pykc::ir
