"""The time the countdowns count from: the server's clock, or the test's (``TABLES_CLOCK`` in the
app's config: a function answering an aware UTC datetime), so a countdown is tested without sleeping."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import current_app


def now() -> datetime:
    clock: Callable[[], datetime] | None = current_app.config.get("TABLES_CLOCK")
    moment = clock() if clock is not None else datetime.now(UTC)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Countdown:
    """A timed game's time left: ``ends_at_ms`` and ``now_ms`` (milliseconds since 1970, UTC) for
    static/countdown.js, and the time left when the page was made, as text."""

    ends_at_ms: int
    now_ms: int
    left_seconds: int

    @property
    def left_text(self) -> str:
        s = max(0, self.left_seconds)
        hours, rest = divmod(s, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def countdown(game: dict[str, Any], seated_at: datetime | None, closed: bool) -> Countdown | None:
    """The countdown of a round of games of ``{"minutes": M}`` seated at ``seated_at`` (``None``:
    not a timed game, no round, or the round is closed)."""
    minutes = game.get("minutes") if isinstance(game, dict) else None
    if not isinstance(minutes, int) or seated_at is None or closed:
        return None
    start = seated_at if seated_at.tzinfo else seated_at.replace(tzinfo=UTC)
    ends = start + timedelta(minutes=minutes)
    current = now()
    return Countdown(
        ends_at_ms=int(ends.timestamp() * 1000),
        now_ms=int(current.timestamp() * 1000),
        left_seconds=int((ends - current).total_seconds()),
    )
