//===- Npy.cpp ------------------------------------------------------------===//
#include "Npy.h"

#include "InputFile.h"
#include "NpyHeader.h"
#include "Numbers.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace pykc::driver {

int64_t NpyArray::elementCount() const {
  int64_t N = 1;
  for (int64_t D : Shape)
    N *= D; // Cannot overflow: see Shape.
  return N;
}

bool NpyArray::load(std::string &Error) {
  if (!File)
    return true;
  try {
    Data.resize(size_t(File->size()));
  } catch (const std::bad_alloc &) {
    Error = "not enough memory for its " + std::to_string(File->size()) + " bytes of data";
    return false;
  }
  if (!File->read(0, Data.data(), Data.size(), Error))
    return false;
  File.reset();
  return true;
}

bool NpyArray::readInto(void *Dst, std::string &Error) const {
  if (File)
    return File->read(0, Dst, File->size(), Error);
  if (!Data.empty())
    std::memcpy(Dst, Data.data(), Data.size());
  return true;
}

bool NpyArray::differs(uint64_t From, const void *Mem, uint64_t Count) const {
  if (File)
    return File->differs(From, Mem, Count);
  return std::memcmp(Data.data() + From, Mem, size_t(Count)) != 0;
}

namespace {

/// Where the bytes come from: a file (regular, device or FIFO) or memory.
class ByteSource {
public:
  virtual ~ByteSource() = default;
  /// Reads up to \p N bytes, fewer only at the end.
  virtual bool read(void *Buffer, size_t N, size_t &Got, std::string &Error) = 0;
  /// The number of bytes left, when it is known before reading them.
  virtual std::optional<uint64_t> remaining() const = 0;
  /// Reads one byte past the data if one is there or coming at once: a FIFO
  /// whose writer keeps it open is not waited on (its later bytes are not
  /// pykc's to read).
  virtual bool readExtraByte(size_t &Got, std::string &Error) {
    char Extra;
    return read(&Extra, 1, Got, Error);
  }
  /// The next \p Bytes left in the file to read later, where the source can.
  virtual std::shared_ptr<NpyFileData> defer(uint64_t Bytes) { return nullptr; }
};

class FileSource : public ByteSource {
public:
  explicit FileSource(InputFile &In) : In(In) {}
  bool read(void *Buffer, size_t N, size_t &Got, std::string &Error) override {
    if (!In.read(Buffer, N, Got)) {
      Error = "cannot read the file: " + In.errorText();
      return false;
    }
    Consumed += Got;
    return true;
  }
  std::optional<uint64_t> remaining() const override {
    if (!In.isRegular())
      return std::nullopt;
    return In.size() > Consumed ? In.size() - Consumed : 0;
  }
  bool readExtraByte(size_t &Got, std::string &Error) override {
    Got = 0;
    if (!In.readableWithin(/*TimeoutMs=*/100))
      return true;
    return ByteSource::readExtraByte(Got, Error);
  }
  /// A regular file's data is read where it is used; anything else now.
  std::shared_ptr<NpyFileData> defer(uint64_t Bytes) override {
    if (!In.isRegular() || Bytes == 0)
      return nullptr;
    std::string Ignored; // (then it is read now)
    return NpyFileData::open(In.descriptor(), Consumed, Bytes, Ignored);
  }

private:
  InputFile &In;
  uint64_t Consumed = 0;
};

class MemorySource : public ByteSource {
public:
  explicit MemorySource(std::string_view Bytes) : Bytes(Bytes) {}
  bool read(void *Buffer, size_t N, size_t &Got, std::string &) override {
    Got = std::min(N, Bytes.size());
    if (Got)
      std::memcpy(Buffer, Bytes.data(), Got);
    Bytes.remove_prefix(Got);
    return true;
  }
  std::optional<uint64_t> remaining() const override { return Bytes.size(); }

private:
  std::string_view Bytes;
};

struct DtypeInfo {
  const char *Code; ///< NumPy's type string without the byte order.
  const char *Name; ///< Numba's name.
  unsigned Size;
};

const DtypeInfo Dtypes[] = {
    {"b1", "bool", 1},    {"?", "bool", 1},     {"i1", "int8", 1},       {"u1", "uint8", 1},
    {"i2", "int16", 2},   {"u2", "uint16", 2},  {"i4", "int32", 4},      {"u4", "uint32", 4},
    {"i8", "int64", 8},   {"u8", "uint64", 8},  {"f4", "float32", 4},    {"f8", "float64", 8},
    {"f2", "float16", 2},  {"c8", "complex64", 8}, {"c16", "complex128", 16},
};

const DtypeInfo *findDtype(std::string_view Code) {
  for (const DtypeInfo &D : Dtypes)
    if (Code == D.Code)
      return &D;
  return nullptr;
}

} // namespace

