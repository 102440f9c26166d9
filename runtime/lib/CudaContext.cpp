//===- CudaContext.cpp - Which CUDA context a call runs in ----------------===//
#include "CudaContext.h"

using namespace pykc::runtime::cu;

ContextScope::ContextScope(const Driver &D, CUcontext C, bool Adopt) : D(D) {
  // Tested first so the hot path builds no message string.
  if (CUresult R = enter(C, Adopt); R != CUDA_SUCCESS)
    check(R, "cuCtxPushCurrent", "the CUDA context is unusable; restart the process");
}

ContextScope::ContextScope(const Driver &D, CUcontext C, NoThrow) noexcept : D(D) {
  enter(C, true);
}

ContextScope::~ContextScope() {
  if (!Pushed)
    return;
  CUcontext Ignored;
  D.cuCtxPopCurrent_v2(&Ignored);
}

CUresult ContextScope::enter(CUcontext C, bool Adopt) noexcept {
  CUcontext Current = nullptr;
  if (D.cuCtxGetCurrent(&Current) == CUDA_SUCCESS) {
    if (Current == C)
      return CUDA_SUCCESS;
    if (!Current && Adopt && D.cuCtxSetCurrent(C) == CUDA_SUCCESS)
      return CUDA_SUCCESS;
  }
  CUresult R = D.cuCtxPushCurrent_v2(C);
  Pushed = R == CUDA_SUCCESS;
  return R;
}

ForeignContext ForeignStreams::find(void *Stream) const {
  if (!Stream || Count.load(std::memory_order_acquire) == 0)
    return {};
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Streams.find(static_cast<CUstream>(Stream));
  return It == Streams.end() ? ForeignContext{} : It->second.Owner;
}

void ForeignStreams::add(CUstream Stream, ForeignContext Owner) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Entry &E = Streams[Stream];
  E.Owner = Owner;
  ++E.Borrows;
  Count.store(Streams.size(), std::memory_order_release);
}

void ForeignStreams::remove(CUstream Stream) noexcept {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Streams.find(Stream);
  if (It == Streams.end() || --It->second.Borrows > 0)
    return;
  Streams.erase(It);
  Count.store(Streams.size(), std::memory_order_release);
}
