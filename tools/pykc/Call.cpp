//===- Call.cpp - `pykc call` ---------------------------------------------===//
//
// Like `pykc run`, for @njit functions: read the arguments, type the
// function for them, compile it with the ORC JIT, call its host entry on the
// arrays (copied into guarded memory, as the CPU device's arrays are, so
// that an overrun faults), print the result, write back what changed. A
// fault in the function's code fails the call as a CPU kernel's fault fails
// a launch (KernelFaults.h), instead of killing pykc.
//
//===----------------------------------------------------------------------===//
#include "Call.h"

#include "Arguments.h"
#include "CheckReport.h"
#include "DeviceCode.h"
#include "Numbers.h"
#include "Output.h"
#include "Pipeline.h"
#include "SharedOptions.h"
#include "HelpText.h"
#include "ScalarArguments.h"
#include "runtime/lib/CallGenerated.h"
#include "runtime/lib/GuardedMemory.h"
#include "runtime/lib/HostCheck.h"
#include "runtime/lib/KernelFaults.h"

#include <pykc/Check.h>
#include <pykc/Runtime.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <iostream>

namespace pykc::driver {

namespace {

int usage(const std::string &Message) {
  std::cerr << "pykc: error: " << Message << "\nRun 'pykc call --help' for usage.\n";
  return 2;
}

float halfToFloat(uint16_t H) {
  uint32_t Sign = uint32_t(H >> 15) << 31, Exp = (H >> 10) & 31, Man = H & 1023;
  uint32_t Bits;
  if (Exp == 31)
    Bits = Sign | 0x7f800000u | Man << 13;
  else if (Exp != 0)
    Bits = Sign | (Exp + 112) << 23 | Man << 13;
  else if (Man == 0)
    Bits = Sign;
  else { // subnormal: normalise
    Exp = 113;
    while (!(Man & 1024)) {
      Man <<= 1;
      --Exp;
    }
    Bits = Sign | Exp << 23 | (Man & 1023) << 13;
  }
  float F;
  std::memcpy(&F, &Bits, 4);
  return F;
}

/// The result's scalars (as the host entry stored them) as Python prints
/// the value Numba returns.
std::string formatResult(const ir::Type *Ty, const std::vector<uint64_t> &Leaves, size_t &Next) {
  if (auto *O = ir::dynCast<ir::OptionalType>(Ty)) { // its flag, then its value
    bool Holds = Leaves[Next++] != 0;
    std::string Value = formatResult(O->base(), Leaves, Next);
    return Holds ? Value : "None";
  }
  if (auto *T = ir::dynCast<ir::TupleType>(Ty)) {
    std::string S = "(";
    for (size_t I = 0; I < T->size(); ++I)
      S += (I ? ", " : "") + formatResult(T->elements()[I], Leaves, Next);
    return S + (T->size() == 1 ? ",)" : ")");
  }
  auto *S = ir::dynCast<ir::ScalarType>(Ty);
  if (S->isComplex()) { // its parts' bits, each in a leaf of its own
    double Parts[2];
    for (double &P : Parts) {
      uint64_t Bits = Leaves[Next++];
      if (S->bitWidth() == 64) {
        float F;
        uint32_t B = uint32_t(Bits);
        std::memcpy(&F, &B, 4);
        P = double(F);
      } else {
        std::memcpy(&P, &Bits, 8);
      }
    }
    return pythonComplexText(Parts[0], Parts[1]);
  }
  uint64_t Bits = Leaves[Next++];
  if (S->isBoolean())
    return Bits ? "True" : "False";
  // Numba's @njit returns float32 and float16 results as Python floats:
  // printed as the float64 they widen to.
  if (S->isFloat()) {
    if (S->bitWidth() == 16)
      return pythonFloatText(double(halfToFloat(uint16_t(Bits))));
    if (S->bitWidth() == 32) {
      float F;
      uint32_t B = uint32_t(Bits);
      std::memcpy(&F, &B, 4);
      return pythonFloatText(double(F));
    }
    double D;
    std::memcpy(&D, &Bits, 8);
    return pythonFloatText(D);
  }
  return S->isSigned() ? std::to_string(int64_t(Bits)) : std::to_string(Bits);
}

/// An array's bytes for the call: a mapping of its own that ends at an
/// inaccessible region (GuardedMemory.h), so that the function running
/// past it faults instead of writing into pykc's heap.
class GuardedArray {
public:
  /// A copy of \p N's data, read from its file straight into the guarded
  /// memory.
  explicit GuardedArray(const NpyArray &N) : Size(std::max<size_t>(size_t(N.byteCount()), 1)) {
    Data = static_cast<uint8_t *>(runtime::mapGuarded(Size, runtime::CpuArrayAlignment,
                                                      runtime::cpuArrayGuardBytes(Size)));
    if (!Data)
      throw std::bad_alloc();
    std::string Error;
    if (!N.readInto(Data, Error))
      throw std::runtime_error(Error);
  }
  ~GuardedArray() {
    runtime::unmapGuarded(Data, Size, runtime::CpuArrayAlignment,
                          runtime::cpuArrayGuardBytes(Size));
  }
  GuardedArray(const GuardedArray &) = delete;
  GuardedArray &operator=(const GuardedArray &) = delete;
  uint8_t *data() const { return Data; }

private:
  size_t Size;
  uint8_t *Data = nullptr;
};

} // namespace

int callCommand(int Argc, char **Argv) {
  std::string File, Function;
  std::vector<std::string> Texts;
  unsigned OptLevel = 3;
  bool BoundsCheck = false, Check = false;
  ModuleFlags Modules;
  frontend::DiagnosticOptions Diagnostics;
  bool Help = false;
  SharedOptionTargets Shared{&OptLevel, nullptr, &Modules, &Diagnostics, nullptr, &BoundsCheck};
  auto OnOption = [&](const ParsedOption &P, std::string &Err) {
    if (applySharedOption(Command::Call, P, Shared, Err))
      return ParseStep::Continue;
    if (P.Id == OptionId::CallCheck)
      Check = BoundsCheck = true;
    Help = P.Id == OptionId::Help;
    return Help ? ParseStep::Stop : ParseStep::Continue;
  };
  auto OnPositional = [&](const std::string &A, std::string &) {
    if (File.empty())
      File = A;
    else if (Function.empty())
      Function = A;
    else
      Texts.push_back(A);
  };
  if (std::string FlagError; !parseCommandLine(Command::Call,
                                               std::vector<std::string>(Argv, Argv + Argc),
                                               OnOption, OnPositional, FlagError))
    return usage(FlagError);
  if (Help) {
    std::cout << helpText(Command::Call);
    return 0;
  }
  if (File.empty() || Function.empty())
    return usage("expected FILE.py and the name of an @njit function");

  std::vector<Argument> Args;
  if (int Status = readArguments(Texts, Args))
    return Status;

  FrontendRequest R;
  R.Modules = Modules;
  R.Diagnostics = Diagnostics;
  R.BoundsCheck = BoundsCheck;
  Compilation C;
  requestForArguments(R, C, File, Function, ir::FunctionRole::CpuJit, "an @njit function", Args);
  if (int Status = runFrontend(R, C))
    return Status;
  const ir::Function *Entry = nullptr;
  for (const auto &F : C.Typed.IR->functions())
    if (F->HostEntry && F->PyName == Function)
      Entry = F.get();
  if (!Entry)
    return fail("'" + Function + "' could not be compiled for these arguments");

  std::string Error;
  std::vector<uint64_t> Leaves(ir::scalarCount(Entry->ReturnType));
  // The arrays' guarded copies live until the write-back, which writes the
  // changed ones straight from them.
  std::vector<std::unique_ptr<GuardedArray>> Guarded;
  try {
    if (std::string Problem = selectBackend("cpu"); !Problem.empty())
      return fail(Problem);
    auto Code = DeviceCode::compile(*C.Typed.IR, OptLevel, /*Fmad=*/true, Error, {}, Check);
    auto Host = Code ? Code->hostEntry(Entry->SymbolName, Error) : nullptr;
    if (!Host)
      return fail(Error);
    // The function works on the arrays in place, as Numba's does on NumPy's
    // (an alias on the array it aliases).
    std::vector<Argument *> Arrays = arrayLeaves(Args);
    Guarded.resize(Arrays.size());
    KernelArgs Params;
    size_t I = 0; // the next array
    for (Argument *Leaf : argumentLeaves(Args)) {
      Argument &A = *Leaf;
      if (!A.Array) {
        addScalarArgument(A, Params);
        continue;
      }
      if (A.AliasOf < 0)
        Guarded[I] = std::make_unique<GuardedArray>(*A.Array);
      const GuardedArray &G = *Guarded[A.AliasOf >= 0 ? size_t(A.AliasOf) : I];
      ++I;
      Params.addArray(G.data(), A.Array->Shape, byteStrides(*A.Array));
    }
    runtime::FaultLanding Fault;
    const char *Raised = nullptr;
    take_check_findings();
    runtime::setHostCheck(Check);
    if (!runtime::runCatchingFaults(Fault, [&] {
          Raised = runtime_detail::callGenerated(Host, Params.data(), Leaves.data());
        }))
      return fail(runtime::hostFaultMessage(Function.c_str(), Fault.Address) +
                  "; no file was changed");
    if (Raised)
      return fail(std::string(Raised) + "; no file was changed");
    if (Check) {
      // What the checker found; any error leaves every file as it was.
      CheckFindings Found = take_check_findings();
      std::cerr << withSourceLines(Found.Reports) << Found.summary(Function, "function") << '\n';
      if (Found.total())
        return 1;
    }
    for (size_t K = 0; K < Arrays.size(); ++K) {
      // Written back from the guarded copy itself (it lives until then).
      NpyArray &N = *Arrays[K]->Array;
      if (Arrays[K]->AliasOf >= 0 || !N.byteCount() ||
          !N.differs(0, Guarded[K]->data(), N.byteCount()))
        continue;
      Arrays[K]->Changed = true;
      N.NewData = std::string_view(reinterpret_cast<const char *>(Guarded[K]->data()),
                                   size_t(N.byteCount()));
    }
  } catch (const std::bad_alloc &) {
    return fail("out of memory");
  } catch (const std::exception &E) {
    return fail(E);
  }
  size_t Next = 0;
  if (Entry->ReturnType && Entry->ReturnType->kind() != ir::TypeKind::None)
    std::cout << formatResult(Entry->ReturnType, Leaves, Next) << '\n';
  else
    std::cout << "None\n";
  std::cout.flush();
  return writeBackChanged(Args);
}

} // namespace pykc::driver
