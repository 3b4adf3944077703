"""Read-only live links to a match for the people at the table, with a QR code."""

from . import routes  # noqa: F401 - their views and handlers register themselves on ``bp``
from .blueprint import bp

__all__ = ["bp"]
