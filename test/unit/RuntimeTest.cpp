//===- RuntimeTest.cpp - Devices, arrays, streams and events on the CPU ---===//
#include "pykc/Runtime.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <numeric>
#include <string>

using namespace pykc;

namespace {

/// Every test runs on the CPU device: CI has no GPU.
class RuntimeCpu : public ::testing::Test {
protected:
  void SetUp() override { select_device(cpu_device_id()); }
};

/// Sets an environment variable for one scope.
class ScopedEnv {
public:
  ScopedEnv(const char *Name, const char *Value) : Name(Name) {
    if (const char *Old = std::getenv(Name))
      Saved = Old;
    Had = std::getenv(Name) != nullptr;
    if (Value)
      setenv(Name, Value, 1);
    else
      unsetenv(Name);
  }
  ~ScopedEnv() {
    if (Had)
      setenv(Name, Saved.c_str(), 1);
    else
      unsetenv(Name);
  }

private:
  const char *Name;
  std::string Saved;
  bool Had = false;
};

template <typename T> std::vector<T> iota(size_t N, T Start) {
  std::vector<T> V(N);
  for (size_t I = 0; I < N; ++I)
    V[I] = T(Start + T(I));
  return V;
}

} // namespace

TEST(RuntimeDevices, ListHasTheCpuDeviceLast) {
  auto Devices = list_devices();
  ASSERT_FALSE(Devices.empty());
  const DeviceInfo &Cpu = Devices.back();
  EXPECT_EQ(Cpu.Id, cpu_device_id());
  EXPECT_EQ(Cpu.Kind, DeviceKind::CPU);
  EXPECT_NE(Cpu.Name.find("CPU"), std::string::npos);
  EXPECT_EQ(Cpu.computeCapability(), "0.0");
  EXPECT_EQ(Cpu.MaxThreadsPerBlock, 1024u);
  EXPECT_EQ(Cpu.MaxBlockDim, Dim3(1024, 1024, 64));
  EXPECT_EQ(Cpu.SharedMemPerBlock, 48u * 1024);
  EXPECT_EQ(Cpu.WarpSize, 32u); // Numba's, on the CPU backend too
  EXPECT_GE(Cpu.MultiprocessorCount, 1u);
  EXPECT_GT(Cpu.TotalMemory, 0u);
  for (size_t I = 0; I < Devices.size(); ++I)
    EXPECT_EQ(Devices[I].Id, int(I));
}

TEST(RuntimeDevices, SelectDeviceRejectsUnknownIds) {
  try {
    select_device(1000);
    FAIL() << "select_device(1000) succeeded";
  } catch (const Error &E) {
    EXPECT_EQ(E.code(), ErrorCode::NoDevice);
    EXPECT_NE(std::string(E.what()).find("no device 1000"), std::string::npos)
        << E.what();
  }
}

TEST(RuntimeDevices, BackendCpuForcesTheCpu) {
  ScopedEnv Env("PYKC_BACKEND", "cpu");
  EXPECT_EQ(select_default_device(), cpu_device_id());
  EXPECT_EQ(current_device().Kind, DeviceKind::CPU);
}

TEST(RuntimeDevices, BackendCudaWithoutGpuSuggestsCpu) {
  if (cuda_available())
    GTEST_SKIP() << "a CUDA device is present";
  ScopedEnv Env("PYKC_BACKEND", "cuda");
  try {
    select_default_device();
    FAIL() << "PYKC_BACKEND=cuda succeeded without a GPU";
  } catch (const Error &E) {
    std::string Message = E.what();
    EXPECT_EQ(E.code(), ErrorCode::NoDevice);
    EXPECT_NE(Message.find("PYKC_BACKEND=cuda"), std::string::npos) << Message;
    EXPECT_NE(Message.find("--backend cpu"), std::string::npos) << Message;
    EXPECT_NE(Message.find(cuda_unavailable_reason()), std::string::npos)
        << Message;
  }
  select_device(cpu_device_id());
}

TEST(RuntimeDevices, BadBackendValueIsAnError) {
  ScopedEnv Env("PYKC_BACKEND", "tpu");
  EXPECT_THROW(select_default_device(), Error);
  select_device(cpu_device_id());
}

TEST(RuntimeDevices, DefaultIsCpuWithoutCuda) {
  if (cuda_available())
    GTEST_SKIP() << "a CUDA device is present";
  ScopedEnv Env("PYKC_BACKEND", nullptr);
  EXPECT_EQ(select_default_device(), cpu_device_id());
  EXPECT_FALSE(cuda_unavailable_reason().empty());
}

