//===- pykc/DeviceRecord.h - One record in device memory --------*- C++ -*-===//
//
// A kernel parameter whose type is a record (Numba passes a record
// argument, such as a[i] of a structured array, by reference: the kernel
// reads and writes the caller's record). DeviceRecord<T> owns one T in a
// device's memory; a kernel receives its address (KernelABI.h), and what
// the kernel wrote is read back with copy_to_host().
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_DEVICERECORD_H
#define PYKC_DEVICERECORD_H

#include "pykc/DeviceArray.h"

namespace pykc {

template <RecordDType T> class DeviceRecord {
public:
  /// An uninitialized record on device DeviceId (-1: the current device).
  explicit DeviceRecord(int DeviceId = -1)
      : DeviceId(DeviceId < 0 ? currentDeviceId() : DeviceId),
        Data(deviceMalloc(this->DeviceId, sizeof(T))) {}
  /// A record holding a copy of \p Value.
  explicit DeviceRecord(const T &Value, int DeviceId = -1) : DeviceRecord(DeviceId) {
    copy_to_device(Value);
  }
  ~DeviceRecord() { deviceFree(DeviceId, Data); }
  DeviceRecord(const DeviceRecord &) = delete;
  DeviceRecord &operator=(const DeviceRecord &) = delete;

  void copy_to_device(const T &Value, Stream *S = nullptr) {
    copyHostToDevice(DeviceId, Data, &Value, sizeof(T), S);
  }
  void copy_to_host(T &Out, Stream *S = nullptr) const {
    copyDeviceToHost(DeviceId, &Out, Data, sizeof(T), S);
  }
  T copy_to_host() const {
    T Out;
    copy_to_host(Out);
    return Out;
  }
  /// The record's device address.
  T *data() const { return static_cast<T *>(Data); }
  int device() const { return DeviceId; }
  /// What a kernel receives: the address (KernelABI.h).
  void *const &abi() const { return Data; }

private:
  int DeviceId;
  void *Data;
};

} // namespace pykc

#endif // PYKC_DEVICERECORD_H
