"""What the wall shows, and its read-only link.

**The read-only link** is a signed URL, not a stored token: ``/w/<token>`` where the token is the
event's id and the number of hidden rounds, signed with the app's secret key (itsdangerous, salt
``scorekeeper.wall``). It opens only what the wall in the room shows anyway (seating, countdown,
standings), so it needs no revoking of its own: it stops with the event (deleted: 404) or with a new
secret key, and a wall with rounds hidden gives a link that hides them too. Nothing is written to the
database to make or check it, so a wall costs the server no row and no migration.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import segno
from flask import current_app
from flask_babel import gettext as _
from itsdangerous import BadSignature, URLSafeSerializer
from markupsafe import Markup, escape

from ..models import Entry, Event
from ..services.event_reads import EventView, RoundView, event_standings_through
from ..standings import Standing
from ..vocabulary import number
from .clock import Countdown, countdown
from .wall_series import wall_series

#: Seconds between two polls of the wall (a saved hand reaches it within 2 s; tests make it shorter).
WALL_POLL_SECONDS: Final = 1.5
SALT: Final = "scorekeeper.wall"
#: At most this many rounds can be hidden (a longer query string is ignored).
MAX_HIDE: Final = 99
#: The minus sign of a negative difference on the wall (not the hyphen-minus).
MINUS: Final = "\u2212"


def _signer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key or "", salt=SALT)


def wall_token(event_id: int, hide: int) -> str:
    return _signer().dumps([event_id, hide])


def read_wall_token(token: str) -> tuple[int, int] | None:
    """``(event id, hidden rounds)`` of a token this app signed, else ``None``."""
    if len(token) > 200:
        return None
    try:
        data = _signer().loads(token)
    except BadSignature:
        return None
    if (
        not isinstance(data, list)
        or len(data) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in data)
        or not 0 <= data[1] <= MAX_HIDE
    ):
        return None
    return data[0], data[1]


def wall_qr(url: str) -> Markup:
    return _qr(url, str(_("QR code to follow the standings on a phone")))


@functools.lru_cache(maxsize=64)
def _qr(url: str, label: str) -> Markup:
    svg = segno.make(url, error="m").svg_inline(
        scale=4, title=label, svgclass="qr", lineclass=None, light="#fff"
    )
    named = svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)
    # segno's own SVG; the only text added to it is escaped.
    return Markup(named)  # nosec B704


def side_of(entries: Sequence[Entry]) -> dict[str, Any]:
    """A side of a table: its entry's name (two players' entries in ``individual``: their names
    joined), and its players."""
    name = " & ".join(e.name for e in entries)
    players = [p for e in entries for p in e.players]
    return {"name": name, "players": players}


def _table_cards(current: RoundView | None, entries: Mapping[int, Entry]) -> list[dict[str, Any]]:
    """The wall's card of each table of the round in play (none before the first round)."""
    if current is None:
        return []
    return [
        {
            "number": tv.table.number,
            "sides": [side_of([entries[i] for i in ids if i in entries]) for ids in tv.table.sides],
            "hands": tv.hands,
            "totals": list(tv.totals),
            "finished": tv.finished,
            "winner": tv.match.winner,
        }
        for tv in current.tables
    ]


def _bye_names(current: RoundView | None, entries: Mapping[int, Entry]) -> list[str]:
    """The names of the round's byes (none before the first round)."""
    return [entries[i].name for i in (current.round.byes if current else []) if i in entries]


def _standings(ev: EventView, through: int | None) -> Sequence[Standing]:
    """The standings after round ``through`` (``None``: after every round played)."""
    if through is None:
        return ev.standings
    return tuple(event_standings_through(ev.event, max(0, through)))


def _standing_rows(standings: Sequence[Standing], entries: Mapping[int, Entry]) -> list[dict[str, Any]]:
    """Each standing with its entry's name (``?``: an entry not in ``entries``) and whether it is absent."""
    return [
        {
            "s": s,
            "name": entries[s.entry].name if s.entry in entries else "?",
            "absent": s.entry in entries and not entries[s.entry].present,
        }
        for s in standings
    ]


def _round_countdown(event: Event, current: RoundView | None) -> Countdown | None:
    """The countdown of the round in play (``None`` when the game is not timed)."""
    seated_at = current.round.seated_at if current else None
    return countdown(event.game, seated_at, bool(current and current.round.closed))


def _number_formatter(signed: bool = False) -> Callable[[int | float], str]:
    """:func:`number`, each value formatted once per page; ``signed``: a difference, with its sign
    as the console writes it (``+315``) and a real minus sign (``−985``, U+2212, as a board prints it)."""
    formatted: dict[int | float, str] = {}

    def num(value: int | float) -> str:
        if value not in formatted:
            text = number(value, signed=signed)
            formatted[value] = text.replace("-", MINUS, 1) if signed and value < 0 else text
        return formatted[value]

    return num


def _final(event: Event, rows: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The last word of a finished event (``None`` while it runs): its winners (every entry ranked
    first) and its day (the day it was held, else the day it ended)."""
    if not event.finished:
        return None
    winners = [row["name"] for row in rows if row["s"].rank == 1]
    ended = event.finished_at.date() if event.finished_at is not None else None
    return {"winners": winners, "day": event.held_on or ended}


def wall_context(ev: EventView, hide: int) -> dict[str, Any]:
    """The round in play (its tables, byes, countdown) and the standings, the last ``hide`` rounds
    left out of them."""
    event = ev.event
    entries = {e.id: e for e in ev.entries}
    current = ev.rounds[-1] if ev.rounds else None
    tables = _table_cards(current, entries)
    byes = _bye_names(current, entries)
    through = len(ev.rounds) - hide if hide else None
    rows = _standing_rows(_standings(ev, through), entries)
    return {
        "num": _number_formatter(),
        "signed": _number_formatter(signed=True),
        "final": _final(event, rows),
        "event": event,
        "round": current.round if current else None,
        "tables": tables,
        "byes": byes,
        "countdown": _round_countdown(event, current),
        "standings": rows,
        "through": through,
        "hidden": hide if through is not None else 0,
        "dense": len(rows) > 16 or len(tables) > 8,
        **wall_series(event),
    }
