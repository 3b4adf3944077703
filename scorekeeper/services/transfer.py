"""An account's history of matches imported as a whole, in one unit of work (all the file's matches,
or none). Its reads (and the export's) are :mod:`.transfer_reads`; the file formats
:mod:`.export_formats`."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Final

from psycopg import sql as pg_sql
from sqlalchemy import JSON, Connection, Table, func, insert, select, text, update

from ..extensions import db
from ..models import EditLog, Hand, ImportJob, Match, Seat, Side, SideCanasta, as_utc, utcnow
from ..stats import SIDE_COLUMNS, SideFigures, SideRecord, side_figures
from . import hand_results
from .export_formats import FORMAT, VERSION, ImportedMatch
from .players import find_or_add_players
from .transfer_reads import held_fingerprints
from .unit_of_work import match_write, retried

#: ``count`` new ids of a PostgreSQL ``table`` (drawn from its id column's sequence).
NEW_IDS: Final = text("SELECT nextval(pg_get_serial_sequence(:table, 'id')) FROM generate_series(1, :count)")

#: The advisory lock of an account's imports (the first key names imports among the app's locks).
IMPORT_LOCK: Final = text("SELECT pg_advisory_xact_lock(:kind, :owner)")
IMPORT_LOCK_KIND: Final = 18


def store_matches(
    club_id: int, matches: Sequence[ImportedMatch], exported_at: datetime | None = None
) -> list[int]:
    """Create ``matches`` (already checked by :func:`.export_formats.read_export`) in the account, with
    their dates, players found by name (added when new), their figures and a ``match_imported``
    log entry; one unit of work: on any error nothing is stored and the error is raised. A match
    the account already holds (the same :func:`.export_formats.match_fingerprint`), or one the file
    repeats, is skipped: the ids of the stored matches are returned (in the file's order), so the
    caller can say how many were.

    A few statements per table whatever the number of matches (bulk inserts), and the running totals
    added once for the whole import: 5,000 matches in 2 to 3 s of CPU (bench/import_bench.py).

    Should another request add one of the new players meanwhile (the unique name clashes), the
    whole import is tried again, finding that player this time."""
    return retried(lambda: _store(club_id, matches, exported_at))


def _store(club_id: int, matches: Sequence[ImportedMatch], exported_at: datetime | None) -> list[int]:
    with match_write(conflict=None) as write:
        _one_import_at_a_time(club_id)
        fresh = _fresh(club_id, matches)
        # Every new player first, in name order (see find_or_add_players): no deadlock between two.
        names = [name for data in fresh for side in data.sides for name in side["players"]]
        players = {name: player.id for name, player in find_or_add_players(club_id, names).items()}
        stored = _insert_matches(club_id, fresh, players, exported_at)
        write.count_new_sides(stored.sides)
    return stored.match_ids


def _one_import_at_a_time(club_id: int) -> None:
    """Wait until no other import of the account is storing, before reading what the account holds:
    two imports of the same file at once (a double tap, two phones) then store it once, the second
    finding the first's matches. PostgreSQL: a transaction-level advisory lock, taken by imports
    only. SQLite: the database's write lock, taken now by a statement that changes nothing (SQLite
    lets one transaction write at a time; the driver would otherwise begin the transaction only at
    the first write, after the reads)."""
    connection = db.session.connection()
    if connection.dialect.name == "postgresql":
        connection.execute(IMPORT_LOCK, {"kind": IMPORT_LOCK_KIND, "owner": club_id})
    else:
        connection.execute(update(ImportJob).where(ImportJob.id == -1).values(state=ImportJob.state))


def _fresh(club_id: int, matches: Sequence[ImportedMatch]) -> list[ImportedMatch]:
    """``matches`` less those the account holds and the file's repeats (the first one kept)."""
    seen = held_fingerprints(club_id, matches)
    fresh = []
    for data in matches:
        key = data.fingerprint
        if key not in seen:
            seen.add(key)
            fresh.append(data)
    return fresh


@dataclass(frozen=True)
class _Stored:
    """What :func:`_insert_matches` wrote: the new matches' ids (in the file's order) and every new
    side as the running totals count it."""

    match_ids: list[int]
    sides: list[SideRecord]


def _insert_matches(
    club_id: int, fresh: Sequence[ImportedMatch], players: Mapping[str, int], exported_at: datetime | None
) -> _Stored:
    """Insert ``fresh`` with a few statements per table (bulk inserts, not an object per row): the
    matches and their result, sides with their figures (one fold per match, done by
    :func:`.export_formats.read_export`), seats, canasta rows, hands and a ``match_imported`` log entry
    each. Inside the caller's unit of work, which then adds the sides to the running totals."""
    if not fresh:
        return _Stored([], [])
    now = utcnow()
    figures = [side_figures(data.ruleset, data.state) for data in fresh]
    match_ids = _add_rows(Match, [_match_row(club_id, data, now) for data in fresh], with_ids=True)
    side_rows = [
        {"match_id": match_id, "position": position, "name": side["name"], **_columns(figures[i][position])}
        for i, (match_id, data) in enumerate(zip(match_ids, fresh, strict=True))
        for position, side in enumerate(data.sides)
    ]
    side_ids = iter(_add_rows(Side, side_rows, with_ids=True))
    seats: list[dict[str, Any]] = []
    canastas: list[dict[str, Any]] = []
    records: list[SideRecord] = []
    for match_id, data, match_figures in zip(match_ids, fresh, figures, strict=True):
        for position, (side, side_figure) in enumerate(zip(data.sides, match_figures, strict=True)):
            side_id = next(side_ids)
            seated = tuple(players[name] for name in side["players"])
            seats += [{"side_id": side_id, "position": i, "player_id": p} for i, p in enumerate(seated)]
            canastas += [{"side_id": side_id, "kind": k, "count": n} for k, n in side_figure.canastas.items()]
            records.append(_side_record(side_id, match_id, position, seated, data, side_figure))
    hands = [
        {"match_id": match_id, "number": hand["number"], "input": hand, "version": 1}
        | {"result": hand_results.stored(result, data.ruleset.flag_codes)}
        | {"created_at": now, "updated_at": now}
        for match_id, data in zip(match_ids, fresh, strict=True)
        for hand, result in zip(data.stored_hands(), data.state.hands, strict=True)
    ]
    logs = [
        _log_row(club_id, match_id, data, exported_at) | {"at": now}
        for match_id, data in zip(match_ids, fresh, strict=True)
    ]
    for model, rows in ((Seat, seats), (SideCanasta, canastas), (Hand, hands), (EditLog, logs)):
        _add_rows(model, rows)
    return _Stored(match_ids, records)


