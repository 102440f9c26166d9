//===- check/CheckDeviceCall.cpp - Calls of device functions --------------===//
//
// A call of a device function binds its arguments (positions, defaults,
// literal and compile-time arguments; ir/build/BuildCall.cpp's
// lowerDeviceCall passes them as bound here) and asks the program
// (CalleeTyper) for the callee's return type for those arguments: typing
// the callee alone, memoized, with recursion answered by the provisional
// return type.
//
//===----------------------------------------------------------------------===//
#include "ir/check/FunctionChecker.h"
#include "ir/check/SyntaxFacts.h"

#include "ir/NameCheck.h"

#include <algorithm>

namespace pykc::ir {

using namespace frontend;
namespace fe = frontend;

bool isLiteralValue(const ConstantValue &C) {
  switch (C.K) {
  case ConstantValue::Kind::Int:
  case ConstantValue::Kind::Bool:
  case ConstantValue::Kind::None:
    return true;
  case ConstantValue::Kind::Tuple:
    return std::all_of(C.Elements.begin(), C.Elements.end(), isLiteralValue);
  default:
    return false;
  }
}

std::optional<ConstantValue>
FunctionChecker::literalArgument(const fe::Expr &E) const {
  auto NoNames = [](const fe::Expr &) -> std::optional<ConstantValue> {
    return std::nullopt;
  };
  if (isa<NameExpr>(&E) || isa<AttributeExpr>(&E))
    return evaluate(E);
  if (auto *T = dyn_cast<TupleExpr>(&E)) {
    ConstantValue Tuple;
    Tuple.K = ConstantValue::Kind::Tuple;
    for (const fe::Expr *Elt : T->Elts) {
      auto V = literalArgument(*Elt);
      if (!V)
        return std::nullopt;
      Tuple.Elements.push_back(*V);
    }
    return Tuple;
  }
  // Python folds arithmetic on literals (`2 * 16`, `-1`) into one constant.
  return evaluateConstant(E, NoNames);
}

Checked FunctionChecker::checkDeviceCall(FunctionInfo &Fn,
                                         const fe::CallExpr &C) {
  const auto &Params = Fn.Def->Params;
  for (const Param &P : Params)
    if (P.Kind != ParamKind::Normal && P.Kind != ParamKind::PositionalOnly)
      return fail(P.Range, DiagKind::UnsupportedParameter,
                  {"*args, **kwargs and keyword-only parameters"});
  auto CountError = [&] {
    return fail(C.Range, DiagKind::ArgumentCount,
                {Fn.Name, plural(Params.size(), "argument"),
                 std::to_string(C.Args.size() + C.Keywords.size())});
  };
  if (C.Args.size() > Params.size())
    return CountError();
  BoundArguments Given = bindArguments(Params, C);
  if (Given.Bad && Given.Repeated)
    return fail(Given.Bad->NameRange, DiagKind::RepeatedArgument, {Fn.Name, Given.Bad->Name});
  if (Given.Bad)
    return fail(Given.Bad->Name.empty() ? Given.Bad->Range : Given.Bad->NameRange,
                DiagKind::UnknownKeyword, {Fn.Name, Given.Bad->Name.empty() ? "**" : Given.Bad->Name});
  // A parameter the callee never assigns can take a compile-time value.
  std::vector<std::string> Assigned = assignedNames(Fn.Def->Body);
  auto CanBeCompileTime = [&](size_t I) {
    return Fn.Signatures.empty() && std::find(Assigned.begin(), Assigned.end(),
                                              Params[I].Name) == Assigned.end();
  };
  std::vector<Checked> Args;
  std::vector<std::optional<ConstantValue>> Defaults(Params.size());
  for (size_t I = 0; I < Params.size(); ++I) {
    Checked V;
    std::optional<ConstantValue> Literal;
    if (const fe::Expr *Arg = Given.ForParam[I]) {
      V = check(*Arg); // an optional is passed as one
      if (V.isValue())
        Literal = literalArgument(*Arg);
    } else if (Params[I].Default) {
      // Evaluated where the function is defined, as Python does.
      Literal = (Fn.Scope ? *Fn.Scope : Callees.programScope())
                    .evaluate(*Params[I].Default);
      if (Literal) {
        V = checkConstantValue(*Literal);
        Defaults[I] = *Literal;
      } else
        fail(Params[I].Default->Range, DiagKind::NotConstant,
             {"a device function's default value"});
    } else {
      return CountError();
    }
    if (!V.isValid())
      return Checked::invalid();
    if (CanBeCompileTime(I)) {
      if (!V.isValue()) {
        Args.push_back(std::move(V));
        continue;
      }
      if (Literal && isLiteralValue(*Literal)) {
        Checked Const;
        Const.K = Checked::Kind::Constant;
        Const.Const = *Literal;
        Args.push_back(std::move(Const));
        continue;
      }
    }
    if (!V.isValue())
      return notAValue(Given.ForParam[I] ? Given.ForParam[I]->Range : C.Range, V);
    Args.push_back(Checked::value(V.Ty));
  }
  if (!walking())
    return Checked::value(Callees.returnTypeOf(Fn, Args, HostCode));
  DeviceCalls[&C] = {Args, std::move(Defaults)};
  // The instance checked (its diagnostics reported at this call) as the
  // lowering instantiates it.
  std::optional<const Type *> Returned =
      Callees.checkCall(Fn, Args, File, C.Range, HostCode, *Walk.Diags);
  if (!Returned) {
    HadError = true;
    return Checked::invalid();
  }
  return Checked::value(*Returned);
}

} // namespace pykc::ir
