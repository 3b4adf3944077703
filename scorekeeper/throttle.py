"""Counting attempts (failed logins, registrations) per key in the app's own database.

Every gunicorn worker and every machine share the database, so a limit of 10 per minute is 10 per
minute whatever the number of processes (a per-process memory store lets each worker count alone).
Limits are written as in the configuration: ``"10 per minute; 100 per hour"``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Final

from sqlalchemy import delete, func, select

from .extensions import db
from .models import AuthAttempt, as_utc, utcnow

UNITS: Final = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_LIMIT: Final = re.compile(r"^\s*(\d+)\s*(?:per|/)\s*(second|minute|hour|day)s?\s*$")
#: Attempts are kept this long, so no window may be longer.
KEPT: Final = timedelta(days=1)
KEY_LENGTH: Final = 120


@dataclass(frozen=True)
class Limit:
    count: int
    seconds: int


def parse(text: str) -> tuple[Limit, ...]:
    """``"10 per minute; 100 per hour"`` as limits. :raise ValueError: anything else."""
    limits = []
    for part in text.split(";"):
        found = _LIMIT.match(part)
        if not found:
            raise ValueError(f"not a limit: {part!r} (write e.g. '10 per minute; 100 per hour')")
        limits.append(Limit(int(found.group(1)), UNITS[found.group(2)]))
    if max(limit.seconds for limit in limits) > KEPT.total_seconds():
        raise ValueError(f"a window longer than {KEPT} in {text!r}")
    return tuple(limits)


def wait(key: str, limits: tuple[Limit, ...]) -> int:
    """0 when one more attempt under ``key`` is within ``limits``; else the seconds until it is."""
    now = utcnow()
    key = key[:KEY_LENGTH]
    columns: list[Any] = []
    for limit in limits:
        recent = AuthAttempt.at > now - timedelta(seconds=limit.seconds)
        columns += [func.count().filter(recent), func.min(AuthAttempt.at).filter(recent)]
    longest = max(limit.seconds for limit in limits)
    row = db.session.execute(
        select(*columns).where(AuthAttempt.key == key, AuthAttempt.at > now - timedelta(seconds=longest))
    ).one()
    seconds = 0.0
    for index, limit in enumerate(limits):
        count, oldest = row[2 * index], row[2 * index + 1]
        if count >= limit.count:
            # One more is allowed when the oldest attempt in the window leaves it.
            until = as_utc(oldest) + timedelta(seconds=limit.seconds) - now
            seconds = max(seconds, until.total_seconds(), 1)
    return math.ceil(seconds)


def record(*keys: str) -> None:
    """Count one attempt under each of ``keys`` (and forget the ones older than :data:`KEPT`); commits."""
    now = utcnow()
    db.session.execute(delete(AuthAttempt).where(AuthAttempt.at < now - KEPT))
    db.session.add_all(AuthAttempt(key=key[:KEY_LENGTH], at=now) for key in keys)
    db.session.commit()


def forget(*keys: str) -> None:
    """Drop what was counted under ``keys``; commits (for the command line and tests)."""
    db.session.execute(delete(AuthAttempt).where(AuthAttempt.key.in_([k[:KEY_LENGTH] for k in keys])))
    db.session.commit()