def _add_rows(model: Any, rows: list[dict[str, Any]], with_ids: bool = False) -> list[int]:
    """Insert ``rows`` (every one with the same columns, defaults included: no column default is
    applied) into ``model``'s table; with ``with_ids``, each gets a new id, and the ids are returned
    in the rows' order. On PostgreSQL through ``COPY`` (the ids drawn from the table's sequence
    first); on SQLite an ``INSERT`` executed for all the rows, the ids following the table's highest
    (as SQLite itself numbers them: safe, since the import holds the write lock, see
    :func:`_one_import_at_a_time`)."""
    if not rows:
        return []
    connection = db.session.connection()
    if connection.dialect.name == "postgresql":
        return _copy_rows(connection, model.__table__, rows, with_ids)
    ids: list[int] = []
    if with_ids:
        first = (db.session.scalar(select(func.max(model.id))) or 0) + 1
        ids = list(range(first, first + len(rows)))
        rows = [{"id": new_id, **row} for new_id, row in zip(ids, rows, strict=True)]
    db.session.execute(insert(model), rows)
    return ids


def _copy_rows(connection: Connection, table: Table, rows: list[dict[str, Any]], with_ids: bool) -> list[int]:
    """:func:`_add_rows` on PostgreSQL: one ``COPY``, in the session's transaction. JSON values are
    written as ``json.dumps`` text, as SQLAlchemy's JSON type writes them (``None`` as JSON null)."""
    ids: list[int] = []
    if with_ids:
        ids = list(connection.scalars(NEW_IDS, {"table": table.name, "count": len(rows)}))
        rows = [{"id": new_id, **row} for new_id, row in zip(ids, rows, strict=True)]
    names = list(rows[0])
    encoded = [isinstance(table.c[name].type, JSON) for name in names]
    copy_sql = pg_sql.SQL("COPY {} ({}) FROM STDIN").format(
        pg_sql.Identifier(table.name), pg_sql.SQL(", ").join(pg_sql.Identifier(name) for name in names)
    )
    driver = connection.connection.driver_connection
    if driver is None:  # never: the session's connection is live, in its transaction
        raise RuntimeError("no database connection under the session")
    with driver.cursor() as cursor, cursor.copy(copy_sql) as copy:
        for row in rows:
            copy.write_row(
                [
                    json.dumps(row[name]) if as_json else row[name]
                    for name, as_json in zip(names, encoded, strict=True)
                ]
            )
    return ids


def _match_row(club_id: int, data: ImportedMatch, now: datetime) -> dict[str, Any]:
    """A new match's row, with its result as :meth:`.unit_of_work.MatchWrite.summarise` writes it and
    the revision a logged change leaves (1)."""
    state = data.state
    return {
        "club_id": club_id,
        "ruleset": data.ruleset.id,
        "target": data.target,
        "house_rules": data.house_rules,
        "first_dealer": data.first_dealer,
        "created_at": data.created_at,
        "updated_at": now,
        "revision": 1,
        "unlocked": False,
        "finished": state.finished,
        "winner": state.winner,
        "hand_count": len(state.hands),
        "totals": list(state.totals),
    }


def _columns(figures: SideFigures) -> dict[str, Any]:
    return {name: getattr(figures, name) for name in SIDE_COLUMNS}


def _side_record(
    side_id: int,
    match_id: int,
    position: int,
    players: tuple[int, ...],
    data: ImportedMatch,
    figures: SideFigures,
) -> SideRecord:
    """The new side as :func:`scorekeeper.running_totals.record_of` would read it once stored."""
    state = data.state
    return SideRecord(
        side_id=side_id,
        match_id=match_id,
        ruleset=data.ruleset.id,
        created_at=as_utc(data.created_at),
        position=position,
        players=players,
        finished=state.finished,
        winner=state.winner,
        hand_count=len(state.hands),
        figures=replace(figures, canastas=dict(sorted(figures.canastas.items()))),
    )


def _log_row(
    club_id: int, match_id: int, data: ImportedMatch, exported_at: datetime | None
) -> dict[str, Any]:
    note: dict[str, Any] = {"format": FORMAT, "version": VERSION, "hands": len(data.hands)}
    if exported_at is not None:
        note["exported_at"] = exported_at.isoformat()
    return {
        "match_id": match_id,
        "user_id": club_id,
        "action": "match_imported",
        "hand_number": None,
        "before": None,
        "after": note,
    }
