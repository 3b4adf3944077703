"""Club nights: events, their entries, rounds and tables, and the table links (API.md, "Club
nights"). Each table's game is an ordinary match of the organiser, created and changed through the
match services (:mod:`.matches`), so history, statistics, exports, the hand page, the offline queue
and the edit log work on it unchanged. The event is a layer above: it seats, settles and reads.

Each write is one unit of work (:func:`.unit_of_work.match_write` when matches change, else
:func:`.unit_of_work.transaction`), so a page form's single-use key (:mod:`scorekeeper.single_use`)
is recorded with it. Errors: :class:`.NotFound`, :class:`.Conflict`, the rules'
:class:`~scorekeeper.rules.ValidationError` (field paths as API.md names them), and
:class:`InvalidTableToken` (a table token that opens nothing: 401).

What holds for an event's match wherever it is changed (the API, the hand page, the offline sync)
lives in the match write path itself: a settled match (its round closed) takes no new hand
(:func:`.matches.add_hand`), a correction of its hands sets its table's ``confirmed`` back to false
(:data:`.matches.HAND_CHANGE_HOOKS`), and it cannot be deleted (:data:`.matches.DELETE_CHECKS`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Final

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from .. import pairings
from ..extensions import db
from ..models import EditLog, Entry, Event, EventRound, EventTable, Match, TableLink, utcnow
from ..rules import N_, FieldError, HandResult, ValidationError, check_new_match
from ..rules.errors import ErrorCollector
from ..rules.house_rules import is_whole_number
from ..rules.match_setup import MAX_NAME
from ..rules.text import UNSTORABLE_MESSAGE, storable
from ..standings import DEFAULT_POINTS
from . import event_reads, matches
from .errors import Conflict, NotFound
from .event_reads import TableAccess, check_can_seat, current_round, seated_names, side_name, table_count
from .matches import MatchView, add_hand, settle_match
from .players import find_or_add_players
from .submission_keys import KEY_FIELD, SubmissionKey
from .unit_of_work import actor_or_owner, match_write, retried, transaction

FORMATS: Final = ("round_robin", "mitchell", "swiss", "individual")
#: ``held_on``: YYYY-MM-DD only (``date.fromisoformat`` alone takes week dates and more).
ISO_DATE: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
EVENT_KEYS: Final = frozenset(
    {"name", "ruleset", "house_rules", "target", "format", "rounds", "game", "points", "entries", "held_on"}
)
MIN_ENTRIES: Final = 2
MIN_INDIVIDUAL: Final = 4
MAX_ENTRIES: Final = 200
MAX_EVENT_NAME: Final = 100
MAX_GAME_HANDS: Final = 50
MAX_GAME_MINUTES: Final = 600
MAX_MATCH_POINTS: Final = 1000
#: A link's last use is written at most this often (the console shows "a device on the link").
TOUCH_EVERY: Final = timedelta(minutes=1)


class InvalidTableToken(LookupError):
    """No active link has this token: ``why`` is ``unknown``, ``revoked``, ``replaced`` or
    ``finished`` (its event is over), for the page that says so."""

    def __init__(self, why: str = "unknown") -> None:
        self.why = why
        super().__init__(why)


@dataclass(frozen=True)
class RequestKey:
    """An API client's ``Idempotency-Key`` for a create, with the SHA-256 of its request: the same
    key and request again answers what was created; the same key with another request is a 422 at
    ``Idempotency-Key``."""

    key: str
    digest: str


def request_digest(data: Any) -> str:
    """SHA-256 of a create's body (JSON, keys sorted)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _key_reused() -> ValidationError:
    return ValidationError([FieldError(KEY_FIELD, N_("This key was already used for another request."))])


# --- Creating an event ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _EntryData:
    name: str
    players: tuple[str, ...]


def _check_name(errors: ErrorCollector, value: Any, path: str, maximum: int = MAX_NAME) -> str:
    if not isinstance(value, str) or not value.strip():
        errors.add(path, N_("Give it a name."))
    elif not storable(value):
        errors.add(path, UNSTORABLE_MESSAGE)
    elif len(value.strip()) > maximum:
        errors.add(path, N_("At most {maximum} characters."), maximum=maximum)
    else:
        return value.strip()
    return ""


