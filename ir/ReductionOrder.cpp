//===- ReductionOrder.cpp - Does a reduction's result depend on order? ----===//
#include "ir/ReductionOrder.h"

#include "ir/Interpret.h"

#include <set>

namespace pykc::ir {

namespace {

/// A sample value and how Python prints it.
struct Sample {
  ScalarValue Value;
  std::string Text;
};

/// Samples whose sums, products and differences are exact in every dtype,
/// so a sum or a product associates and commutes on them.
std::vector<Sample> samplesFor(const ScalarType *D) {
  std::vector<Sample> Out;
  if (D->isFloat()) {
    for (auto [V, Text] : std::initializer_list<std::pair<double, const char *>>{
             {1, "1.0"}, {-3, "-3.0"}, {2.5, "2.5"}, {0, "0.0"}, {0.25, "0.25"}, {-7.5, "-7.5"}})
      Out.push_back({ScalarValue::floating(D, V), Text});
  } else if (D->isInteger()) {
    std::initializer_list<int64_t> Values = {1, -3, 2, 0, 7, -5};
    std::initializer_list<int64_t> Unsigned = {1, 3, 2, 0, 7, 5};
    for (int64_t V : D->isSigned() ? Values : Unsigned)
      Out.push_back({ScalarValue::integer(D, V), std::to_string(V)});
  }
  return Out;
}

/// What running the operator found: the first pair it does not commute on
/// and the first triple it does not associate on; or why it could not run.
struct Findings {
  std::string Problem;
  std::string WhyNot;
};

Findings tryOperator(const Function &Op, const ScalarType *D, const std::vector<Sample> &S) {
  Findings Out;
  // f(a, b) as the reduction kernels use it: its result converted to D.
  auto F = [&](const ScalarValue &A, const ScalarValue &B) -> std::optional<ScalarValue> {
    if (!Out.WhyNot.empty())
      return std::nullopt;
    InterpretResult R = interpretCall(Op, {A, B});
    if (!R.Value) {
      Out.WhyNot = R.WhyNot;
      return std::nullopt;
    }
    return convertScalar(*R.Value, D);
  };
  std::string Commute, Associate;
  for (const Sample &X : S)
    for (const Sample &Y : S) {
      std::optional<ScalarValue> XY = F(X.Value, Y.Value), YX = F(Y.Value, X.Value);
      if (!XY || !YX)
        return Out;
      if (Commute.empty() && !(*XY == *YX))
        Commute = "f(" + X.Text + ", " + Y.Text + ") != f(" + Y.Text + ", " + X.Text + ")";
      for (const Sample &Z : S) {
        if (!Associate.empty())
          break;
        std::optional<ScalarValue> Left = F(*XY, Z.Value), YZ = F(Y.Value, Z.Value);
        std::optional<ScalarValue> Right = YZ ? F(X.Value, *YZ) : std::nullopt;
        if (!Left || !Right)
          return Out;
        if (!(*Left == *Right))
          Associate = "f(f(" + X.Text + ", " + Y.Text + "), " + Z.Text + ") != f(" + X.Text +
                      ", f(" + Y.Text + ", " + Z.Text + "))";
      }
    }
  if (!Associate.empty())
    Out.Problem = "does not associate: " + Associate;
  if (!Commute.empty())
    Out.Problem += std::string(Out.Problem.empty() ? "does not" : " and does not") +
                   " commute: " + Commute;
  return Out;
}

} // namespace

void checkReductionOrder(const Module &IR, const ModuleScope &Scope,
                         frontend::DiagnosticEngine &Diags) {
  std::set<std::string> Done; // one warning or note per operator
  for (const auto &F : IR.functions()) {
    if (!F->Reduce || F->Reduce->K != ReduceKernel::Kind::Gpu || !F->Reduce->OperatorFunction)
      continue;
    const std::string &Name = F->Reduce->Operator;
    const ScalarType *D = F->Reduce->Dtype;
    std::vector<Sample> S = samplesFor(D);
    if (Done.count(Name) || S.empty())
      continue;
    Findings Found = tryOperator(*F->Reduce->OperatorFunction, D, S);
    const FunctionInfo *Fn = Scope.function(Name);
    if (!Found.WhyNot.empty()) {
      Diags.report(Fn->File, Fn->Def->NameRange, frontend::DiagKind::NoteReductionOrderUnchecked,
                   {Name, D->str(), Found.WhyNot});
      Done.insert(Name);
    } else if (!Found.Problem.empty()) {
      Diags.report(Fn->File, Fn->Def->NameRange, frontend::DiagKind::OrderDependentReduction,
                   {Name, Found.Problem + " for " + D->str()});
      Done.insert(Name);
    }
  }
}

} // namespace pykc::ir
