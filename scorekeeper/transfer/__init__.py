"""Export (CSV, JSON) and import (JSON) of matches."""

from . import routes  # noqa: F401 - their views and handlers register themselves on ``bp``
from .blueprint import bp

__all__ = ["bp"]
