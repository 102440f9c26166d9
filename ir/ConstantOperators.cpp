//===- ConstantOperators.cpp - Python's operators on constants ------------===//
#include "ir/ConstantOperators.h"

#include "ir/Interpret.h"
#include "ir/OperatorFunctions.h"

#include <map>
#include <mutex>
#include <utility>

namespace pykc::ir {

namespace {

/// The operators' functions for int64 and float64, built on first use in
/// a module of their own and kept for the process (a few small functions).
class OperatorFunctions {
public:
  static OperatorFunctions &get() {
    static OperatorFunctions Instance;
    return Instance;
  }

  std::optional<ScalarValue> run(ArithOp Op, bool Float, const ScalarValue &A,
                                 const ScalarValue &B) {
    const Function *F;
    {
      std::lock_guard<std::mutex> Guard(Lock);
      const Function *&Slot = Made[{Op, Float}];
      if (!Slot)
        Slot = buildOperatorFunction(M, Types, Op, type(Float),
                                     Op == ArithOp::Pow ? Types.int64()
                                                        : type(Float));
      F = Slot;
    }
    if (!F)
      return std::nullopt;
    return interpretCall(*F, {A, B}).Value;
  }
  const ScalarType *type(bool Float) const {
    return Float ? Types.float64() : Types.int64();
  }

private:
  OperatorFunctions() : M("constant operators") {}
  TypeContext Types;
  Module M;
  std::map<std::pair<ArithOp, bool>, const Function *> Made;
  std::mutex Lock;
};

} // namespace

std::optional<int64_t> constantIntOperator(ArithOp Op, int64_t A, int64_t B) {
  OperatorFunctions &Fns = OperatorFunctions::get();
  const ScalarType *I64 = Fns.type(false);
  std::optional<ScalarValue> R = Fns.run(
      Op, false, ScalarValue::integer(I64, A), ScalarValue::integer(I64, B));
  if (!R)
    return std::nullopt;
  return int64_t(R->Bits);
}

std::optional<double> constantFloatOperator(ArithOp Op, double A, double B) {
  OperatorFunctions &Fns = OperatorFunctions::get();
  const ScalarType *F64 = Fns.type(true);
  // Float // and % have float operands on both sides.
  if (Op != ArithOp::FloorDiv && Op != ArithOp::Mod)
    return std::nullopt;
  std::optional<ScalarValue> R = Fns.run(
      Op, true, ScalarValue::floating(F64, A), ScalarValue::floating(F64, B));
  if (!R)
    return std::nullopt;
  return R->Float;
}

} // namespace pykc::ir
