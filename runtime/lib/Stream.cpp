//===- Stream.cpp - Streams and events over the backends ------------------===//
#include "Backend.h"

#include "pykc/Error.h"
#include "pykc/Memory.h"
#include "pykc/Stream.h"

#include <map>
#include <mutex>
#include <utility>

using namespace pykc;
using namespace pykc::runtime;

Stream::Stream() : Stream(currentDeviceId()) {}

Stream::Stream(int DeviceId) : DeviceId(DeviceId) {
  Handle = backend(DeviceId).createStream();
}

Stream::Stream(DefaultTag, int DeviceId) : DeviceId(DeviceId), Default(true) {}

Stream::~Stream() { release(); }

Stream Stream::borrow(void *Handle, int DeviceId) {
  Stream S(DefaultTag{}, DeviceId < 0 ? currentDeviceId() : DeviceId);
  S.Default = Handle == nullptr;
  if (Handle) {
    backend(S.DeviceId).borrowStream(Handle);
    S.Handle = Handle;
    S.Borrowed = true;
  }
  return S;
}

void Stream::release() noexcept {
  if (!Default && DeviceId >= 0) {
    try {
      if (Borrowed)
        backend(DeviceId).releaseBorrowedStream(Handle);
      else
        backend(DeviceId).destroyStream(Handle);
    } catch (...) {
    }
  }
  DeviceId = -1;
  Handle = nullptr;
}

Stream::Stream(Stream &&O) noexcept
    : DeviceId(std::exchange(O.DeviceId, -1)),
      Handle(std::exchange(O.Handle, nullptr)), Default(O.Default), Borrowed(O.Borrowed) {}

Stream &Stream::operator=(Stream &&O) noexcept {
  if (this != &O) {
    release();
    DeviceId = std::exchange(O.DeviceId, -1);
    Handle = std::exchange(O.Handle, nullptr);
    Default = O.Default;
    Borrowed = O.Borrowed;
  }
  return *this;
}

void Stream::synchronize() {
  if (DeviceId < 0)
    throw Error(ErrorCode::InvalidValue,
                "synchronize() on a moved-from stream");
  backend(DeviceId).synchronizeStream(Handle);
}

Stream &Stream::defaultStream(int DeviceId) {
  backend(DeviceId); // Validates the id.
  static std::mutex M;
  static auto *Streams = new std::map<int, Stream *>; // Never destroyed.
  std::lock_guard<std::mutex> Lock(M);
  Stream *&S = (*Streams)[DeviceId];
  if (!S)
    S = new Stream(DefaultTag{}, DeviceId);
  return *S;
}

Stream &pykc::default_stream() {
  return Stream::defaultStream(currentDeviceId());
}

Event::Event() : Event(currentDeviceId()) {}

Event::Event(int DeviceId) : DeviceId(DeviceId) {
  Handle = backend(DeviceId).createEvent();
}

Event::~Event() { release(); }

void Event::release() noexcept {
  if (DeviceId >= 0) {
    try {
      backend(DeviceId).destroyEvent(Handle);
    } catch (...) {
    }
  }
  DeviceId = -1;
  Handle = nullptr;
}

Event::Event(Event &&O) noexcept
    : DeviceId(std::exchange(O.DeviceId, -1)),
      Handle(std::exchange(O.Handle, nullptr)) {}

Event &Event::operator=(Event &&O) noexcept {
  if (this != &O) {
    release();
    DeviceId = std::exchange(O.DeviceId, -1);
    Handle = std::exchange(O.Handle, nullptr);
  }
  return *this;
}

static Backend &eventBackend(int DeviceId, const char *What) {
  if (DeviceId < 0)
    throw Error(ErrorCode::InvalidValue,
                std::string(What) + " on a moved-from event");
  return backend(DeviceId);
}

void Event::record(Stream *S) {
  Backend &B = eventBackend(DeviceId, "record()");
  if (S && S->device() != DeviceId)
    throw Error(ErrorCode::InvalidValue,
                "an event of device " + std::to_string(DeviceId) +
                    " cannot be recorded in a stream of device " +
                    std::to_string(S->device()));
  B.recordEvent(Handle, S ? S->handle() : nullptr);
}

void Event::synchronize() {
  eventBackend(DeviceId, "synchronize()").synchronizeEvent(Handle);
}

void Event::wait(Stream *S) {
  Backend &B = eventBackend(DeviceId, "wait()");
  if (S && S->device() != DeviceId)
    throw Error(ErrorCode::InvalidValue,
                "a stream of device " + std::to_string(S->device()) +
                    " cannot wait for an event of device " + std::to_string(DeviceId));
  B.streamWaitEvent(S ? S->handle() : nullptr, Handle);
}

bool Event::query() {
  return eventBackend(DeviceId, "query()").queryEvent(Handle);
}

float Event::elapsed_time(const Event &End) const {
  return event_elapsed_time(*this, End);
}

float pykc::event_elapsed_time(const Event &Start, const Event &End) {
  Backend &B = eventBackend(Start.device(), "elapsed_time()");
  if (End.device() != Start.device())
    throw Error(ErrorCode::InvalidValue,
                "elapsed_time() between events of different devices (" +
                    std::to_string(Start.device()) + " and " +
                    std::to_string(End.device()) + ")");
  return B.elapsedMilliseconds(Start.handle(), End.handle());
}
