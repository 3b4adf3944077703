"""The statistics of an account's players, added up by the database from the figures stored with
each side (:class:`scorekeeper.stats.SideFigures`, rewritten with the hands by
:func:`scorekeeper.services._summarise`). No hand is read and no match folded, and each function
sends a fixed number of statements whose answers do not grow with the number of matches: one row
per group (rule set, player, partnership), or the latest few results.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, Select, Subquery, and_, case, func, select
from sqlalchemy.orm import InstrumentedAttribute, aliased

from ..extensions import db
from ..models import Match, Player, Seat, Side, SideCanasta, as_utc
from ..stats import BestHand, Partnership, Result, Stats, combined

Key = tuple[Any, ...]


def _count_if(condition: ColumnElement[bool] | InstrumentedAttribute[bool]) -> ColumnElement[int]:
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def _stats(owner_id: int, groups: Subquery, details: bool = True) -> dict[Key, Stats]:
    """The :class:`Stats` of each group of sides: ``groups`` has a ``side_id`` column and key columns
    (every other column); a side may be in several groups. Without ``details``, canastas and the
    best hand are left out (two statements fewer)."""
    keys = [c for c in groups.c if c.name != "side_id"]
    sides = (
        select(*keys)
        .join_from(groups, Side, Side.id == groups.c.side_id)
        .join(Match, Match.id == Side.match_id)
        .where(Match.owner_id == owner_id)
    )
    sums = sides.add_columns(
        _count_if(Match.finished),
        _count_if(and_(Match.finished, Match.winner == Side.position)),
        _count_if(~Match.finished),
        *(
            func.coalesce(func.sum(column), 0)
            for column in (
                Match.hand_count,
                Side.points,
                Side.went_out,
                Side.penalty_count,
                Side.penalty_points,
            )
        ),
    ).group_by(*keys)
    n = len(keys)
    figures: dict[Key, dict[str, Any]] = {
        tuple(row[:n]): dict(
            zip(
                (
                    "played",
                    "won",
                    "in_progress",
                    "hands",
                    "points",
                    "went_out",
                    "penalty_count",
                    "penalty_points",
                ),
                (int(v) for v in row[n:]),
                strict=True,
            )
        )
        for row in db.session.execute(sums)
    }
    if details:
        for *key, kind, count in db.session.execute(
            sides.join(SideCanasta, SideCanasta.side_id == Side.id)
            .add_columns(SideCanasta.kind, func.sum(SideCanasta.count))
            .group_by(*keys, SideCanasta.kind)
            .order_by(SideCanasta.kind)
        ):
            figures[tuple(key)].setdefault("canastas", {})[kind] = int(count)
        for *key, score, match_id, hand, created_at in _best(sides, keys):
            figures[tuple(key)]["best"] = BestHand(score, match_id, hand, as_utc(created_at))
    return {key: Stats(**values) for key, values in figures.items()}


def _best(sides: Select[Any], keys: Sequence[Any]) -> Sequence[Any]:
    """Per group, the highest hand total of its sides; of equal totals the earliest match's (the
    first hand with it there is the one stored)."""
    ranked = (
        sides.add_columns(
            Side.best_score,
            Match.id.label("match_id"),
            Side.best_hand,
            Match.created_at,
            func.row_number()
            .over(partition_by=keys, order_by=(Side.best_score.desc(), Match.created_at, Match.id))
            .label("rank"),
        )
        .where(Side.best_score.is_not(None))
        .subquery()
    )
    return db.session.execute(
        select(*(c for c in ranked.c if c.name != "rank")).where(ranked.c.rank == 1)
    ).all()


def _seats_of(player_id: int) -> Select[Any]:
    return select(Seat.side_id).where(Seat.player_id == player_id)


def ruleset_stats(owner_id: int, player_id: int) -> dict[str, Stats]:
    """The player's figures in each rule set they played (:func:`scorekeeper.stats.combined` adds
    them up)."""
    groups = (
        select(Match.ruleset, Seat.side_id)
        .join(Side, Side.id == Seat.side_id)
        .join(Match, Match.id == Side.match_id)
        .where(Seat.player_id == player_id)
        .subquery()
    )
    return {key[0]: stats for key, stats in _stats(owner_id, groups).items()}


def player_stats(owner_id: int, player_id: int) -> Stats:
    """The player's figures over every rule set (all zero if they never played)."""
    return combined(ruleset_stats(owner_id, player_id).values())


