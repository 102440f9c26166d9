//===- IncrementPtx.h - A hand-written PTX kernel for GPU tests -*- C++ -*-===//
//
// increment(a: float32[:]): a[i] += 1, one thread an element, with
// KernelABI.h's flattened array (data, extent, byte stride). Written by
// hand so that the runtime's GPU tests need no compiler.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace pykc::test {

inline constexpr char IncrementPtx[] = R"(
.version 7.0
.target sm_52
.address_size 64
.visible .entry increment(.param .u64 a_data, .param .u64 a_size, .param .u64 a_stride)
{
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  .reg .b64 %rd<7>;
  .reg .f32 %f<3>;
  ld.param.u64 %rd1, [a_data];
  ld.param.u64 %rd2, [a_size];
  ld.param.u64 %rd3, [a_stride];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ntid.x;
  mov.u32 %r3, %tid.x;
  mad.lo.s32 %r4, %r1, %r2, %r3;
  cvt.u64.u32 %rd4, %r4;
  setp.ge.s64 %p1, %rd4, %rd2;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd5, %rd1;
  mad.lo.s64 %rd6, %rd4, %rd3, %rd5;
  ld.global.f32 %f1, [%rd6];
  add.f32 %f2, %f1, 0f3F800000;
  st.global.f32 [%rd6], %f2;
DONE:
  ret;
}
)";

} // namespace pykc::test
