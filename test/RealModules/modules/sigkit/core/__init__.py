"""Core arithmetic used by the kernels subpackage."""
from .ops import mix  # noqa: F401
