"""Hard rules of a seating entered by hand: each problem names the entry (or table) and the rule."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .model import Table, check_format


def N_(message: str) -> str:
    """Marks a message for the catalogs (scripts/i18n.py extract); the shell translates it."""
    return message


MESSAGES = {
    "unknown": N_("Entry {entry} is not an entry of this event."),
    "seated_twice": N_("Entry {entry} is seated twice."),
    "left_out": N_("Entry {entry} is present but has neither a table nor a bye."),
    "absent_seated": N_("Entry {entry} is absent and cannot be seated."),
    "absent_bye": N_("Entry {entry} is absent and cannot have a bye."),
    "shape_fixed": N_("Table {table} must have one entry on each side."),
    "shape_individual": N_("Table {table} must have two players on each side."),
}
"""The English text of each rule, by key (the shell translates by key; these are its msgids)."""


@dataclass(frozen=True)
class Problem:
    """One broken rule: ``key`` of :data:`MESSAGES`, the entry concerned, or the table (1-based)."""

    key: str
    entry: int | None = None
    table: int | None = None

    @property
    def message(self) -> str:
        return MESSAGES[self.key].format(entry=self.entry, table=self.table)


def manual_problems(fmt: str, entries: Sequence[int], present: Collection[int],
                    tables: Sequence[Table], byes: Sequence[int]) -> list[Problem]:
    """Every hard rule a hand-made seating breaks, in table order, then the entries left out."""
    check_format(fmt)
    known = set(entries)
    playing = set(present) & known
    per_side = 2 if fmt == "individual" else 1
    problems: list[Problem] = []
    seen: set[int] = set()
    for number, table in enumerate(tables, start=1):
        if len(table) != 2 or any(len(side) != per_side for side in table):
            key = "shape_individual" if per_side == 2 else "shape_fixed"
            problems.append(Problem(key, table=number))
        for side in table:
            for entry in side:
                problems.extend(_one(entry, seen, known, playing, "absent_seated"))
    for entry in byes:
        problems.extend(_one(entry, seen, known, playing, "absent_bye"))
    problems.extend(Problem("left_out", entry=e) for e in entries if e in playing and e not in seen)
    return problems


def _one(entry: int, seen: set[int], known: set[int], playing: set[int], absent_key: str
         ) -> list[Problem]:
    if entry not in known:
        return [Problem("unknown", entry=entry)]
    if entry in seen:
        return [Problem("seated_twice", entry=entry)]
    seen.add(entry)
    if entry not in playing:
        return [Problem(absent_key, entry=entry)]
    return []


def check_manual(fmt: str, entries: Sequence[int], present: Collection[int],
                 tables: Sequence[Table], byes: Sequence[int]) -> list[str]:
    """The English messages of :func:`manual_problems` (empty: the seating is fine)."""
    return [p.message for p in manual_problems(fmt, entries, present, tables, byes)]
