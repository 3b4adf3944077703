"""Referee pages for a match's rule set: penalty table, rules reference, opening checker."""

from . import routes  # noqa: F401 - their views and handlers register themselves on ``bp``
from .blueprint import bp

__all__ = ["bp"]
