"""Reads of the players area: an account's players, and their statistics read from their running
totals (:mod:`scorekeeper.running_totals`): one row per rule set, partnership or canasta kind,
whatever the number of matches. Only the latest results read matches, a fixed number of them.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import aliased

from ..extensions import db
from ..models import Match, PartnershipTotal, Player, PlayerTotal, PlayerTotalCanasta, Seat, Side, as_utc
from ..stats import COUNTS, BestHand, Partnership, Result, Stats, combined, stats_from
from .errors import MAX_ID, NotFound


def _counts(row: Any) -> dict[str, int]:
    """The :data:`~scorekeeper.stats.COUNTS` of a totals row (or of sums labelled with their names)."""
    return {name: getattr(row, name) for name in COUNTS}


def _drawn() -> Any:
    """Matches finished with no winner: the draws, which no running total keeps (few: only the house
    rule ``hands_limit`` and settled club games make them)."""
    return (Match.finished, Match.winner.is_(None))


def drawn_counts(club_id: int, player_id: int) -> dict[str, int]:
    """How many of the account's matches the player drew, by rule set (one statement)."""
    rows = db.session.execute(
        select(Match.ruleset, func.count(Match.id))
        .join(Side, Side.match_id == Match.id)
        .join(*_seated(player_id, Side.id))
        .where(Match.club_id == club_id, *_drawn())
        .group_by(Match.ruleset)
    )
    return {ruleset: count for ruleset, count in rows}


def ruleset_stats(club_id: int, player_id: int) -> dict[str, Stats]:
    """The player's figures in each rule set they played (:func:`scorekeeper.stats.combined` adds
    them up)."""
    canastas: dict[str, dict[str, int]] = {}
    for ruleset, kind, count in db.session.execute(
        select(PlayerTotalCanasta.ruleset, PlayerTotalCanasta.kind, PlayerTotalCanasta.count)
        .join(Player, Player.id == PlayerTotalCanasta.player_id)
        .where(Player.club_id == club_id, Player.id == player_id, PlayerTotalCanasta.count != 0)
        .order_by(PlayerTotalCanasta.kind)
    ):
        canastas.setdefault(ruleset, {})[kind] = count
    found = {}
    for row in db.session.scalars(
        select(PlayerTotal)
        .join(Player, Player.id == PlayerTotal.player_id)
        .where(Player.club_id == club_id, Player.id == player_id)
    ):
        best = None  # the four best_ columns are set together (totals._best)
        score, match_id, hand, created_at = (
            row.best_score,
            row.best_match_id,
            row.best_hand,
            row.best_created_at,
        )
        if score is not None and match_id is not None and hand is not None and created_at is not None:
            best = BestHand(score, match_id, hand, as_utc(created_at))
        found[row.ruleset] = stats_from(_counts(row), canastas.get(row.ruleset), best)
    drawn = drawn_counts(club_id, player_id) if found else {}
    return {ruleset: replace(stats, drawn=drawn.get(ruleset, 0)) for ruleset, stats in found.items()}


def player_stats(club_id: int, player_id: int) -> Stats:
    """The player's figures over every rule set (all zero if they never played)."""
    return combined(ruleset_stats(club_id, player_id).values())


def players_stats(club_id: int) -> dict[int, Stats]:
    """Every player's matches played, won and in progress, and per-hand sums (no canastas, no best
    hand), by player id; players without a match are absent."""
    sums = [func.sum(getattr(PlayerTotal, name)).label(name) for name in COUNTS]
    rows = db.session.execute(
        select(PlayerTotal.player_id, *sums)
        .join(Player, Player.id == PlayerTotal.player_id)
        .where(Player.club_id == club_id)
        .group_by(PlayerTotal.player_id)
    )
    found = {row.player_id: stats_from(_counts(row)) for row in rows}
    drawn = db.session.execute(
        select(Seat.player_id, func.count(Seat.side_id))
        .join(Side, Side.id == Seat.side_id)
        .join(Match, Match.id == Side.match_id)
        .where(Match.club_id == club_id, *_drawn())
        .group_by(Seat.player_id)
    )
    for player, count in drawn:
        if player in found:
            found[player] = replace(found[player], drawn=count)
    return found


def match_count(club_id: int, player_id: int) -> int:
    """How many of the account's matches the player sat in."""
    return player_stats(club_id, player_id).matches


