"""Imprenta: board wargames from YAML to paper."""

__version__ = "0.1.0"
