//===- ForeignLink.cpp - .cu link files compiled for the host -------------===//
#include "ForeignLink.h"

#include "TempFiles.h"
#include "ToolProcess.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>

#include <optional>
#include <set>

namespace pykc::driver {

const char *foreignHostHeader() {
  return R"(// pykc: CUDA C++ device functions compiled as C++ for pykc's CPU backend.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __global__ _Pragma("GCC error \"__global__ kernels cannot run on pykc's CPU backend: a link file for it holds device functions\"")
#define __shared__ _Pragma("GCC error \"__shared__ memory does not exist on pykc's CPU backend for foreign functions\"")
#define PYKC_VECTOR2(T, N) struct N##2 { T x, y; }; inline N##2 make_##N##2(T x, T y) { return {x, y}; }
#define PYKC_VECTOR3(T, N) struct N##3 { T x, y, z; }; inline N##3 make_##N##3(T x, T y, T z) { return {x, y, z}; }
#define PYKC_VECTOR4(T, N) struct N##4 { T x, y, z, w; }; inline N##4 make_##N##4(T x, T y, T z, T w) { return {x, y, z, w}; }
#define PYKC_VECTORS(T, N) PYKC_VECTOR2(T, N) PYKC_VECTOR3(T, N) PYKC_VECTOR4(T, N)
PYKC_VECTORS(float, float)
PYKC_VECTORS(double, double)
PYKC_VECTORS(int, int)
PYKC_VECTORS(unsigned int, uint)
PYKC_VECTORS(long long, longlong)
#undef PYKC_VECTORS
#undef PYKC_VECTOR2
#undef PYKC_VECTOR3
#undef PYKC_VECTOR4
)";
}

bool addCommandLineLinks(ir::Module &IR, const std::vector<std::string> &Files,
                         frontend::DiagnosticEngine &Diags) {
  bool Ok = true;
  for (const std::string &F : Files) {
    auto Kind = ir::linkFileKind(F);
    if (!Kind) {
      Diags.reportNoLocation(frontend::DiagKind::LinkFileExtension, {F});
      Ok = false;
      continue;
    }
    llvm::SmallString<256> Full(F);
    llvm::sys::fs::make_absolute(Full);
    llvm::sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
    if (!llvm::sys::fs::is_regular_file(Full)) {
      Diags.reportNoLocation(frontend::DiagKind::LinkFileMissing, {F, std::string(Full), ""});
      Ok = false;
      continue;
    }
    ir::LinkFile L;
    L.Path = std::string(Full);
    L.Spelling = F;
    L.Kind = *Kind;
    IR.addLink(L);
  }
  return Ok;
}

namespace {

void reportLink(frontend::DiagnosticEngine &Diags, const ir::LinkFile &L, frontend::DiagKind Kind,
                std::vector<std::string> Args) {
  if (L.File)
    Diags.report(L.File, L.Range, Kind, std::move(Args));
  else
    Diags.reportNoLocation(Kind, std::move(Args));
}

std::optional<std::string> findClang() {
  for (const char *Name : {"clang++-19", "clang++"})
    if (auto P = llvm::sys::findProgramByName(Name))
      return *P;
  return std::nullopt;
}

/// The first line of clang's output that says "error:", without the path
/// of the temporary folder; the whole log when none does.
std::string firstError(const std::string &Log) {
  size_t At = Log.find(" error: ");
  if (At == std::string::npos)
    return Log;
  size_t Begin = Log.rfind('\n', At);
  Begin = Begin == std::string::npos ? 0 : Begin + 1;
  size_t End = Log.find('\n', At);
  return Log.substr(Begin, End == std::string::npos ? std::string::npos : End - Begin);
}

} // namespace

