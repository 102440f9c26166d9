"""Kernels that use the core subpackage."""
