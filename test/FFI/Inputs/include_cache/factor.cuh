#pragma once
#include "detail/offset.cuh"
#define FACTOR 2.0f
