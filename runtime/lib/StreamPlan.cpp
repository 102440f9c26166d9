//===- StreamPlan.cpp - Chunk sizes of streamed reductions ----------------===//
#include "pykc/Device.h"
#include "pykc/StreamReduce.h"

#include <algorithm>
#include <numeric>

using namespace pykc;

namespace {

/// Chunks are whole 4 KiB pages (and whole elements) unless the array is
/// smaller: page-aligned copies are the fast ones.
constexpr uint64_t Page = 4096;

uint64_t granule(size_t ElementSize) { return std::lcm<uint64_t>(Page, ElementSize); }

uint64_t ceilDiv(uint64_t A, uint64_t B) { return A / B + (A % B != 0); }

} // namespace

StreamLimits StreamLimits::forCurrentDevice() {
  StreamLimits L;
  if (current_device().Kind == DeviceKind::CUDA)
    L.ReserveBytes = uint64_t(64) << 20;
  return L;
}

std::optional<StreamPlan> pykc::planStream(uint64_t Elements, size_t ElementSize,
                                           uint64_t FreeBytes, const StreamLimits &L,
                                           std::string &Why) {
  if (Elements == 0 || ElementSize == 0)
    return StreamPlan{};
  uint64_t G = granule(ElementSize);
  uint64_t Bytes = Elements > UINT64_MAX / ElementSize ? UINT64_MAX : Elements * ElementSize;
  // The chunk wanted: about Bytes / TargetChunks, within the bounds, whole
  // granules; the whole array when that is smaller.
  uint64_t MaxChunk = std::max(L.MaxChunkBytes / G * G, G);
  uint64_t Want = std::clamp(ceilDiv(Bytes, std::max<uint64_t>(L.TargetChunks, 1)),
                             std::min(L.MinChunkBytes, MaxChunk), MaxChunk);
  Want = std::min(ceilDiv(Want, G) * G, MaxChunk);
  if (Want >= Bytes)
    Want = Bytes;
  uint64_t Floor = std::min(L.MinChunkBytes, Bytes);
  uint64_t Budget = FreeBytes > L.ReserveBytes ? FreeBytes - L.ReserveBytes : 0;
  uint64_t Chunks = ceilDiv(Bytes, Want);
  unsigned MostBuffers = unsigned(std::min<uint64_t>(std::max(L.MaxBuffers, 1u), Chunks));
  for (unsigned B = MostBuffers; B >= 1; --B) {
    uint64_t Fits = Budget / B;
    uint64_t Chunk = Want <= Fits ? Want : Fits / G * G;
    if (Chunk == 0 || Chunk < Floor)
      continue;
    StreamPlan P;
    P.ChunkElements = Chunk / ElementSize;
    P.Chunks = ceilDiv(Elements, P.ChunkElements);
    P.Buffers = unsigned(std::min<uint64_t>(B, P.Chunks));
    return P;
  }
  uint64_t Need = ceilDiv(Floor, G) * G;
  if (Floor == Bytes)
    Need = Bytes;
  Why = "streaming " + std::to_string(Bytes) + " bytes needs at least " +
        std::to_string(Need + L.ReserveBytes) + " bytes of device memory (one " +
        std::to_string(Need) + "-byte chunk and " + std::to_string(L.ReserveBytes) +
        " bytes of scratch), but " + std::to_string(FreeBytes) + " are free";
  return std::nullopt;
}

std::optional<StreamPlan> pykc::shrinkPlan(const StreamPlan &P, uint64_t Elements,
                                           size_t ElementSize, const StreamLimits &L) {
  uint64_t G = granule(ElementSize);
  uint64_t Bytes = P.ChunkElements * ElementSize;
  uint64_t Half = Bytes / 2 / G * G;
  uint64_t Floor = std::min(L.MinChunkBytes, Elements * ElementSize);
  if (Half == 0 || Half < Floor || Half >= Bytes)
    return std::nullopt;
  StreamPlan Q;
  Q.ChunkElements = Half / ElementSize;
  Q.Chunks = ceilDiv(Elements, Q.ChunkElements);
  Q.Buffers = unsigned(std::min<uint64_t>(std::max(P.Buffers, 2u), Q.Chunks));
  return Q;
}
