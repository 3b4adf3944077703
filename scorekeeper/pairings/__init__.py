"""Seating of a club night's rounds, for every format: pure, no Flask, no database.

(``scorekeeper.seating`` is another thing: who deals and starts at one table.)

- ``round_robin``: the Berger tables (:mod:`.fixed`).
- ``mitchell``: the first half stationary, the second half one table up each round (:mod:`.fixed`).
- ``swiss``: a maximum-weight matching (networkx) of equal match points without rematches (:mod:`.swiss`).
- ``individual``: four a table, partners changing; whole schedules planned ahead, whist tournaments
  and resolvable designs shipped as data and checked by the tests (:mod:`.individual`).

:func:`propose` gives a round's :class:`Seating`; :func:`check_manual` the problems of one made by hand.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from . import fixed
from .checks import MESSAGES, Problem, check_manual, manual_problems
from .individual import individual
from .model import FORMATS, PastRound, Repeats, Seating, Side, Table, UnknownFormat, check_format, repeats_of
from .swiss import swiss

__all__ = [
    "FORMATS", "MESSAGES", "PastRound", "Problem", "Repeats", "Seating", "Side", "Table", "UnknownFormat",
    "check_manual", "default_rounds", "manual_problems", "max_rounds", "max_tables", "propose",
]


def default_rounds(fmt: str, n_entries: int) -> int | None:
    """Rounds when the organiser names none; None where they are required (swiss, individual)."""
    check_format(fmt)
    if fmt == "round_robin":
        return fixed.round_robin_schedule_size(n_entries)
    if fmt == "mitchell":
        return fixed.mitchell_tables(n_entries)
    return None


def max_rounds(fmt: str, n_entries: int) -> int:
    """The most rounds an event of ``n_entries`` can have in ``fmt``.

    Round robin and Mitchell: their whole schedule (each meets each once). Swiss: entries − 1.
    Individual: n − 1 for a multiple of 4 (a whist tournament: each partners each once), else n.
    """
    check_format(fmt)
    if fmt in ("round_robin", "mitchell"):
        return default_rounds(fmt, n_entries) or 1
    if fmt == "swiss":
        return max(1, n_entries - 1)
    return max(1, n_entries - 1 if n_entries % 4 == 0 else n_entries)


def max_tables(fmt: str, n_entries: int) -> int:
    """The most tables a round can have (table links are numbered 1..this)."""
    check_format(fmt)
    if fmt == "mitchell":
        return fixed.mitchell_tables(n_entries)
    if fmt == "individual":
        return max(1, n_entries // 4)
    return max(1, n_entries // 2)


def propose(fmt: str, entries: Sequence[int], present: Collection[int], past: Sequence[PastRound],
            round_number: int, *, rounds: int, match_points: Mapping[int, float],
            standing: Sequence[int], byes: Mapping[int, int]) -> Seating:
    """The seating of round ``round_number`` (1-based).

    ``entries``: all the event's entry ids in entry order; ``present``: those playing this round;
    ``past``: the rounds seated so far, in order; ``rounds``: the event's number of rounds;
    ``match_points``, ``standing`` (best first) and ``byes`` (so far): the standings' figures.
    Absent entries are never seated and get no bye; in round robin and Mitchell the absent entry's
    opponent has a bye.
    """
    check_format(fmt)
    playing = [e for e in entries if e in present]
    if fmt == "round_robin":
        tables, bye_list = fixed.round_robin(entries, playing, round_number)
        return Seating(tuple(tables), tuple(bye_list), repeats_of(tables, past))
    if fmt == "mitchell":
        tables, bye_list, numbers = fixed.mitchell(entries, playing, round_number)
        return Seating(tuple(tables), tuple(bye_list), repeats_of(tables, past), tuple(numbers))
    if fmt == "swiss":
        tables, bye_list = swiss(playing, past, round_number, match_points=match_points,
                                 standing=standing, byes=byes)
        return Seating(tuple(tables), tuple(bye_list), repeats_of(tables, past))
    tables, bye_list = individual(entries, playing, past, round_number, rounds=rounds,
                                  standing=standing, byes=byes)
    return Seating(tuple(tables), tuple(bye_list), repeats_of(tables, past))
