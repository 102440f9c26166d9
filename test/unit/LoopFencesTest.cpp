//===- test/unit/LoopFencesTest.cpp - Fences before many loops ------------===//
//
// codegen/LoopFences.h: a function of more than LoopFenceThreshold loops
// gets one fence (a llvm.sideeffect call) at the end of each block that
// enters a loop, and RemoveLoopFencesPass takes away those and no other;
// a function at the threshold is left exactly as it was. The fences' use,
// a kernel of 40 loops run end to end: test/Run/many_loops.test.
//
//===----------------------------------------------------------------------===//
#include "codegen/LoopFences.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <gtest/gtest.h>

#include <string>

using namespace llvm;
using pykc::codegen::InsertLoopFencesPass;
using pykc::codegen::LoopFenceThreshold;
using pykc::codegen::RemoveLoopFencesPass;

namespace {

/// A function `f(ptr %p, i64 %n)` of \p Loops loops one after another, each
/// `for t in range(n): s += p[t]`; with \p Foreign, a llvm.sideeffect of
/// its own in the entry block.
std::string loopsFunction(unsigned Loops, bool Foreign) {
  std::string IR = "declare void @llvm.sideeffect()\n"
                   "define i64 @f(ptr %p, i64 %n) {\nentry:\n";
  if (Foreign)
    IR += "  call void @llvm.sideeffect()\n";
  IR += "  br label %h0\n";
  for (unsigned L = 0; L < Loops; ++L) {
    std::string N = std::to_string(L), Next = std::to_string(L + 1);
    std::string In = L == 0 ? "entry" : "h" + std::to_string(L - 1);
    // Loop L starts from the sum loop L-1 leaves, its header's phi.
    std::string SIn = L == 0 ? "0" : "%s" + std::to_string(L - 1);
    IR += "h" + N + ":\n  %t" + N + " = phi i64 [ 0, %" + In + " ], [ %t" + N + ".next, %b" + N +
          " ]\n  %s" + N + " = phi i64 [ " + SIn + ", %" + In + " ], [ %s" + N + ".next, %b" + N +
          " ]\n  %c" + N + " = icmp slt i64 %t" + N + ", %n\n  br i1 %c" + N + ", label %b" + N +
          ", label %" + (L + 1 == Loops ? std::string("done") : "h" + Next) + "\n";
    IR += "b" + N + ":\n  %a" + N + " = getelementptr i64, ptr %p, i64 %t" + N + "\n  %v" + N +
          " = load i64, ptr %a" + N + "\n  %s" + N + ".next = add i64 %s" + N + ", %v" + N +
          "\n  %t" + N + ".next = add i64 %t" + N + ", 1\n  br label %h" + N + "\n";
  }
  return IR + "done:\n  ret i64 %s" + std::to_string(Loops - 1) + "\n}\n";
}

/// The llvm.sideeffect calls of @f after \p Run's passes, as
/// "block:ours" or "block:foreign", in order.
template <typename RunPasses>
std::vector<std::string> fencesAfter(unsigned Loops, bool Foreign, RunPasses Run) {
  LLVMContext Ctx;
  SMDiagnostic Error;
  std::unique_ptr<Module> M = parseAssemblyString(loopsFunction(Loops, Foreign), Error, Ctx);
  if (!M) {
    ADD_FAILURE() << Error.getMessage().str();
    return {};
  }
  EXPECT_FALSE(verifyModule(*M, &errs()));
  PassBuilder PB;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  Function &F = *M->getFunction("f");
  Run(F, FAM);
  EXPECT_FALSE(verifyModule(*M, &errs()));
  std::vector<std::string> Fences;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<IntrinsicInst>(&I); Call && Call->getIntrinsicID() == Intrinsic::sideeffect)
      Fences.push_back(I.getParent()->getName().str() +
                       (Call->hasMetadataOtherThanDebugLoc() ? ":ours" : ":foreign"));
  return Fences;
}

void insert(Function &F, FunctionAnalysisManager &FAM) { InsertLoopFencesPass().run(F, FAM); }

TEST(LoopFences, OneFenceInEachBlockEnteringALoopPastTheThreshold) {
  unsigned Loops = LoopFenceThreshold + 1;
  std::vector<std::string> Want = {"entry:ours"};
  // Loop L+1 is entered from loop L's header, its exit.
  for (unsigned L = 0; L + 1 < Loops; ++L)
    Want.push_back("h" + std::to_string(L) + ":ours");
  EXPECT_EQ(fencesAfter(Loops, false, insert), Want);
}

TEST(LoopFences, NoFenceAtTheThreshold) {
  EXPECT_EQ(fencesAfter(LoopFenceThreshold, false, insert), std::vector<std::string>{});
}

TEST(LoopFences, RemovingTakesOursAndLeavesAForeignOne) {
  std::vector<std::string> Inserted = fencesAfter(LoopFenceThreshold + 1, true, insert);
  ASSERT_EQ(Inserted.size(), LoopFenceThreshold + 2);
  EXPECT_EQ(Inserted.front(), "entry:foreign");
  EXPECT_EQ(fencesAfter(LoopFenceThreshold + 1, true,
                        [](Function &F, FunctionAnalysisManager &FAM) {
                          InsertLoopFencesPass().run(F, FAM);
                          FAM.invalidate(F, PreservedAnalyses::none());
                          RemoveLoopFencesPass().run(F, FAM);
                        }),
            std::vector<std::string>{"entry:foreign"});
}

} // namespace
