//===- SizeFuzzer.cpp - libFuzzer entry: work grows with program size -----===//
//
// Generates a program of one shape at two sizes, n and 8n, from the input
// (its first byte picks the shape, the next two n, the rest the statements):
// long bodies, deep expressions, long operator chains, deep blocks, chains
// of device functions, many calls, many kernels, wide tuple literals and
// wide tuple parameters. Each goes through parsing, names, typing and the
// NVPTX target's LLVM emission, counting what each phase made: AST nodes
// (--emit=ast lines), typed IR nodes and LLVM instructions. A count at 8n
// more than 8 * 3 times the count at n aborts: the phase's work grows
// faster than the program. Nothing is timed.
//
// Three shapes are kept small unless their switch, an environment
// variable, is set to 1, because at full size each input spends seconds in
// LLVM's -O3 pipeline and the fuzzer would try few inputs. Their growth at
// full size is checked by test/Scaling/size_growth.test, and the limit on
// chains by test/Scaling/fail_calls_too_deep.test:
//   PYKC_SIZE_FUZZ_LONG_DEVICE_CHAINS  device-function chains up to 2,400
//     (past 1,000 pykc refuses them with CallsTooDeep, so a pair whose
//     8n is over the limit is skipped), else at most 200;
//   PYKC_SIZE_FUZZ_WIDE_TUPLE_PARAMS   tuple parameters (of a kernel or a
//     device function) up to 2,400 elements, else at most 200;
//   PYKC_SIZE_FUZZ_HUGE_TUPLE_LITERALS tuple literals up to 12,000
//     elements, else at most 800.
// With its switch on, a shape also goes through LLVM's -O3 pipeline, as
// pykc compiles it: the optimizer's work is not counted, but a blow-up
// runs past -timeout or -rss_limit_mb.
// At exit it says what it measured: "pykc-size-fuzzer: ...".
//
// Run: pykc-size-fuzzer -timeout=60 -rss_limit_mb=2048 test/fuzz/corpus-size
//
//===----------------------------------------------------------------------===//
#include "codegen/Codegen.h"
#include "codegen/NVPTXTarget.h"
#include "frontend/AST.h"
#include "frontend/Diagnostic.h"
#include "frontend/Parser.h"
#include "frontend/SourceManager.h"
#include "ir/IR.h"
#include "ir/IRWalk.h"
#include "ir/ModuleScope.h"
#include "ir/CompilePlan.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

using namespace pykc;

