//===- RuntimeFuzzer.cpp - libFuzzer entry for the runtime's C and C++ APIs ===//
//
// Reads the input as a program of operations on the CPU device, through the
// C API (runtime_c.h) and the C++ API (Runtime.h): allocations of random
// and huge sizes, frees (double frees, foreign pointers, pointers into the
// middle of an allocation, NULL), copies with random offsets and sizes in
// every direction, and launches of two fixed kernels (runtime_kernels.py,
// compiled by `pykc -c --header` when the fuzzer is built) with random
// launch configurations, zero and beyond-the-limits grids and blocks
// included.
//
// What it passes stays within the CPU device's guard rules except where
// the API must refuse it: a kernel only gets arrays as large as their
// shapes say, copies never overlap nor run past the fuzzer's own buffers,
// and only launch configurations the device accepts (at most 8 x 2 blocks
// of 64 x 4 threads, so that a launch stays quick) are expected to run. Any
// crash or sanitizer report is a bug, and so is a call that answers
// otherwise than the API promises: a valid call that fails, an invalid one
// that succeeds, a failing C call with no message, or a kernel that
// computes a wrong value.
//
// Run: pykc-runtime-fuzzer -timeout=10 -rss_limit_mb=2048 test/fuzz/corpus-runtime
//
//===----------------------------------------------------------------------===//
#include "runtime_kernels.h"

#include <pykc/Runtime.h>
#include <pykc/runtime_c.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

/// The input, read a byte or a number at a time (zeros once it ends).
class Input {
public:
  Input(const uint8_t *Data, size_t Size) : Data(Data), Size(Size) {}
  bool done() const { return Pos >= Size; }
  uint8_t byte() { return Pos < Size ? Data[Pos++] : 0; }
  uint64_t number(unsigned Bytes) {
    uint64_t V = 0;
    for (unsigned I = 0; I < Bytes; ++I)
      V = V << 8 | byte();
    return V;
  }

private:
  const uint8_t *Data;
  size_t Size, Pos = 0;
};

/// What the fuzzer got through, said at exit.
struct Counters {
  unsigned long Calls = 0, Refused = 0, Launches = 0, LaunchesRefused = 0;
} Count;

[[noreturn]] void fail(const std::string &What) {
  std::fprintf(stderr, "pykc-runtime-fuzzer: %s\n", What.c_str());
  std::abort();
}

/// A C call's status: success when \p Valid, else a failure with a message.
void expect(pykc_status S, bool Valid, const char *Call) {
  ++Count.Calls;
  Count.Refused += S != PYKC_SUCCESS;
  if (Valid && S != PYKC_SUCCESS)
    fail(std::string(Call) + " failed on valid arguments: " + pykc_last_error());
  if (!Valid && S == PYKC_SUCCESS)
    fail(std::string(Call) + " succeeded on invalid arguments");
  if (S != PYKC_SUCCESS && !*pykc_last_error())
    fail(std::string(Call) + " failed without a message");
}

struct Allocation {
  uint8_t *Ptr;
  size_t Bytes;
};

/// The host side of copies: large enough for every copy the fuzzer expects
/// to succeed.
constexpr size_t MaxBytes = 4096;
uint8_t HostBuffer[2 * MaxBytes];

/// A size: mostly small, sometimes zero or beyond any memory.
size_t size(Input &In) {
  switch (In.byte() % 8) {
  case 0:
    return 0;
  case 1: {
    static const uint64_t Huge[] = {uint64_t(1) << 63, UINT64_MAX, uint64_t(1) << 48,
                                    (uint64_t(1) << 63) - 1, uint64_t(1) << 62};
    return size_t(Huge[In.byte() % 5]);
  }
  default:
    return size_t(In.number(2) % MaxBytes) + 1;
  }
}

/// A launch configuration and whether the CPU device must accept it.
struct Config {
  uint32_t Grid[3], Block[3];
  size_t Shared;
  bool Valid;
};

