"""What the director's console and the printables show, from the event's reads
(:func:`scorekeeper.services.event_reads.event_view`): names instead of entry ids, each table's
activity, the time left of a timed round, whether a phone uses the table's link.

The time comes from :func:`now`, which tests replace (``app.extensions[CLOCK]``): countdowns are
tested without sleeping.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

from flask import current_app

from ..models import as_utc, utcnow

CLOCK: Final = "scorekeeper.events.clock"
#: A link used within this long counts as "a device on the link" (a phone polls far more often).
DEVICE_RECENT: Final = timedelta(minutes=10)


def now() -> datetime:
    """The console's time: the app's clock (:data:`CLOCK`), else the real one."""
    clock: Callable[[], datetime] | None = current_app.extensions.get(CLOCK)
    return clock() if clock is not None else utcnow()


def ends_at(seated_at: datetime | None, minutes: int | None) -> datetime | None:
    """When a round of ``minutes`` seated at ``seated_at`` ends (``None``: untimed)."""
    if not minutes or seated_at is None:
        return None
    return as_utc(seated_at) + timedelta(minutes=minutes)


def seconds_left(seated_at: datetime | None, minutes: int | None, at: datetime) -> int | None:
    """Seconds left of a round of ``minutes`` seated at ``seated_at`` (negative once over);
    ``None`` for an untimed round."""
    end = ends_at(seated_at, minutes)
    return None if end is None else int((end - as_utc(at)).total_seconds())


def clock_text(seconds: int) -> str:
    """``12:05`` for 725 seconds; ``0:00`` once over."""
    seconds = max(seconds, 0)
    return f"{seconds // 60}:{seconds % 60:02d}"


def game_minutes(game: Mapping[str, Any] | None) -> int | None:
    value = (game or {}).get("minutes")
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else None


def game_hands(game: Mapping[str, Any] | None) -> int | None:
    value = (game or {}).get("hands")
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else None


def entry_names(entries: Sequence[Any]) -> dict[int, str]:
    return {int(e.id): str(e.name) for e in entries}


def side_name(names: Mapping[int, str], side: Sequence[int]) -> str:
    return " & ".join(names.get(int(e), f"#{e}") for e in side)


@dataclass(frozen=True)
class TableRow:
    """One table of a round on the console and the printables."""

    number: int
    match_id: int
    sides: list[str]
    finished: bool
    confirmed: list[bool]
    hands: int
    totals: list[int]
    last_activity: datetime | None
    #: ``None``: no link for this table; else whether a phone used it lately, and when last.
    device: bool | None
    used_at: datetime | None

    @property
    def all_confirmed(self) -> bool:
        return bool(self.confirmed) and all(self.confirmed)


def table_rows(
    round_view: Any,
    names: Mapping[int, str],
    links: Mapping[int, Any],
    at: datetime,
    activity: Mapping[int, datetime] | None = None,
) -> list[TableRow]:
    """The round's tables with names, activity and link use. ``activity``: when each game's hands
    last changed, by match id (see :func:`.event_reads.last_hand_times`); a game with none shows when
    it was seated. Closing the round or a confirmation does not count as the table's activity."""
    activity = activity or {}
    rows = []
    for tv in round_view.tables:
        link = links.get(tv.table.number)
        used = getattr(link, "used_at", None) if link is not None else None
        device = None if link is None else (used is not None and as_utc(at) - as_utc(used) <= DEVICE_RECENT)
        rows.append(
            TableRow(
                number=tv.table.number,
                match_id=tv.match.id,
                sides=[side_name(names, side) for side in tv.table.sides],
                finished=bool(tv.finished),
                confirmed=[bool(c) for c in (tv.table.confirmed or [])],
                hands=int(tv.hands),
                totals=list(tv.totals),
                last_activity=activity.get(tv.match.id, tv.match.created_at),
                device=device,
                used_at=used,
            )
        )
    return rows


def standings_rows(standings: Sequence[Any], entries: Sequence[Any]) -> list[dict[str, Any]]:
    """The standings (API.md's columns) with each entry's name and players."""
    by_id = {int(e.id): e for e in entries}
    rows = []
    for s in standings:
        entry = by_id.get(int(s.entry))
        rows.append(
            {
                "rank": s.rank,
                "entry": s.entry,
                "name": entry.name if entry is not None else "",
                "players": list(entry.players) if entry is not None else [],
                "played": s.played,
                "won": s.won,
                "drawn": s.drawn,
                "lost": s.lost,
                "byes": s.byes,
                "match_points": s.match_points,
                "points_for": s.points_for,
                "points_against": s.points_against,
                "difference": s.difference,
            }
        )
    return rows


#: The standings' columns, in API.md's order (the CSV's and the pages').
STANDING_COLUMNS: Final = (
    "rank",
    "name",
    "played",
    "won",
    "drawn",
    "lost",
    "byes",
    "match_points",
    "points_for",
    "points_against",
    "difference",
)