def _check_entry(errors: ErrorCollector, data: Any, path: str, size: int | None) -> _EntryData | None:
    """One entry ``{"name"?, "players": [1 or 2 names]}``; ``size``: the players each entry has."""
    if not isinstance(data, Mapping):
        errors.add(path, N_("Each entry must be an object with its players."))
        return None
    for key in sorted(set(data) - {"name", "players"}, key=str):
        errors.add(f"{path}.{key}", N_("Unknown field."))
    players = data.get("players")
    allowed = (size,) if size is not None else (1, 2)
    if not isinstance(players, list) or len(players) not in allowed:
        if size == 1:
            errors.add(f"{path}.players", N_("An entry of this event has one player."))
        elif size == 2:
            errors.add(f"{path}.players", N_("An entry of this event has two players."))
        else:
            errors.add(f"{path}.players", N_("An entry has 1 or 2 players."))
        return None
    before = len(errors.errors)
    names = tuple(_check_name(errors, p, f"{path}.players.{i}") for i, p in enumerate(players))
    if len({n.casefold() for n in names}) != len(names) and len(errors.errors) == before:
        errors.add(f"{path}.players", N_("A player can be in only one entry."))
    name = data.get("name")
    entry_name = _check_name(errors, name, f"{path}.name") if name is not None else " & ".join(names)
    if name is None and len(entry_name) > MAX_NAME:
        entry_name = entry_name[:MAX_NAME].strip()
    return _EntryData(entry_name, names) if len(errors.errors) == before else None


def _check_unique(
    errors: ErrorCollector, entries: Sequence[tuple[str, _EntryData]], existing: Sequence[Entry] = ()
) -> None:
    """Entry names distinct, no player in two entries (at the later entry's path)."""
    names = {e.name.casefold() for e in existing}
    players = {p.casefold() for e in existing for p in e.players}
    for path, entry in entries:
        if entry.name.casefold() in names:
            errors.add(path, N_("Another entry has the name {name}."), name=entry.name)
        taken = [p for p in entry.players if p.casefold() in players]
        if taken:
            errors.add(path, N_("{player} is already in another entry."), player=taken[0])
        names.add(entry.name.casefold())
        players.update(p.casefold() for p in entry.players)


def _check_game(errors: ErrorCollector, game: Any) -> dict[str, int]:
    if not isinstance(game, Mapping) or len(game) > 1:
        errors.add("game", N_('Give {{"hands": N}}, {{"minutes": M}} or {{}} (play to the target).'))
        return {}
    for key, value in game.items():
        limits = {"hands": MAX_GAME_HANDS, "minutes": MAX_GAME_MINUTES}
        if key not in limits:
            errors.add(f"game.{key}", N_("Unknown field."))
        elif not is_whole_number(value) or not 1 <= value <= limits[key]:
            errors.add(f"game.{key}", N_("Must be a whole number from 1 to {maximum}."), maximum=limits[key])
        else:
            return {key: int(value)}
    return {}


def _check_points(errors: ErrorCollector, points: Any) -> dict[str, int]:
    if points is None:
        return dict(DEFAULT_POINTS)
    if not isinstance(points, Mapping):
        errors.add("points", N_("Must be an object with win, draw, loss and bye."))
        return dict(DEFAULT_POINTS)
    result = dict(DEFAULT_POINTS)
    for key, value in points.items():
        if key not in DEFAULT_POINTS:
            errors.add(f"points.{key}", N_("Unknown field."))
        elif not is_whole_number(value) or not 0 <= value <= MAX_MATCH_POINTS:
            errors.add(
                f"points.{key}", N_("Must be a whole number from 0 to {maximum}."), maximum=MAX_MATCH_POINTS
            )
        else:
            result[key] = int(value)
    return result


