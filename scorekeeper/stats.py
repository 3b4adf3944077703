"""Statistics of players and partnerships. Pure: no Flask, no database.

Each side of a match carries its :class:`SideFigures`, its per-hand figures summed over the match's
hands: derived from the hands by :func:`side_figures` and stored with the side whenever the hands
change (:meth:`scorekeeper.services.unit_of_work.MatchWrite.summarise`). The statistics add up those
stored figures (:mod:`scorekeeper.services.player_reads` has the database do it), so they never read a hand
nor fold a match.

Scores belong to sides, so a player's figures are those of the side they sat in: a player's
"average hand score" is the average hand total of their side, a partnership's the same for the side
made of exactly that set of players (two or more).

Finished and unfinished matches are counted differently:

* ``played``, ``won``, ``drawn`` and ``win_rate`` count **finished** matches only (a match in
  progress has no winner yet); matches still in progress are counted apart in ``in_progress``. A
  draw (a finished match with no winner: equal top totals at the hands limit, or settled so) is
  neither won nor lost.
* every per-hand figure (hands, average hand score, canastas per hand, going-out share, penalties,
  best hand) counts the hands of **every** match, finished or not.

Adding up every side of every match on each page would grow with the history, so each player
keeps running totals (:class:`SideRecord`, :func:`contribution`, :func:`add_up`): every change to a
match adds the difference its sides make to their players' totals (:mod:`scorekeeper.running_totals`).

Canastas are those that scored: in Canastón an escala counts only beside a canasta that is not an
escala (:class:`scorekeeper.rules.scoring.CanastaTally`), so an escala entered without one is left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from typing import Any, Final

from .rules import HandResult, MatchState, RuleSet, SideHand
from .rules.scoring import tally_canastas


@dataclass(frozen=True)
class SideFigures:
    """One side's per-hand figures summed over the hands of one match.

    ``points`` is the sum of the side's hand totals; ``went_out`` the hands it went out in;
    ``penalty_count`` its penalty entries × count, ``penalty_points`` their points (positive);
    ``canastas`` the canastas that scored, by kind; ``best_score`` its highest hand total and
    ``best_hand`` the number of the first hand with it (both ``None`` before the first hand).
    """

    points: int = 0
    went_out: int = 0
    penalty_count: int = 0
    penalty_points: int = 0
    canastas: Mapping[str, int] = field(default_factory=dict)
    best_score: int | None = None
    best_hand: int | None = None


#: The figures a side keeps in columns of its own (``sides``), named as in :class:`SideFigures`; its
#: canastas are rows of ``side_canastas``.
SIDE_COLUMNS: Final = tuple(f.name for f in fields(SideFigures) if f.name != "canastas")


def scored_canastas(rs: RuleSet, side: SideHand) -> dict[str, int]:
    """The canastas of ``side`` that count, by kind: escalas only beside a canasta that is not one."""
    escalas = {kind.code for kind in rs.canasta_kinds if kind.escala}
    with_plain = tally_canastas(rs, side).plain > 0
    return {code: n for code, n in side.canastas.items() if n and (with_plain or code not in escalas)}


def side_figures(rs: RuleSet, state: MatchState) -> tuple[SideFigures, ...]:
    """Every side's :class:`SideFigures` over the hands of ``state`` (folded with ``rs``), in side order."""
    figures = tuple(SideFigures() for _ in state.totals)
    for hand in state.hands:
        figures = figures_after(rs, figures, hand)
    return figures


def figures_after(rs: RuleSet, before: Sequence[SideFigures], hand: HandResult) -> tuple[SideFigures, ...]:
    """``before`` (each side's figures over the hands before ``hand``) with ``hand`` counted too: what
    :func:`side_figures` gives over them and ``hand``, without going over the earlier hands again."""
    after = []
    for index, figures in enumerate(before):
        side, score = hand.input.sides[index], hand.breakdown[index].total
        canastas = dict(figures.canastas)
        for kind, n in scored_canastas(rs, side).items():
            canastas[kind] = canastas.get(kind, 0) + n
        best = figures.best_score is None or score > figures.best_score  # the first hand of the highest
        after.append(
            SideFigures(
                figures.points + score,
                figures.went_out + (hand.input.went_out == index),
                figures.penalty_count + sum(p.count for p in side.penalties),
                figures.penalty_points - hand.breakdown[index].penalties,
                dict(sorted(canastas.items())),
                score if best else figures.best_score,
                hand.number if best else figures.best_hand,
            )
        )
    return tuple(after)


