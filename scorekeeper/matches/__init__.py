"""The table's pages: the list of matches, new match, scoreboard, hand entry."""

from . import chances, deletion, routes, sync  # noqa: F401 - their views and handlers register themselves on ``bp``
from .blueprint import bp

__all__ = ["bp"]