def _check_rounds(errors: ErrorCollector, fmt: str, rounds: Any, count: int) -> int:
    default = pairings.default_rounds(fmt, count)
    most = pairings.max_rounds(fmt, count)
    if rounds is None:
        if default is None:
            errors.add("rounds", N_("Say how many rounds the event has (1 to {maximum})."), maximum=most)
            return 0
        return default
    if not is_whole_number(rounds) or not 1 <= rounds <= most:
        errors.add("rounds", N_("Must be a whole number from 1 to {maximum}."), maximum=most)
        return 0
    return int(rounds)


def _check_held_on(errors: ErrorCollector, value: Any) -> dt.date | None:
    if value is None:
        return None
    try:
        if not isinstance(value, str) or not ISO_DATE.fullmatch(value):
            raise ValueError(value)
        return dt.date.fromisoformat(value)
    except ValueError:
        errors.add("held_on", N_("Must be a date, YYYY-MM-DD."))
        return None


def _check_entries(errors: ErrorCollector, fmt: str, data: Any) -> list[_EntryData]:
    low = MIN_INDIVIDUAL if fmt == "individual" else MIN_ENTRIES
    if not isinstance(data, list) or not low <= len(data) <= MAX_ENTRIES:
        errors.add(
            "entries", N_("An event has {minimum} to {maximum} entries."), minimum=low, maximum=MAX_ENTRIES
        )
        return []
    size: int | None = 1 if fmt == "individual" else None
    checked: list[tuple[str, _EntryData]] = []
    for i, item in enumerate(data):
        entry = _check_entry(errors, item, f"entries.{i}", size)
        if entry is not None:
            size = size or len(entry.players)
            checked.append((f"entries.{i}", entry))
    _check_unique(errors, checked)
    return [entry for _path, entry in checked]


@dataclass(frozen=True)
class _EventData:
    name: str
    held_on: dt.date | None
    ruleset: str
    target: int
    house_rules: dict[str, Any]
    format: str
    rounds: int
    game: dict[str, int]
    points: dict[str, int]
    entries: list[_EntryData]


def check_event(data: Any) -> _EventData:
    """Read and check a new event (API.md's body). :raise ValidationError: every problem."""
    errors = ErrorCollector()
    if not isinstance(data, Mapping):
        errors.add("_", N_("An event must be a JSON object."))
        errors.raise_if_any()
    for key in sorted(set(data) - EVENT_KEYS, key=str):
        errors.add(str(key), N_("Unknown field."))
    name = _check_name(errors, data.get("name"), "name", MAX_EVENT_NAME)
    fmt = data.get("format")
    if fmt not in FORMATS:
        errors.add("format", N_("Must be one of: {formats}."), formats=", ".join(FORMATS))
    game = _check_game(errors, data.get("game", {}))
    house_rules = data.get("house_rules") or {}
    if "hands" in game and isinstance(house_rules, Mapping) and "hands_limit" in house_rules:
        errors.add("house_rules.hands_limit", N_("The game's number of hands sets it; leave it out here."))
    elif "hands" in game and isinstance(house_rules, Mapping):
        house_rules = {**house_rules, "hands_limit": game["hands"]}
    setup = None
    try:  # the rule set, target and house rules as every game of the event will have them
        probe: dict[str, Any] = {
            "ruleset": data.get("ruleset"),
            "house_rules": house_rules,
            "sides": [{"name": "1", "players": ["1"]}, {"name": "2", "players": ["2"]}],
        }
        if "target" in data:
            probe["target"] = data["target"]
        setup = check_new_match(probe)
    except ValidationError as error:
        errors.errors.extend(e for e in error.errors if not e.path.startswith("sides"))
    points = _check_points(errors, data.get("points"))
    held_on = _check_held_on(errors, data.get("held_on"))
    entries = _check_entries(errors, fmt, data.get("entries")) if fmt in FORMATS else []
    rounds = _check_rounds(errors, fmt, data.get("rounds"), len(entries)) if entries else 0
    errors.raise_if_any()
    if setup is None:  # no error was raised, so the probe passed
        raise RuntimeError("the event's match settings were neither checked nor refused")
    return _EventData(
        name,
        held_on,
        setup.ruleset.id,
        setup.target,
        dict(setup.house_rules),
        fmt,
        rounds,
        game,
        points,
        entries,
    )


