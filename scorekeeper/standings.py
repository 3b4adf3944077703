"""An event's standings, derived from its games' results (pure: no Flask, no database).

API.md, "Club nights": ``played``, ``won``, ``drawn``, ``lost``, ``points_for`` and ``points_against``
count finished games (settled ones included); ``match_points`` adds the byes' points. Order:
``match_points``; then, among all the entries equal on it, the match points each took in the games
between two of them (as opponents; partners in ``individual`` do not count); then ``difference``;
then ``points_for``. The criteria are applied once, in that order, to the whole group of equal
entries. Entries equal on all of them share a rank (1, 2, 2, 4) and are listed by entry id. In
``individual``, every player of a side takes that side's result.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

#: Match points of a result and of a bye, as API.md defaults them.
DEFAULT_POINTS: Final = {"win": 2, "draw": 1, "loss": 0, "bye": 2}


@dataclass(frozen=True)
class Game:
    """A finished game: the entry ids of each side (in side order), the sides' final totals, and
    the winning side's index (``None``: a draw)."""

    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True)
class Standing:
    rank: int
    entry: int
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    match_points: float
    points_for: int
    points_against: int

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against

    def as_json(self) -> dict[str, int | float]:
        return {
            "rank": self.rank,
            "entry": self.entry,
            "played": self.played,
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
            "byes": self.byes,
            "match_points": _number(self.match_points),
            "points_for": self.points_for,
            "points_against": self.points_against,
            "difference": self.difference,
        }


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def _result_points(game: Game, side: int, points: Mapping[str, float]) -> float:
    if game.winner is None:
        return points["draw"]
    return points["win"] if game.winner == side else points["loss"]


@dataclass
class _Tally:
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    match_points: float = 0
    points_for: int = 0
    points_against: int = 0


def _tally(
    entries: Sequence[int], games: Iterable[Game], byes: Mapping[int, int], points: Mapping[str, float]
) -> dict[int, _Tally]:
    tallies = {entry: _Tally() for entry in entries}
    for game in games:
        for index, side in enumerate(game.sides):
            other = sum(t for i, t in enumerate(game.totals) if i != index)
            for entry in side:
                t = tallies[entry]
                t.played += 1
                t.won += game.winner == index
                t.drawn += game.winner is None
                t.lost += game.winner is not None and game.winner != index
                t.match_points += _result_points(game, index, points)
                t.points_for += game.totals[index]
                t.points_against += other
    for entry, count in byes.items():
        if entry in tallies:
            tallies[entry].byes += count
            tallies[entry].match_points += count * points["bye"]
    return tallies


def head_to_head(
    group: Iterable[int], games: Iterable[Game], points: Mapping[str, float]
) -> dict[int, float]:
    """The match points each entry of ``group`` took in the games where it met another of them as an
    opponent (a game counts once for an entry, whichever of its opponents are in the group)."""
    members = set(group)
    taken = dict.fromkeys(members, 0.0)
    for game in games:
        for index, side in enumerate(game.sides):
            opponents = {e for i, s in enumerate(game.sides) if i != index for e in s}
            if not opponents & members:
                continue
            for entry in side:
                if entry in members:
                    taken[entry] += _result_points(game, index, points)
    return taken


def standings(
    entries: Sequence[int],
    games: Sequence[Game],
    byes: Mapping[int, int],
    points: Mapping[str, float] = DEFAULT_POINTS,
) -> list[Standing]:
    """One :class:`Standing` per entry of ``entries``, best first. ``games``: the finished games;
    ``byes``: the byes credited to each entry (rounds closed)."""
    tallies = _tally(entries, games, byes, points)
    groups: dict[float, list[int]] = {}
    for entry in entries:
        groups.setdefault(tallies[entry].match_points, []).append(entry)
    keys: dict[int, tuple[float, float, int, int]] = {}
    for match_points, group in groups.items():
        h2h = head_to_head(group, games, points) if len(group) > 1 else dict.fromkeys(group, 0.0)
        for entry in group:
            t = tallies[entry]
            keys[entry] = (match_points, h2h[entry], t.points_for - t.points_against, t.points_for)
    order = sorted(entries, key=lambda e: (tuple(-k for k in keys[e]), e))
    result: list[Standing] = []
    for position, entry in enumerate(order, start=1):
        tied = result and keys[result[-1].entry] == keys[entry]
        rank = result[-1].rank if tied else position
        t = tallies[entry]
        result.append(
            Standing(
                rank,
                entry,
                t.played,
                t.won,
                t.drawn,
                t.lost,
                t.byes,
                t.match_points,
                t.points_for,
                t.points_against,
            )
        )
    return result
