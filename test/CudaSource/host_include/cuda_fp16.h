// Test-only stand-in for CUDA's cuda_fp16.h on the host: host_cuda.h
// already defines __half (as _Float16) and the functions emitted code uses.
#pragma once