Config config(Input &In) {
  Config C{{1, 1, 1}, {1, 1, 1}, 0, true};
  for (int D = 0; D < 3; ++D) {
    C.Grid[D] = 1 + In.byte() % (D ? 2 : 8);
    C.Block[D] = 1 + In.byte() % (D ? 4 : 64);
  }
  switch (In.byte() % 8) {
  case 0: { // a zero dimension
    uint32_t *Dims = In.byte() % 2 ? C.Grid : C.Block;
    Dims[In.byte() % 3] = 0;
    C.Valid = false;
    break;
  }
  case 1: // beyond the grid's limits (2^31 - 1, 65535, 65535)
    C.Grid[1] = 65536 + In.byte();
    C.Valid = false;
    break;
  case 2:
    C.Grid[0] = UINT32_MAX - In.byte();
    C.Valid = false;
    break;
  case 3: // more than 1,024 threads a block, or z beyond 64
    if (In.byte() % 2)
      C.Block[2] = 65;
    else
      C.Block[0] = 2048;
    C.Valid = false;
    break;
  case 4: // more dynamic shared memory than a block has
    C.Shared = (size_t(1) << 20) + In.number(2);
    C.Valid = false;
    break;
  case 5:
    C.Shared = In.number(2) % 1024;
    break;
  default:
    break;
  }
  return C;
}

const pykc_kernel_entry &entry(const char *Name) {
  const pykc_module_image &M = pykc_module_fuzz_kernels;
  for (uint32_t I = 0; I < M.num_kernels; ++I)
    if (std::strcmp(M.kernels[I].name, Name) == 0)
      return M.kernels[I];
  fail(std::string("no kernel '") + Name + "' in runtime_kernels.py's object");
}

pykc_kernel_image imageOf(const pykc_kernel_entry &E) {
  return pykc_kernel_image{E.symbol, nullptr, E.cpu_thread, E.cpu_shared_bytes,
                           uint8_t(E.cpu_uses_barrier), uint8_t(E.flags & 1u)};
}

/// The fuzzer's state: the C API's live and freed allocations.
struct State {
  std::vector<Allocation> Live, Freed;

  Allocation *pick(Input &In) {
    return Live.empty() ? nullptr : &Live[In.byte() % Live.size()];
  }
  bool isLive(const void *P) const {
    return std::any_of(Live.begin(), Live.end(), [&](const Allocation &A) { return A.Ptr == P; });
  }
  ~State() {
    for (const Allocation &A : Live)
      if (pykc_free(A.Ptr) != PYKC_SUCCESS)
        fail(std::string("freeing a live allocation failed: ") + pykc_last_error());
  }
};

void cMalloc(State &S, Input &In) {
  size_t Bytes = size(In);
  void *P = reinterpret_cast<void *>(uintptr_t(1));
  pykc_status St = pykc_malloc(&P, Bytes);
  // Up to 4 KiB always fits; 2^62 bytes and more never (nor 2^48 on the
  // CPU device: its address space is 2^47).
  if (Bytes <= MaxBytes)
    expect(St, true, "pykc_malloc");
  else if (Bytes >= (size_t(1) << 48))
    expect(St, false, "pykc_malloc");
  if (St != PYKC_SUCCESS) {
    if (P)
      fail("pykc_malloc failed without setting the pointer to NULL");
    return;
  }
  if (Bytes && !P)
    fail("pykc_malloc succeeded with a NULL pointer");
  if (P)
    S.Live.push_back({static_cast<uint8_t *>(P), Bytes});
}

