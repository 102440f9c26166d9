//===- Libdevice.cpp - cuda.libdevice's functions -------------------------===//
#include "ir/Libdevice.h"

#include <cstring>

namespace pykc::ir {

namespace {

const LibdeviceFunction Rows[] = {
#define LIBDEVICE(Name, Sig, Cpu, CpuName) {#Name, Sig, #Cpu[0] == 'I', #CpuName},
#include "ir/Libdevice.def"
};

/// Libdevice.def's type letter (either case).
const Type *typeOf(TypeContext &Types, char C) {
  switch (C | 0x20) { // lower case
  case 'f': return Types.float32();
  case 'd': return Types.float64();
  case 'i': return Types.int32();
  case 'l': return Types.int64();
  default: return Types.none(); // 'v'
  }
}

bool isOutput(char C) { return C >= 'A' && C <= 'Z'; }

} // namespace

const LibdeviceFunction *libdeviceFunction(const std::string &Name) {
  for (const LibdeviceFunction &F : Rows)
    if (Name == F.Name)
      return &F;
  return nullptr;
}

const Type *LibdeviceFunction::result(TypeContext &Types) const { return typeOf(Types, Sig[0]); }

std::vector<const Type *> LibdeviceFunction::params(TypeContext &Types) const {
  std::vector<const Type *> Params;
  for (const char *C = std::strchr(Sig, ':') + 1; *C; ++C)
    if (!isOutput(*C))
      Params.push_back(typeOf(Types, *C));
  return Params;
}

std::vector<const Type *> LibdeviceFunction::prototype(TypeContext &Types,
                                                       std::vector<bool> &IsOutput) const {
  std::vector<const Type *> Params;
  IsOutput.clear();
  for (const char *C = std::strchr(Sig, ':') + 1; *C; ++C) {
    Params.push_back(typeOf(Types, *C));
    IsOutput.push_back(isOutput(*C));
  }
  return Params;
}

const Type *LibdeviceFunction::callResult(TypeContext &Types) const {
  std::vector<const Type *> Results;
  if (Sig[0] != 'v')
    Results.push_back(result(Types));
  for (const char *C = std::strchr(Sig, ':') + 1; *C; ++C)
    if (isOutput(*C))
      Results.push_back(typeOf(Types, *C));
  return Results.size() == 1 ? Results[0] : Types.tuple(std::move(Results));
}

} // namespace pykc::ir
