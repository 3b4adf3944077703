"""The organiser's pages of a club night: the list of events, a new event, the director's console
(rounds, absences, late entries, corrections, table links), the printables and the exports. Every
write goes through :mod:`scorekeeper.services.events`; every read through
:mod:`scorekeeper.services.event_reads`."""

from . import printables, routes, series_pages  # noqa: F401 - their views register themselves on ``bp``
from .blueprint import bp

__all__ = ["bp"]