def create_event(club_id: int, data: Any, key: RequestKey | None = None) -> Event:
    """Create an event from API.md's body (``name``, ``ruleset``, ``house_rules``, ``target``,
    ``format``, ``rounds``, ``game``, ``points``, ``entries``; also ``held_on``, ISO date). With
    ``key``: the same key and body again returns the event it created (nothing more is created).

    :raise ValidationError: at the field (``entries.N``, ``rounds``, ``game.hands``, ``house_rules``...),
        or at ``Idempotency-Key`` for a key used with another body.
    """
    if key is not None and (done := _created_with(club_id, key)) is not None:
        return done
    checked = check_event(data)
    try:
        with transaction():
            event = Event(
                club_id=club_id,
                name=checked.name,
                held_on=checked.held_on,
                ruleset=checked.ruleset,
                target=checked.target,
                house_rules=checked.house_rules,
                format=checked.format,
                rounds=checked.rounds,
                game=checked.game,
                points=checked.points,
                entry_size=len(checked.entries[0].players),
                request_key=key.key if key else None,
                request_digest=key.digest if key else None,
                entries=[Entry(name=e.name, players=list(e.players)) for e in checked.entries],
            )
            db.session.add(event)
    except IntegrityError:
        if key is not None and (done := _created_with(club_id, key)) is not None:
            return done  # lost a race to the same request
        raise
    return event


def _created_with(club_id: int, key: RequestKey) -> Event | None:
    """The event this key created, if any. :raise ValidationError: it was made by another request."""
    event: Event | None = db.session.scalar(
        select(Event).where(Event.club_id == club_id, Event.request_key == key.key)
    )
    if event is not None and event.request_digest != key.digest:
        raise _key_reused()
    return event


# --- Entries ------------------------------------------------------------------------------------


def add_entry(event: Event, data: Any) -> Entry:
    """Add ``{"name"?, "players": [...]}``: to a swiss or individual event at any time, to the
    others before their first round; it plays from the next round seated.

    :raise Conflict: a fixed format after its first round, or the event is finished.
    :raise ValidationError: at ``name``/``players`` (a taken name, a player already entered), or
        ``_`` when the event has :data:`MAX_ENTRIES`.
    """
    if event.finished:
        raise Conflict(N_("The event is over."))
    if event.format not in ("swiss", "individual") and event.event_rounds:
        raise Conflict(N_("Entries of this format can only be added before the first round."))
    errors = ErrorCollector()
    if len(event.entries) >= MAX_ENTRIES:
        errors.add("_", N_("An event has at most {maximum} entries."), maximum=MAX_ENTRIES)
        errors.raise_if_any()
    entry = _check_entry(errors, data, "_", event.entry_size)
    errors.raise_if_any()
    if entry is None:  # no error was raised, so the entry was read
        raise RuntimeError("the entry was neither read nor refused")
    _check_unique(errors, [("_", entry)], event.entries)
    errors.raise_if_any()
    try:
        with transaction():
            row = Entry(name=entry.name, players=list(entry.players))
            event.entries.append(row)
    except IntegrityError:  # the same entry added by another request at the same moment
        raise ValidationError(
            [FieldError("name", N_("Another entry has the name {name}."), {"name": entry.name})]
        ) from None
    return row


def _entry(event: Event, entry_id: int) -> Entry:
    for entry in event.entries:
        if entry.id == entry_id:
            return entry
    raise NotFound(entry_id)


def set_present(event: Event, entry_id: int, present: bool) -> Entry:
    """Mark an entry absent (not seated in the rounds seated from now on, no bye) or back.

    :raise NotFound: no such entry in this event.
    """
    entry = _entry(event, entry_id)
    if entry.present != present:
        with transaction():
            entry.present = present
    return entry


# --- Rounds -------------------------------------------------------------------------------------

Table = tuple[tuple[int, ...], tuple[int, ...]]


