"""Club pages: the account's clubs (switch, make one) and a club's members (leave)."""

from . import routes  # noqa: F401 - its views register themselves on ``bp``
from .blueprint import bp

__all__ = ["bp"]