bool compileHostLinks(ir::Module &IR, frontend::DiagnosticEngine &Diags) {
  if (IR.Foreign.empty())
    return true;
  bool Ok = true;
  std::optional<std::string> Clang;
  TempDir Dir;
  std::set<std::string> Defined;
  unsigned Count = 0;
  for (const ir::LinkFile &L : IR.Links) {
    if (L.Kind != ir::LinkFileKind::Cuda) {
      reportLink(Diags, L, frontend::DiagKind::LinkFileForCpu,
                 {L.Spelling, "it holds GPU code, and the CPU backend compiles only .cu files "
                              "(as C++); give the functions' .cu source, or run on a GPU"});
      Ok = false;
      continue;
    }
    if (!Clang && !(Clang = findClang())) {
      reportLink(Diags, L, frontend::DiagKind::LinkFileForCpu,
                 {L.Spelling, "the CPU backend compiles it with clang++-19, which is not on PATH"});
      return false;
    }
    std::string Error;
    if (Count == 0 && !Dir.create("pykc-link", Error)) {
      reportLink(Diags, L, frontend::DiagKind::LinkFileForCpu, {L.Spelling, Error});
      return false;
    }
    std::string N = std::to_string(Count++);
    std::string Header = Dir.file("pykc_cuda_host.h"), Output = Dir.file(N + ".bc"),
                Log = Dir.file(N + ".log");
    if (Count == 1 && !writeFile(Header, foreignHostHeader())) {
      reportLink(Diags, L, frontend::DiagKind::LinkFileForCpu,
                 {L.Spelling, "cannot write " + Header});
      return false;
    }
    // -I the .cu's folder, as NVRTC's --include-path (Nvrtc.cpp): a header
    // in a subfolder finds one beside the .cu on both targets.
    std::string Folder = llvm::sys::path::parent_path(L.Path).str();
    std::vector<std::string> Args = {*Clang,     "-x",     "c++",      "-std=c++17",
                                     "-O2",      "-fPIC",  "-I",       Folder,
                                     "-include", Header,   "-emit-llvm", "-c",
                                     L.Path,     "-o",     Output};
    std::vector<llvm::StringRef> Argv(Args.begin(), Args.end());
    std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Log),
                                                  llvm::StringRef(Log)};
    std::string ExecError, Text, Bitcode;
    int Status = runTool(*Clang, Argv, Redirects, &ExecError);
    if (Status != 0 || !readFile(Output, Bitcode)) {
      readFile(Log, Text);
      while (!Text.empty() && Text.back() == '\n')
        Text.pop_back();
      reportLink(Diags, L, frontend::DiagKind::LinkFileForCpu,
                 {L.Spelling, Status < 0 ? "clang++ could not run (" + ExecError + ")"
                                         : "clang++ cannot compile it as C++ (GPU intrinsics "
                                           "and inline PTX exist only on the GPU): " +
                                               firstError(Text)});
      Ok = false;
      continue;
    }
    llvm::LLVMContext Ctx;
    auto M = llvm::parseBitcodeFile(llvm::MemoryBufferRef(Bitcode, L.Path), Ctx);
    if (!M) {
      reportLink(Diags, L, frontend::DiagKind::LinkFileForCpu,
                 {L.Spelling, "pykc cannot read the LLVM bitcode " + *Clang +
                                  " made of it (pykc needs clang 19's): " +
                                  llvm::toString(M.takeError())});
      Ok = false;
      continue;
    }
    for (const llvm::Function &F : **M)
      if (!F.isDeclaration())
        Defined.insert(F.getName().str());
    IR.HostBitcode.push_back(std::move(Bitcode));
  }
  if (!Ok)
    return false;
  std::string Names;
  for (const ir::LinkFile &L : IR.Links)
    Names += (Names.empty() ? " ('" : "', '") + L.Spelling;
  Names = Names.empty() ? " (the kernels name none: give @cuda.jit(link=['file.cu']) or "
                          "--link file.cu)"
                        : Names + "')";
  for (const ir::ForeignFunction *F : IR.Foreign)
    if (!Defined.count(F->Symbol)) {
      Diags.report(F->File, F->Range, frontend::DiagKind::ForeignUndefined,
                   {F->Symbol, F->signatureText(), Names});
      Ok = false;
    }
  return Ok;
}

} // namespace pykc::driver
