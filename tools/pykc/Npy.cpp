//===- Npy.cpp ------------------------------------------------------------===//
#include "Npy.h"

#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>

namespace pykc::driver {

int64_t NpyArray::elementCount() const {
  int64_t N = 1;
  for (int64_t D : Shape)
    N *= D;
  return N;
}

namespace {

/// NumPy's type strings (descr) for the dtypes kernels take.
std::optional<std::pair<std::string, unsigned>> dtypeOf(const std::string &Descr,
                                                        std::string &Error) {
  static const std::map<std::string, std::pair<std::string, unsigned>> Types = {
      {"b1", {"bool", 1}},    {"i1", {"int8", 1}},    {"u1", {"uint8", 1}},
      {"i2", {"int16", 2}},   {"u2", {"uint16", 2}},  {"i4", {"int32", 4}},
      {"u4", {"uint32", 4}},  {"i8", {"int64", 8}},   {"u8", {"uint64", 8}},
      {"f4", {"float32", 4}}, {"f8", {"float64", 8}},
  };
  if (Descr.size() < 2) {
    Error = "unknown dtype '" + Descr + "'";
    return std::nullopt;
  }
  char Order = Descr[0];
  auto It = Types.find(Descr.substr(1));
  if (It == Types.end()) {
    Error = "dtype '" + Descr + "' is not one a kernel can take (bool, int8..int64, uint8..uint64, "
            "float32, float64)";
    return std::nullopt;
  }
  if (Order == '>' && It->second.second > 1) {
    Error = "big-endian data ('" + Descr + "') is not supported; convert it with "
            "a.astype(a.dtype.newbyteorder('<'))";
    return std::nullopt;
  }
  return It->second;
}

} // namespace

std::optional<NpyArray> readNpy(const std::string &Path, std::string &Error) {
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    Error = "cannot open the file";
    return std::nullopt;
  }
  std::string Bytes((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  if (Bytes.size() < 10 || Bytes.compare(0, 6, "\x93NUMPY") != 0) {
    Error = "not a .npy file (no \\x93NUMPY magic)";
    return std::nullopt;
  }
  unsigned Major = uint8_t(Bytes[6]);
  size_t HeaderLen, Start;
  if (Major == 1) {
    HeaderLen = uint8_t(Bytes[8]) | (size_t(uint8_t(Bytes[9])) << 8);
    Start = 10;
  } else if (Major == 2 || Major == 3) {
    if (Bytes.size() < 12) {
      Error = "truncated .npy header";
      return std::nullopt;
    }
    HeaderLen = 0;
    for (int I = 3; I >= 0; --I)
      HeaderLen = (HeaderLen << 8) | uint8_t(Bytes[8 + I]);
    Start = 12;
  } else {
    Error = "unsupported .npy version " + std::to_string(Major);
    return std::nullopt;
  }
  if (Start + HeaderLen > Bytes.size()) {
    Error = "truncated .npy header";
    return std::nullopt;
  }
  std::string Dict = Bytes.substr(Start, HeaderLen);
  std::smatch M;
  static const std::regex DescrRe(R"('descr'\s*:\s*'([^']*)')");
  static const std::regex OrderRe(R"('fortran_order'\s*:\s*(True|False))");
  static const std::regex ShapeRe(R"('shape'\s*:\s*\(([^)]*)\))");
  NpyArray A;
  if (!std::regex_search(Dict, M, DescrRe)) {
    Error = "the .npy header has no 'descr' (structured arrays are not supported)";
    return std::nullopt;
  }
  auto Type = dtypeOf(M[1].str(), Error);
  if (!Type)
    return std::nullopt;
  A.Dtype = Type->first;
  A.ItemSize = Type->second;
  if (!std::regex_search(Dict, M, OrderRe)) {
    Error = "the .npy header has no 'fortran_order'";
    return std::nullopt;
  }
  A.FortranOrder = M[1] == "True";
  if (!std::regex_search(Dict, M, ShapeRe)) {
    Error = "the .npy header has no 'shape'";
    return std::nullopt;
  }
  std::string Dims = M[1].str();
  static const std::regex DimRe(R"(\d+)");
  for (auto It = std::sregex_iterator(Dims.begin(), Dims.end(), DimRe); It != std::sregex_iterator(); ++It)
    A.Shape.push_back(std::stoll(It->str()));
  size_t DataStart = Start + HeaderLen;
  uint64_t Expected = uint64_t(A.elementCount()) * A.ItemSize;
  if (Bytes.size() - DataStart != Expected) {
    Error = "the file holds " + std::to_string(Bytes.size() - DataStart) +
            " bytes of data but its header describes " + std::to_string(Expected);
    return std::nullopt;
  }
  A.Header = Bytes.substr(0, DataStart);
  A.Data.assign(Bytes.begin() + long(DataStart), Bytes.end());
  return A;
}

bool writeNpy(const std::string &Path, const NpyArray &A, std::string &Error) {
  std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
  if (!Out) {
    Error = "cannot create '" + Path + "'";
    return false;
  }
  Out.write(A.Header.data(), std::streamsize(A.Header.size()));
  Out.write(reinterpret_cast<const char *>(A.Data.data()), std::streamsize(A.Data.size()));
  Out.flush();
  if (!Out) {
    Error = "cannot write '" + Path + "'";
    return false;
  }
  return true;
}

} // namespace pykc::driver