TEST(RuntimeDevices, Dim3FromIntAndBraces) {
  Dim3 A = 256;
  EXPECT_EQ(A, Dim3(256, 1, 1));
  Dim3 B{16, 8, 2};
  EXPECT_EQ(B.count(), 256u);
  EXPECT_EQ(Dim3().count(), 1u);
}

TEST_F(RuntimeCpu, ArraysRoundTripSeveralDtypes) {
  auto F32 = iota<float>(100, -3.5f);
  EXPECT_EQ(to_device(F32).copy_to_host(), F32);
  auto F64 = iota<double>(7, 1e300);
  EXPECT_EQ(to_device(F64).copy_to_host(), F64);
  auto I8 = iota<int8_t>(100, -50);
  EXPECT_EQ(to_device(I8).copy_to_host(), I8);
  auto U16 = iota<uint16_t>(300, 65000);
  EXPECT_EQ(to_device(U16).copy_to_host(), U16);
  auto I64 = iota<int64_t>(33, INT64_MIN + 5);
  EXPECT_EQ(to_device(I64).copy_to_host(), I64);
  auto U64 = iota<uint64_t>(9, UINT64_MAX - 20);
  EXPECT_EQ(to_device(U64).copy_to_host(), U64);
  std::vector<bool> Bools = {true, false, false, true, true};
  auto DB = to_device(Bools);
  EXPECT_EQ(DB.nbytes(), 5u);
  EXPECT_EQ(DB.copy_to_host(), Bools);
}

TEST_F(RuntimeCpu, ArraysRoundTripTwoAndThreeDims) {
  auto Host2 = iota<int32_t>(3 * 5, 7);
  auto A2 = to_device(Host2.data(), 3, 5);
  EXPECT_EQ(A2.shape(), (std::array<int64_t, 2>{3, 5}));
  EXPECT_EQ(A2.size(), 15);
  std::vector<int32_t> Back2;
  A2.copy_to_host(Back2);
  EXPECT_EQ(Back2, Host2);

  auto Host3 = iota<double>(2 * 3 * 4, 0.25);
  auto A3 = to_device(Host3.data(), 2, 3, 4);
  std::vector<double> Back3(Host3.size());
  A3.copy_to_host(Back3.data());
  EXPECT_EQ(Back3, Host3);
  EXPECT_EQ(A3.device(), cpu_device_id());
}

TEST_F(RuntimeCpu, StridesAreBytesInCAndFOrder) {
  auto C = device_array<float>(2, 3, 4);
  EXPECT_EQ(C.strides(), (std::array<int64_t, 3>{48, 16, 4}));
  EXPECT_EQ(C.order(), Order::C);
  auto F = device_array<double>(std::array<int64_t, 3>{2, 3, 4}, Order::F);
  EXPECT_EQ(F.strides(), (std::array<int64_t, 3>{8, 16, 48}));
  EXPECT_EQ(F.abi().strides[2], 48);
  EXPECT_EQ(F.abi().shape[1], 3);
  auto U8 = device_array<uint8_t>(5, 7);
  EXPECT_EQ(U8.strides(), (std::array<int64_t, 2>{7, 1}));
  // Data is 64-byte aligned.
  EXPECT_EQ(reinterpret_cast<uintptr_t>(C.data()) % 64, 0u);
}

TEST_F(RuntimeCpu, FOrderCopiesKeepTheirOrder) {
  std::vector<int16_t> HostF = {1, 2, 3, 4, 5, 6}; // 2x3 in F order
  auto A = to_device(HostF.data(), std::array<int64_t, 2>{2, 3}, Order::F);
  EXPECT_EQ(A.order(), Order::F);
  EXPECT_EQ(A.copy_to_host(), HostF);
  // Element (1, 2) lives at byte offset 1*2 + 2*4.
  auto *Bytes = reinterpret_cast<const char *>(A.data());
  EXPECT_EQ(*reinterpret_cast<const int16_t *>(Bytes + A.stride(0) * 1 +
                                               A.stride(1) * 2),
            6);
}

TEST_F(RuntimeCpu, MovedFromArrayIsEmpty) {
  auto A = to_device(iota<int32_t>(10, 0));
  int32_t *Data = A.data();
  DeviceArray<int32_t, 1> B = std::move(A);
  EXPECT_EQ(B.data(), Data);
  EXPECT_EQ(B.size(), 10);
  EXPECT_EQ(A.size(), 0);
  EXPECT_EQ(A.data(), nullptr);
  EXPECT_TRUE(A.empty());
  EXPECT_TRUE(A.copy_to_host().empty());

  DeviceArray<int32_t, 1> C;
  C = std::move(B);
  EXPECT_EQ(C.data(), Data);
  EXPECT_TRUE(B.empty());
  static_assert(!std::is_copy_constructible_v<DeviceArray<float, 2>>);
  static_assert(!std::is_copy_assignable_v<DeviceArray<float, 2>>);
  static_assert(std::is_nothrow_move_constructible_v<DeviceArray<float, 2>>);
}

