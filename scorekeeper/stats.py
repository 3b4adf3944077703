"""Statistics of players and partnerships. Pure: no Flask, no database.

Each side of a match carries its :class:`SideFigures`, its per-hand figures summed over the match's
hands: derived from the hands by :func:`side_figures` and stored with the side whenever the hands
change (:func:`scorekeeper.services._summarise`). The statistics add up those stored figures
(:mod:`scorekeeper.players.data` has the database do it), so they never read a hand nor fold a match.

Scores belong to sides, so a player's figures are those of the side they sat in: a player's
"average hand score" is the average hand total of their side, a partnership's the same for the side
made of exactly that set of players (two or more).

Finished and unfinished matches are counted differently:

* ``played``, ``won`` and ``win_rate`` count **finished** matches only (a match in progress has no
  winner yet); matches still in progress are counted apart in ``in_progress``.
* every per-hand figure (hands, average hand score, canastas per hand, going-out share, penalties,
  best hand) counts the hands of **every** match, finished or not.

Canastas are those that scored: in Canastón an escala counts only beside a canasta that is not an
escala (:class:`scorekeeper.rules.scoring.CanastaTally`), so an escala entered without one is left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime

from .rules import MatchState, RuleSet, SideHand
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


def scored_canastas(rs: RuleSet, side: SideHand) -> dict[str, int]:
    """The canastas of ``side`` that count, by kind: escalas only beside a canasta that is not one."""
    escalas = {kind.code for kind in rs.canasta_kinds if kind.escala}
    with_plain = tally_canastas(rs, side).plain > 0
    return {code: n for code, n in side.canastas.items() if n and (with_plain or code not in escalas)}


def side_figures(rs: RuleSet, state: MatchState) -> tuple[SideFigures, ...]:
    """Every side's :class:`SideFigures` over the hands of ``state`` (folded with ``rs``), in side order."""
    figures = []
    for index in range(len(state.totals)):
        points = went_out = penalty_count = penalty_points = 0
        canastas: dict[str, int] = {}
        best_score: int | None = None
        best_hand: int | None = None
        for hand in state.hands:
            side, score = hand.input.sides[index], hand.breakdown[index].total
            points += score
            went_out += hand.input.went_out == index
            penalty_count += sum(p.count for p in side.penalties)
            penalty_points -= hand.breakdown[index].penalties
            for kind, n in scored_canastas(rs, side).items():
                canastas[kind] = canastas.get(kind, 0) + n
            if best_score is None or score > best_score:  # the first hand of the highest score
                best_score, best_hand = score, hand.number
        figures.append(
            SideFigures(
                points,
                went_out,
                penalty_count,
                penalty_points,
                dict(sorted(canastas.items())),
                best_score,
                best_hand,
            )
        )
    return tuple(figures)


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

    @property
    def matches(self) -> int:
        """Every match, finished or not."""
        return self.played + self.in_progress

    @property
    def lost(self) -> int:
        return self.played - self.won

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
        total = Stats(
            played=total.played + part.played,
            won=total.won + part.won,
            in_progress=total.in_progress + part.in_progress,
            hands=total.hands + part.hands,
            points=total.points + part.points,
            went_out=total.went_out + part.went_out,
            penalty_count=total.penalty_count + part.penalty_count,
            penalty_points=total.penalty_points + part.penalty_points,
            best=best,
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
