//===- test/unit/CheckerTest.cpp - The typing checker's fixed point -------===//
//
// The checker (ir/check/) types a function from its syntax alone. These
// check its variables and return type directly, and what it asks the
// program about the device functions it calls.
//
//===----------------------------------------------------------------------===//
#include "frontend/Parser.h"
#include "ir/ModuleScope.h"
#include "ir/check/FunctionChecker.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace pykc;

namespace {

/// The program around the function: each device function returns the type
/// given for it, and each call is recorded as "name(arguments)".
struct FixedCallees : ir::CalleeTyper {
  ir::ModuleScope *Scope = nullptr;
  std::map<std::string, const ir::Type *> Returns;
  std::vector<std::string> Calls;

  const ir::Type *returnTypeOf(ir::FunctionInfo &Fn,
                               const std::vector<ir::Checked> &Args,
                               bool) override {
    std::string Call = Fn.Name + "(";
    for (size_t I = 0; I < Args.size(); ++I)
      Call += (I ? ", " : "") +
              (Args[I].isValue() ? Args[I].Ty->str() : Args[I].Const.str());
    Calls.push_back(Call + ")");
    return Returns[Fn.Name];
  }
  ir::ModuleScope &programScope() override { return *Scope; }
  void usesForeign(const ir::ForeignFunction &) override {}
  std::optional<const ir::Type *> checkCall(ir::FunctionInfo &Fn,
                                            const std::vector<ir::Checked> &Args,
                                            const frontend::SourceFile *,
                                            frontend::SourceRange, bool Host,
                                            frontend::DiagnosticEngine &) override {
    return returnTypeOf(Fn, Args, Host);
  }
};

/// One module's parse and scope, and a checker for one of its functions.
struct CheckedModule {
  frontend::SourceManager Sources;
  std::ostringstream Errors;
  frontend::DiagnosticEngine Diags{&Errors};
  frontend::ASTContext AST;
  frontend::Module Syntax;
  ir::TypeContext Types;
  ir::OperatorTyping Ops{Types};
  std::unique_ptr<ir::ModuleScope> Scope;
  FixedCallees Callees;

  explicit CheckedModule(const char *Source) {
    const frontend::SourceFile *File = Sources.addBuffer("m.py", Source);
    Syntax = frontend::parseModule(*File, AST, Diags);
    Scope = std::make_unique<ir::ModuleScope>(Syntax, Types, Diags);
    Callees.Scope = Scope.get();
  }

  ir::FunctionChecker checker(const char *Name,
                              const std::vector<const ir::Type *> &Args) {
    std::vector<ir::Checked> Checked;
    for (const ir::Type *T : Args)
      Checked.push_back(ir::Checked::value(T));
    ir::FunctionInfo *Fn = Scope->function(Name);
    EXPECT_NE(Fn, nullptr) << Name;
    return ir::FunctionChecker(Types, Ops, *Fn, *Scope, Checked,
                               /*HostCode=*/false, Callees);
  }
};

/// "name.version: type" for each variable, in the IR's order.
std::string variables(const ir::FunctionChecker &C) {
  std::string S;
  for (const ir::VariableFact &V : C.variables())
    S += V.Name + "." + std::to_string(V.Version) + ": " +
         (V.Ty ? V.Ty->str() : "?") + "\n";
  return S;
}

} // namespace

TEST(Checker, VersionsOfANameTypeApart) {
  CheckedModule M(R"py(from numba import cuda

@cuda.jit(device=True)
def f(a):
    x = a
    b = x
    x = (a, 2.5)
    return x, b
)py");
  ir::FunctionChecker C = M.checker("f", {M.Types.int32()});
  ir::ReturnTyping R;
  C.typeRounds(R);
  EXPECT_EQ(variables(C), "a.0: int32\n"
                          "x.0: int32\n"
                          "x.1: Tuple(int32, float64)\n"
                          "b.0: int32\n");
  ASSERT_TRUE(R.Known);
  EXPECT_EQ(R.Ty->str(), "Tuple(Tuple(int32, float64), int32)");
}

