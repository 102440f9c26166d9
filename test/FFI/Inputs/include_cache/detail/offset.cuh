#pragma once
// A cycle back to the header that included this one: read once.
#include "../factor.cuh"
#define OFFSET 0.0f