def partnerships_of(club_id: int, player_id: int) -> list[Partnership]:
    """The partnerships (sides of two or more) ``player_id`` was part of, most finished matches
    first, then by names; each named by its latest match's side, in seating order."""
    rows = db.session.execute(
        select(PartnershipTotal, Player.name)
        .join(Seat, Seat.side_id == PartnershipTotal.latest_side_id)
        .join(Player, Player.id == Seat.player_id)
        .where(PartnershipTotal.player_id == player_id, Player.club_id == club_id)
        .order_by(PartnershipTotal.partner_low, PartnershipTotal.partner_high, Seat.position)
    )
    figures: dict[tuple[int, int], PartnershipTotal] = {}
    names: dict[tuple[int, int], tuple[str, ...]] = {}
    for row, name in rows:
        key = (row.partner_low, row.partner_high)
        figures[key] = row
        names[key] = (*names.get(key, ()), name)
    drawn = _partnership_draws(club_id, player_id) if figures else {}
    found = [
        Partnership(
            frozenset({player_id, low, high}),
            names[(low, high)],
            replace(stats_from(_counts(row)), drawn=drawn.get((low, high), 0)),
        )
        for (low, high), row in figures.items()
    ]
    return sorted(found, key=lambda p: (-p.stats.played, -p.stats.matches, p.names))


def _partnership_draws(club_id: int, player_id: int) -> dict[tuple[int, int], int]:
    """The player's drawn matches by partnership (its partners' lowest and highest id), from the
    seats of the player's drawn sides (one statement)."""
    rows = db.session.execute(
        select(Seat.side_id, Seat.player_id)
        .join(Side, Side.id == Seat.side_id)
        .join(Match, Match.id == Side.match_id)
        .join(*_seated(player_id, Side.id))
        .where(Match.club_id == club_id, *_drawn())
    )
    sides: dict[int, set[int]] = {}
    for side_id, seated in rows:
        sides.setdefault(side_id, set()).add(seated)
    draws: dict[tuple[int, int], int] = {}
    for players in sides.values():
        partners = sorted(players - {player_id})
        if partners:
            key = (partners[0], partners[-1])
            draws[key] = draws.get(key, 0) + 1
    return draws


def _seated(player_id: int, side_id: Any) -> tuple[Any, Any]:
    """A join (target, on clause) to the player's own seat of the side ``side_id``: at most one row a
    side, so it filters without multiplying rows. A join, not ``side IN (the player's seats)``: after a
    bulk import, before PostgreSQL has statistics of the new rows, the IN form was planned as a nested
    loop over every (seat, match) pair (256 s for a player page at 20,000 matches)."""
    mine = aliased(Seat)
    return mine, (mine.side_id == side_id) & (mine.player_id == player_id)


def latest_results(club_id: int, player_id: int, limit: int) -> list[Result]:
    """The player's ``limit`` latest finished matches, oldest first."""
    rows = db.session.execute(
        select(Match.id, Match.ruleset, Match.created_at, Match.totals, Match.winner, Side.position)
        .join(Side, Side.match_id == Match.id)
        .join(*_seated(player_id, Side.id))
        .where(Match.club_id == club_id, Match.finished)
        .order_by(Match.created_at.desc(), Match.id.desc())
        .limit(limit)
    ).all()
    return [_result(*row) for row in reversed(rows)]


def _result(
    match_id: int, ruleset: str, created_at: datetime, totals: list[int], winner: int | None, index: int
) -> Result:
    """The result of the side at ``index`` of a finished match: its total against the best other."""
    best_other = max((t for i, t in enumerate(totals) if i != index), default=0)
    total = totals[index]
    return Result(match_id, ruleset, as_utc(created_at), total, best_other, winner == index, winner is None)


def latest_results_by_ruleset(club_id: int, player_id: int, limit: int) -> dict[str, list[Result]]:
    """The player's ``limit`` latest finished matches of each rule set, oldest first, by rule set
    (one statement: the rows are numbered within each rule set, newest first)."""
    newest = (
        func.row_number()
        .over(partition_by=Match.ruleset, order_by=(Match.created_at.desc(), Match.id.desc()))
        .label("newest")
    )
    ranked = (
        select(Match.id, Match.ruleset, Match.created_at, Match.totals, Match.winner, Side.position, newest)
        .join(Side, Side.match_id == Match.id)
        .join(*_seated(player_id, Side.id))
        .where(Match.club_id == club_id, Match.finished)
        .subquery()
    )
    rows = db.session.execute(
        select(ranked)
        .where(ranked.c.newest <= limit)
        .order_by(ranked.c.ruleset, ranked.c.created_at, ranked.c.id)
    )
    results: dict[str, list[Result]] = {}
    for *row, _newest in rows:
        result = _result(*row)
        results.setdefault(result.ruleset, []).append(result)
    return results


def player_names(club_id: int) -> list[str]:
    """The names of the account's players, in alphabetical order (the new-match form suggests them)."""
    names = select(Player.name).where(Player.club_id == club_id).order_by(Player.name)
    return list(db.session.scalars(names))


def players_of(club_id: int) -> list[Player]:
    """The account's players, in alphabetical order."""
    return list(db.session.scalars(select(Player).where(Player.club_id == club_id).order_by(Player.name)))


def get_player(club_id: int, player_id: int) -> Player:
    """:raise NotFound: no such player in this account."""
    player = db.session.get(Player, player_id) if 1 <= player_id <= MAX_ID else None
    if player is None or player.club_id != club_id:
        raise NotFound(player_id)
    return player
