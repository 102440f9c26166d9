#pragma once
// A cycle back to the header that included this one: read once.
#include "../factor.cuh"
// Not beside this file: found in the .cu's folder.
#include "base.cuh"
#define OFFSET (BASE / 2)
