//===- OperatorFunctionsTest.cpp - Python's operators as primitive IR -----===//
//
// The one definition of //, %, **, << and >> (ir/OperatorFunctions.h), run
// by the interpreter on the values where Python's rules and C's differ:
// signs, zero divisors, INT_MIN // -1, signed zeros, shifts past the width,
// negative exponents. The expected values are Python's (Numba's where a
// kernel cannot raise: a zero divisor gives 0, ints wrap at 64 bits).
//
//===----------------------------------------------------------------------===//
#include "ir/OperatorFunctions.h"
#include "ir/ConstantOperators.h"
#include "ir/IRWalk.h"
#include "ir/Interpret.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace pykc::ir;

namespace {

class OperatorFunctions : public ::testing::Test {
protected:
  Module M{"operators"};
  TypeContext Types;

  const Function &function(ArithOp Op, ScalarKind L, ScalarKind R) {
    Function *F =
        buildOperatorFunction(M, Types, Op, Types.scalar(L), Types.scalar(R));
    EXPECT_NE(F, nullptr);
    return *F;
  }
  /// \p Op on two values of integer kind \p K (the exponent's \p E for **).
  int64_t integer(ArithOp Op, ScalarKind K, int64_t A, int64_t B,
                  ScalarKind E = ScalarKind::Int64) {
    ScalarKind RK = Op == ArithOp::Pow ? E : K;
    const Function &F = function(Op, K, RK);
    InterpretResult R =
        interpretCall(F, {ScalarValue::integer(Types.scalar(K), A),
                          ScalarValue::integer(Types.scalar(RK), B)});
    EXPECT_TRUE(R.Value) << R.WhyNot;
    return R.Value ? int64_t(R.Value->Bits) : 0;
  }
  double real(ArithOp Op, double A, double B,
              ScalarKind K = ScalarKind::Float64) {
    const Function &F = function(Op, K, K);
    InterpretResult R =
        interpretCall(F, {ScalarValue::floating(Types.scalar(K), A),
                          ScalarValue::floating(Types.scalar(K), B)});
    EXPECT_TRUE(R.Value) << R.WhyNot;
    return R.Value ? R.Value->Float : 0;
  }
  double power(double Base, int64_t Exp) {
    const Function &F =
        function(ArithOp::Pow, ScalarKind::Float64, ScalarKind::Int64);
    InterpretResult R =
        interpretCall(F, {ScalarValue::floating(Types.float64(), Base),
                          ScalarValue::integer(Types.int64(), Exp)});
    EXPECT_TRUE(R.Value) << R.WhyNot;
    return R.Value ? R.Value->Float : 0;
  }
};

constexpr int64_t Min64 = std::numeric_limits<int64_t>::min();
constexpr auto I64 = ScalarKind::Int64;

TEST_F(OperatorFunctions, IntegerFloorDivisionRoundsDown) {
  EXPECT_EQ(integer(ArithOp::FloorDiv, I64, 7, 2), 3);
  EXPECT_EQ(integer(ArithOp::FloorDiv, I64, -7, 2), -4);
  EXPECT_EQ(integer(ArithOp::FloorDiv, I64, 7, -2), -4);
  EXPECT_EQ(integer(ArithOp::FloorDiv, I64, -7, -2), 3);
  EXPECT_EQ(integer(ArithOp::FloorDiv, I64, -8, 2), -4);
  EXPECT_EQ(integer(ArithOp::FloorDiv, ScalarKind::Int32, -7, 2), -4);
  EXPECT_EQ(integer(ArithOp::FloorDiv, ScalarKind::UInt64, 7, 2), 3);
}

TEST_F(OperatorFunctions, IntegerModuloTakesTheDivisorsSign) {
  EXPECT_EQ(integer(ArithOp::Mod, I64, 7, 2), 1);
  EXPECT_EQ(integer(ArithOp::Mod, I64, -7, 2), 1);
  EXPECT_EQ(integer(ArithOp::Mod, I64, 7, -2), -1);
  EXPECT_EQ(integer(ArithOp::Mod, I64, -7, -2), -1);
  EXPECT_EQ(integer(ArithOp::Mod, I64, -6, 3), 0);
  EXPECT_EQ(integer(ArithOp::Mod, ScalarKind::Int8, -7, 3), 2);
}

TEST_F(OperatorFunctions, IntegerZeroDivisorAndMinusOneAsNumbaCuda) {
  EXPECT_EQ(integer(ArithOp::FloorDiv, I64, 7, 0), 0);
  EXPECT_EQ(integer(ArithOp::Mod, I64, 7, 0), 0);
  EXPECT_EQ(integer(ArithOp::FloorDiv, ScalarKind::UInt64, 7, 0), 0);
  EXPECT_EQ(integer(ArithOp::FloorDiv, I64, Min64, -1), Min64); // wraps
  EXPECT_EQ(integer(ArithOp::Mod, I64, Min64, -1), 0);
  EXPECT_EQ(integer(ArithOp::FloorDiv, I64, 5, -1), -5);
}

TEST_F(OperatorFunctions, FloatFloorDivisionAndModuloAreCPythons) {
  EXPECT_EQ(real(ArithOp::FloorDiv, 7.5, 2), 3.0);
  EXPECT_EQ(real(ArithOp::FloorDiv, -7.5, 2), -4.0);
  EXPECT_EQ(real(ArithOp::FloorDiv, 7.5, -2), -4.0);
  EXPECT_EQ(real(ArithOp::Mod, 7.5, 2), 1.5);
  EXPECT_EQ(real(ArithOp::Mod, -7.5, 2), 0.5);
  EXPECT_EQ(real(ArithOp::Mod, 7.5, -2), -0.5);
  EXPECT_EQ(real(ArithOp::Mod, -1.0, 3.0, ScalarKind::Float32), 2.0);
  // Python: 1 // 0.1 == 9.0 (fmod's exact remainder, not 1 / 0.1).
  EXPECT_EQ(real(ArithOp::FloorDiv, 1, 0.1), 9.0);
  EXPECT_EQ(real(ArithOp::Mod, 1, 0.1), 0.09999999999999995);
}

TEST_F(OperatorFunctions, FloatResultsKeepTheSignsOfZero) {
  double Q = real(ArithOp::FloorDiv, -0.0, 5);
  EXPECT_EQ(Q, 0.0);
  EXPECT_TRUE(std::signbit(Q));
  double R = real(ArithOp::Mod, 0.0, -5);
  EXPECT_EQ(R, 0.0);
  EXPECT_TRUE(std::signbit(R));
  EXPECT_FALSE(std::signbit(real(ArithOp::Mod, -6.0, 3)));
}

TEST_F(OperatorFunctions, FloatZeroDivisorGivesInfOrNanAsNumPy) {
  EXPECT_EQ(real(ArithOp::FloorDiv, 1, 0),
            std::numeric_limits<double>::infinity());
  EXPECT_EQ(real(ArithOp::FloorDiv, -1, 0),
            -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(real(ArithOp::FloorDiv, 0, 0)));
  EXPECT_TRUE(std::isnan(real(ArithOp::Mod, 1, 0)));
}

TEST_F(OperatorFunctions, IntegerPowerBySquaringWrapsAt64Bits) {
  EXPECT_EQ(integer(ArithOp::Pow, I64, 2, 10), 1024);
  EXPECT_EQ(integer(ArithOp::Pow, I64, -2, 3), -8);
  EXPECT_EQ(integer(ArithOp::Pow, I64, 3, 0), 1);
  EXPECT_EQ(integer(ArithOp::Pow, I64, 0, 0), 1);
  EXPECT_EQ(integer(ArithOp::Pow, I64, 2, 63), Min64);
  EXPECT_EQ(integer(ArithOp::Pow, I64, 2, 64), 0);
  // 3 ** 41 mod 2 ** 64, as a signed value.
  EXPECT_EQ(integer(ArithOp::Pow, I64, 3, 41), -420491770248316829);
  EXPECT_EQ(integer(ArithOp::Pow, ScalarKind::UInt64, 2, 5, ScalarKind::UInt64),
            32);
}

TEST_F(OperatorFunctions, NegativeIntegerExponentsKeepOnlyUnits) {
  EXPECT_EQ(integer(ArithOp::Pow, I64, 2, -1), 0);
  EXPECT_EQ(integer(ArithOp::Pow, I64, 1, -5), 1);
  EXPECT_EQ(integer(ArithOp::Pow, I64, -1, -3), -1);
  EXPECT_EQ(integer(ArithOp::Pow, I64, -1, -2), 1);
}

TEST_F(OperatorFunctions, FloatBaseIntegerExponent) {
  EXPECT_EQ(power(2.0, 10), 1024.0);
  EXPECT_EQ(power(2.0, -2), 0.25);
  EXPECT_EQ(power(-0.5, 3), -0.125);
  EXPECT_EQ(power(10.0, 0), 1.0);
}

TEST_F(OperatorFunctions, ShiftsHaveNoWidthLimit) {
  EXPECT_EQ(integer(ArithOp::Shl, I64, 1, 3), 8);
  EXPECT_EQ(integer(ArithOp::Shl, I64, -1, 1), -2);
  EXPECT_EQ(integer(ArithOp::Shl, I64, 1, 63), Min64);
  EXPECT_EQ(integer(ArithOp::Shl, I64, 1, 64), 0);
  EXPECT_EQ(integer(ArithOp::Shl, I64, 1, -1), 0); // as far as unsigned
  EXPECT_EQ(integer(ArithOp::Shr, I64, -8, 1), -4);
  EXPECT_EQ(integer(ArithOp::Shr, I64, -8, 64), -1);
  EXPECT_EQ(integer(ArithOp::Shr, I64, 8, 70), 0);
  EXPECT_EQ(integer(ArithOp::Shr, ScalarKind::UInt64, 8, 64), 0);
  EXPECT_EQ(integer(ArithOp::Shr, ScalarKind::UInt64, -8, 1),
            9223372036854775804);
}

TEST_F(OperatorFunctions, BodiesHoldOnlyPrimitiveOperators) {
  for (ArithOp Op :
       {ArithOp::FloorDiv, ArithOp::Mod, ArithOp::Shl, ArithOp::Shr})
    for (ScalarKind K : {ScalarKind::Int64, ScalarKind::UInt64}) {
      const Function &F = function(Op, K, K);
      EXPECT_TRUE(F.Operator);
      forEachNode(F.Body, [&](const Node &N) {
        if (auto *B = dynCast<BinaryExpr>(&N))
          EXPECT_TRUE(B->Op != ArithOp::FloorDiv && B->Op != ArithOp::Mod &&
                      B->Op != ArithOp::Pow && B->Op != ArithOp::Shl &&
                      B->Op != ArithOp::Shr)
              << F.SymbolName << " uses '" << spelling(B->Op) << "'";
      });
    }
  EXPECT_EQ(
      function(ArithOp::Pow, ScalarKind::Float32, ScalarKind::Int32).SymbolName,
      "pykc_pow_float32_int32");
  EXPECT_EQ(buildOperatorFunction(M, Types, ArithOp::Shl, Types.float64(),
                                  Types.float64()),
            nullptr);
}

TEST(ConstantOperators, ModuleConstantsRunTheKernelsFunctions) {
  EXPECT_EQ(constantIntOperator(ArithOp::FloorDiv, -7, 2), -4);
  EXPECT_EQ(constantIntOperator(ArithOp::Mod, -7, 2), 1);
  EXPECT_EQ(constantIntOperator(ArithOp::Pow, 3, 4), 81);
  EXPECT_EQ(constantIntOperator(ArithOp::Shl, 1, 40), int64_t(1) << 40);
  EXPECT_EQ(constantIntOperator(ArithOp::Shr, -1, 100), -1);
  EXPECT_EQ(constantFloatOperator(ArithOp::FloorDiv, -7.5, 2.0), -4.0);
  EXPECT_EQ(constantFloatOperator(ArithOp::Mod, -7.5, 2.0), 0.5);
}

} // namespace
