//===- ConstantOperators.cpp - Python's operators on constants ------------===//
#include "ir/ConstantOperators.h"

#include "ir/IndexFunctions.h"
#include "ir/Interpret.h"
#include "ir/OperatorFunctions.h"

#include "support/InternalError.h"

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
  /// Python's index rules, as IndexFunctions.h builds them.
  const Function &wrap() {
    std::lock_guard<std::mutex> Guard(Lock);
    if (!Wrap)
      Wrap = buildIndexWrapFunction(M, Types, Types.int64());
    return *Wrap;
  }
  const SliceFunctions &slice() {
    std::lock_guard<std::mutex> Guard(Lock);
    if (!Slice.Start)
      buildSliceFunctions(M, Types, Slice);
    return Slice;
  }
  int64_t runInt(const Function &F, const std::vector<ScalarValue> &Args) {
    std::optional<ScalarValue> R = interpretCall(F, Args).Value;
    if (!R)
      PYKC_ICE("the interpreter could not run one of pykc's index functions");
    return int64_t(R->Bits);
  }
  ScalarValue integer(int64_t V) const { return ScalarValue::integer(Types.int64(), V); }
  ScalarValue truth(bool V) const { return ScalarValue::integer(Types.boolean(), V); }

private:
  OperatorFunctions() : M("constant operators") {}
  TypeContext Types;
  Module M;
  std::map<std::pair<ArithOp, bool>, const Function *> Made;
  const Function *Wrap = nullptr;
  SliceFunctions Slice;
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

int64_t constantIndex(int64_t I, int64_t Size) {
  OperatorFunctions &Fns = OperatorFunctions::get();
  return Fns.runInt(Fns.wrap(), {Fns.integer(I), Fns.integer(Size)});
}

ConstantSlice constantSlice(int64_t Size, std::optional<int64_t> Start,
                            std::optional<int64_t> Stop, int64_t Step) {
  OperatorFunctions &Fns = OperatorFunctions::get();
  const SliceFunctions &S = Fns.slice();
  ConstantSlice Out;
  Out.First = Fns.runInt(*S.Start, {Fns.integer(Size), Fns.truth(bool(Start)),
                                    Fns.integer(Start.value_or(0)), Fns.integer(Step)});
  int64_t Last = Fns.runInt(*S.Stop, {Fns.integer(Size), Fns.truth(bool(Stop)),
                                      Fns.integer(Stop.value_or(0)), Fns.integer(Step)});
  Out.Length = Fns.runInt(*S.Length, {Fns.integer(Out.First), Fns.integer(Last),
                                      Fns.integer(Step)});
  return Out;
}

} // namespace pykc::ir
