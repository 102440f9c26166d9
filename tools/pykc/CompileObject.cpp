//===- CompileObject.cpp - pykc -c ----------------------------------------===//
#include "CompileObject.h"

#include "GpuImages.h"
#include "Header.h"
#include "Output.h"
#include "OutputFiles.h"
#include "SharedLibrary.h"

#include "codegen/HostObject.h"
#include "codegen/TargetRegistration.h"

#include "ir/IR.h"

#include <llvm/Support/xxhash.h>
#include <pykc/ModuleABI.h>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <thread>

namespace pykc::driver {

namespace {

/// A shell-quoted word for the header's "how it was made" comment.
std::string quoted(const std::string &S) {
  if (!S.empty() && S.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789_-./=,:") == std::string::npos)
    return S;
  std::string Q = "'";
  for (char C : S)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

std::string commandLine(const Options &O, const std::string &Object) {
  std::string S = "pykc " + quoted(O.Input) + " -c -o " + quoted(Object);
  if (!O.Header.empty())
    S += " --header " + quoted(O.Header);
  for (const std::string &Sig : O.Signatures)
    S += " --sig " + quoted(Sig);
  for (const std::string &Arch : O.Archs)
    S += " --arch " + Arch;
  if (!O.Namespace.empty())
    S += " --namespace " + O.Namespace;
  if (O.Check)
    S += " --check";
  if (O.Shared)
    S += " --shared";
  return S;
}

/// pykc_stamp_<hash>_abi<N>: the hash of everything the object and its
/// header are made from (the typed IR, the options that shape the code, the
/// GPU images), so two runs that could disagree have different stamps.
std::string stampSymbol(const ir::Module &IR, const codegen::HostObjectOptions &HO,
                        const std::vector<codegen::GpuImage> &Images) {
  std::ostringstream OS;
  OS << PYKC_VERSION << '\0' << HO.Namespace << '\0' << HO.SourcePath << '\0' << HO.HostCpu
     << '\0' << HO.OptLevel << '\0' << HO.Float.Fmad << '\0' << HO.Check << '\0';
  ir::printModule(IR, OS);
  for (const codegen::GpuImage &I : Images)
    OS << '\0' << I.Kind << '\0' << I.Sm << '\0' << I.Arch << '\0' << I.Data.size() << '\0'
       << I.Data;
  char Hex[17];
  std::snprintf(Hex, sizeof Hex, "%016llx", (unsigned long long)llvm::xxh3_64bits(OS.str()));
  return std::string("pykc_stamp_") + Hex + "_abi" + std::to_string(PYKC_ABI_VERSION);
}

} // namespace

int compileObject(const Options &O, const ir::Module &IR) {
  if (O.Input == "-" && O.Namespace.empty())
    return fail("-c reading standard input needs --namespace NS");
  std::string Namespace = O.Namespace.empty() ? defaultNamespace(O.Input) : O.Namespace;
  std::string ObjectPath = O.Output.empty() ? defaultOutputPath(O) : O.Output;
  std::error_code EC;
  if (!O.Header.empty() && ObjectPath != "-" &&
      (O.Header == ObjectPath || std::filesystem::equivalent(O.Header, ObjectPath, EC)))
    return fail("--header '" + O.Header + "' and the object are the same file");

  codegen::HostObjectOptions HO;
  HO.Namespace = Namespace;
  HO.SourcePath = O.Input;
  HO.HostCpu = O.HostCpu;
  HO.OptLevel = O.OptLevel;
  HO.Float.Fmad = O.Fmad;
  HO.Check = O.Check;
  HO.Shared = O.Shared;
  // The GPU images (LLVM per architecture, ptxas, fatbinary) and the CPU
  // backend's optimized module are independent until the object embeds the
  // images, so they are built side by side (both only read the typed IR).
  std::vector<codegen::GpuImage> Images;
  std::string ImageError, Error;
  bool ImagesBuilt = false;
  codegen::registerHostTarget(); // not on two threads at once (see there)
  codegen::registerNVPTXTarget();
  std::thread Gpu([&] { ImagesBuilt = buildGpuImages(IR, O, Images, ImageError); });
  codegen::HostModule Host;
  bool HostBuilt = codegen::buildHostModule(IR, HO, Host, Error);
  Gpu.join();
  if (!ImagesBuilt)
    return fail(ImageError);
  HO.StampSymbol = stampSymbol(IR, HO, Images);
  std::string Object;
  if (!HostBuilt || !codegen::emitHostObject(Host, IR, Images, HO, Object, Error))
    return fail(Error);
  if (O.Shared) {
    std::string Library;
    if (!linkSharedLibrary(Object, Library, Error))
      return fail(Error);
    Object = std::move(Library);
  }
  std::string Header;
  if (!O.Header.empty()) {
    HeaderInfo Info;
    Info.Namespace = Namespace;
    Info.SourcePath = O.Input;
    Info.ObjectPath = ObjectPath == "-" ? "the object" : ObjectPath;
    Info.CommandLine = commandLine(O, ObjectPath);
    Info.HeaderPath = O.Header;
    Info.StampSymbol = HO.StampSymbol;
    Header = writeHeader(IR, Info);
  }

  // Both are checked and written to temporaries before either replaces
  // anything, so a header that cannot be written leaves the old object.
  for (const std::string &Path : {ObjectPath, O.Header})
    if (!Path.empty() && overwritesInput(Path, O.Input))
      return fail("the output '" + Path + "' would overwrite the input");
  OutputFiles Out;
  if (!Out.add(ObjectPath, {Object}, Error) ||
      (!O.Header.empty() && !Out.add(O.Header, {Header}, Error)) || !Out.commit(Error))
    return fail(Error);
  return 0;
}

} // namespace pykc::driver