/// NumPy's type strings (descr) for the dtypes kernels take: an optional
/// byte order ('<' little, '>' big, '|' not applicable, '=' native, which
/// is little on every host pykc runs on), then the code.
bool scalarOfDescr(const std::string &Descr, std::string &Name, unsigned &Size,
                   std::string &Error) {
  bool HasOrder = !Descr.empty() && std::strchr("<>|=", Descr[0]) && Descr[0] != '\0';
  const DtypeInfo *D = findDtype(std::string_view(Descr).substr(HasOrder ? 1 : 0));
  if (!D) {
    if (!HasOrder && Descr.size() > 1 && findDtype(std::string_view(Descr).substr(1)))
      Error = "invalid byte order '" + Descr.substr(0, 1) + "' in dtype '" + Descr +
              "' (expected '<', '>', '|' or '=')";
    else
      Error = "dtype '" + Descr +
              "' is not one a kernel can take (bool, int8..int64, uint8..uint64, float16, float32, float64, complex64, complex128)";
    return false;
  }
  if (HasOrder && Descr[0] == '>' && D->Size > 1) {
    Error = "big-endian data ('" + Descr +
            "') is not supported; convert it with a.astype(a.dtype.newbyteorder('<'))";
    return false;
  }
  Name = D->Name;
  Size = D->Size;
  return true;
}

