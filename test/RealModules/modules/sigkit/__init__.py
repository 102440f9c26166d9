"""sigkit: a small signal-processing package (corpus package 1).

The package's __init__ imports its submodules and re-exports a kernel, as
libraries expose their public API."""
from . import config
from . import filters
from .filters import moving_average, CONFIG_EPS  # noqa: F401

__version__ = "0.3.1"
__all__ = ["config", "filters", "moving_average"]
