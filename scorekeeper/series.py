"""A series of club nights (a season) as a club keeps it on paper (issue 21, item 3): pure, no Flask,
no database; the events of issue 20 give it each night's places (``standings.Standing.rank``).

Each night's place is turned into points: ``entries − place + 1`` (the last of 8 gets 1, the first
8); entries sharing a place share the mean of the points of the places they take together (two
second of 5 take places 2 and 3: (4 + 3) / 2 = 3.5 each, and the next is fourth with 2). A
player's series total is the sum of their best ``best`` nights; below ``minimum`` nights played they
are listed apart, unranked. Ranked order: total, then nights played, then key; equal totals and
nights share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


def night_points(ranks: Mapping[K, int]) -> dict[K, float]:
    """The points of each entry of one night from its rank (competition ranking: 1, 2, 2, 4)."""
    entries = len(ranks)
    sharing: dict[int, int] = {}
    for rank in ranks.values():
        if rank < 1 or rank > entries:
            raise ValueError(f"a rank of {rank} among {entries} entries")
        sharing[rank] = sharing.get(rank, 0) + 1
    # A group of k at rank r takes places r .. r+k-1: the mean of entries − place + 1 over them.
    return {key: entries - rank + 1 - (sharing[rank] - 1) / 2 for key, rank in ranks.items()}


@dataclass(frozen=True)
class SeriesStanding(Generic[K]):
    key: K
    #: ``None`` below the minimum of nights.
    rank: int | None
    total: float
    nights: int
    #: Every night's points, in the nights' order (``None``: absent that night).
    points: tuple[float | None, ...]
    #: The nights (their indexes) whose points count in ``total``.
    counted: tuple[int, ...]


def series_standings(
    nights: Sequence[Mapping[K, int]], best: int, minimum: int = 1
) -> list[SeriesStanding[K]]:
    """The series after ``nights`` (each the ranks of that night's entries): :func:`from_points`
    of each night's :func:`night_points`."""
    return from_points([night_points(ranks) for ranks in nights], best, minimum)


def _keys_in_order(nights: Sequence[Mapping[K, float]]) -> list[K]:
    """Every key of ``nights`` once, in the order it first appears."""
    keys: list[K] = []
    for night in nights:
        keys += [key for key in night if key not in keys]
    return keys


def _best_nights(scored: Sequence[float | None], best: int) -> list[tuple[float, int]]:
    """The ``best`` highest ``(points, night index)`` of the nights played; among equal points the
    earlier night counts."""
    played = [(p, i) for i, p in enumerate(scored) if p is not None]
    return sorted(played, key=lambda pair: (-pair[0], pair[1]))[:best]


def _unranked(key: K, nights: Sequence[Mapping[K, float]], best: int) -> SeriesStanding[K]:
    """``key``'s series row (``rank`` ``None``): the total of their ``best`` nights."""
    scored = tuple(night.get(key) for night in nights)
    chosen = _best_nights(scored, best)
    total = float(sum(p for p, _ in chosen))
    played = sum(p is not None for p in scored)
    return SeriesStanding(key, None, total, played, scored, tuple(sorted(i for _, i in chosen)))


def _ranked(order: Sequence[SeriesStanding[K]]) -> list[SeriesStanding[K]]:
    """``order`` (best first) with their ranks: equal totals and nights share a rank (1, 2, 2, 4)."""
    found: list[SeriesStanding[K]] = []
    for row in order:
        last = found[-1] if found else None
        same = last is not None and (last.total, last.nights) == (row.total, row.nights)
        rank = last.rank if same and last is not None else len(found) + 1
        found.append(replace(row, rank=rank))
    return found


def from_points(nights: Sequence[Mapping[K, float]], best: int, minimum: int = 1) -> list[SeriesStanding[K]]:
    """The series after ``nights`` (each night's points per player: a pair's two players take their
    entry's), counting each player's ``best`` nights, ranking those with at least ``minimum``
    nights; the others follow, unranked."""
    if best < 1 or minimum < 0:
        raise ValueError("best must be at least 1 and minimum at least 0")
    per_night = list(nights)
    rows = [_unranked(key, per_night, best) for key in _keys_in_order(per_night)]
    order = sorted(rows, key=lambda r: (-r.total, -r.nights, str(r.key)))
    return _ranked([r for r in order if r.nights >= minimum]) + [r for r in order if r.nights < minimum]