void cFree(State &S, Input &In) {
  uint8_t Kind = In.byte() % 6;
  if (Kind == 0 && !S.Live.empty()) {
    size_t I = In.byte() % S.Live.size();
    Allocation A = S.Live[I];
    expect(pykc_free(A.Ptr), true, "pykc_free");
    S.Live.erase(S.Live.begin() + long(I));
    S.Freed.push_back(A);
    if (S.Freed.size() > 64)
      S.Freed.erase(S.Freed.begin());
    return;
  }
  if (Kind == 1 && !S.Freed.empty()) { // a double free, unless the address was reused
    const Allocation &A = S.Freed[In.byte() % S.Freed.size()];
    if (!S.isLive(A.Ptr))
      expect(pykc_free(A.Ptr), false, "pykc_free of a freed pointer");
    return;
  }
  if (Kind == 2) {
    expect(pykc_free(nullptr), true, "pykc_free(NULL)");
    return;
  }
  if (Kind == 3 && !S.Live.empty()) { // into the middle of an allocation
    const Allocation &A = *S.pick(In);
    if (A.Bytes > 1)
      expect(pykc_free(A.Ptr + 1 + In.byte() % (A.Bytes - 1)), false,
             "pykc_free of an interior pointer");
    return;
  }
  // Foreign pointers: the host's heap, stack and static memory.
  int Local = 0;
  std::vector<uint8_t> Heap(16);
  void *Foreign[] = {&Local, Heap.data(), HostBuffer, reinterpret_cast<void *>(uintptr_t(8))};
  expect(pykc_free(Foreign[In.byte() % 4]), false, "pykc_free of a foreign pointer");
}

/// A pointer into a live allocation at a random offset, and the bytes left
/// after it; or a null or foreign one.
struct Place {
  uint8_t *Ptr = nullptr;
  size_t Room = 0;  ///< bytes up to the allocation's end
  bool Ours = false; ///< in an allocation of the runtime's
};

Place place(State &S, Input &In) {
  Place P;
  uint8_t Kind = In.byte() % 8;
  if (Kind == 0)
    return P; // NULL
  if (Kind == 1) {
    P.Ptr = HostBuffer; // host memory: not the runtime's, so not checked
    P.Room = sizeof HostBuffer;
    return P;
  }
  Allocation *A = S.pick(In);
  if (!A || !A->Bytes) {
    P.Ptr = HostBuffer;
    P.Room = sizeof HostBuffer;
    return P;
  }
  size_t Offset = In.byte() % 2 ? 0 : In.number(2) % A->Bytes;
  P.Ptr = A->Ptr + Offset;
  P.Room = A->Bytes - Offset;
  P.Ours = true;
  return P;
}

void cCopy(State &S, Input &In) {
  uint8_t Direction = In.byte() % 3;
  Place Dst = place(S, In), Src = place(S, In);
  size_t Bytes = In.byte() % 4 == 0 ? size(In) : size_t(In.number(2) % (MaxBytes + 64));
  // A copy the runtime must refuse: a NULL end (with bytes), a range that
  // runs past the runtime's allocation or wraps around. One that runs past
  // host memory is not made (the fuzzer must not overrun its own buffer).
  bool NullEnd = Bytes && (!Dst.Ptr || !Src.Ptr);
  bool PastOurs = (Dst.Ours && Bytes > Dst.Room) || (Src.Ours && Bytes > Src.Room);
  bool Wraps = (Dst.Ptr && uintptr_t(Dst.Ptr) + Bytes < uintptr_t(Dst.Ptr)) ||
               (Src.Ptr && uintptr_t(Src.Ptr) + Bytes < uintptr_t(Src.Ptr));
  bool Invalid = NullEnd || PastOurs || Wraps;
  bool PastHost = (Dst.Ptr && !Dst.Ours && Bytes > Dst.Room) ||
                  (Src.Ptr && !Src.Ours && Bytes > Src.Room);
  // Overlapping ranges are undefined for these copies, as for CUDA's.
  // (In integers: a pointer moved past its object is undefined.)
  uintptr_t D = uintptr_t(Dst.Ptr), Sr = uintptr_t(Src.Ptr);
  bool Overlap = D && Sr && !Wraps && D < Sr + Bytes && Sr < D + Bytes;
  if (!Invalid && (PastHost || Overlap))
    return;
  pykc_status St = Direction == 0   ? pykc_memcpy_htod(Dst.Ptr, Src.Ptr, Bytes)
                   : Direction == 1 ? pykc_memcpy_dtoh(Dst.Ptr, Src.Ptr, Bytes)
                                    : pykc_memcpy_dtod(Dst.Ptr, Src.Ptr, Bytes);
  expect(St, !Invalid, "pykc_memcpy_*");
}

