"""Running totals of players and partnerships (:class:`~scorekeeper.models.PlayerTotal`,
:class:`~scorekeeper.models.PlayerTotalCanasta`, :class:`~scorekeeper.models.PartnershipTotal`), so
that a statistics page reads one row per rule set and partnership however long the history is.

Every change to a match goes through the unit of work of the services
(:func:`scorekeeper.services.unit_of_work.match_write`): it notes what each side counts for before
the change (:func:`record_of`) and, before the commit, calls :func:`add_changes` with what each
counts for after. That adds the difference to the totals, in the same transaction, with
``INSERT ... ON CONFLICT DO UPDATE SET x = x + delta``: two writers of different matches of one
player add up, and neither overwrites the other.

A best hand only rises through those upserts. When a side's best falls (a hand edited or deleted)
and it was the player's best, the best is looked up again among the player's sides.

:func:`rebuild` adds the totals up again from the sides (:func:`scorekeeper.stats.totals`): after a
merge moves seats from one player to another, and when migration 0006 creates the tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any, Final

from sqlalchemy import (
    ColumnElement,
    Connection,
    Table,
    and_,
    bindparam,
    case,
    delete,
    func,
    insert,
    or_,
    select,
    true,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite

from .models import (
    Match,
    PartnershipTotal,
    Player,
    PlayerTotal,
    PlayerTotalCanasta,
    Seat,
    Side,
    SideCanasta,
    as_utc,
)
from .stats import (
    COUNTS,
    SIDE_COLUMNS,
    BestHand,
    PartnershipKey,
    PlayerKey,
    SideFigures,
    SideRecord,
    Stats,
    add_up,
    contribution,
    difference,
)

BEST: Final = ("best_score", "best_match_id", "best_hand", "best_created_at")
LATEST: Final = ("latest_side_id", "latest_match_id", "latest_created_at")

Row = dict[str, Any]


def record_of(match: Match, side: Side) -> SideRecord:
    """What ``side`` of ``match`` counts for, as they are in the session now."""
    return _record(
        side,
        match,
        [seat.player_id for seat in side.seats],
        {row.kind: row.count for row in side.canastas},
    )


def _record(side: Any, match: Any, players: Sequence[int], canastas: Mapping[str, int]) -> SideRecord:
    """A :class:`SideRecord` from anything with a side's columns and a match's (ORM objects or a
    row of both)."""
    return SideRecord(
        side_id=side.id,
        match_id=side.match_id,
        ruleset=match.ruleset,
        created_at=as_utc(match.created_at),
        position=side.position,
        players=tuple(players),
        finished=match.finished,
        winner=match.winner,
        hand_count=match.hand_count,
        figures=SideFigures(
            canastas=dict(sorted(canastas.items())), **{name: getattr(side, name) for name in SIDE_COLUMNS}
        ),
    )


# --- Adding changes ---------------------------------------------------------------------------------


def add_changes(connection: Connection, changes: Sequence[tuple[SideRecord | None, SideRecord]]) -> None:
    """Add to the totals what each side counts for now instead of before (``None``: a new side)."""
    players: dict[PlayerKey, Row] = {}
    canastas: dict[tuple[int, str, str], Row] = {}
    partnerships: dict[PartnershipKey, Row] = {}
    fallen: list[tuple[PlayerKey, int]] = []
    for old, new in changes:
        now = contribution(new)
        change = difference(now, contribution(old) if old else Stats())
        for player, ruleset in new.player_keys():
            key = {"player_id": player, "ruleset": ruleset}
            _merge(players, (player, ruleset), {**key, **_figures(change), **_best(now.best)}, _better_best)
            for kind, count in change.canastas.items():
                _merge(canastas, (player, ruleset, kind), {**key, "kind": kind, "count": count}, None)
            if old and _best_fell(old, new):
                fallen.append(((player, ruleset), new.match_id))
        for player, low, high in new.partnership_keys():
            row = {"player_id": player, "partner_low": low, "partner_high": high}
            _merge(partnerships, (player, low, high), {**row, **_figures(change), **_latest(new)}, _newer)
    # Rows in key order, table after table: two writers lock the rows they share in the same
    # order, so neither waits for the other in a circle (PostgreSQL would abort one: a deadlock).
    _upsert(connection, PlayerTotal.__table__, _in_order(players), _player_set)
    _upsert(connection, PlayerTotalCanasta.__table__, _in_order(canastas), _count_set)
    _upsert(connection, PartnershipTotal.__table__, _in_order(partnerships), _partnership_set)
    for (player, ruleset), match_id in fallen:
        _find_best(connection, player, ruleset, match_id)


def _in_order(rows: Mapping[Any, Row]) -> list[Row]:
    return [rows[key] for key in sorted(rows)]


def _figures(stats: Stats) -> Row:
    return {name: getattr(stats, name) for name in COUNTS}


def _best(best: BestHand | None) -> Row:
    if best is None:
        return dict.fromkeys(BEST)
    return {
        "best_score": best.score,
        "best_match_id": best.match_id,
        "best_hand": best.hand_number,
        "best_created_at": best.created_at,
    }


def _latest(side: SideRecord) -> Row:
    return {
        "latest_side_id": side.side_id,
        "latest_match_id": side.match_id,
        "latest_created_at": side.created_at,
    }


def _best_fell(old: SideRecord, new: SideRecord) -> bool:
    before, after = old.figures.best_score, new.figures.best_score
    return before is not None and (after is None or after < before)


def _merge(rows: dict[Any, Row], key: Any, row: Row, keep: Callable[[Row, Row], Row] | None) -> None:
    """Add ``row`` into ``rows[key]`` (one statement row per key): figures and counts add up, and
    ``keep`` chooses the other columns of the two."""
    found = rows.get(key)
    if found is None:
        rows[key] = row
        return
    chosen = keep(found, row) if keep else found
    sums: Row = {name: found[name] + row[name] for name in (*COUNTS, "count") if name in row}
    rows[key] = {**chosen, **sums}


def _better_best(a: Row, b: Row) -> Row:
    def rank(row: Row) -> tuple[Any, ...]:
        if row["best_score"] is None:
            return (1,)
        return (0, -row["best_score"], row["best_created_at"], row["best_match_id"])

    return a if rank(a) <= rank(b) else b


def _newer(a: Row, b: Row) -> Row:
    def newness(row: Row) -> tuple[Any, ...]:
        return (row["latest_created_at"], row["latest_match_id"])

    return b if newness(b) > newness(a) else a


def _upsert(
    connection: Connection,
    table: Table,
    rows: Iterable[Row],
    set_: Callable[[Table, Any], Mapping[str, ColumnElement[Any]]],
) -> None:
    """Insert ``rows``, or where their key exists set ``set_(table, excluded)``: one statement,
    executed for each row."""
    rows = list(rows)
    if not rows:
        return
    connection.execute(_upsert_statement(connection.dialect.name, table, set_), rows)


@cache
def _upsert_statement(
    dialect_name: str, table: Table, set_: Callable[[Table, Any], Mapping[str, ColumnElement[Any]]]
) -> Any:
    """The upsert of :func:`_upsert`, built once per process: building it (``excluded`` copies every
    column of the table) cost more than sending it. A statement is immutable; SQLAlchemy caches its
    compiled form."""
    dialect = postgresql if dialect_name == "postgresql" else sqlite
    statement = dialect.insert(table)
    keys = [column.name for column in table.primary_key]
    return statement.on_conflict_do_update(index_elements=keys, set_=set_(table, statement.excluded))


def _sums(table: Table, excluded: Any) -> dict[str, ColumnElement[Any]]:
    return {name: table.c[name] + excluded[name] for name in COUNTS}


def _player_set(table: Table, excluded: Any) -> dict[str, ColumnElement[Any]]:
    """Figures add up; the best hand is the new one when it is better, or from the same match (its
    side's best changed; if it fell, :func:`_find_best` looks again)."""
    mine, new = table.c, excluded
    better = and_(
        new.best_score.is_not(None),
        or_(
            mine.best_score.is_(None),
            new.best_match_id == mine.best_match_id,
            new.best_score > mine.best_score,
            and_(
                new.best_score == mine.best_score,
                or_(
                    new.best_created_at < mine.best_created_at,
                    and_(new.best_created_at == mine.best_created_at, new.best_match_id < mine.best_match_id),
                ),
            ),
        ),
    )
    return _sums(table, excluded) | {name: case((better, new[name]), else_=mine[name]) for name in BEST}


def _count_set(table: Table, excluded: Any) -> dict[str, ColumnElement[Any]]:
    return {"count": table.c["count"] + excluded["count"]}


def _partnership_set(table: Table, excluded: Any) -> dict[str, ColumnElement[Any]]:
    """Figures add up; the latest side is the new one when its match is newer."""
    mine, new = table.c, excluded
    newer = or_(
        new.latest_created_at > mine.latest_created_at,
        and_(new.latest_created_at == mine.latest_created_at, new.latest_match_id > mine.latest_match_id),
    )
    return _sums(table, excluded) | {name: case((newer, new[name]), else_=mine[name]) for name in LATEST}


def _find_best(
    connection: Connection, player: int, ruleset: str, match_id: int, without: int | None = None
) -> None:
    """If the player's best in ``ruleset`` is from ``match_id`` (whose side's best fell), look for
    the best again among all their sides (but those of the match ``without``, being deleted)."""
    best = connection.execute(
        select(Side.best_score, Match.id, Side.best_hand, Match.created_at)
        .join(Match, Match.id == Side.match_id)
        .join(Seat, Seat.side_id == Side.id)
        .where(
            Seat.player_id == player,
            Match.ruleset == ruleset,
            Side.best_score.is_not(None),
            Match.id != without if without is not None else true(),
        )
        .order_by(Side.best_score.desc(), Match.created_at, Match.id)
        .limit(1)
    ).first()
    found = BestHand(best.best_score, best.id, best.best_hand, as_utc(best.created_at)) if best else None
    connection.execute(
        update(PlayerTotal)
        .where(
            PlayerTotal.player_id == player,
            PlayerTotal.ruleset == ruleset,
            PlayerTotal.best_match_id == match_id,
        )
        .values(_best(found))
    )


# --- Adding up from the sides -------------------------------------------------------------------------


def rebuild(connection: Connection, club_id: int | None = None) -> None:
    """Replace the totals of ``club_id``'s players (every account's if ``None``) with the sums of
    their sides' figures.

    On PostgreSQL it first locks the players, then their totals rows in the order
    :func:`add_changes` locks them: a writer that was adding to them has committed (and its sides
    are read here), and one that comes later waits, then adds its difference to the new sums; a
    writer that would add a new row waits too (its foreign key needs the player's row).
    """
    players = select(Player.id).order_by(Player.id)
    if club_id is not None:
        players = players.where(Player.club_id == club_id)
    connection.execute(players.with_for_update())
    for model in (PlayerTotal, PlayerTotalCanasta, PartnershipTotal):
        keys = model.__table__.primary_key.columns
        connection.execute(
            select(*keys).where(model.player_id.in_(players)).order_by(*keys).with_for_update()
        )
    for model in (PlayerTotalCanasta, PartnershipTotal, PlayerTotal):
        connection.execute(delete(model).where(model.player_id.in_(players)))
    found = add_up(side_records(connection, club_id))
    player_rows, canasta_rows = [], []
    for (player, ruleset), stats in found.players.items():
        key = {"player_id": player, "ruleset": ruleset}
        player_rows.append({**key, **_figures(stats), **_best(stats.best)})
        canasta_rows += [{**key, "kind": kind, "count": n} for kind, n in stats.canastas.items()]
    partnership_rows = [
        {"player_id": player, "partner_low": low, "partner_high": high, **_figures(stats), **_latest(latest)}
        for (player, low, high), (stats, latest) in found.partnerships.items()
    ]
    for model, rows in (
        (PlayerTotal, player_rows),
        (PlayerTotalCanasta, canasta_rows),
        (PartnershipTotal, partnership_rows),
    ):
        if rows:
            connection.execute(insert(model), rows)


def side_records(connection: Connection, club_id: int | None = None) -> Iterator[SideRecord]:
    """Every stored side of ``club_id``'s matches (every account's if ``None``); three statements."""

    owned = true() if club_id is None else Match.club_id == club_id

    players: dict[int, list[int]] = {}
    seats = select(Seat.side_id, Seat.player_id).join(Side, Side.id == Seat.side_id)
    for side_id, player_id in connection.execute(
        seats.join(Match, Match.id == Side.match_id).where(owned).order_by(Seat.side_id, Seat.position)
    ):
        players.setdefault(side_id, []).append(player_id)
    canastas: dict[int, dict[str, int]] = {}
    rows = select(SideCanasta.side_id, SideCanasta.kind, SideCanasta.count)
    for side_id, kind, count in connection.execute(
        rows.join(Side, Side.id == SideCanasta.side_id).join(Match, Match.id == Side.match_id).where(owned)
    ):
        canastas.setdefault(side_id, {})[kind] = count
    sides = select(
        Side.id,
        Side.match_id,
        Side.position,
        *(getattr(Side, name) for name in SIDE_COLUMNS),
        Match.ruleset,
        Match.created_at,
        Match.finished,
        Match.winner,
        Match.hand_count,
    )
    for row in connection.execute(sides.join(Match, Match.id == Side.match_id).where(owned)):
        yield _record(row, row, players.get(row.id, ()), canastas.get(row.id, {}))


# --- Taking a deleted match out -----------------------------------------------------------------------


def take_out(connection: Connection, match_id: int, sides: Sequence[SideRecord]) -> None:
    """Take from the totals what ``sides``, every side of ``match_id``, counted for: before the match
    is deleted, in the same transaction (see :meth:`~.services.unit_of_work.MatchWrite.remove`).

    The figures are subtracted; a row that no longer counts any match goes (as :func:`rebuild` would
    not make it); a best hand from ``match_id`` is looked for again among the player's other matches;
    a partnership whose latest side is one of ``sides`` takes the newest of its other sides.
    """
    players: dict[PlayerKey, Row] = {}
    canastas: dict[tuple[int, str, str], Row] = {}
    partnerships: dict[PartnershipKey, Row] = {}
    for side in sides:
        gone = contribution(side)
        for player, ruleset in side.player_keys():
            key = {"player_id": player, "ruleset": ruleset}
            _merge(players, (player, ruleset), {**key, **_figures(gone)}, None)
            for kind, count in gone.canastas.items():
                _merge(canastas, (player, ruleset, kind), {**key, "kind": kind, "count": count}, None)
        for player, low, high in side.partnership_keys():
            row = {"player_id": player, "partner_low": low, "partner_high": high}
            _merge(partnerships, (player, low, high), {**row, **_figures(gone)}, None)
    # Key order, table after table, as add_changes locks them (no deadlock between the two).
    _subtract(connection, PlayerTotal.__table__, _in_order(players), COUNTS)
    _subtract(connection, PlayerTotalCanasta.__table__, _in_order(canastas), ("count",))
    _subtract(connection, PartnershipTotal.__table__, _in_order(partnerships), COUNTS)
    ids = sorted({player for player, _ruleset in players})
    for model in (PlayerTotal, PartnershipTotal):
        connection.execute(
            delete(model).where(model.player_id.in_(ids), model.played + model.in_progress == 0)
        )
    connection.execute(
        delete(PlayerTotalCanasta).where(PlayerTotalCanasta.player_id.in_(ids), PlayerTotalCanasta.count == 0)
    )
    best_from_it = connection.execute(
        select(PlayerTotal.player_id, PlayerTotal.ruleset)
        .where(PlayerTotal.player_id.in_(ids), PlayerTotal.best_match_id == match_id)
        .order_by(PlayerTotal.player_id, PlayerTotal.ruleset)
    ).all()
    for player, ruleset in best_from_it:  # only their best hands fall with the match
        _find_best(connection, player, ruleset, match_id, without=match_id)
    side_ids = [side.side_id for side in sides]
    for player, low, high in sorted(partnerships):
        _move_latest(connection, (player, low, high), side_ids, match_id)


def _subtract(connection: Connection, table: Table, rows: Sequence[Row], names: Sequence[str]) -> None:
    """``UPDATE table SET x = x - row[x] WHERE <key of row>`` for each of ``rows``."""
    if not rows:
        return
    keys = [column.name for column in table.primary_key]
    statement = (
        update(table)
        .where(*(table.c[key] == bindparam(f"key_{key}") for key in keys))
        .values({name: table.c[name] - bindparam(f"less_{name}") for name in names})
    )
    connection.execute(
        statement,
        [{**{f"key_{k}": row[k] for k in keys}, **{f"less_{n}": row[n] for n in names}} for row in rows],
    )


def _move_latest(connection: Connection, key: PartnershipKey, gone: Sequence[int], match_id: int) -> None:
    """Point the partnership ``key``'s latest side, if it is one of the sides ``gone``, at the newest
    other side made of exactly its players (the row is there only while such a side is)."""
    player, low, high = key
    members = sorted({player, low, high})
    exact = (
        select(Seat.side_id)
        .where(Seat.side_id.in_(select(Seat.side_id).where(Seat.player_id == player)))
        .group_by(Seat.side_id)
        .having(
            func.count() == len(members),
            func.sum(case((Seat.player_id.in_(members), 1), else_=0)) == len(members),
        )
    )
    newest = connection.execute(
        select(Side.id, Match.id.label("match_id"), Match.created_at)
        .join(Match, Match.id == Side.match_id)
        .where(Side.id.in_(exact), Match.id != match_id)
        .order_by(Match.created_at.desc(), Match.id.desc())
        .limit(1)
    ).first()
    owned = and_(
        PartnershipTotal.player_id == player,
        PartnershipTotal.partner_low == low,
        PartnershipTotal.partner_high == high,
        PartnershipTotal.latest_side_id.in_(gone),
    )
    if newest is None:  # no other side: the row went with its last match (see take_out)
        connection.execute(delete(PartnershipTotal).where(owned))
        return
    connection.execute(
        update(PartnershipTotal)
        .where(owned)
        .values(
            latest_side_id=newest.id, latest_match_id=newest.match_id, latest_created_at=newest.created_at
        )
    )
