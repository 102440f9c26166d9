//===- Compile.cpp - The pipeline -----------------------------------------===//
#include "Compile.h"
#include "ForeignLink.h"

#include "codegen/CudaSource.h"
#include "codegen/HostObject.h"

#include "CacheKey.h"
#include "CompileObject.h"
#include "CudaToolkit.h"
#include "FormatSource.h"
#include "Output.h"
#include "Pipeline.h"


#include "frontend/Parser.h"

#include <llvm/Support/raw_ostream.h>

#include <iostream>
#include <map>
#include <sstream>

namespace pykc::driver {

namespace {

int writeOutput(const Options &O, const std::string &Text, PhaseTimes *Times = nullptr) {
  PhaseTimes::Scope T(Times, "write");
  return writeOutputFile(O.Output.empty() ? defaultOutputPath(O) : O.Output, Text, O.Input);
}

int compileWithTimes(const Options &O, PhaseTimes *Times);

/// -ftime-trace's file: its =FILE, else the output's path less its
/// extension, plus .time-trace.json (not clang's plain .json, which could
/// be a file of the user's beside the kernels); empty when the output is
/// standard output.
std::string timeTracePath(const Options &O) {
  if (!O.TimeTraceFile.empty())
    return O.TimeTraceFile;
  std::string Out = O.Output.empty() ? defaultOutputPath(O) : O.Output;
  if (Out == "-")
    return "";
  size_t Slash = Out.find_last_of('/'), Dot = Out.rfind('.');
  if (Dot != std::string::npos && (Slash == std::string::npos || Dot > Slash + 1))
    Out = Out.substr(0, Dot);
  return Out + ".time-trace.json";
}

} // namespace

int compile(const Options &O) {
  if (O.CacheClear) {
    std::string Dir = CompileCache::defaultDirectory(), Error;
    uint64_t Removed = 0, Bytes = 0;
    if (!Dir.empty() && !CompileCache::clear(Dir, Removed, Bytes, Error))
      return fail(Error);
    // On stdout when that is all pykc does; a compile may write to stdout.
    (O.Input.empty() ? std::cout : std::cerr)
        << "pykc: cleared the compile cache '" << Dir << "': " << Removed
        << (Removed == 1 ? " entry, " : " entries, ") << Bytes << " bytes\n";
    if (O.Input.empty())
      return 0;
  }
  if (!O.Verbose && !O.TimeTrace)
    return compileWithTimes(O, nullptr);
  std::string TracePath;
  if (O.TimeTrace) {
    TracePath = timeTracePath(O);
    if (TracePath.empty())
      return fail("-ftime-trace: the output goes to standard output, so the trace has no name "
                  "beside it; name it with -ftime-trace=FILE");
  }
  PhaseTimes Times;
  if (O.TimeTrace)
    Times.enableTrace();
  int Status = compileWithTimes(O, &Times);
  if (O.Verbose)
    Times.print(std::cerr);
  if (Status == 0 && O.TimeTrace) {
    std::string Trace;
    llvm::raw_string_ostream OS(Trace);
    Times.writeTrace(OS);
    OS.flush();
    Status = writeOutputFile(TracePath, Trace, O.Input);
  }
  return Status;
}

namespace {

int compileWithTimes(const Options &O, PhaseTimes *Times) {
  FrontendRequest R;
  R.Input = O.Input;
  R.Signatures = O.Signatures;
  R.AllowUnusedSignatures = O.AllowUnusedSignatures;
  R.StopAfterParse = O.Emit == EmitKind::AST;
  R.BoundsCheck = O.BoundsCheck;
  R.Modules = O.Modules;
  R.OneSkippedNote = O.Emit == EmitKind::Object;
  R.Diagnostics = O.Diagnostics;
  R.Times = Times;
  Compilation C;
  if (int Status = runFrontend(R, C))
    return Status;

  if (C.Typed.IR && !addCommandLineLinks(*C.Typed.IR, O.LinkFiles, C.Diags))
    return 1;
  // The CPU backend's code links the .cu files compiled for the host.
  if ((O.Emit == EmitKind::Object || O.Emit == EmitKind::CpuLLVM) &&
      !compileHostLinks(*C.Typed.IR, C.Diags))
    return 1;

  std::ostringstream OS;
  switch (O.Emit) {
  case EmitKind::AST:
    frontend::dumpAST(C.Syntax, OS);
    return writeOutput(O, OS.str());
  case EmitKind::IR:
    ir::printModule(*C.Typed.IR, OS);
    return writeOutput(O, OS.str());
  case EmitKind::Object:
    return compileObject(O, C, Times);
  case EmitKind::Cuda: {
    std::string Text;
    if (!codegen::emitCudaSource(*C.Typed.IR, *C.Syntax.File, C.Diags, Text))
      return 1;
    return writeOutput(O, formatCudaSource(Text));
  }
  case EmitKind::CpuLLVM: {
    codegen::HostObjectOptions HO;
    HO.SourcePath = O.Input;
    HO.HostCpu = O.HostCpu;
    HO.OptLevel = O.OptLevel;
    HO.Float.Fmad = O.Fmad;
    HO.Check = O.Check;
    CacheEntry Entry;
    if (int Status = cachedBuild(O, C, Times, [&](CacheEntry &Out) {
          std::map<std::string, double> PassSeconds; // -v: the slowest passes
          if (Times)
            HO.PassTimes = [&](const std::string &Pass, double S) { PassSeconds[Pass] += S; };
          PhaseTimes::Scope T(Times, "cpu-llvm");
          std::string Text, Error;
          if (!codegen::emitCpuLLVMText(*C.Typed.IR, HO, Text, Error))
            return fail(Error);
          T.stop();
          if (Times)
            Times->addSlowest("cpu-llvm/pass", PassSeconds, SlowestPassesShown);
          Out.emplace_back("text", std::move(Text));
          return 0;
        }, Entry))
      return Status;
    return writeOutput(O, entryPart(Entry, "text"), Times);
  }
  case EmitKind::LLVM:
  case EmitKind::PTX:
    break;
  }

  codegen::CodegenOptions CO;
  std::string Arch = O.Archs.empty() ? "sm_75" : O.Archs.front();
  CO.Arch = ptxTargetFor(Arch);
  if (CO.Arch != Arch)
    std::cerr << "pykc: note: wrote PTX for " << CO.Arch << " ('.target " << CO.Arch
              << "'), the newest target LLVM 19 writes that " << Arch
              << " runs: ptxas and the driver compile it to " << Arch << "'s SASS\n";
  CO.OptLevel = O.OptLevel;
  CO.Float.Fmad = O.Fmad;
  CO.LineInfo = O.LineInfo;
  CO.LibdevicePath = findLibdevice(O.Libdevice, O.CudaPath);
  if (!C.Typed.IR->Foreign.empty() && O.Emit == EmitKind::PTX) {
    std::string Names;
    for (const ir::ForeignFunction *F : C.Typed.IR->Foreign)
      Names += (Names.empty() ? "'" : ", '") + F->Symbol + "'";
    std::cerr << "pykc: note: the PTX calls the foreign device functions " << Names
              << " (.extern .func): link it with the files that define them (nvJitLink, "
                 "or nvcc -rdc=true; `pykc -c` links them itself)\n";
  }
  CacheEntry Entry;
  if (int Status = cachedBuild(O, C, Times, [&](CacheEntry &Out) {
        std::string Phase = std::string(O.Emit == EmitKind::LLVM ? "llvm/" : "ptx/") + Arch;
        PhaseTimes::Scope T(Times, Phase);
        std::string Text, Error;
        if (!compilePTX(*C.Typed.IR, CO, O.Emit == EmitKind::LLVM, Text, Error, Times, Phase))
          return fail(Error);
        Out.emplace_back("text", std::move(Text));
        return 0;
      }, Entry))
    return Status;
  return writeOutput(O, entryPart(Entry, "text"), Times);
}

} // namespace

} // namespace pykc::driver
