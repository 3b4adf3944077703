"""The roster of players: renaming, merging, statistics and charts."""

from . import ladder, match_charts, routes  # noqa: F401 - their views and handlers register themselves on ``bp``
from .blueprint import bp

__all__ = ["bp"]
