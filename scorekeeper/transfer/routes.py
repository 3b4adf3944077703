"""Transfer routes (being built)."""

from . import bp  # noqa: F401