TEST(Checker, FallingOffTheEndJoinsNone) {
  CheckedModule M(R"py(from numba import cuda

@cuda.jit(device=True)
def f(x):
    if x:
        return x
)py");
  ir::FunctionChecker C = M.checker("f", {M.Types.int64()});
  ir::ReturnTyping R;
  C.typeRounds(R);
  ASSERT_TRUE(R.Known && R.ReturnsValue);
  EXPECT_EQ(R.Ty->str(), "OptionalType(int64)");
}

TEST(Checker, AConstantTestTypesOnlyTheBranchTaken) {
  CheckedModule M(R"py(from numba import cuda

WIDE = False

@cuda.jit(device=True)
def f(n):
    if WIDE:
        y = 1.5
    else:
        y = n
    for i in range(n):
        y = i
    return y
)py");
  ir::FunctionChecker C = M.checker("f", {M.Types.int32()});
  ir::ReturnTyping R;
  C.typeRounds(R);
  // range() of an int32 counts in int32 (Numba's range_state32); y is
  // never unified with the pruned branch's float64.
  EXPECT_EQ(variables(C), "n.0: int32\n"
                          "y.0: int32\n"
                          "i.0: int32\n");
}

TEST(Checker, ADeviceCallTakesLiteralsAsConstantsAndTheCalleesType) {
  CheckedModule M(R"py(from numba import cuda

@cuda.jit(device=True)
def g(n, k):
    return n

@cuda.jit(device=True)
def f(n):
    y = g(n + 1, 4)
    return y
)py");
  M.Callees.Returns["g"] = M.Types.float32();
  ir::FunctionChecker C = M.checker("f", {M.Types.int32()});
  ir::ReturnTyping R;
  C.typeRounds(R);
  // g's k is never assigned, so the literal 4 is a compile-time value;
  // y is assigned before any read, so one round settles everything.
  EXPECT_EQ(M.Callees.Calls, std::vector<std::string>{"g(int64, 4)"});
  EXPECT_EQ(variables(C), "n.0: int32\n"
                          "y.0: float32\n");
  EXPECT_EQ(R.Ty->str(), "float32");
}

TEST(Checker, OneRoundWhenEveryReadFollowsTheChange) {
  // Each variable is assigned before it is read: the first round already
  // reaches the fixed point, and the callee is typed once.
  CheckedModule M(R"py(from numba import cuda

@cuda.jit(device=True)
def g(v):
    return v

@cuda.jit(device=True)
def f(x):
    y = g(x)
    z = y + 1
    return z
)py");
  M.Callees.Returns["g"] = M.Types.float32();
  ir::FunctionChecker C = M.checker("f", {M.Types.int32()});
  ir::ReturnTyping R;
  C.typeRounds(R);
  EXPECT_EQ(M.Callees.Calls, std::vector<std::string>{"g(int32)"});
  ASSERT_TRUE(R.Known);
  EXPECT_EQ(R.Ty->str(), "float64");
}

TEST(Checker, AnotherRoundWhenAReadPrecedesAWidening) {
  // s is read as an int64, then widened to float64 by the same statement:
  // a second round types the read (and the call) with the wide type, and
  // settles there.
  CheckedModule M(R"py(from numba import cuda

@cuda.jit(device=True)
def g(v):
    return v

@cuda.jit(device=True)
def f(n):
    s = 0
    for i in range(n):
        s = s + g(s)
    return s
)py");
  M.Callees.Returns["g"] = M.Types.float64();
  ir::FunctionChecker C = M.checker("f", {M.Types.int64()});
  ir::ReturnTyping R;
  C.typeRounds(R);
  EXPECT_EQ(M.Callees.Calls, (std::vector<std::string>{"g(int64)", "g(float64)"}));
  EXPECT_EQ(variables(C), "n.0: int64\n"
                          "s.0: float64\n"
                          "i.0: int64\n");
}
