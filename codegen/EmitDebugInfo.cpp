//===- EmitDebugInfo.cpp - -lineinfo: .py lines for PTX .loc ---------------===//
//
// Line directives only (DICompileUnit::DebugDirectivesOnly), as nvcc's
// -lineinfo gives: the PTX gets `.file` and `.loc` directives and no DWARF
// sections, and ptxas -lineinfo turns them into the cubin's line table.
//
//===----------------------------------------------------------------------===//
#include "codegen/Emitter.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DIBuilder.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

namespace pykc::codegen {

using namespace llvm;

void ModuleEmitter::attachSubprograms() {
  DIBuilder DIB(M);
  std::map<std::string, DIFile *> Files;
  auto FileOf = [&](const std::string &Name) {
    DIFile *&F = Files[Name];
    if (!F) {
      SmallString<256> Dir;
      if (sys::path::is_relative(Name))
        sys::fs::current_path(Dir);
      F = DIB.createFile(Name, Dir);
    }
    return F;
  };
  DICompileUnit *CU = nullptr;
  DISubroutineType *Type = DIB.createSubroutineType(DIB.getOrCreateTypeArray({}));
  for (const auto &F : IR.functions()) {
    auto It = Declared.find(F.get());
    // pykc's own helpers are parsed from buffers named <...>: no file.
    if (It == Declared.end() || F->FileName.empty() || F->FileName[0] == '<')
      continue;
    DIFile *File = FileOf(F->FileName);
    if (!CU)
      CU = DIB.createCompileUnit(dwarf::DW_LANG_Python, File, "pykc", /*isOptimized=*/true, "", 0,
                                 "", DICompileUnit::DebugDirectivesOnly);
    unsigned Line = F->Range.isValid() ? F->Range.Begin.Line : 0;
    DISubprogram *SP = DIB.createFunction(
        File, F->PyName, It->second->getName(), File, Line, Type, Line, DINode::FlagZero,
        DISubprogram::SPFlagDefinition | DISubprogram::SPFlagOptimized);
    It->second->setSubprogram(SP);
  }
  DIB.finalize();
  if (CU)
    M.addModuleFlag(Module::Warning, "Debug Info Version", DEBUG_METADATA_VERSION);
}

} // namespace pykc::codegen