@dataclass(frozen=True)
class BestHand:
    """A side's highest hand score: which match (and when), which hand."""

    score: int
    match_id: int
    hand_number: int
    created_at: datetime


@dataclass(frozen=True)
class Stats:
    """Figures of a player or a partnership. ``played``/``won`` are finished matches only; per-hand
    figures count the hands of every match, in progress included (see the module's docstring)."""

    played: int = 0
    won: int = 0
    in_progress: int = 0
    hands: int = 0
    points: int = 0
    canastas: Mapping[str, int] = field(default_factory=dict)
    went_out: int = 0
    penalty_count: int = 0
    penalty_points: int = 0
    best: BestHand | None = None
    #: Finished matches drawn. Not a running total of its own (no column keeps it): the reads count
    #: the draws apart (:func:`scorekeeper.services.player_reads.drawn_counts`) and put them here.
    drawn: int = 0

    @property
    def matches(self) -> int:
        """Every match, finished or not."""
        return self.played + self.in_progress

    @property
    def lost(self) -> int:
        return self.played - self.won - self.drawn

    @property
    def win_rate(self) -> float | None:
        """Won / finished matches, from 0 to 1; ``None`` before any match is finished."""
        return self.won / self.played if self.played else None

    @property
    def average_hand(self) -> float | None:
        """The side's average hand total; ``None`` without hands."""
        return self.points / self.hands if self.hands else None

    @property
    def went_out_share(self) -> float | None:
        """The share of hands (0 to 1) in which the side went out."""
        return self.went_out / self.hands if self.hands else None

    def canastas_per_hand(self, kind: str) -> float | None:
        return self.canastas.get(kind, 0) / self.hands if self.hands else None


#: The figures of :class:`Stats` that are counts and sums kept as running totals (all but the
#: canastas, the best hand and the draws).
COUNTS: Final = tuple(f.name for f in fields(Stats) if f.name not in {"canastas", "best", "drawn"})


def stats_from(
    counts: Mapping[str, int], canastas: Mapping[str, int] | None = None, best: BestHand | None = None
) -> Stats:
    """A :class:`Stats` of ``counts`` (every name of :data:`COUNTS`), canastas and best hand."""
    values: dict[str, Any] = {name: int(counts[name]) for name in COUNTS}
    return replace(Stats(canastas=dict(canastas or {}), best=best), **values)


def _without_best(stats: Stats) -> Stats:
    return replace(stats, best=None)


@dataclass(frozen=True)
class SideRecord:
    """One stored side as the statistics see it: its match's summary, its players in seating order
    and its :class:`SideFigures`."""

    side_id: int
    match_id: int
    ruleset: str
    created_at: datetime
    position: int
    players: tuple[int, ...]
    finished: bool
    winner: int | None
    hand_count: int
    figures: SideFigures

    @property
    def best(self) -> BestHand | None:
        score, number = self.figures.best_score, self.figures.best_hand
        if score is None or number is None:
            return None
        return BestHand(score, self.match_id, number, self.created_at)

    def player_keys(self) -> list[PlayerKey]:
        """The totals this side counts in for its players: one per player and rule set."""
        return [(player, self.ruleset) for player in self.players]

    def partnership_keys(self) -> list[PartnershipKey]:
        """The partnerships this side counts in, one per player with their partners' lowest and
        highest ids (a side has at most three players, so those two name the partners exactly)."""
        keys = []
        for player in self.players:
            partners = sorted(set(self.players) - {player})
            if partners:
                keys.append((player, partners[0], partners[-1]))
        return keys


PlayerKey = tuple[int, str]  # player id, rule set
PartnershipKey = tuple[int, int, int]  # player id, lowest and highest partner id


