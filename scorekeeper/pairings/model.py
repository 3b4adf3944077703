"""The shapes the seating core takes and gives: tables, past rounds, proposals and their repeats."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

Side = tuple[int, ...]
"""Entry ids on one side: one entry (fixed pairs or single players), two players (individual)."""
Table = tuple[Side, Side]
"""Side 0, side 1 (Mitchell: the stationary entry is side 0)."""

FORMATS = ("round_robin", "mitchell", "swiss", "individual")
FIXED = ("round_robin", "mitchell")
"""Formats whose whole schedule follows from the entry order alone."""


class UnknownFormat(ValueError):
    """A format name none of :data:`FORMATS`."""

    def __init__(self, fmt: str) -> None:
        super().__init__(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
        self.fmt = fmt


def check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise UnknownFormat(fmt)


@dataclass(frozen=True)
class PastRound:
    """A round already seated: its tables (in table order) and its byes."""

    tables: Sequence[Table]
    byes: Sequence[int]


@dataclass(frozen=True)
class Repeats:
    """What a proposal repeats of the past rounds, reported next to it.

    ``partners``: pairs of players partnered again (individual); ``opponents``: pairs of entries or
    players opposed again; ``met_twice``: the pairs seated at one table again, in any role (sorted).
    """

    partners: int = 0
    opponents: int = 0
    met_twice: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Seating:
    """A proposal: tables in table order, the byes, and what it repeats.

    ``table_numbers`` gives each table's number (the physical table, as on its table card and link);
    empty means 1, 2, 3… in order. Mitchell keeps a stationary entry's number when a table stays empty
    (the odd count's bye, an absent entry).
    """

    tables: tuple[Table, ...]
    byes: tuple[int, ...]
    repeats: Repeats = Repeats()
    table_numbers: tuple[int, ...] = ()

    def numbered(self) -> list[tuple[int, Table]]:
        """(table number, table) for every table."""
        numbers = self.table_numbers or tuple(range(1, len(self.tables) + 1))
        return list(zip(numbers, self.tables, strict=True))


def pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def partner_pairs(table: Table) -> Iterable[tuple[int, int]]:
    for side in table:
        for a, b in combinations(side, 2):
            yield pair(a, b)


def opponent_pairs(table: Table) -> Iterable[tuple[int, int]]:
    for a in table[0]:
        for b in table[1]:
            yield pair(a, b)


def table_pairs(table: Table) -> Iterable[tuple[int, int]]:
    """Every pair seated at the table, in any role."""
    yield from partner_pairs(table)
    yield from opponent_pairs(table)


def repeats_of(tables: Iterable[Table], past: Sequence[PastRound]) -> Repeats:
    """What ``tables`` repeats of ``past``: partners again, opponents again, pairs at one table again."""
    partners_before: set[tuple[int, int]] = set()
    opponents_before: set[tuple[int, int]] = set()
    for old in past:
        for table in old.tables:
            partners_before.update(partner_pairs(table))
            opponents_before.update(opponent_pairs(table))
    met_before = partners_before | opponents_before
    partners = opponents = 0
    met: set[tuple[int, int]] = set()
    for table in tables:
        for p in partner_pairs(table):
            partners += p in partners_before
            if p in met_before:
                met.add(p)
        for p in opponent_pairs(table):
            opponents += p in opponents_before
            if p in met_before:
                met.add(p)
    return Repeats(partners=partners, opponents=opponents, met_twice=tuple(sorted(met)))