def _check_manual(event: Event, data: Any) -> tuple[list[tuple[int, Table]], list[int]]:
    """The tables and byes of a round seated by hand. :raise ValidationError: at ``tables``/``byes``."""
    errors = ErrorCollector()
    _check_manual_fields(errors, data)
    tables = _check_tables(errors, data.get("tables"))
    byes = data.get("byes", [])
    _check_byes(errors, byes, {e.id for e in event.entries})
    errors.raise_if_any()
    _raise_seating_problems(event, tables, byes)
    return list(enumerate(tables, start=1)), list(byes)


def _check_manual_fields(errors: ErrorCollector, data: Any) -> None:
    """Collect ``data``'s fields other than ``tables``/``byes``. :raise ValidationError: not an object."""
    if not isinstance(data, Mapping):
        errors.add("_", N_("Send {{}} for the proposal, or the tables and byes."))
        errors.raise_if_any()
    for key in sorted(set(data) - {"tables", "byes"}, key=str):
        errors.add(str(key), N_("Unknown field."))


def _check_tables(errors: ErrorCollector, raw: Any) -> list[Table]:
    """The well-formed tables of ``raw`` in order; each malformed one (or a bad list) is collected."""
    tables: list[Table] = []
    if not isinstance(raw, list) or not raw:
        errors.add("tables", N_("A list of tables, each with its two sides."))
        return tables
    for i, table in enumerate(raw):
        sides = _table_sides(table)
        if sides is None:
            errors.add(
                "tables",
                N_('Table {table} must be {{"sides": [[entry ids], [entry ids]]}}.'),
                table=i + 1,
            )
            continue
        tables.append(sides)
    return tables


def _table_sides(table: Any) -> Table | None:
    """The two sides of ``{"sides": [[entry ids], [entry ids]]}`` (ids not yet checked), else None."""
    sides = table.get("sides") if isinstance(table, Mapping) else None
    if (
        not isinstance(table, Mapping)
        or set(table) != {"sides"}
        or not isinstance(sides, list)
        or len(sides) != 2
        or not all(isinstance(s, list) and s and all(is_whole_number(e) for e in s) for s in sides)
    ):
        return None
    return (tuple(sides[0]), tuple(sides[1]))


def _check_byes(errors: ErrorCollector, byes: Any, known: set[int]) -> None:
    """Collect an error at ``byes`` unless it is a list of ids among ``known``."""
    if not isinstance(byes, list) or not all(is_whole_number(e) and e in known for e in byes):
        errors.add("byes", N_("A list of the event's entry ids."))


def _raise_seating_problems(event: Event, tables: list[Table], byes: list[int]) -> None:
    """:raise ValidationError: at ``tables``, every rule the hand-made seating breaks, in their order."""
    present = {e.id for e in event.entries if e.present}
    problems = pairings.manual_problems(event.format, [e.id for e in event.entries], present, tables, byes)
    if problems:
        raise ValidationError(
            [
                FieldError("tables", pairings.MESSAGES[p.key], {"entry": p.entry, "table": p.table})
                for p in problems
            ]
        )


def seat_round(
    event: Event, data: Any = None, key: RequestKey | None = None, numbers: Sequence[int] | None = None
) -> EventRound:
    """Seat the next round: the proposal (:func:`.event_reads.next_round_proposal`) without ``data``,
    or ``{"tables": [{"sides": [[11], [12]]}, ...], "byes": [15]}``. Creates one match of the
    organiser per table (sides: the entries' players; ``individual``: two players a side) in one
    unit of work. With ``key``: the same key and body again returns the round it seated. ``numbers``:
    the table numbers of a seating by hand, in its tables' order (the organiser's page sends its
    proposal's, so that a Mitchell's tables keep their places); 1 to N when absent or unfit.

    :raise Conflict: the current round is open, the event has had all its rounds, or is finished.
    :raise ValidationError: at ``tables`` (:func:`scorekeeper.pairings.check_manual`'s problems).
    """
    if key is not None and (done := _seated_with(event, key)) is not None:
        return done
    check_can_seat(event)
    if data is None or data == {}:
        seating = event_reads.next_round_proposal(event)
        tables, byes = seating.numbered(), list(seating.byes)
    else:
        tables, byes = _check_manual(event, data)
        tables = _renumbered(event, tables, numbers)
    if not tables:
        raise Conflict(N_("No table can be seated: too few entries are present."))
    try:
        return retried(lambda: _seat(event, tables, byes, key))
    except IntegrityError:
        db.session.expire(event)
        if key is not None and (done := _seated_with(event, key)) is not None:
            return done
        check_can_seat(event)  # another request seated this round meanwhile: 409
        raise