TEST_F(RuntimeCpu, CopyIsExplicitAndDeep) {
  auto A = to_device(iota<uint32_t>(6, 1).data(), 2, 3);
  auto B = A.copy();
  EXPECT_NE(A.data(), B.data());
  EXPECT_EQ(B.shape(), A.shape());
  EXPECT_EQ(B.copy_to_host(), A.copy_to_host());
  B.copy_to_device(std::vector<uint32_t>(6, 9));
  EXPECT_EQ(A.copy_to_host(), iota<uint32_t>(6, 1));
}

TEST_F(RuntimeCpu, DeviceArrayLikeHasSameShapeAndOrder) {
  auto F = device_array<float>(std::array<int64_t, 2>{4, 6}, Order::F);
  auto L = device_array_like(F);
  EXPECT_EQ(L.shape(), F.shape());
  EXPECT_EQ(L.strides(), F.strides());
  EXPECT_EQ(L.order(), Order::F);
  EXPECT_EQ(L.device(), F.device());
  EXPECT_NE(L.data(), F.data());
}

TEST_F(RuntimeCpu, SizeMismatchAndNegativeExtentsAreErrors) {
  auto A = device_array<float>(4);
  EXPECT_THROW(A.copy_to_device(std::vector<float>(5)), Error);
  EXPECT_THROW(device_array<float>(-1), Error);
  auto Z = device_array<float>(0, 3);
  EXPECT_EQ(Z.size(), 0);
  EXPECT_TRUE(Z.copy_to_host().empty());
}

TEST_F(RuntimeCpu, AppendKernelArgsPointsIntoTheArray) {
  auto A = device_array<int64_t>(3, 4);
  std::vector<void *> Args;
  A.appendKernelArgs(Args);
  ASSERT_EQ(Args.size(), 5u);
  EXPECT_EQ(*static_cast<void **>(Args[0]), A.data());
  EXPECT_EQ(*static_cast<int64_t *>(Args[1]), 3);
  EXPECT_EQ(*static_cast<int64_t *>(Args[2]), 4);
  EXPECT_EQ(*static_cast<int64_t *>(Args[3]), 32);
  EXPECT_EQ(*static_cast<int64_t *>(Args[4]), 8);
}

TEST_F(RuntimeCpu, StreamsAndEventsWork) {
  Stream S;
  EXPECT_EQ(S.device(), cpu_device_id());
  EXPECT_FALSE(S.isDefault());
  auto A = device_array<float>(8);
  std::vector<float> Host = iota<float>(8, 2);
  A.copy_to_device(Host.data(), &S);
  Event Start, End;
  Start.record(S);
  std::vector<float> Back(8);
  A.copy_to_host(Back.data(), &S);
  End.record(S);
  End.synchronize();
  S.synchronize();
  EXPECT_TRUE(End.query());
  EXPECT_EQ(Back, Host);
  float Ms = Start.elapsed_time(End);
  EXPECT_GE(Ms, 0.0f);
  EXPECT_EQ(event_elapsed_time(Start, End), Ms);
  default_stream().synchronize();
  EXPECT_TRUE(default_stream().isDefault());
  synchronize();

  Stream Moved = std::move(S);
  EXPECT_EQ(Moved.device(), cpu_device_id());
  EXPECT_THROW(S.synchronize(), Error);
}

TEST_F(RuntimeCpu, ElapsedTimeNeedsRecordedEvents) {
  Event A, B;
  A.record();
  EXPECT_THROW(A.elapsed_time(B), Error);
}

TEST_F(RuntimeCpu, PinnedBuffersAreAlignedAndUsable) {
  PinnedBuffer<double> P(1000);
  ASSERT_EQ(P.size(), 1000u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(P.data()) % 64, 0u);
  for (size_t I = 0; I < P.size(); ++I)
    P[I] = double(I) / 3;
  auto A = device_array<double>(1000);
  A.copy_to_device(P.data());
  PinnedBuffer<double> Q(1000);
  A.copy_to_host(Q.data());
  EXPECT_TRUE(std::equal(P.begin(), P.end(), Q.begin()));
  PinnedBuffer<double> R = std::move(Q);
  EXPECT_TRUE(Q.empty());
  EXPECT_EQ(R.size(), 1000u);
}
