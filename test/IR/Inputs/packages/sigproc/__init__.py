"""A package whose __init__ imports its own submodules, as libraries do."""
from . import config
from .core import window
