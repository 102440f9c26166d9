//===- TypeRulesTest.cpp - Numba's typing rules ---------------------------===//
//
// Expected results were read off Numba's own typing context (numba 0.56,
// `typing_context.resolve_function_type` and `unify_pairs`).
//
//===----------------------------------------------------------------------===//
#include "ir/TypeRules.h"

#include <gtest/gtest.h>

using namespace pykc::ir;

namespace {

class TypeRulesTest : public ::testing::Test {
protected:
  const ScalarType *t(ScalarKind K) { return Types.scalar(K); }
  std::string binary(ArithOp Op, ScalarKind A, ScalarKind B) {
    auto Sig = Ops.binary(Op, t(A), t(B));
    return Sig ? Sig->Result->str() : "none";
  }
  std::string unify(ScalarKind A, ScalarKind B) {
    const Type *U = unifyTypes(Types, t(A), t(B));
    return U ? U->str() : "none";
  }

  TypeContext Types;
  OperatorTyping Ops{Types};
};

using K = ScalarKind;

TEST(TypeContext, ScalarAndArrayTypesAreInterned) {
  TypeContext Types;
  EXPECT_EQ(Types.scalar(K::Float32), Types.scalarByName("f4"));
  EXPECT_EQ(Types.array(Types.float32(), 2, ArrayLayout::C),
            Types.array(Types.float32(), 2, ArrayLayout::C));
  EXPECT_NE(Types.array(Types.float32(), 2, ArrayLayout::C),
            Types.array(Types.float32(), 2, ArrayLayout::A));
  EXPECT_NE(Types.array(Types.float32(), 2, ArrayLayout::C),
            Types.array(Types.float32(), 2, ArrayLayout::C, AddressSpace::Shared));
  EXPECT_EQ(Types.uniTuple(Types.int64(), 2), Types.tuple({Types.int64(), Types.int64()}));
}

TEST(TypeContext, SpellsTypesAsNumbaDoes) {
  TypeContext Types;
  EXPECT_EQ(Types.boolean()->str(), "bool");
  EXPECT_EQ(Types.array(Types.float32(), 2, ArrayLayout::C)->str(), "array(float32, 2d, C)");
  EXPECT_EQ(Types.array(Types.float64(), 1, ArrayLayout::A)->str(), "array(float64, 1d, A)");
  EXPECT_EQ(Types.uniTuple(Types.int64(), 3)->str(), "UniTuple(int64 x 3)");
  EXPECT_EQ(Types.tuple({Types.int64(), Types.float32()})->str(), "Tuple(int64, float32)");
}

TEST(TypeContext, OneDimensionalFortranArraysAreC) {
  TypeContext Types;
  EXPECT_EQ(Types.array(Types.int32(), 1, ArrayLayout::F)->layout(), ArrayLayout::C);
}

TEST_F(TypeRulesTest, ConversionKindsMatchNumbasTable) {
  EXPECT_EQ(conversionKind(t(K::Int32), t(K::Int32)), Conversion::Exact);
  EXPECT_EQ(conversionKind(t(K::Int32), t(K::Int64)), Conversion::Promote);
  EXPECT_EQ(conversionKind(t(K::Int32), t(K::Float64)), Conversion::Safe);
  EXPECT_EQ(conversionKind(t(K::Int32), t(K::Float32)), Conversion::Unsafe);
  EXPECT_EQ(conversionKind(t(K::Int16), t(K::Float32)), Conversion::Safe);
  EXPECT_EQ(conversionKind(t(K::Int64), t(K::Float64)), Conversion::Safe);
  EXPECT_EQ(conversionKind(t(K::UInt32), t(K::Int64)), Conversion::Safe);
  EXPECT_EQ(conversionKind(t(K::Float64), t(K::Float32)), Conversion::Unsafe);
  EXPECT_EQ(conversionKind(t(K::Boolean), t(K::Int8)), Conversion::Safe);
}

TEST_F(TypeRulesTest, IntegerArithmeticWidensToAtLeast64Bits) {
  EXPECT_EQ(binary(ArithOp::Add, K::Int32, K::Int32), "int64");
  EXPECT_EQ(binary(ArithOp::Mul, K::Int8, K::Int16), "int64");
  EXPECT_EQ(binary(ArithOp::Add, K::UInt32, K::UInt32), "uint64");
  EXPECT_EQ(binary(ArithOp::Add, K::UInt8, K::UInt8), "uint64");
  EXPECT_EQ(binary(ArithOp::Sub, K::UInt64, K::Int64), "int64");
  EXPECT_EQ(binary(ArithOp::Sub, K::Int32, K::UInt64), "int64");
  EXPECT_EQ(binary(ArithOp::Add, K::Boolean, K::Boolean), "int64");
}

TEST_F(TypeRulesTest, MixedIntFloatPromotesAsNumbaDoes) {
  EXPECT_EQ(binary(ArithOp::Add, K::Int32, K::Float32), "float64");
  EXPECT_EQ(binary(ArithOp::Add, K::Int16, K::Float32), "float32");
  EXPECT_EQ(binary(ArithOp::Add, K::Float32, K::Int64), "float64");
  EXPECT_EQ(binary(ArithOp::Add, K::Float32, K::Float64), "float64");
  EXPECT_EQ(binary(ArithOp::Add, K::Float32, K::Float32), "float32");
}

TEST_F(TypeRulesTest, DivisionOperators) {
  EXPECT_EQ(binary(ArithOp::TrueDiv, K::Int32, K::Int32), "float64");
  EXPECT_EQ(binary(ArithOp::TrueDiv, K::UInt64, K::UInt64), "float64");
  EXPECT_EQ(binary(ArithOp::TrueDiv, K::Float32, K::Float32), "float32");
  EXPECT_EQ(binary(ArithOp::TrueDiv, K::Float32, K::Int32), "float64");
  EXPECT_EQ(binary(ArithOp::FloorDiv, K::Int32, K::Int32), "int64");
  EXPECT_EQ(binary(ArithOp::FloorDiv, K::Float32, K::Float32), "float32");
  EXPECT_EQ(binary(ArithOp::FloorDiv, K::Int64, K::Float32), "float64");
  EXPECT_EQ(binary(ArithOp::Mod, K::Int32, K::Float32), "float64");
}

TEST_F(TypeRulesTest, PowerKeepsFloat32WithIntegerExponents) {
  EXPECT_EQ(binary(ArithOp::Pow, K::Int32, K::Int32), "int64");
  EXPECT_EQ(binary(ArithOp::Pow, K::Float32, K::Int64), "float32");
  EXPECT_EQ(binary(ArithOp::Pow, K::Float32, K::Int32), "float32");
  EXPECT_EQ(binary(ArithOp::Pow, K::Float32, K::Float64), "float64");
  EXPECT_EQ(binary(ArithOp::Pow, K::UInt64, K::UInt64), "uint64");
  EXPECT_EQ(binary(ArithOp::Pow, K::Int16, K::UInt8), "int64");
}

TEST_F(TypeRulesTest, ShiftsFollowTheLeftOperandsSignedness) {
  EXPECT_EQ(binary(ArithOp::Shl, K::Int32, K::Int32), "int64");
  EXPECT_EQ(binary(ArithOp::Shl, K::UInt8, K::Int64), "uint64");
  EXPECT_EQ(binary(ArithOp::Shr, K::Int8, K::UInt8), "int64");
  EXPECT_EQ(binary(ArithOp::Shl, K::Float32, K::Int32), "none");
}

TEST_F(TypeRulesTest, BitwiseOperatorsKeepBooleans) {
  EXPECT_EQ(binary(ArithOp::BitAnd, K::Boolean, K::Boolean), "bool");
  EXPECT_EQ(binary(ArithOp::BitOr, K::Boolean, K::Int32), "int64");
  EXPECT_EQ(binary(ArithOp::BitXor, K::Int32, K::Int32), "int64");
  EXPECT_EQ(binary(ArithOp::BitAnd, K::Float64, K::Int32), "none");
}

TEST_F(TypeRulesTest, UnaryOperators) {
  EXPECT_EQ(Ops.unary(UnaryArithOp::Neg, t(K::Int32))->Result->str(), "int64");
  EXPECT_EQ(Ops.unary(UnaryArithOp::Neg, t(K::UInt32))->Result->str(), "uint64");
  EXPECT_EQ(Ops.unary(UnaryArithOp::Neg, t(K::Boolean))->Result->str(), "int64");
  EXPECT_EQ(Ops.unary(UnaryArithOp::Neg, t(K::Int16))->Result->str(), "int64");
  EXPECT_EQ(Ops.unary(UnaryArithOp::Neg, t(K::Float32))->Result->str(), "float32");
  EXPECT_EQ(Ops.unary(UnaryArithOp::Invert, t(K::Int32))->Result->str(), "int64");
  EXPECT_EQ(Ops.unary(UnaryArithOp::Invert, t(K::Boolean))->Result->str(), "bool");
  EXPECT_EQ(Ops.unary(UnaryArithOp::Not, t(K::Float64))->Result->str(), "bool");
}

TEST_F(TypeRulesTest, ComparisonsConvertBothSides) {
  auto Sig = Ops.compare(CompareOp::Lt, t(K::Int32), t(K::Float32));
  ASSERT_TRUE(Sig);
  EXPECT_EQ(Sig->Result->str(), "bool");
  EXPECT_EQ(Sig->Args[0]->str(), "float64");
  Sig = Ops.compare(CompareOp::Eq, t(K::UInt64), t(K::Int64));
  ASSERT_TRUE(Sig);
  EXPECT_EQ(Sig->Args[0]->str(), "float64");
  Sig = Ops.compare(CompareOp::Lt, t(K::Int32), t(K::Int64));
  EXPECT_EQ(Sig->Args[0]->str(), "int64");
}

TEST_F(TypeRulesTest, RangeChoosesItsStateTypeByOverload) {
  EXPECT_EQ(Ops.range({t(K::Int32)})->Result->str(), "int32");
  EXPECT_EQ(Ops.range({t(K::Int16)})->Result->str(), "int32");
  EXPECT_EQ(Ops.range({t(K::UInt32)})->Result->str(), "uint64");
  EXPECT_EQ(Ops.range({t(K::UInt8)})->Result->str(), "uint64");
  EXPECT_EQ(Ops.range({t(K::Int64)})->Result->str(), "int64");
  EXPECT_EQ(Ops.range({t(K::Int32), t(K::Int64)})->Result->str(), "int64");
  EXPECT_FALSE(Ops.range({t(K::Int32), t(K::Int32), t(K::Int32), t(K::Int32)}));
}

TEST_F(TypeRulesTest, BuiltinConversions) {
  EXPECT_EQ(Ops.abs(t(K::Int32))->Result->str(), "int32");
  EXPECT_EQ(Ops.abs(t(K::Int16))->Result->str(), "int16");
  EXPECT_EQ(Ops.abs(t(K::Boolean))->Result->str(), "int8");
  EXPECT_EQ(Ops.toInt(t(K::Float32))->Result->str(), "int64");
  EXPECT_EQ(Ops.toInt(t(K::Int32))->Result->str(), "int32");
  EXPECT_EQ(Ops.toInt(t(K::Boolean))->Result->str(), "int64");
  EXPECT_EQ(Ops.toFloat(t(K::Float32))->Result->str(), "float32");
  EXPECT_EQ(Ops.toFloat(t(K::Int32))->Result->str(), "float64");
}

TEST_F(TypeRulesTest, UnificationFollowsNumpyPromotion) {
  EXPECT_EQ(unify(K::Int64, K::Float32), "float64");
  EXPECT_EQ(unify(K::Int32, K::Float32), "float64");
  EXPECT_EQ(unify(K::Int16, K::Float32), "float32");
  EXPECT_EQ(unify(K::UInt64, K::Int64), "float64");
  EXPECT_EQ(unify(K::Int32, K::Int64), "int64");
  EXPECT_EQ(unify(K::UInt32, K::Int32), "int64");
  EXPECT_EQ(unify(K::UInt8, K::Int8), "int16");
  EXPECT_EQ(unify(K::Float32, K::Float64), "float64");
  EXPECT_EQ(unify(K::Boolean, K::Int32), "int32");
  EXPECT_EQ(unify(K::Boolean, K::Float32), "float32");
}

TEST_F(TypeRulesTest, ArraysOfDifferentLayoutsUnifyToAnyLayout) {
  const Type *C = Types.array(Types.float32(), 2, ArrayLayout::C);
  const Type *F = Types.array(Types.float32(), 2, ArrayLayout::F);
  EXPECT_EQ(unifyTypes(Types, C, F), Types.array(Types.float32(), 2, ArrayLayout::A));
  EXPECT_EQ(unifyTypes(Types, C, Types.float32()), nullptr);
}

} // namespace