/// saxpy through the C API on n elements of two live allocations.
void cLaunchSaxpy(State &S, Input &In) {
  static const pykc_kernel_image K = imageOf(entry("saxpy"));
  Allocation *X = S.pick(In), *Y = S.pick(In);
  if (!X || !Y || X->Ptr == Y->Ptr)
    return;
  int64_t N = int64_t(std::min(X->Bytes, Y->Bytes) / sizeof(float));
  N = N ? int64_t(In.number(2) % uint64_t(N)) : 0;
  std::vector<float> XH(static_cast<size_t>(N)), YH(static_cast<size_t>(N));
  for (int64_t I = 0; I < N; ++I) {
    XH[size_t(I)] = float(I % 17);
    YH[size_t(I)] = float(I % 5);
  }
  if (N) {
    expect(pykc_memcpy_htod(X->Ptr, XH.data(), size_t(N) * 4), true, "pykc_memcpy_htod");
    expect(pykc_memcpy_htod(Y->Ptr, YH.data(), size_t(N) * 4), true, "pykc_memcpy_htod");
  }
  float A = float(In.byte() % 7);
  void *XData = X->Ptr, *YData = Y->Ptr;
  int64_t Stride = 4;
  void *Args[] = {&A, &XData, &N, &Stride, &YData, &N, &Stride};
  Config C = config(In);
  if (C.Valid) // one thread an element: y and z would repeat x's threads
    C.Grid[1] = C.Grid[2] = C.Block[1] = C.Block[2] = 1;
  pykc_status St = pykc_launch(&K, C.Grid, C.Block, C.Shared, Args);
  expect(St, C.Valid, "pykc_launch of saxpy");
  ++(St == PYKC_SUCCESS ? Count.Launches : Count.LaunchesRefused);
  if (St != PYKC_SUCCESS || !N)
    return;
  uint64_t Threads = uint64_t(C.Grid[0]) * C.Block[0];
  std::vector<float> Out(static_cast<size_t>(N));
  expect(pykc_memcpy_dtoh(Out.data(), Y->Ptr, size_t(N) * 4), true, "pykc_memcpy_dtoh");
  for (int64_t I = 0; I < N; ++I) {
    float Want = YH[size_t(I)];
    if (uint64_t(I) < Threads)
      Want = A * XH[size_t(I)] + Want;
    if (Out[size_t(I)] != Want)
      fail("saxpy computed " + std::to_string(Out[size_t(I)]) + " at " + std::to_string(I) +
           ", not " + std::to_string(Want));
  }
}

/// copy2d through the C++ API: DeviceArrays, a generated launcher, and
/// the errors it throws.
void cxxCopy2d(Input &In) {
  int64_t Rows = In.byte() % 9, Cols = In.byte() % 9;
  bool Fortran = In.byte() % 2;
  auto Order = Fortran ? pykc::Order::F : pykc::Order::C;
  pykc::DeviceArray<double, 2> Src({Rows, Cols}, Order), Dst({Rows, Cols}, Order);
  std::vector<double> Host(size_t(Rows * Cols));
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = double(I) * 0.5;
  Src.copy_to_device(Host);
  // A host vector of the wrong size is refused.
  if (In.byte() % 4 == 0) {
    std::vector<double> Wrong(Host.size() + 1 + In.byte() % 3);
    try {
      Dst.copy_to_device(Wrong);
      fail("copy_to_device accepted a host vector of another size");
    } catch (const pykc::Error &) {
    }
  }
  Config C = config(In);
  if (C.Valid) // z would repeat the (x, y) threads
    C.Grid[2] = C.Block[2] = 1;
  // copy2d reads src only where dst has an element: the same shape, so
  // every access is inside both arrays.
  pykc::LaunchConfig LC(pykc::Dim3(C.Grid[0], C.Grid[1], C.Grid[2]),
                        pykc::Dim3(C.Block[0], C.Block[1], C.Block[2]), C.Shared);
  bool Launched = false;
  try {
    fuzz_kernels::copy2d[LC](Dst, Src);
    Launched = true;
  } catch (const pykc::Error &E) {
    if (C.Valid)
      fail(std::string("a valid copy2d launch failed: ") + E.what());
  }
  if (Launched && !C.Valid)
    fail("an invalid copy2d launch succeeded");
  ++(Launched ? Count.Launches : Count.LaunchesRefused);
  if (!Launched)
    return;
  std::vector<double> Out = Dst.copy_to_host();
  uint64_t CoveredRows = uint64_t(C.Grid[0]) * C.Block[0];
  uint64_t CoveredCols = uint64_t(C.Grid[1]) * C.Block[1];
  for (int64_t I = 0; I < Rows; ++I)
    for (int64_t J = 0; J < Cols; ++J) {
      if (uint64_t(I) >= CoveredRows || uint64_t(J) >= CoveredCols)
        continue; // not written: undefined
      size_t K = Fortran ? size_t(J * Rows + I) : size_t(I * Cols + J);
      if (Out[K] != Host[K])
        fail("copy2d copied " + std::to_string(Out[K]) + " to (" + std::to_string(I) + ", " +
             std::to_string(J) + "), not " + std::to_string(Host[K]));
    }
}

