//===- TargetRegistration.h - LLVM targets, registered once -----*- C++ -*-===//
///
/// \file
/// LLVM's target registry is a plain linked list: registering a target while
/// another thread registers or looks one up is a data race. Every backend
/// registers through these functions, which share one lock; `pykc -c`
/// registers both before it builds GPU images and host code on two threads.
///
//===----------------------------------------------------------------------===//
#pragma once

namespace pykc::codegen {

/// The host's target (x86-64), for the CPU backend and objects.
void registerHostTarget();
/// The NVPTX target, for PTX.
void registerNVPTXTarget();

} // namespace pykc::codegen
