//===- RaisedException.cpp - What `raise` in @njit code raises ------------===//
#include "ir/RaisedException.h"

#include "ir/ModuleScope.h"
#include "ir/ModuleValues.h"

namespace pykc::ir {

using namespace frontend;

namespace {

/// Python's `ExceptionClass: str(exception)` line, as a traceback ends.
std::optional<std::string> printed(const std::string &Class, const std::vector<ConstantValue> &Args,
                                   std::string &Why) {
  std::string Text;
  if (Args.size() == 1) {
    // KeyError shows its key's repr; the others str() of their argument.
    if (Class == "KeyError") {
      Text = Args[0].str();
    } else {
      auto S = callFunction("builtins.str", {Args[0]}, {});
      if (!S) {
        Why = "pykc cannot print its argument";
        return std::nullopt;
      }
      Text = S->String;
    }
  } else if (Args.size() > 1) {
    ConstantValue T;
    T.K = ConstantValue::Kind::Tuple;
    T.Elements = Args;
    Text = T.str();
  }
  return Text.empty() ? Class : Class + ": " + Text;
}

/// `Name` or `a.b.Name` as written; "this" for another expression.
std::string spelling(const Expr &E) {
  if (auto *N = dyn_cast<NameExpr>(&E))
    return N->Id;
  if (auto *A = dyn_cast<AttributeExpr>(&E))
    return spelling(*A->Value) + "." + A->Attr;
  return "this";
}

} // namespace

std::optional<std::string> raisedException(const Expr *Exc, const ModuleScope &Scope,
                                           const ConstantLookup &Evaluate, std::string &Why) {
  if (!Exc) {
    Why = "a bare 'raise' re-raises, and nopython code catches nothing";
    return std::nullopt;
  }
  auto *Call = dyn_cast<CallExpr>(Exc);
  const Expr &Class = Call ? *Call->Func : *Exc;
  auto Path = Scope.resolvePath(Class);
  if (auto *N = dyn_cast<NameExpr>(&Class); !Path && N && !Scope.lookup(N->Id))
    Path = "builtins." + N->Id; // a builtin the module does not rebind
  std::string Name = Path && Path->rfind("builtins.", 0) == 0 ? Path->substr(9) : "";
  bool Builtin = !Name.empty() && (Name == "Exception" || Name == "StopIteration" ||
                                   (Name.size() > 5 && Name.compare(Name.size() - 5, 5, "Error") == 0));
  if (!Builtin) {
    Why = "pykc raises builtin exception classes (ValueError, IndexError, ...), not '" +
          spelling(Class) + "'";
    return std::nullopt;
  }
  std::vector<ConstantValue> Args;
  if (Call) {
    if (!Call->Keywords.empty()) {
      Why = "an exception takes no keyword arguments";
      return std::nullopt;
    }
    for (const Expr *A : Call->Args) {
      auto V = isa<StarredExpr>(A) ? std::nullopt : Evaluate(*A);
      if (!V) {
        Why = "Numba raises exceptions whose arguments are constants, and this one is computed";
        return std::nullopt;
      }
      Args.push_back(*V);
    }
  }
  return printed(Name, Args, Why);
}

std::optional<std::string> failedAssertion(const Expr *Message, const ConstantLookup &Evaluate,
                                           std::string &Why) {
  if (!Message)
    return std::string("AssertionError");
  auto V = Evaluate(*Message);
  if (!V) {
    Why = "Numba raises exceptions whose arguments are constants, and this message is computed";
    return std::nullopt;
  }
  return printed("AssertionError", {*V}, Why);
}

} // namespace pykc::ir
