"""The reader's time zone, for what is written in local time: the spreadsheet exports, and the times
and dates of the pages (Flask-Babel's ``format_datetime`` and its filters, through
:func:`reader_zone_name`).

The browser says it: ``static/offline.js`` (on every page) keeps
``Intl.DateTimeFormat().resolvedOptions().timeZone`` in the ``tz`` cookie. The server takes it only
when it names a zone of the IANA database (``zoneinfo``); with no cookie, or anything else in it,
times are in UTC. A scoreboard kept by :mod:`scorekeeper.page_cache` is kept per zone (its ETag
names it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, tzinfo
from functools import lru_cache
from typing import Final
from zoneinfo import ZoneInfo, available_timezones

from flask import request

COOKIE: Final = "tz"
#: Longer than any IANA name (the longest, ``America/Argentina/ComodRivadavia``, has 32 characters).
MAX_LENGTH: Final = 64


@dataclass(frozen=True)
class Zone:
    """A time zone and the name the reader knows it by (``Europe/Madrid``, ``UTC``)."""

    name: str
    info: tzinfo


UTC_ZONE: Final = Zone("UTC", UTC)


@lru_cache(maxsize=1)
def known_zones() -> frozenset[str]:
    """Every zone name of the IANA database on this machine (read once)."""
    return frozenset(available_timezones())


def zone_named(name: str | None) -> Zone:
    """The zone ``name`` if the IANA database knows it, else UTC (never an error: a cookie is user input)."""
    if not name or len(name) > MAX_LENGTH or name not in known_zones():
        return UTC_ZONE
    try:
        return Zone(name, ZoneInfo(name))
    except (ValueError, OSError):  # a name listed but unreadable: a damaged database
        return UTC_ZONE


def reader_zone() -> Zone:
    """The time zone of the reader of this request (:data:`COOKIE`), UTC when unknown."""
    return zone_named(request.cookies.get(COOKIE))


def reader_zone_name() -> str:
    """Flask-Babel's time-zone selector: the reader's zone by its IANA name."""
    return reader_zone().name