def _renumbered(
    event: Event, tables: list[tuple[int, Table]], numbers: Sequence[int] | None
) -> list[tuple[int, Table]]:
    """A hand-made seating's tables under ``numbers`` (the page's proposal's: a Mitchell's tables keep
    their places, so each table's phone keeps its pairs) when they fit: one per table, distinct,
    within the event's table links; else numbered 1 to N."""
    if (
        numbers is None
        or len(numbers) != len(tables)
        or len(set(numbers)) != len(numbers)
        or not all(isinstance(n, int) and 1 <= n <= event_reads.table_count(event) for n in numbers)
    ):
        return tables
    return [(number, table) for number, (_n, table) in zip(numbers, tables, strict=True)]


def _seated_with(event: Event, key: RequestKey) -> EventRound | None:
    found: EventRound | None = db.session.scalar(
        select(EventRound).where(EventRound.event_id == event.id, EventRound.request_key == key.key)
    )
    if found is not None and found.request_digest != key.digest:
        raise _key_reused()
    return found


def _seat(
    event: Event, tables: Sequence[tuple[int, Table]], byes: Sequence[int], key: RequestKey | None
) -> EventRound:
    check_can_seat(event)  # again on a retry: a request that won a race may have seated this round
    number = len(event.event_rounds) + 1
    names = [name for entry in event.entries for name in entry.players]
    with match_write(conflict=None) as write:
        players = find_or_add_players(event.club_id, names)
        seated = EventRound(
            event_id=event.id,
            number=number,
            byes=list(byes),
            request_key=key.key if key else None,
            request_digest=key.digest if key else None,
        )
        db.session.add(seated)
        for table_number, sides in tables:
            seats = seated_names(event, sides)
            match = matches.seated_match(
                event.club_id,
                event.ruleset,
                event.target,
                dict(event.house_rules),
                0,
                [
                    (side_name(event, side)[:MAX_NAME], names)
                    for side, names in zip(sides, seats, strict=True)
                ],
                players,
            )
            mv = matches.view(match, [])
            write.summarise(match, mv.state, mv.ruleset)
            write.log(match, "match_created")
            seated.tables.append(
                EventTable(
                    number=table_number, match=match, sides=[list(s) for s in sides], confirmed=[False, False]
                )
            )
    db.session.expire(event, ["event_rounds"])
    return seated


def _round(event: Event, number: int) -> EventRound:
    for r in event.event_rounds:
        if r.number == number:
            return r
    raise NotFound(number)


def close_round(event: Event, number: int) -> EventRound:
    """Close round ``number``: every game of it is settled as it stands (``matches.settled_at``: an
    unfinished one becomes finished, higher total winning, equal totals or no hand a draw) and takes
    no new hand; the round's byes are credited. Closing a closed round again changes nothing.

    :raise NotFound: no such round.
    """
    seated = _round(event, number)
    if seated.closed:
        return seated
    now = utcnow()
    with match_write() as write:
        for table in seated.tables:
            ended_by_itself = table.match.finished
            mv = settle_match(table.match, now)
            write.summarise(table.match, mv.state, mv.ruleset)
            write.log(table.match, "round_closed" if ended_by_itself else "match_settled")
        seated.closed_at = now
    return seated


def finish_event(event: Event) -> Event:
    """End the event (its table links stop working). Finishing it again changes nothing.

    :raise Conflict: a round is open.
    """
    latest = current_round(event)
    if latest is not None and not latest.closed:
        raise Conflict(N_("Round {number} is still open; close it first."), number=latest.number)
    if not event.finished:
        with transaction():
            event.finished_at = utcnow()
    return event


