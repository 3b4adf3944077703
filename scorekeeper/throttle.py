"""Counting attempts (failed logins, registrations) per key in the app's own database, atomically.

Every gunicorn worker and every machine share the database, so a limit of 10 per minute is 10 per
minute whatever the number of processes (a per-process memory store lets each worker count alone).
Limits are written as in the configuration: ``"10 per minute; 100 per hour"``, and a slow-down as
``"10 per hour, then 1 per minute"`` (after 10 in an hour, one more each minute: whoever waits,
waits a minute at most).

:func:`attempt` checks and counts in one transaction that first locks a row per key
(:class:`~scorekeeper.models.AuthKey`, an upsert: a row lock on PostgreSQL, the database's write lock
on SQLite), so simultaneous attempts are counted one after the other and never get past a limit
together. An attempt is counted *before* the password is checked and released after a success
(:meth:`Attempt.release`): a check under way counts, so thirty simultaneous guesses against a limit
of ten get ten checks.

The time comes from :func:`now`, which tests replace (``app.extensions[CLOCK]``): time limits are
tested without sleeping.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Final

from flask import current_app
from sqlalchemy import Connection, delete, func, insert, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError

from .extensions import db
from .invariant import committed
from .models import AuthAttempt, AuthKey, as_utc, utcnow

UNITS: Final = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_UNIT: Final = r"(?:per|/)\s*(second|minute|hour|day)s?"
_LIMIT: Final = re.compile(rf"^\s*(\d+)\s*{_UNIT}\s*(?:,\s*then\s+(?:1|one)\s*{_UNIT}\s*)?$")
#: Attempts are kept this long, so no window may be longer.
KEPT: Final = timedelta(days=1)
KEY_LENGTH: Final = 120
#: Where a test puts the clock the limits read (a function returning an aware ``datetime``).
CLOCK: Final = "scorekeeper.throttle.clock"

#: Seconds between two prunes of old attempts in one process.
PRUNE_EVERY: Final = 60
_pruned: datetime | None = None

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limit:
    """At most ``count`` attempts in any ``seconds``; with ``then``, one more every ``then`` seconds
    after those (a slow-down rather than a stop)."""

    count: int
    seconds: int
    then: int | None = None


def parse(text: str) -> tuple[Limit, ...]:
    """``"10 per minute; 100 per hour"`` or ``"10 per hour, then 1 per minute"`` as limits.
    :raise ValueError: anything else."""
    limits = []
    for part in text.split(";"):
        found = _LIMIT.match(part)
        if not found:
            example = "'10 per minute; 100 per hour' or '10 per hour, then 1 per minute'"
            raise ValueError(f"not a limit: {part!r} (write e.g. {example})")
        then = UNITS[found.group(3)] if found.group(3) else None
        limit = Limit(int(found.group(1)), UNITS[found.group(2)], then)
        if then is not None and then > limit.seconds:
            raise ValueError(f"a slow-down slower than its window in {part!r}")
        limits.append(limit)
    if max(limit.seconds for limit in limits) > KEPT.total_seconds():
        raise ValueError(f"a window longer than {KEPT} in {text!r}")
    return tuple(limits)


def longest_wait(limits: tuple[Limit, ...]) -> int:
    """The longest any one attempt may be told to wait under ``limits`` (what docs/reliability.md
    calls the owner's longest wait, for a slow-down)."""
    return max(limit.then or limit.seconds for limit in limits)


def now() -> datetime:
    """The time the limits are judged at: the app's clock (:data:`CLOCK`), else the real one."""
    clock: Callable[[], datetime] | None = current_app.extensions.get(CLOCK)
    return clock() if clock is not None else utcnow()


@dataclass
class Attempt:
    """One attempt, counted under its keys (``wait == 0``), or refused (``wait``: seconds until one
    more is allowed under ``refused_by``; nothing was counted)."""

    wait: int = 0
    refused_by: tuple[str, ...] = ()
    rows: dict[str, int] = field(default_factory=dict)

    def release(self, *keys: str) -> None:
        """Uncount this attempt (a successful login is no guess) under ``keys``, else all; commits."""
        names = [key[:KEY_LENGTH] for key in keys] if keys else list(self.rows)
        ids = [self.rows.pop(name) for name in names if name in self.rows]
        if ids:
            with committed():
                db.session.execute(delete(AuthAttempt).where(AuthAttempt.id.in_(ids)))


def _lock(connection: Connection, key: str, moment: datetime) -> None:
    """Lock ``key``'s row for the rest of the transaction (made if new)."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(AuthKey).values(key=key, at=moment)
    connection.execute(statement.on_conflict_do_update(index_elements=[AuthKey.key], set_={"at": moment}))


def _wait(connection: Connection, key: str, limits: tuple[Limit, ...], moment: datetime) -> int:
    """0 when one more attempt under ``key`` is within ``limits`` at ``moment``; else the seconds
    until it is."""
    columns: list[Any] = []
    for limit in limits:
        recent = AuthAttempt.at > moment - timedelta(seconds=limit.seconds)
        columns += [
            func.count().filter(recent),
            func.min(AuthAttempt.at).filter(recent),
            func.max(AuthAttempt.at).filter(recent),
        ]
    longest = max(limit.seconds for limit in limits)
    row = connection.execute(
        select(*columns).where(AuthAttempt.key == key, AuthAttempt.at > moment - timedelta(seconds=longest))
    ).one()
    seconds = 0.0
    for index, limit in enumerate(limits):
        count, oldest, newest = row[3 * index : 3 * index + 3]
        if count < limit.count:
            continue
        if limit.then is not None:  # slowed down: one more when the latest is ``then`` seconds old
            until = (as_utc(newest) + timedelta(seconds=limit.then) - moment).total_seconds()
            seconds = max(seconds, until)
        else:  # one more when the oldest attempt in the window leaves it
            until = (as_utc(oldest) + timedelta(seconds=limit.seconds) - moment).total_seconds()
            seconds = max(seconds, until, 1)
    return math.ceil(seconds) if seconds > 0 else 0


def attempt(limits: Mapping[str, tuple[Limit, ...]]) -> Attempt:
    """Count one attempt now under every key of ``limits`` if each stays within its limits, else
    count nothing and say how long to wait; atomic (see the module's docstring). Commits the
    session (which must hold nothing else): one connection per request, never two."""
    moment = now()
    keys = sorted({key[:KEY_LENGTH]: value for key, value in limits.items()}.items())
    with committed() as session:  # the locks are held until it commits
        connection = session.connection()
        for key, _limits in keys:  # always in the same order: no two attempts wait for each other
            _lock(connection, key, moment)
        waits = {key: _wait(connection, key, key_limits, moment) for key, key_limits in keys}
        longest = max(waits.values(), default=0)
        rows: dict[str, int] = {}
        if not longest:
            counting = insert(AuthAttempt).returning(AuthAttempt.id)
            for key, _ in keys:
                rows[key] = connection.execute(counting, {"key": key, "at": moment}).scalar_one()
    if longest:
        return Attempt(longest, tuple(key for key, wait in waits.items() if wait))
    _prune(moment)
    return Attempt(rows=rows)


def _prune(moment: datetime) -> None:
    """Forget attempts and keys older than :data:`KEPT`, at most once per :data:`PRUNE_EVERY` in
    each process, in a transaction of its own that holds no other lock; housekeeping, so a clash
    with another prune is left for the next one."""
    global _pruned
    if _pruned is not None and abs((moment - _pruned).total_seconds()) < PRUNE_EVERY:
        return
    _pruned = moment
    try:
        with committed():
            db.session.execute(delete(AuthAttempt).where(AuthAttempt.at < moment - KEPT))
            db.session.execute(delete(AuthKey).where(AuthKey.at < moment - KEPT))
    except DBAPIError as error:  # pragma: no cover - a deadlock between two prunes (rolled back)
        log.info("throttle: pruning left for later: %s", error)


def wait(key: str, limits: tuple[Limit, ...]) -> int:
    """0 when one more attempt under ``key`` is within ``limits``; else the seconds until it is.
    Only a look: prefer :func:`attempt`, which checks and counts at once."""
    return _wait(db.session.connection(), key[:KEY_LENGTH], limits, now())


def record(*keys: str) -> None:
    """Count one attempt under each of ``keys``, whatever the limits; commits."""
    moment = now()
    with committed():
        for key in keys:
            db.session.execute(insert(AuthAttempt).values(key=key[:KEY_LENGTH], at=moment))
    _prune(moment)


def forget(*keys: str) -> None:
    """Drop what was counted under ``keys``; commits (for the command line and tests)."""
    with committed():
        db.session.execute(delete(AuthAttempt).where(AuthAttempt.key.in_([k[:KEY_LENGTH] for k in keys])))
