// Test-only stand-in for CUDA's cooperative_groups.h on the host: the grid
// group's sync() is host_cuda.h's grid barrier (a launch with grid sync
// runs every block at once).
#pragma once

void pykc_host_grid_sync();

namespace cooperative_groups {
struct grid_group {
  void sync() const { pykc_host_grid_sync(); }
};
inline grid_group this_grid() { return {}; }
} // namespace cooperative_groups