namespace {

bool switchOn(const char *Name) {
  const char *V = std::getenv(Name);
  return V && std::string(V) == "1";
}

enum Shape : unsigned {
  Statements,
  DeepExpression,
  LongChain,
  DeepBlocks,
  DeviceChain,
  ManyCalls,
  ManyKernels,
  TupleLiteral,
  TupleParameter,
  NumShapes
};

const char *const ShapeNames[NumShapes] = {
    "statements", "deep-expression", "long-chain",    "deep-blocks",    "device-chain",
    "many-calls", "many-kernels",    "tuple-literal", "tuple-parameter"};

/// The largest n of \p S (the program at 8n is the larger one). Nesting
/// stays below the parser's limits (200 brackets deep, chains of 1,000
/// operators) and Python's 100 levels of indentation.
unsigned maxN(Shape S) {
  switch (S) {
  case Statements:
    return 100;
  case DeepExpression:
    return 24;
  case LongChain:
    return 120;
  case DeepBlocks:
    return 11;
  case DeviceChain:
    return switchOn("PYKC_SIZE_FUZZ_LONG_DEVICE_CHAINS") ? 300 : 25;
  case ManyCalls:
    return 40;
  case ManyKernels:
    return 30;
  case TupleLiteral:
    return switchOn("PYKC_SIZE_FUZZ_HUGE_TUPLE_LITERALS") ? 1500 : 100;
  case TupleParameter:
    return switchOn("PYKC_SIZE_FUZZ_WIDE_TUPLE_PARAMS") ? 300 : 25;
  case NumShapes:
    break;
  }
  return 1;
}

const char *const Header = "from numba import cuda\n\n";
const char *const KernelDecorator = "@cuda.jit('void(float64[:], float64[:])')\n";

/// The program of shape \p S at size \p N; \p Choices vary its statements.
std::string generate(Shape S, unsigned N, const std::string &Choices) {
  std::ostringstream P;
  P << Header;
  auto Choice = [&](unsigned I) {
    return Choices.empty() ? I : unsigned(uint8_t(Choices[I % Choices.size()]));
  };
  switch (S) {
  case Statements:
    P << KernelDecorator << "def k(a, b):\n    t = a[0]\n";
    for (unsigned I = 0; I < N; ++I) {
      switch (Choice(I) % 5) {
      case 0:
        P << "    t = t * 1.5 + a[" << I % 4 << "]\n";
        break;
      case 1:
        P << "    if t > " << I << ".0:\n        t = t - b[" << I % 3 << "]\n";
        break;
      case 2:
        P << "    for j in range(" << I % 7 << "):\n        t += b[j % 3]\n";
        break;
      case 3:
        P << "    x" << I << " = t - " << I << ".0\n    b[" << I % 3 << "] = x" << I << "\n";
        break;
      default:
        P << "    a[" << I % 4 << "] += t\n";
        break;
      }
    }
    P << "    a[0] = t\n";
    break;
  case DeepExpression: {
    std::string E = "a[0]";
    for (unsigned I = 0; I < N; ++I)
      E = "(" + E + (Choice(I) % 2 ? " * " : " + ") + std::to_string(I % 9 + 1) + ".0)";
    P << KernelDecorator << "def k(a, b):\n    a[1] = " << E << "\n";
    break;
  }
  case LongChain:
    P << KernelDecorator << "def k(a, b):\n    a[1] = a[0]";
    for (unsigned I = 0; I < N; ++I)
      P << (Choice(I) % 3 == 0 ? " - " : Choice(I) % 3 == 1 ? " + " : " * ") << "a["
        << I % 4 << "]";
    P << "\n";
    break;
  case DeepBlocks: {
    P << KernelDecorator << "def k(a, b):\n";
    std::string Indent = "    ";
    for (unsigned I = 0; I < N; ++I) {
      switch (Choice(I) % 3) {
      case 0:
        P << Indent << "if a[" << I % 4 << "] > " << I << ".0:\n";
        break;
      case 1:
        P << Indent << "for i" << I << " in range(2):\n";
        break;
      default:
        P << Indent << "while a[0] > " << I << ".0:\n" << Indent << "    a[0] -= 1.0\n";
        break;
      }
      Indent += "    ";
      P << Indent << "b[0] += 1.0\n";
    }
    break;
  }
  case DeviceChain:
    for (unsigned I = 0; I < N; ++I) {
      P << "@cuda.jit(device=True)\ndef f" << I << "(x):\n";
      if (I + 1 < N)
        P << "    return f" << I + 1 << "(x) + 1.0\n\n";
      else
        P << "    return x * 2.0\n\n";
    }
    P << KernelDecorator << "def k(a, b):\n    a[0] = f0(b[0])\n";
    break;
  case ManyCalls:
    for (unsigned I = 0; I < N; ++I)
      P << "@cuda.jit(device=True)\ndef g" << I << "(x, y):\n    return x * " << I % 5 + 1
        << ".0 + y\n\n";
    P << KernelDecorator << "def k(a, b):\n    t = 0.0\n";
    for (unsigned I = 0; I < N; ++I)
      P << "    t += g" << I << "(a[" << I % 4 << "], t)\n";
    P << "    a[0] = t\n";
    break;
  case ManyKernels:
    for (unsigned I = 0; I < N; ++I)
      P << KernelDecorator << "def k" << I << "(a, b):\n    i = cuda.grid(1)\n"
        << "    if i < a.size:\n        a[i] = b[i % b.size] * " << I << ".0\n\n";
    break;
  case TupleLiteral:
    P << KernelDecorator << "def k(a, b):\n    t = (";
    for (unsigned I = 0; I < N; ++I)
      P << (I ? ", " : "") << "a[" << I % 4 << "] * " << I % 7 << ".0";
    P << (N == 1 ? ",)\n" : ")\n") << "    a[0] = t[" << N - 1 << "] + t[0]\n";
    break;
  case TupleParameter:
    if (Choice(0) % 2) { // a kernel's tuple parameter, as --sig 'k((float64, ...))' gives
      P << "@cuda.jit('void(float64[:], (";
      for (unsigned I = 0; I < N; ++I)
        P << (I ? ", " : "") << "float64";
      P << (N == 1 ? ",))')\n" : "))')\n")
        << "def k(a, t):\n    a[0] = t[0] + t[len(t) - 1]\n";
      break;
    }
    P << "@cuda.jit(device=True)\ndef first_last(t):\n    return t[0] + t[len(t) - 1]\n\n"
      << KernelDecorator << "def k(a, b):\n    t = (";
    for (unsigned I = 0; I < N; ++I)
      P << (I ? ", " : "") << "a[" << I % 4 << "]";
    P << (N == 1 ? ",)\n" : ")\n") << "    a[0] = first_last(t)\n";
    break;
  case NumShapes:
    break;
  }
  return P.str();
}

/// What each phase made from one program.
struct Counts {
  bool Compiled = false;
  uint64_t AST = 0, IR = 0, LLVM = 0;
};

Counts measure(const std::string &Text, bool Optimize) {
  Counts C;
  frontend::SourceFile File("size.py", Text);
  frontend::DiagnosticEngine Diags(nullptr);
  frontend::ASTContext AST;
  frontend::Module Syntax = frontend::parseModule(File, AST, Diags);
  if (Diags.hasErrors())
    return C;
  std::ostringstream Dump;
  frontend::dumpAST(Syntax, Dump);
  std::string Lines = Dump.str();
  C.AST = uint64_t(std::count(Lines.begin(), Lines.end(), '\n'));
  ir::TypeContext Types;
  ir::ModuleScope Scope(Syntax, Types, Diags);
  ir::SemaResult Typed = ir::typeModule(Scope, Types, Diags);
  if (Diags.hasErrors() || !Typed.IR)
    return C;
  for (const auto &F : Typed.IR->functions()) {
    ++C.IR;
    ir::forEachNode(F->Body, [&](const ir::Node &) { ++C.IR; });
  }
  llvm::LLVMContext Ctx;
  codegen::NVPTXTarget Target;
  std::unique_ptr<llvm::Module> M = codegen::emitLLVM(*Typed.IR, Ctx, Target);
  C.LLVM = M ? M->getInstructionCount() : 0;
  C.Compiled = true;
  if (Optimize) {
    // Through LLVM's -O3 pipeline as pykc compiles it: the optimizer's work
    // is not counted, but one that blows up runs past -timeout.
    codegen::CodegenOptions CO;
    CO.Arch = "sm_80";
    std::string Error;
    llvm::LLVMContext OptCtx;
    codegen::NVPTXBackend(CO).compile(*Typed.IR, OptCtx, Error);
  }
  return C;
}

struct Stats {
  std::array<uint64_t, NumShapes> Measured{}, Rejected{};
  double WorstRatio = 0;
  std::string Worst;
} Seen;

constexpr uint64_t Factor = 8, Allowed = Factor * 3;

void checkRatio(const char *Phase, uint64_t Small, uint64_t Large, Shape S, unsigned N,
                const std::string &Program) {
  if (Small == 0)
    return;
  double Ratio = double(Large) / double(Small);
  if (Ratio > Seen.WorstRatio) {
    Seen.WorstRatio = Ratio;
    Seen.Worst = std::string(Phase) + " of " + ShapeNames[S] + " at n = " + std::to_string(N);
  }
  if (Large <= Small * Allowed)
    return;
  std::fprintf(stderr,
               "pykc-size-fuzzer: %s grows superlinearly for %s: %llu at n = %u, %llu at "
               "%llu n (more than %llu times); the program at %llu n:\n%s\n",
               Phase, ShapeNames[S], (unsigned long long)Small, N, (unsigned long long)Large,
               (unsigned long long)Factor, (unsigned long long)Allowed,
               (unsigned long long)Factor, Program.c_str());
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  std::atexit([] {
    std::string Shapes;
    uint64_t Total = 0, Rejected = 0;
    for (unsigned S = 0; S < NumShapes; ++S) {
      Total += Seen.Measured[S];
      Rejected += Seen.Rejected[S];
      Shapes += std::string(S ? ", " : "") + ShapeNames[S] + " " + std::to_string(Seen.Measured[S]);
    }
    std::fprintf(stderr,
                 "pykc-size-fuzzer: %llu programs measured at n and %llu n (%s), %llu not "
                 "compiled; largest growth %.2f (%s), at most %llu allowed\n",
                 (unsigned long long)Total, (unsigned long long)Factor, Shapes.c_str(),
                 (unsigned long long)Rejected, Seen.WorstRatio, Seen.Worst.c_str(),
                 (unsigned long long)Allowed);
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size < 3 || Size > 256)
    return 0;
  auto S = Shape(Data[0] % NumShapes);
  unsigned N = 1 + (Data[1] | unsigned(Data[2]) << 8) % maxN(S);
  std::string Choices(reinterpret_cast<const char *>(Data + 3), Size - 3);
  std::string Small = generate(S, N, Choices), Large = generate(S, N * Factor, Choices);
  // A shape whose switch is on also goes through the optimizer, where
  // today's blow-ups are (IPSCCP, a huge literal's memory).
  bool Optimize = (S == TupleParameter && switchOn("PYKC_SIZE_FUZZ_WIDE_TUPLE_PARAMS")) ||
                  (S == TupleLiteral && switchOn("PYKC_SIZE_FUZZ_HUGE_TUPLE_LITERALS")) ||
                  (S == DeviceChain && switchOn("PYKC_SIZE_FUZZ_LONG_DEVICE_CHAINS"));
  Counts A = measure(Small, Optimize);
  if (!A.Compiled) {
    // A generated program pykc refuses: the generator's mistake, or a
    // limit pykc reports; the size is not measured.
    ++Seen.Rejected[S];
    if (switchOn("PYKC_SIZE_FUZZ_VERBOSE"))
      std::fprintf(stderr, "pykc-size-fuzzer: not compiled:\n%s\n", Small.c_str());
    return 0;
  }
  Counts B = measure(Large, Optimize);
  if (!B.Compiled) {
    ++Seen.Rejected[S];
    if (switchOn("PYKC_SIZE_FUZZ_VERBOSE"))
      std::fprintf(stderr, "pykc-size-fuzzer: not compiled at 8n:\n%s\n", Large.c_str());
    return 0;
  }
  ++Seen.Measured[S];
  checkRatio("the AST", A.AST, B.AST, S, N, Large);
  checkRatio("the typed IR", A.IR, B.IR, S, N, Large);
  checkRatio("the LLVM IR", A.LLVM, B.LLVM, S, N, Large);
  return 0;
}
