//===- IndexFunctionsTest.cpp - Python's index rules as primitive IR ------===//
//
// The one definition of index wrap-around and slice bounds
// (ir/IndexFunctions.h), run by the interpreter and compared with CPython's
// own algorithm (slice.indices, then len(range(start, stop, step))),
// written out here from the language reference as the oracle, over every
// slice of small sequences: absent and present bounds, negative ones, ones
// past either end, steps of both signs.
//
//===----------------------------------------------------------------------===//
#include "ir/ConstantOperators.h"
#include "ir/IndexFunctions.h"
#include "ir/Interpret.h"

#include <gtest/gtest.h>

#include <optional>

using namespace pykc::ir;

namespace {

class IndexFunctions : public ::testing::Test {
protected:
  Module M{"index rules"};
  TypeContext Types;

  int64_t run(const Function &F, const std::vector<ScalarValue> &Args) {
    InterpretResult R = interpretCall(F, Args);
    EXPECT_TRUE(R.Value) << R.WhyNot;
    return R.Value ? int64_t(R.Value->Bits) : 0;
  }
  ScalarValue i64(int64_t V) { return ScalarValue::integer(Types.int64(), V); }
  ScalarValue truth(bool V) { return ScalarValue::integer(Types.boolean(), V); }
};

/// CPython's slice.indices(n) for a nonzero step, and the length of the
/// range it gives: the oracle.
struct PythonSlice {
  int64_t Start, Stop, Length;
};
PythonSlice pythonSlice(int64_t N, std::optional<int64_t> Start, std::optional<int64_t> Stop,
                        int64_t Step) {
  auto Adjust = [&](std::optional<int64_t> V, bool IsStop) {
    if (!V)
      return Step < 0 ? (IsStop ? int64_t(-1) : N - 1) : (IsStop ? N : int64_t(0));
    int64_t X = *V;
    if (X < 0) {
      X += N;
      if (X < 0)
        X = Step < 0 ? -1 : 0;
    } else if (X >= N) {
      X = Step < 0 ? N - 1 : N;
    }
    return X;
  };
  PythonSlice S{Adjust(Start, false), Adjust(Stop, true), 0};
  if (Step > 0 && S.Start < S.Stop)
    S.Length = (S.Stop - S.Start - 1) / Step + 1;
  if (Step < 0 && S.Stop < S.Start)
    S.Length = (S.Start - S.Stop - 1) / -Step + 1;
  return S;
}

TEST_F(IndexFunctions, WrapCountsANegativeIndexFromTheEndOnce) {
  const Function *W32 = buildIndexWrapFunction(M, Types, Types.scalar(ScalarKind::Int32));
  const Function *W8 = buildIndexWrapFunction(M, Types, Types.scalar(ScalarKind::Int8));
  ASSERT_NE(W32, nullptr);
  ASSERT_NE(W8, nullptr);
  EXPECT_EQ(W32->SymbolName, "pykc_wrap_int32");
  EXPECT_TRUE(W32->Operator);
  auto I32 = [&](int64_t V) { return ScalarValue::integer(Types.scalar(ScalarKind::Int32), V); };
  EXPECT_EQ(run(*W32, {I32(-1), i64(5)}), 4);
  EXPECT_EQ(run(*W32, {I32(-5), i64(5)}), 0);
  EXPECT_EQ(run(*W32, {I32(-7), i64(5)}), -2); // once: still out of range
  EXPECT_EQ(run(*W32, {I32(3), i64(5)}), 3);
  EXPECT_EQ(run(*W32, {I32(9), i64(5)}), 9);
  EXPECT_EQ(run(*W8, {ScalarValue::integer(Types.scalar(ScalarKind::Int8), -128), i64(1000)}),
            872);
}

TEST_F(IndexFunctions, UnsignedIndicesHaveNoWrapRule) {
  EXPECT_EQ(buildIndexWrapFunction(M, Types, Types.scalar(ScalarKind::UInt64)), nullptr);
  EXPECT_EQ(buildIndexWrapFunction(M, Types, Types.boolean()), nullptr);
}

TEST_F(IndexFunctions, SlicesAreCPythonsOnEverySliceOfSmallSequences) {
  SliceFunctions S;
  buildSliceFunctions(M, Types, S);
  unsigned Compared = 0;
  for (int64_t N = 0; N <= 5; ++N)
    for (int64_t Step : {-3, -2, -1, 1, 2, 3})
      for (int64_t A = -9; A <= 10; ++A)
        for (int64_t B = -9; B <= 10; ++B) {
          // A or B of 10 stands for an absent bound.
          std::optional<int64_t> Start = A == 10 ? std::nullopt : std::optional(A);
          std::optional<int64_t> Stop = B == 10 ? std::nullopt : std::optional(B);
          PythonSlice Want = pythonSlice(N, Start, Stop, Step);
          int64_t First = run(*S.Start, {i64(N), truth(bool(Start)), i64(A), i64(Step)});
          int64_t Last = run(*S.Stop, {i64(N), truth(bool(Stop)), i64(B), i64(Step)});
          int64_t Length = run(*S.Length, {i64(First), i64(Last), i64(Step)});
          ASSERT_EQ(First, Want.Start) << "n=" << N << " " << A << ":" << B << ":" << Step;
          ASSERT_EQ(Last, Want.Stop) << "n=" << N << " " << A << ":" << B << ":" << Step;
          ASSERT_EQ(Length, Want.Length) << "n=" << N << " " << A << ":" << B << ":" << Step;
          ConstantSlice C = constantSlice(N, Start, Stop, Step);
          ASSERT_EQ(C.First, Want.Start);
          ASSERT_EQ(C.Length, Want.Length);
          ++Compared;
        }
  EXPECT_EQ(Compared, 6u * 6u * 20u * 20u);
}

TEST_F(IndexFunctions, AStepOfZeroGivesAnEmptyViewWithStepOne) {
  // Python raises ValueError; a kernel cannot, and its view is empty.
  SliceFunctions S;
  buildSliceFunctions(M, Types, S);
  EXPECT_EQ(run(*S.Length, {i64(0), i64(5), i64(0)}), 0);
  EXPECT_EQ(run(*S.Step, {i64(0)}), 1);
  EXPECT_EQ(run(*S.Step, {i64(-2)}), -2);
}

TEST_F(IndexFunctions, ModuleConstantsIndexByTheSameRule) {
  EXPECT_EQ(constantIndex(-1, 3), 2);
  EXPECT_EQ(constantIndex(-4, 3), -1); // the caller's IndexError
  EXPECT_EQ(constantIndex(2, 3), 2);
}

} // namespace