def players_stats(owner_id: int) -> dict[int, Stats]:
    """Every player's matches played, won and in progress, and per-hand sums (no canastas, no best
    hand), by player id; players without a match are absent."""
    groups = select(Seat.player_id, Seat.side_id).subquery()
    return {key[0]: stats for key, stats in _stats(owner_id, groups, details=False).items()}


def match_count(owner_id: int, player_id: int) -> int:
    """How many of the account's matches the player sat in."""
    count = db.session.scalar(
        select(func.count())
        .select_from(Seat)
        .join(Side, Side.id == Seat.side_id)
        .join(Match, Match.id == Side.match_id)
        .where(Seat.player_id == player_id, Match.owner_id == owner_id)
    )
    return count or 0


def partnerships_of(owner_id: int, player_id: int) -> list[Partnership]:
    """The partnerships (sides of two or more) ``player_id`` was part of, most finished matches
    first, then by names; each named by its latest match's side, in seating order."""
    # A side has at most three players (rules.hand.MAX_PLAYERS_PER_SIDE), so the player's partners
    # in it are at most two: the lowest and highest partner id name the partnership exactly.
    partner = aliased(Seat)
    groups = (
        select(
            func.min(partner.player_id).label("low"),
            func.max(partner.player_id).label("high"),
            Seat.side_id,
        )
        .join(partner, and_(partner.side_id == Seat.side_id, partner.player_id != Seat.player_id))
        .where(Seat.player_id == player_id)
        .group_by(Seat.side_id)
        .subquery()
    )
    stats = _stats(owner_id, groups, details=False)
    names = _latest_names(owner_id, groups)
    found = [
        Partnership(frozenset({player_id, low, high}), names[(low, high)], figures)
        for (low, high), figures in stats.items()
    ]
    return sorted(found, key=lambda p: (-p.stats.played, -p.stats.matches, p.names))


def _latest_names(owner_id: int, groups: Subquery) -> dict[Key, tuple[str, ...]]:
    """For each partnership of ``groups`` (``low``, ``high``, ``side_id``), the names of its latest
    side's players in seating order."""
    latest = (
        select(
            groups.c.low,
            groups.c.high,
            groups.c.side_id,
            func.row_number()
            .over(
                partition_by=(groups.c.low, groups.c.high),
                order_by=(Match.created_at.desc(), Match.id.desc()),
            )
            .label("rank"),
        )
        .join(Side, Side.id == groups.c.side_id)
        .join(Match, Match.id == Side.match_id)
        .where(Match.owner_id == owner_id)
        .subquery()
    )
    rows = db.session.execute(
        select(latest.c.low, latest.c.high, Player.name)
        .join(Seat, Seat.side_id == latest.c.side_id)
        .join(Player, Player.id == Seat.player_id)
        .where(latest.c.rank == 1)
        .order_by(latest.c.low, latest.c.high, Seat.position)
    )
    names: dict[Key, tuple[str, ...]] = {}
    for low, high, name in rows:
        names[(low, high)] = (*names.get((low, high), ()), name)
    return names


def latest_results(owner_id: int, player_id: int, limit: int) -> list[Result]:
    """The player's ``limit`` latest finished matches, oldest first."""
    rows = db.session.execute(
        select(Match.id, Match.ruleset, Match.created_at, Match.totals, Match.winner, Side.position)
        .join(Side, Side.match_id == Match.id)
        .where(Match.owner_id == owner_id, Match.finished, Side.id.in_(_seats_of(player_id)))
        .order_by(Match.created_at.desc(), Match.id.desc())
        .limit(limit)
    ).all()
    results = []
    for match_id, ruleset, created_at, totals, winner, index in reversed(rows):
        others = [t for i, t in enumerate(totals) if i != index]
        results.append(
            Result(
                match_id,
                ruleset,
                as_utc(created_at),
                totals[index],
                max(others) if others else 0,
                winner == index,
            )
        )
    return results
