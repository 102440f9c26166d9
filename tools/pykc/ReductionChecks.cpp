//===- ReductionChecks.cpp - Is a reduction's result order-free? ----------===//
#include "ReductionChecks.h"

#include "DeviceCode.h"
#include "Numbers.h"

#include <pykc/Device.h>
#include <pykc/Launch.h>

#include <cstring>
#include <set>

namespace pykc::driver {

namespace {

/// Samples whose sums, products and differences are exact in every dtype,
/// so a sum or a product associates and commutes on them; the documents'
/// cuda_reduce (a - b for negative b) does neither.
template <class T> std::vector<T> samples() {
  if constexpr (std::is_floating_point_v<T>)
    return {T(1), T(-3), T(2.5), T(0), T(0.25), T(-7.5)};
  else if constexpr (std::is_signed_v<T>)
    return {T(1), T(-3), T(2), T(0), T(7), T(-5)};
  else
    return {T(1), T(3), T(2), T(0), T(7), T(5)};
}

/// The samples of \p Dtype as raw bytes and as text.
struct Samples {
  std::vector<uint8_t> Bytes;
  std::vector<std::string> Text;
  size_t ItemSize = 0;
};

template <class T> Samples make() {
  Samples S;
  std::vector<T> V = samples<T>();
  S.ItemSize = sizeof(T);
  S.Bytes.resize(V.size() * sizeof(T));
  std::memcpy(S.Bytes.data(), V.data(), S.Bytes.size());
  for (T X : V) {
    if constexpr (std::is_floating_point_v<T>)
      S.Text.push_back(pythonFloatText(X));
    else
      S.Text.push_back(std::to_string(X));
  }
  return S;
}

Samples samplesFor(const ir::ScalarType &D) {
  switch (D.scalarKind()) {
  case ir::ScalarKind::Float32: return make<float>();
  case ir::ScalarKind::Float64: return make<double>();
  case ir::ScalarKind::Int8: return make<int8_t>();
  case ir::ScalarKind::Int16: return make<int16_t>();
  case ir::ScalarKind::Int32: return make<int32_t>();
  case ir::ScalarKind::Int64: return make<int64_t>();
  case ir::ScalarKind::UInt8: return make<uint8_t>();
  case ir::ScalarKind::UInt16: return make<uint16_t>();
  case ir::ScalarKind::UInt32: return make<uint32_t>();
  case ir::ScalarKind::UInt64: return make<uint64_t>();
  default: return {};
  }
}

} // namespace

bool checkReductions(Compilation &C, bool Fmad, std::string &Error) {
  std::vector<const ir::Function *> Checks;
  for (const auto &F : C.Typed.IR->functions())
    if (F->Reduce && F->Reduce->K == ir::ReduceKernel::Kind::Check)
      Checks.push_back(F.get());
  if (Checks.empty())
    return true;
  select_device(cpu_device_id());
  // Only the check kernels, unoptimized: they run once, on a few values.
  auto Code = DeviceCode::compile(*C.Typed.IR, 0, Fmad, Error, [](const ir::Function &F) {
    return F.Reduce && F.Reduce->K == ir::ReduceKernel::Kind::Check;
  });
  if (!Code)
    return false;
  std::set<std::string> Warned; // one warning per operator
  for (const ir::Function *F : Checks) {
    const std::string &Op = F->Reduce->Operator;
    Samples S = samplesFor(*F->Reduce->Dtype);
    if (Warned.count(Op) || S.Text.empty())
      continue;
    auto Image = Code->image(F->SymbolName, Error);
    if (!Image)
      return false;
    int64_t N = int64_t(S.Text.size());
    std::vector<int64_t> Out(2, 0);
    KernelArgs Args;
    Args.addArray(S.Bytes.data(), {N}, {int64_t(S.ItemSize)});
    Args.addArray(Out.data(), {2}, {8});
    launch(*Image, LaunchConfig(Dim3(1), Dim3(1)), Args.data());
    synchronize();
    if (!Out[0] && !Out[1])
      continue;
    std::string Problem;
    if (Out[1]) {
      int64_t I = Out[1] - 1, Z = I % N, Y = I / N % N, X = I / N / N;
      Problem = "does not associate: f(f(" + S.Text[X] + ", " + S.Text[Y] + "), " + S.Text[Z] +
                ") != f(" + S.Text[X] + ", f(" + S.Text[Y] + ", " + S.Text[Z] + "))";
    }
    if (Out[0]) {
      int64_t I = Out[0] - 1, Y = I % N, X = I / N;
      Problem += std::string(Problem.empty() ? "does not" : " and does not") + " commute: f(" +
                 S.Text[X] + ", " + S.Text[Y] + ") != f(" + S.Text[Y] + ", " + S.Text[X] + ")";
    }
    const ir::FunctionInfo *Fn = C.Scope->function(Op);
    C.Diags.report(Fn->File, Fn->Def->NameRange, frontend::DiagKind::OrderDependentReduction,
                   {Op, Problem + " for " + F->Reduce->Dtype->str()});
    Warned.insert(Op);
  }
  for (const ir::Function *F : Checks)
    C.Typed.IR->eraseFunction(F);
  return true;
}

} // namespace pykc::driver
