//===- test/unit/NVPTXCallSequencesTest.cpp - Call numbers from 0 ---------===//
//
// LLVM numbers the calls of every module a process generates from one
// counter; renumberCallSequences makes each PTX module's numbers start at
// 0, in order of appearance, and leaves every other text alone, names of
// the user's that look like LLVM's included. The numbers in a real
// object: test/Object/ptx_shared_optimize.test.
//
//===----------------------------------------------------------------------===//
#include "codegen/NVPTXCallSequences.h"

#include <gtest/gtest.h>

using pykc::codegen::renumberCallSequences;

namespace {

std::string renumbered(std::string PTX) {
  renumberCallSequences(PTX);
  return PTX;
}

TEST(NVPTXCallSequences, NumbersFromZeroInOrderOfAppearance) {
  // Another thread's module took 0 to 11 and 13: this one has 12 and 14.
  EXPECT_EQ(renumbered("\t{ // callseq 12, 0\n\tcall.uni f;\n\t} // callseq 12\n"
                       "\t{ // callseq 14, 0\n\tcall.uni g;\n\t} // callseq 14\n"),
            "\t{ // callseq 0, 0\n\tcall.uni f;\n\t} // callseq 0\n"
            "\t{ // callseq 1, 0\n\tcall.uni g;\n\t} // callseq 1\n");
}

TEST(NVPTXCallSequences, PrototypesShareTheirCallsNumber) {
  EXPECT_EQ(renumbered("\t{ // callseq 40, 0\n"
                       "\tprototype_40 : .callprototype (.param .b32 _) _ (.param .b32 _);\n"
                       "\tcall (retval0), %rd1, (param0), prototype_40;\n"
                       "\t} // callseq 40\n"),
            "\t{ // callseq 0, 0\n"
            "\tprototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);\n"
            "\tcall (retval0), %rd1, (param0), prototype_0;\n"
            "\t} // callseq 0\n");
}

TEST(NVPTXCallSequences, LeavesNamesAndOtherTextAlone) {
  // A kernel named prototype_7, a device function prototype_7x, and
  // "callseq" outside a comment: none of them is a call number.
  const std::string PTX = ".visible .entry prototype_7(\n"
                          "\tcall.uni (retval0), \n\tprototype_7x, \n\t(\n\tparam0\n\t);\n"
                          "\tmov.u32 %r1, callseq_3;\n"
                          "// callseq\n";
  EXPECT_EQ(renumbered(PTX), PTX);
}

TEST(NVPTXCallSequences, AlreadyFromZeroIsUnchanged) {
  const std::string PTX = "{ // callseq 0, 0\n} // callseq 0\n{ // callseq 1, 0\n} // callseq 1\n";
  EXPECT_EQ(renumbered(PTX), PTX);
}

} // namespace
