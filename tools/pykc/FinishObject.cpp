//===- FinishObject.cpp - -c's last steps: entries local, images in -----===//
#include "FinishObject.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/BinaryFormat/ELF.h>
#include <llvm/ObjCopy/ConfigManager.h>
#include <llvm/ObjCopy/ObjCopy.h>
#include <llvm/Object/Binary.h>
#include <llvm/Object/ELF.h>
#include <llvm/Support/Endian.h>
#include <llvm/Support/MathExtras.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <pykc/ModuleABI.h>

#include <cstddef>
#include <cstring>

namespace pykc::driver {

bool localizeHidden(std::string &Object, std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getMemBuffer(Object, "joined.o", false);
  auto Binary = llvm::object::createBinary(Buffer->getMemBufferRef());
  if (!Binary) {
    Error = "the joined object does not read back: " + llvm::toString(Binary.takeError());
    return false;
  }
  llvm::objcopy::ConfigManager Config;
  Config.Common.InputFilename = "joined.o";
  Config.ELF.LocalizeHidden = true;
  llvm::SmallString<0> Out;
  llvm::raw_svector_ostream OS(Out);
  if (llvm::Error E = llvm::objcopy::executeObjcopyOnBinary(Config, **Binary, OS)) {
    Error = "cannot make the joined object's kernel entries local: " +
            llvm::toString(std::move(E));
    return false;
  }
  Object.assign(Out.begin(), Out.end());
  return true;
}

bool putImages(std::string &Object, const std::vector<codegen::GpuImage> &Images,
               const std::string &StampFrom, const std::string &StampTo, std::string &Error) {
  using ELFT = llvm::object::ELF64LE;
  constexpr size_t None = ~size_t(0);
  auto Fail = [&](const std::string &What) {
    Error = "the joined object " + What + " (a pykc bug)";
    return false;
  };
  llvm::Expected<llvm::object::ELFFile<ELFT>> File =
      llvm::object::ELFFile<ELFT>::create(llvm::StringRef(Object));
  if (!File)
    return Fail("does not read back: " + llvm::toString(File.takeError()));
  auto Sections = File->sections();
  if (!Sections)
    return Fail("has no sections: " + llvm::toString(Sections.takeError()));
  // Everything is found (as offsets into Object) before anything changes:
  // appending moves Object's bytes.
  const char *Base = Object.data();
  std::vector<size_t> Headers(Images.size(), None); // each placeholder's section header
  size_t TableAt = None, TableSize = 0, StampAt = None;
  const ELFT::Shdr *SymTab = nullptr;
  const std::string Prefix = ".pykc.image.";
  for (const ELFT::Shdr &S : *Sections) {
    if (S.sh_type == llvm::ELF::SHT_SYMTAB)
      SymTab = &S;
    llvm::Expected<llvm::StringRef> Name = File->getSectionName(S);
    if (!Name) {
      llvm::consumeError(Name.takeError());
      continue;
    }
    unsigned long long K;
    if (*Name == codegen::ImageTableSection) {
      TableAt = S.sh_offset;
      TableSize = S.sh_size;
    } else if (Name->starts_with(Prefix) &&
               !Name->drop_front(Prefix.size()).getAsInteger(10, K) && K < Images.size() &&
               *Name == codegen::imageSection(K)) {
      Headers[K] = size_t(reinterpret_cast<const char *>(&S) - Base);
    }
  }
  for (size_t K = 0; K < Images.size(); ++K)
    if (Headers[K] == None)
      return Fail("lacks the placeholder of image " + std::to_string(K));
  if (!Images.empty() && (TableAt == None || TableSize != Images.size() * sizeof(pykc_gpu_image) ||
                          TableAt + TableSize > Object.size()))
    return Fail("lacks the table of its " + std::to_string(Images.size()) + " GPU images");
  if (StampFrom != StampTo) {
    if (!SymTab || StampFrom.size() != StampTo.size())
      return Fail("has no symbol table for the stamp");
    auto Strings = File->getStringTableForSymtab(*SymTab);
    auto Symbols = File->symbols(SymTab);
    if (!Strings || !Symbols) {
      llvm::consumeError(Strings.takeError());
      llvm::consumeError(Symbols.takeError());
      return Fail("has an unreadable symbol table");
    }
    for (const ELFT::Sym &Sym : *Symbols) {
      llvm::Expected<llvm::StringRef> Name = Sym.getName(*Strings);
      if (Name && *Name == StampFrom)
        StampAt = size_t(Name->data() - Base);
      else if (!Name)
        llvm::consumeError(Name.takeError());
    }
    if (StampAt == None)
      return Fail("lacks its stamp " + StampFrom);
  }

  if (StampAt != None)
    std::memcpy(&Object[StampAt], StampTo.data(), StampTo.size());
  for (size_t K = 0; K < Images.size(); ++K)
    llvm::support::endian::write64le(
        &Object[TableAt + K * sizeof(pykc_gpu_image) + offsetof(pykc_gpu_image, size)],
        Images[K].Data.size());
  size_t Total = Object.size();
  for (const codegen::GpuImage &I : Images)
    Total = llvm::alignTo(Total, 16) + I.Data.size() + 1;
  Object.reserve(Total);
  for (size_t K = 0; K < Images.size(); ++K) {
    const codegen::GpuImage &I = Images[K];
    // A std::string's bytes end in a NUL: the driver wants it after PTX.
    size_t Bytes = I.Data.size() + (I.Kind == PYKC_IMAGE_PTX);
    Object.resize(llvm::alignTo(Object.size(), 16), '\0'); // the sections' alignment
    size_t At = Object.size();
    Object.append(I.Data.c_str(), Bytes);
    llvm::support::endian::write64le(&Object[Headers[K] + offsetof(llvm::ELF::Elf64_Shdr, sh_offset)],
                                     At);
    llvm::support::endian::write64le(&Object[Headers[K] + offsetof(llvm::ELF::Elf64_Shdr, sh_size)],
                                     Bytes);
  }
  return true;
}

} // namespace pykc::driver