# --- Table links ----------------------------------------------------------------------------------


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _check_table(event: Event, number: int) -> None:
    if not 1 <= number <= table_count(event):
        raise NotFound(number)


def create_table_link(event: Event, number: int) -> tuple[TableLink, str]:
    """A new link for table ``number`` (revoking the table's previous one: ``replaced``), and its
    token (32 random bytes, URL-safe), which is not stored (only its SHA-256): show it once.

    :raise NotFound: ``number`` is not 1 to :func:`.event_reads.table_count`.
    :raise Conflict: the event is finished.
    """
    _check_table(event, number)
    if event.finished:
        raise Conflict(N_("The event is over."))
    token = secrets.token_urlsafe(32)

    def make() -> TableLink:
        with transaction():
            _revoke(event, number, "replaced")
            link = TableLink(event_id=event.id, table=number, token_hash=token_hash(token))
            db.session.add(link)
        return link

    # Two new links for one table at once: the one active link per table (a unique index) makes the
    # second fail; it tries again and replaces the first.
    return retried(make), token


def _revoke(event: Event, number: int, reason: str) -> None:
    db.session.execute(
        update(TableLink)
        .where(TableLink.event_id == event.id, TableLink.table == number, TableLink.revoked_at.is_(None))
        .values(revoked_at=utcnow(), revoked_reason=reason)
    )


def revoke_table_link(event: Event, number: int) -> None:
    """Revoke table ``number``'s link (none: nothing to do). :raise NotFound: no such table number."""
    _check_table(event, number)
    with transaction():
        _revoke(event, number, "revoked")


def table_for_token(token: str) -> TableAccess:
    """The table an active link opens, with its game in the latest seated round; notes the link's
    use (at most once per :data:`TOUCH_EVERY`).

    :raise InvalidTableToken: unknown, revoked or replaced token, or the event is finished.
    """
    if not token or len(token) > 200:
        raise InvalidTableToken()
    link: TableLink | None = db.session.scalar(
        select(TableLink).where(TableLink.token_hash == token_hash(token))
    )
    if link is None:
        raise InvalidTableToken()
    if link.revoked_at is not None:
        raise InvalidTableToken("replaced" if link.revoked_reason == "replaced" else "revoked")
    if link.event.finished:
        raise InvalidTableToken("finished")
    event = link.event
    # The latest round and this table in it, by two small queries (not every round's tables): each
    # phone asks on every request.
    latest: EventRound | None = db.session.scalar(
        select(EventRound).where(EventRound.event_id == event.id).order_by(EventRound.number.desc()).limit(1)
    )
    table: EventTable | None = None
    if latest is not None:
        table = db.session.scalar(
            select(EventTable).where(EventTable.round_id == latest.id, EventTable.number == link.table)
        )
    now = utcnow()
    if link.used_at is None or now - _aware(link.used_at) >= TOUCH_EVERY:
        try:  # best effort: a busy database leaves it for the next request
            with transaction():
                link.used_at = now
        except OperationalError:
            pass
    return TableAccess(event, link, link.table, latest, table, table.match if table else None)


def _aware(moment: dt.datetime) -> dt.datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def _game(access: TableAccess, match_id: Any = None) -> Match:
    """The table's current game (``match_id``: the one the phone names). :raise Conflict: none, or
    another one."""
    if access.match is None or access.round is None:
        raise Conflict(N_("This table has no game in the current round."))
    if match_id is not None and match_id != access.match.id:
        raise Conflict(N_("That game is not this table's current game; nothing was saved."))
    if access.round.closed:
        raise Conflict(
            N_("Round {number} is closed; no more hands can be entered."), number=access.round.number
        )
    return access.match


def add_table_hand(
    access: TableAccess, data: Any, match_id: Any = None, key: SubmissionKey | None = None
) -> tuple[HandResult, MatchView]:
    """Store the next hand of the table's current game, as :func:`.matches.add_hand` does (same
    rules, answers and key handling; the account is the organiser's, the edit log names the table).
    ``match_id``: the game the phone had when it queued the hand.

    :raise Conflict: no game at the table now, ``match_id`` names another game, or its round is closed.
    """
    return add_hand(_game(access, match_id), data, None, key, via_table=access.number)


