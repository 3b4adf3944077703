"""Series of club nights (issue 21, item 3): the writes (a series made, an event put in one or taken
out) and the read of its standings, derived from its finished events' standings
(:func:`.event_reads.event_standings`) by :mod:`scorekeeper.series`; nothing of it is stored but the
series' settings and each event's ``series_id``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import ALL_RULESETS, Event, Player, PlayerRating, Series
from ..rules import N_, FieldError, ValidationError
from ..rules.errors import ErrorCollector
from ..rules.house_rules import is_whole_number
from ..rules.text import UNSTORABLE_MESSAGE, storable
from ..series import SeriesStanding, from_points, night_points
from .errors import MAX_ID, NotFound
from .event_reads import _WHOLE, event_standings, get_event
from .unit_of_work import transaction

MAX_SERIES_NAME: Final = 100
#: Most nights counted per player, and least nights to be ranked, an organiser may set.
MAX_NIGHTS: Final = 366


@dataclass(frozen=True)
class SeriesSettings:
    name: str
    best: int
    minimum: int


def check_series(data: Any) -> SeriesSettings:
    """``{"name": ..., "best": N, "minimum": M}`` (``minimum`` 1 if left out).

    :raise ValidationError: at the field."""
    errors = ErrorCollector()
    if not isinstance(data, dict):
        raise ValidationError([FieldError("_", N_("Send an object."))])
    for key in sorted(set(data) - {"name", "best", "minimum"}, key=str):
        errors.add(str(key), N_("Unknown field."))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        errors.add("name", N_("Give it a name."))
    elif not storable(name):
        errors.add("name", UNSTORABLE_MESSAGE)
    elif len(name.strip()) > MAX_SERIES_NAME:
        errors.add("name", N_("At most {maximum} characters."), maximum=MAX_SERIES_NAME)
    numbers: dict[str, int] = {}
    for key, low, default in (("best", 1, None), ("minimum", 0, 1)):
        value: Any = data.get(key, default)
        if is_whole_number(value) and low <= value <= MAX_NIGHTS:
            numbers[key] = int(value)
        else:
            errors.add(key, N_("A whole number from {low} to {high}."), low=low, high=MAX_NIGHTS)
    errors.raise_if_any()
    return SeriesSettings(str(name).strip(), numbers["best"], numbers["minimum"])


def create_series(club_id: int, data: Any) -> tuple[Series, bool]:
    """The account's series of that name, made if new: ``(series, made)``. The name is the key: the
    same request again (a double tap, a retry) finds the first one and makes nothing.

    :raise ValidationError: at the field; at ``name`` for a series of that name with other settings.
    """
    settings = check_series(data)
    for _attempt in range(2):
        found = db.session.scalar(
            select(Series).where(Series.club_id == club_id, Series.name == settings.name)
        )
        if found is not None:
            if (found.best, found.minimum) != (settings.best, settings.minimum):
                message = N_("A series of this name exists with other settings.")
                raise ValidationError([FieldError("name", message)])
            return found, False
        try:
            with transaction():
                series = Series(
                    club_id=club_id, name=settings.name, best=settings.best, minimum=settings.minimum
                )
                db.session.add(series)
            return series, True
        except IntegrityError:
            continue  # the same name made at the same moment: found on the next pass
    raise AssertionError("unreachable: the series of that name exists")


def get_series(club_id: int, series_id: int) -> Series:
    """:raise NotFound: not a series of the account."""
    if not 1 <= series_id <= MAX_ID:
        raise NotFound(series_id)
    found: Series | None = db.session.scalar(
        select(Series).where(Series.id == series_id, Series.club_id == club_id)
    )
    if found is None:
        raise NotFound(series_id)
    return found


def list_series(club_id: int) -> list[Series]:
    return list(db.session.scalars(select(Series).where(Series.club_id == club_id).order_by(Series.name)))


def event_id_of(data: Any) -> int:
    """The event id of ``{"event": ID}``. :raise ValidationError: at ``event`` (or ``_``)."""
    if not isinstance(data, dict):
        raise ValidationError([FieldError("_", N_("Send an object."))])
    unknown = sorted(set(data) - {"event"}, key=str)
    if unknown:
        raise ValidationError([FieldError(str(unknown[0]), N_("Unknown field."))])
    value: Any = data.get("event")
    if not is_whole_number(value) or not 1 <= value <= MAX_ID:
        raise ValidationError([FieldError("event", N_("An event's id."))])
    return int(value)


def set_event_series(series: Series, event_id: int, included: bool) -> None:
    """Put the account's event ``event_id`` in ``series`` (``included``) or take it out; doing it
    again changes nothing. :raise NotFound: not an event of the series' account."""
    event = get_event(series.club_id, event_id)
    wanted = series.id if included else None
    if not included and event.series_id != series.id:
        return  # in another series, or none: not this one's to take out
    if event.series_id == wanted:
        return
    with transaction():
        event.series_id = wanted


@dataclass(frozen=True)
class Night:
    event_id: int
    name: str
    held_on: date
    entries: int


@dataclass(frozen=True)
class SeriesTable:
    series: Series
    #: The finished events counted, in the order they were held.
    nights: list[Night]
    #: The events of the series not finished yet (not counted).
    pending: int
    standings: list[SeriesStanding[str]]
    #: Each player's rating (every rule set's ordinal) beside the standings; absent: not rated.
    ratings: dict[str, float]


def series_table(series: Series) -> SeriesTable:
    """The series' standings from its finished events, each player taking the points of their
    entry's place; a fixed number of statements (the events with their games, the ratings)."""
    events = list(db.session.scalars(select(Event).where(Event.series_id == series.id).options(*_WHOLE)))
    finished = sorted(
        (e for e in events if e.finished),
        key=lambda e: (e.held_on or e.created_at.date(), e.created_at, e.id),
    )
    nights: list[Night] = []
    points: list[dict[str, float]] = []
    for event in finished:
        # Places are the entries' (a pair takes one place): points per entry, then to its players.
        players = {entry.id: list(entry.players) for entry in event.entries}
        by_entry = night_points({s.entry: s.rank for s in event_standings(event)})
        points.append({name: by_entry[entry] for entry, names in players.items() for name in names})
        nights.append(Night(event.id, event.name, event.held_on or event.created_at.date(), len(players)))
    table = from_points(points, series.best, series.minimum)
    ratings = dict(
        db.session.execute(
            select(Player.name, PlayerRating.ordinal)
            .join(PlayerRating, PlayerRating.player_id == Player.id)
            .where(Player.club_id == series.club_id, PlayerRating.scope == ALL_RULESETS)
        ).all()
    )
    return SeriesTable(series, nights, len(events) - len(finished), table, ratings)
