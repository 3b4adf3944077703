"""Statistics of players and partnerships over an account's matches. Pure: no Flask, no database.

The input is a list of :class:`MatchRecord`, each a match already folded through the rules (see
:func:`match_record`). Scores belong to sides, so a player's figures are those of the side they sat
in: a player's "average hand score" is the average hand total of their side, a partnership's the
same for the side made of exactly that set of players (two or more).

Finished and unfinished matches are counted differently:

* ``played``, ``won`` and ``win_rate`` count **finished** matches only (a match in progress has no
  winner yet); matches still in progress are counted apart in ``in_progress``.
* every per-hand figure (hands, average hand score, canastas per hand, going-out share, penalties,
  best hand) counts the hands of **every** match, finished or not.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeVar

from .rules import MatchState

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class SideRecord:
    """A side of a match: its name and its players (ids and names, in seating order)."""

    name: str
    player_ids: tuple[int, ...]
    player_names: tuple[str, ...]

    @property
    def partnership(self) -> frozenset[int]:
        return frozenset(self.player_ids)


@dataclass(frozen=True)
class SideHandRecord:
    """What one side did in one hand: its score, canastas by kind, penalties (entries × count, points)."""

    score: int
    canastas: Mapping[str, int]
    penalty_count: int
    penalty_points: int


@dataclass(frozen=True)
class HandRecord:
    number: int
    went_out: int | None
    sides: tuple[SideHandRecord, ...]


@dataclass(frozen=True)
class MatchRecord:
    """A folded match: what the statistics need and nothing else."""

    match_id: int
    ruleset: str
    created_at: datetime
    sides: tuple[SideRecord, ...]
    hands: tuple[HandRecord, ...]
    totals: tuple[int, ...]
    finished: bool
    winner: int | None


def match_record(
    match_id: int, ruleset: str, created_at: datetime, sides: Sequence[SideRecord], state: MatchState
) -> MatchRecord:
    """A :class:`MatchRecord` from a match's folded ``state`` (``rules.fold_match``)."""
    hands = tuple(
        HandRecord(
            number=h.number,
            went_out=h.input.went_out,
            sides=tuple(
                SideHandRecord(
                    score=b.total,
                    canastas={code: n for code, n in side.canastas.items() if n},
                    penalty_count=sum(p.count for p in side.penalties),
                    penalty_points=-b.penalties,
                )
                for b, side in zip(h.breakdown, h.input.sides, strict=True)
            ),
        )
        for h in state.hands
    )
    return MatchRecord(
        match_id, ruleset, created_at, tuple(sides), hands, state.totals, state.finished, state.winner
    )


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


class _Tally:
    """Mutable counters behind one :class:`Stats`."""

    def __init__(self) -> None:
        self.played = self.won = self.in_progress = self.hands = self.points = 0
        self.went_out = self.penalty_count = self.penalty_points = 0
        self.canastas: dict[str, int] = {}
        self.best: BestHand | None = None

    def add(self, match: MatchRecord, index: int) -> None:
        if match.finished:
            self.played += 1
            self.won += match.winner == index
        else:
            self.in_progress += 1
        for hand in match.hands:
            side = hand.sides[index]
            self.hands += 1
            self.points += side.score
            self.went_out += hand.went_out == index
            self.penalty_count += side.penalty_count
            self.penalty_points += side.penalty_points
            for kind, n in side.canastas.items():
                self.canastas[kind] = self.canastas.get(kind, 0) + n
            if self.best is None or side.score > self.best.score:
                self.best = BestHand(side.score, match.match_id, hand.number, match.created_at)

    def freeze(self) -> Stats:
        return Stats(
            played=self.played,
            won=self.won,
            in_progress=self.in_progress,
            hands=self.hands,
            points=self.points,
            canastas=dict(sorted(self.canastas.items())),
            went_out=self.went_out,
            penalty_count=self.penalty_count,
            penalty_points=self.penalty_points,
            best=self.best,
        )


def _aggregate(
    matches: Iterable[MatchRecord], keys: Callable[[SideRecord], Iterable[K]], ruleset: str | None
) -> dict[K, Stats]:
    tallies: dict[K, _Tally] = {}
    for match in matches:
        if ruleset is not None and match.ruleset != ruleset:
            continue
        for index, side in enumerate(match.sides):
            for key in keys(side):
                tallies.setdefault(key, _Tally()).add(match, index)
    return {key: tally.freeze() for key, tally in tallies.items()}


def players_stats(matches: Iterable[MatchRecord], ruleset: str | None = None) -> dict[int, Stats]:
    """Every player's figures, by player id (only ``ruleset``'s matches when given)."""
    return _aggregate(matches, lambda side: set(side.player_ids), ruleset)


def player_stats(matches: Iterable[MatchRecord], player_id: int, ruleset: str | None = None) -> Stats:
    """One player's figures (all zero if they never played)."""
    return players_stats(_with_player(matches, player_id), ruleset).get(player_id, Stats())


def partnerships_stats(
    matches: Iterable[MatchRecord], ruleset: str | None = None
) -> dict[frozenset[int], Stats]:
    """The figures of every partnership (the set of players of a side, two or more)."""
    return _aggregate(matches, lambda side: [side.partnership] if len(side.partnership) >= 2 else [], ruleset)


@dataclass(frozen=True)
class Partnership:
    """A partnership with its players' latest names (seating order of its latest match)."""

    players: frozenset[int]
    names: tuple[str, ...]
    stats: Stats


def partnerships_of(
    matches: Sequence[MatchRecord], player_id: int, ruleset: str | None = None
) -> list[Partnership]:
    """The partnerships ``player_id`` was part of, most finished matches first, then by names."""
    names: dict[frozenset[int], tuple[str, ...]] = {}
    for match in sorted(matches, key=lambda m: m.created_at):
        for side in match.sides:
            names[side.partnership] = side.player_names
    found = [
        Partnership(players, names[players], stats)
        for players, stats in partnerships_stats(matches, ruleset).items()
        if player_id in players
    ]
    return sorted(found, key=lambda p: (-p.stats.played, -p.stats.matches, p.names))


def rulesets_played(matches: Iterable[MatchRecord], player_id: int) -> list[str]:
    """The rule sets of the matches ``player_id`` played, most matches first."""
    counts: dict[str, int] = {}
    for match in _with_player(matches, player_id):
        counts[match.ruleset] = counts.get(match.ruleset, 0) + 1
    return sorted(counts, key=lambda r: (-counts[r], r))


@dataclass(frozen=True)
class Result:
    """A finished match seen from one player's side: its final total, the best other total, won."""

    match_id: int
    ruleset: str
    created_at: datetime
    total: int
    best_other: int
    won: bool


def results_over_time(matches: Iterable[MatchRecord], player_id: int) -> list[Result]:
    """The finished matches of ``player_id``, oldest first."""
    results = []
    for match in _with_player(matches, player_id):
        if not match.finished:
            continue
        index = next(i for i, s in enumerate(match.sides) if player_id in s.player_ids)
        others = [t for i, t in enumerate(match.totals) if i != index]
        results.append(
            Result(
                match.match_id,
                match.ruleset,
                match.created_at,
                match.totals[index],
                max(others) if others else 0,
                match.winner == index,
            )
        )
    return sorted(results, key=lambda r: (r.created_at, r.match_id))


def _with_player(matches: Iterable[MatchRecord], player_id: int) -> list[MatchRecord]:
    return [m for m in matches if any(player_id in s.player_ids for s in m.sides)]
