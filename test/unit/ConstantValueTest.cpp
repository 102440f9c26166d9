//===- ConstantValueTest.cpp - Module constants ---------------------------===//
#include "frontend/Parser.h"
#include "ir/ModuleScope.h"

#include <gtest/gtest.h>

using namespace pykc;
using namespace pykc::ir;

namespace {

/// Parses \p Source and returns the constant bound to \p Name, if any.
std::optional<ConstantValue> constantOf(const std::string &Source, const std::string &Name) {
  frontend::SourceManager Sources;
  const frontend::SourceFile *File = Sources.addBuffer("m.py", Source);
  frontend::DiagnosticEngine Diags(nullptr);
  frontend::ASTContext AST;
  frontend::Module M = frontend::parseModule(*File, AST, Diags);
  static TypeContext Types; // Dtype constants point into it.
  ModuleScope Scope(M, Types, Diags);
  const Symbol *S = Scope.lookup(Name);
  if (!S || S->K != Symbol::Kind::Constant)
    return std::nullopt;
  return S->Value;
}

TEST(ModuleConstants, ArithmeticOnEarlierConstantsIsFolded) {
  auto V = constantOf("TPB = 16\nN = TPB * 2 + 1\n", "N");
  ASSERT_TRUE(V);
  EXPECT_EQ(V->K, ConstantValue::Kind::Int);
  EXPECT_EQ(V->Int, 33);
}

TEST(ModuleConstants, FloorDivisionAndModuloArePythons) {
  EXPECT_EQ(constantOf("A = -7 // 2\n", "A")->Int, -4);
  EXPECT_EQ(constantOf("A = -7 % 2\n", "A")->Int, 1);
  EXPECT_EQ(constantOf("A = 7 % -2\n", "A")->Int, -1);
  EXPECT_DOUBLE_EQ(constantOf("A = -7.5 // 2.0\n", "A")->Float, -4.0);
  EXPECT_DOUBLE_EQ(constantOf("A = -7.5 % 2.0\n", "A")->Float, 0.5);
}

TEST(ModuleConstants, TrueDivisionGivesAFloat) {
  auto V = constantOf("A = 7 / 2\n", "A");
  ASSERT_TRUE(V);
  EXPECT_EQ(V->K, ConstantValue::Kind::Float);
  EXPECT_DOUBLE_EQ(V->Float, 3.5);
}

TEST(ModuleConstants, TuplesAndDtypes) {
  auto T = constantOf("S = (16, 8)\n", "S");
  ASSERT_TRUE(T);
  ASSERT_EQ(T->Elements.size(), 2u);
  EXPECT_EQ(T->Elements[1].Int, 8);
  auto D = constantOf("from numba import float32\nDT = float32\n", "DT");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->K, ConstantValue::Kind::Dtype);
  EXPECT_EQ(D->Dtype->str(), "float32");
}

TEST(ModuleConstants, NumpyConstructorsAreFrozenArrays) {
  auto A = constantOf("import numpy as np\nA = np.arange(6, dtype=np.int16).reshape(2, -1)\n", "A");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->K, ConstantValue::Kind::Array);
  EXPECT_EQ(A->Dtype->str(), "int16");
  EXPECT_EQ(A->Shape, (std::vector<int64_t>{2, 3}));
  ASSERT_EQ(A->Elements.size(), 6u);
  EXPECT_EQ(A->Elements[5].Int, 5);
  auto L = constantOf("import numpy\nL = numpy.linspace(0.0, 1.0, num=3)\n", "L");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Dtype->str(), "float64");
  EXPECT_EQ(L->Elements[1].Float, 0.5);
  auto B = constantOf("import numpy as np\nB = np.array([[True], [False]])\n", "B");
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Dtype->str(), "bool");
  EXPECT_EQ(B->Shape, (std::vector<int64_t>{2, 1}));
  auto F = constantOf("import numpy as np\nF = np.full((2,), 3)\n", "F");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Dtype->str(), "int64");
}

TEST(ModuleConstants, HostDataIsNotAConstant) {
  EXPECT_FALSE(constantOf("import numpy as np\nA = np.random.rand(3)\n", "A"));
  EXPECT_FALSE(constantOf("import numpy as np\nA = np.zeros(3)\nA[0] = 1\n", "A"));
  EXPECT_FALSE(constantOf("import numpy as np\nA = np.array([1, [2]])\n", "A"));
  EXPECT_FALSE(constantOf("import numpy as np\nA = np.arange(10).reshape(3, 4)\n", "A"));
  EXPECT_FALSE(constantOf("for i in range(3):\n    B = i\n", "B"));
  EXPECT_FALSE(constantOf("A = 1 // 0\n", "A"));
  EXPECT_FALSE(constantOf("A = 2 ** 100\n", "A"));
}

TEST(ModuleConstants, MathConstantsResolveThroughImports) {
  auto V = constantOf("import math\nTWO_PI = 2 * math.pi\n", "TWO_PI");
  ASSERT_TRUE(V);
  EXPECT_DOUBLE_EQ(V->Float, 2 * 3.141592653589793);
}

} // namespace
