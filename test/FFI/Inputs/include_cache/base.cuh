#pragma once
#define BASE 0.0f
