"""Club nights at the tables and on the wall: the page behind a table's link (``/t/<token>``: the
table's game, its hand entry through the phone's queue, the sides' confirmation of the result) and
the wall (``/events/<id>/wall``, and its read-only link for the players' phones)."""

from . import routes  # noqa: F401 - their views register themselves on ``bp``
from .blueprint import bp

__all__ = ["bp"]