def contribution(side: SideRecord) -> Stats:
    """What ``side`` adds to the totals of each of its players (and partnerships)."""
    figures = side.figures
    return Stats(
        played=int(side.finished),
        won=int(side.finished and side.winner == side.position),
        drawn=int(side.finished and side.winner is None),
        in_progress=int(not side.finished),
        hands=side.hand_count,
        points=figures.points,
        canastas=dict(figures.canastas),
        went_out=figures.went_out,
        penalty_count=figures.penalty_count,
        penalty_points=figures.penalty_points,
        best=side.best,
    )


def difference(new: Stats, old: Stats) -> Stats:
    """``new`` minus ``old``, figure by figure (canastas kind by kind, kinds that differ only);
    there is no difference of best hands, so the result has none."""
    kinds = sorted(set(new.canastas) | set(old.canastas))
    canastas = {k: new.canastas.get(k, 0) - old.canastas.get(k, 0) for k in kinds}
    return stats_from(
        {name: getattr(new, name) - getattr(old, name) for name in COUNTS},
        {k: n for k, n in canastas.items() if n},
    )


@dataclass(frozen=True)
class RunningTotals:
    """Running totals over a set of sides: per player and rule set (with canastas and best hand),
    and per partnership (without them) with the side of its latest match."""

    players: Mapping[PlayerKey, Stats]
    partnerships: Mapping[PartnershipKey, tuple[Stats, SideRecord]]


def add_up(sides: Iterable[SideRecord]) -> RunningTotals:
    """The totals of ``sides`` added up from nothing (what the running totals must always equal)."""
    players: dict[PlayerKey, list[Stats]] = {}
    partnerships: dict[PartnershipKey, list[Stats]] = {}
    latest: dict[PartnershipKey, SideRecord] = {}
    for side in sides:
        part = contribution(side)
        for key in side.player_keys():
            players.setdefault(key, []).append(part)
        for pkey in side.partnership_keys():
            partnerships.setdefault(pkey, []).append(_without_best(part))
            if pkey not in latest or _newness(side) > _newness(latest[pkey]):
                latest[pkey] = side
    return RunningTotals(
        {key: combined(parts) for key, parts in players.items()},
        {key: (replace(combined(parts), canastas={}), latest[key]) for key, parts in partnerships.items()},
    )


def _newness(side: SideRecord) -> tuple[datetime, int]:
    return (side.created_at, side.match_id)


def combined(parts: Iterable[Stats]) -> Stats:
    """The figures of several disjoint sets of matches (a player's rule sets, say) taken together.
    Of equal best hands the earliest match's is kept, as one pass over every hand in order would."""
    total = Stats()
    canastas: dict[str, int] = {}
    for part in parts:
        for kind, n in part.canastas.items():
            canastas[kind] = canastas.get(kind, 0) + n
        best = total.best
        if part.best is not None and (best is None or _rank(part.best) < _rank(best)):
            best = part.best
        total = replace(
            total,
            best=best,
            drawn=total.drawn + part.drawn,
            **{name: getattr(total, name) + getattr(part, name) for name in COUNTS},
        )
    return replace(total, canastas=dict(sorted(canastas.items())))


def _rank(best: BestHand) -> tuple[int, datetime, int]:
    """Best hands in order: the highest score first, of equal scores the earliest match's."""
    return (-best.score, best.created_at, best.match_id)


def by_matches(by_ruleset: Mapping[str, Stats]) -> list[str]:
    """The rule sets of ``by_ruleset``, most matches first, then by identifier."""
    return sorted(by_ruleset, key=lambda r: (-by_ruleset[r].matches, r))


@dataclass(frozen=True)
class Partnership:
    """A partnership with its players' latest names (seating order of its latest match)."""

    players: frozenset[int]
    names: tuple[str, ...]
    stats: Stats


@dataclass(frozen=True)
class Result:
    """A finished match seen from one player's side: its final total, the best other total, won."""

    match_id: int
    ruleset: str
    created_at: datetime
    total: int
    best_other: int
    won: bool
    #: Finished with no winner (equal top totals): neither won nor lost.
    drawn: bool = False