def confirm_table(access: TableAccess, side: Any) -> EventTable:
    """Record side ``side``'s agreement with the finished game's result (already recorded: nothing
    changes).

    :raise Conflict: no game, or it is not finished. :raise ValidationError: at ``side``.
    """
    if not is_whole_number(side) or side not in (0, 1):
        raise ValidationError([FieldError("side", N_("Must be 0 or 1."))])
    table = access.table
    if table is None or access.match is None:
        raise Conflict(N_("This table has no game in the current round."))
    with transaction():
        db.session.refresh(table, with_for_update=True)  # two sides confirming at once: one after the other
        db.session.refresh(access.match)
        if not access.match.finished:
            raise Conflict(N_("The game is not finished yet."))
        if not table.confirmed[side]:
            confirmed = list(table.confirmed)
            confirmed[side] = True
            table.confirmed = confirmed
            db.session.add(_confirmation_entry(access.match, table.number, side))
    return table


def _confirmation_entry(match: Match, table_number: int, side: int) -> EditLog:
    """The edit log's ``table_confirmed`` entry: side ``side`` (0-based) of table ``table_number``
    agreed with the totals the game had then (``after``: ``side`` and ``totals``). It does not bump the
    match's revision (nothing of the score changed); it names the table (its author: see actor_or_owner)."""
    return EditLog(
        match_id=match.id,
        user_id=actor_or_owner(None, match.club_id),
        action="table_confirmed",
        after={"side": side, "totals": list(match.totals or [])},
        via_table=table_number,
    )


def correct_hand(
    event: Event,
    match_id: int,
    number: int,
    data: Any,
    user_id: int,
    reason: str,
    expected_version: int | None = None,
) -> HandResult:
    """The director corrects hand ``number`` of one of the event's games (a closed round's too: no
    "Continue editing" needed); ``reason`` is kept in the edit log (``after["reason"]``), and the
    table must confirm its result again. Standings follow (they are read from the matches).

    :raise NotFound: no such game in this event, or no such hand.
    :raise Conflict: the hand changed since ``expected_version``, or another device changed the game.
    :raise ValidationError: the hand breaks a rule (hand paths), or ``reason`` is blank (at ``reason``).
    """
    table = next((t for r in event.event_rounds for t in r.tables if t.match_id == match_id), None)
    if table is None:
        raise NotFound(match_id)
    if not isinstance(reason, str) or not reason.strip():
        raise ValidationError([FieldError("reason", N_("Say why the hand is corrected."))])
    result, _mv = matches.replace_hand(
        table.match, number, data, user_id, expected_version=expected_version, reason=reason.strip()[:500]
    )
    return result


# --- What holds for an event's match wherever it is changed -----------------------------------------


def _keep_event_match(match: Match) -> None:
    if db.session.scalar(select(EventTable.id).where(EventTable.match_id == match.id)) is not None:
        raise Conflict(N_("This game belongs to a club night; correct it instead of deleting it."))


def _unconfirm(match: Match) -> None:
    """A correction of the game's hands: its table's result is to be confirmed again. If a side had
    agreed, the edit log says that the correction reopened the confirmation (``confirmation_reopened``,
    ``before``: the sides that had agreed), logged with the correction's own entry."""
    table = db.session.scalar(select(EventTable).where(EventTable.match_id == match.id))
    if table is None:
        return
    had = list(table.confirmed or [])
    db.session.execute(
        update(EventTable).where(EventTable.match_id == match.id).values(confirmed=[False, False])
    )
    if any(had):
        db.session.add(
            EditLog(
                match_id=match.id,
                user_id=actor_or_owner(None, match.club_id),
                action="confirmation_reopened",
                before={"confirmed": had},
                via_table=None,
            )
        )


matches.DELETE_CHECKS.append(_keep_event_match)
matches.HAND_CHANGE_HOOKS.append(_unconfirm)