namespace {

bool setDtype(const std::string &Descr, NpyArray &A, std::string &Error) {
  unsigned Size = 0;
  if (!scalarOfDescr(Descr, A.Dtype, Size, Error))
    return false;
  A.ItemSize = Size;
  return true;
}

/// The data's size in bytes. As NumPy does, ItemSize times every nonzero
/// dimension must fit in an int64_t even when a zero dimension makes the
/// array empty, so strides cannot overflow either.
bool computeDataBytes(const NpyArray &A, uint64_t &DataBytes, std::string &Error) {
  uint64_t Bytes = A.ItemSize;
  bool Empty = false, Overflow = false;
  for (int64_t D : A.Shape) {
    if (D == 0)
      Empty = true;
    else if (!Overflow && (!checkedMul(Bytes, uint64_t(D), Bytes) || Bytes > uint64_t(INT64_MAX)))
      Overflow = true;
  }
  if (Overflow) {
    Error = "the .npy header's shape " + shapeText(A.Shape) + " of " +
            std::to_string(A.ItemSize) + "-byte items " +
            (Empty ? "is too large: its nonzero dimensions make more than "
                   : "describes more than ") +
            std::to_string(INT64_MAX) + " bytes";
    return false;
  }
  DataBytes = Empty ? 0 : Bytes;
  if (DataBytes > MaxNpyDataBytes) {
    Error = "the .npy header's shape " + shapeText(A.Shape) + " of " +
            std::to_string(A.ItemSize) + "-byte items describes " + std::to_string(DataBytes) +
            " bytes, more than pykc's limit of " + byteCountText(MaxNpyDataBytes) +
            " for one array";
    return false;
  }
  return true;
}

bool readExactly(ByteSource &In, std::string &Out, size_t N, std::string &Error) {
  size_t Start = Out.size();
  Out.resize(Start + N);
  size_t Got;
  if (!In.read(Out.data() + Start, N, Got, Error))
    return false;
  Out.resize(Start + Got);
  return Got == N;
}

std::optional<NpyArray> readFrom(ByteSource &In, std::string &Error, NpyData How) {
  NpyArray A;
  std::string &Bytes = A.Header;
  // Magic, version and the header's length (2 bytes in 1.0, 4 in 2.0 and
  // 3.0), all little-endian.
  bool Complete = readExactly(In, Bytes, 10, Error);
  if (!Error.empty())
    return std::nullopt;
  if (Bytes.compare(0, 6, "\x93NUMPY") != 0) {
    Error = "not a .npy file (no \\x93NUMPY magic)";
    return std::nullopt;
  }
  if (!Complete) {
    Error = "truncated .npy header";
    return std::nullopt;
  }
  unsigned Major = uint8_t(Bytes[6]), Minor = uint8_t(Bytes[7]);
  if ((Major < 1 || Major > 3) || Minor != 0) {
    Error = "unsupported .npy version " + std::to_string(Major) + "." + std::to_string(Minor) +
            " (pykc reads 1.0, 2.0 and 3.0)";
    return std::nullopt;
  }
  if (Major > 1 && !readExactly(In, Bytes, 2, Error)) {
    if (Error.empty())
      Error = "truncated .npy header";
    return std::nullopt;
  }
  uint64_t HeaderBytes = 0;
  for (size_t I = Bytes.size(); I-- > 8;)
    HeaderBytes = (HeaderBytes << 8) | uint8_t(Bytes[I]);
  if (HeaderBytes > MaxNpyHeaderBytes) {
    Error = "the .npy header is " + std::to_string(HeaderBytes) +
            " bytes long; pykc reads headers of at most " + std::to_string(MaxNpyHeaderBytes) +
            " bytes (as np.load does)";
    return std::nullopt;
  }
  size_t TextStart = Bytes.size();
  if (!readExactly(In, Bytes, size_t(HeaderBytes), Error)) {
    if (Error.empty())
      Error = "truncated .npy header";
    return std::nullopt;
  }

  auto Dict = parseNpyHeaderDict(std::string_view(Bytes).substr(TextStart), Error);
  if (!Dict)
    return std::nullopt;
  if (!Dict->Fields.empty()) {
    A.Dtype = "record";
    A.ItemSize = Dict->RecordSize;
    A.Fields = std::move(Dict->Fields);
  } else if (!setDtype(Dict->Descr, A, Error)) {
    return std::nullopt;
  }
  A.FortranOrder = Dict->FortranOrder;
  A.Shape = std::move(Dict->Shape);
  uint64_t DataBytes;
  if (!computeDataBytes(A, DataBytes, Error))
    return std::nullopt;

  auto WrongSize = [&](uint64_t Held) {
    Error = "the file holds " + std::to_string(Held) + " bytes of data but its header describes " +
            std::to_string(DataBytes);
    return std::nullopt;
  };
  if (auto Left = In.remaining(); Left && *Left != DataBytes)
    return WrongSize(*Left);
  if (How == NpyData::Defer && (A.File = In.defer(DataBytes)))
    return A; // a regular file of exactly the right size
  // Read in steps, so a pipe that promises 16 GiB and sends nothing costs
  // little memory.
  try {
    size_t Got = 0;
    while (A.Data.size() < DataBytes) {
      size_t Step = size_t(std::min<uint64_t>(DataBytes - A.Data.size(), uint64_t(1) << 28));
      size_t Old = A.Data.size();
      A.Data.resize(Old + Step);
      if (!In.read(A.Data.data() + Old, Step, Got, Error))
        return std::nullopt;
      A.Data.resize(Old + Got);
      if (Got < Step)
        return WrongSize(A.Data.size());
    }
  } catch (const std::bad_alloc &) {
    Error = "not enough memory for its " + std::to_string(DataBytes) + " bytes of data";
    return std::nullopt;
  }
  if (!In.remaining()) {
    size_t Got;
    if (!In.readExtraByte(Got, Error))
      return std::nullopt;
    if (Got) {
      Error = "the file holds more than the " + std::to_string(DataBytes) +
              " bytes of data its header describes";
      return std::nullopt;
    }
  }
  return A;
}

} // namespace

std::optional<NpyArray> readNpy(const std::string &Path, std::string &Error, NpyData How) {
  InputFile File;
  if (!File.open(Path)) {
    Error = File.isDirectory() ? "a directory, not a .npy file"
                               : "cannot open the file: " + File.errorText();
    return std::nullopt;
  }
  FileSource In(File);
  return readFrom(In, Error, How);
}

std::optional<NpyArray> decodeNpy(std::string_view Bytes, std::string &Error) {
  MemorySource In(Bytes);
  return readFrom(In, Error, NpyData::Read);
}

} // namespace pykc::driver