/// The C++ API's allocation and copy errors.
void cxxArrays(Input &In) {
  try {
    // Extents whose byte size overflows, or negative ones, are refused
    // before anything is allocated.
    int64_t E = In.byte() % 2 ? -int64_t(In.byte()) - 1 : int64_t(1) << (40 + In.byte() % 23);
    pykc::DeviceArray<float, 2> A({E, E});
    if (A.nbytes() > MaxBytes * 1024)
      fail("a device array of " + std::to_string(A.nbytes()) + " bytes was allocated");
  } catch (const pykc::Error &) {
  }
  std::vector<float> V(size_t(In.byte() % 64));
  auto D = pykc::to_device(V);
  std::vector<float> Back = D.copy_to_host();
  if (Back != V)
    fail("to_device and copy_to_host did not round-trip");
  // copy_to_host resizes the vector it is given; copy_to_device refuses one
  // of another size.
  std::vector<float> Other(V.size() + 1 + In.byte() % 3);
  D.copy_to_host(Other);
  if (Other != V)
    fail("copy_to_host into a vector of another size did not resize it");
  Other.push_back(1.0f);
  try {
    D.copy_to_device(Other);
    fail("copy_to_device accepted a host vector of another size");
  } catch (const pykc::Error &) {
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  std::atexit([] {
    std::fprintf(stderr,
                 "pykc-runtime-fuzzer: %lu C calls checked (%lu refused as they should be), "
                 "%lu kernel launches run and checked, %lu refused\n",
                 Count.Calls, Count.Refused, Count.Launches, Count.LaunchesRefused);
  });
  int Devices = 0;
  if (pykc_device_count(&Devices) != PYKC_SUCCESS)
    fail(std::string("pykc_device_count failed: ") + pykc_last_error());
  for (int Id = 0; Id < Devices; ++Id) {
    int IsCuda = 1;
    if (pykc_device_is_cuda(Id, &IsCuda) == PYKC_SUCCESS && !IsCuda &&
        pykc_select_device(Id) == PYKC_SUCCESS)
      return 0;
  }
  fail("no CPU device");
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 512)
    return 0;
  Input In(Data, Size);
  State S;
  for (unsigned Ops = 0; !In.done() && Ops < 64; ++Ops) {
    switch (In.byte() % 8) {
    case 0:
    case 1:
      cMalloc(S, In);
      break;
    case 2:
      cFree(S, In);
      break;
    case 3:
    case 4:
      cCopy(S, In);
      break;
    case 5:
      cLaunchSaxpy(S, In);
      break;
    case 6:
      cxxCopy2d(In);
      break;
    default:
      cxxArrays(In);
      break;
    }
  }
  return 0;
}
