"""Fixed schedules: round robin by the Berger tables, Mitchell by its movement.

Both follow from the entry order alone (entries are numbered 1, 2, 3… in it), so a round's seating
never depends on the results. An absent entry is not seated; its opponent of the schedule has a bye.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .model import Table


def berger_round(n: int, round_number: int) -> list[tuple[int, int]]:
    """Round ``round_number`` (1-based) of the Berger table for ``n`` players (n even), as used by FIDE.

    Positions 1..n; table 1 is the game of position n. With m = n − 1, positions i and j below n meet
    in round r when i + j ≡ r + 1 (mod m), and position n meets the i with 2i ≡ r + 1 (mod m). The side
    listed first is White of the printed tables (position n is White in even rounds; otherwise the
    first is the one from which the other lies an odd number of steps ahead, mod m).
    """
    if n % 2 or n < 2:
        raise ValueError("the Berger tables need an even number of positions")
    if not 1 <= round_number <= n - 1:
        raise ValueError(f"round {round_number} outside 1..{n - 1}")
    m = n - 1
    if m == 1:
        return [(1, 2)]
    target = round_number + 1
    # 2 is invertible mod the odd m: the position meeting n.
    against_n = next(i for i in range(1, n) if (2 * i - target) % m == 0)
    games = [(n, against_n) if round_number % 2 == 0 else (against_n, n)]
    for step in range(1, n // 2):
        white = (against_n - 1 + step) % m + 1
        black = (target - white - 1) % m + 1
        games.append((white, black))
    return games


def round_robin_schedule_size(n_entries: int) -> int:
    """Rounds of a full round robin: n − 1 for an even count, n for an odd one (one sits out each)."""
    return n_entries - 1 if n_entries % 2 == 0 else n_entries


def round_robin(entries: Sequence[int], present: Collection[int], round_number: int
                ) -> tuple[list[Table], list[int]]:
    """Round ``round_number`` of the round robin of ``entries`` (in entry order).

    An odd count adds a sitter position: its opponent has the bye (the schedule's sitter).
    """
    n = len(entries)
    positions = n + n % 2
    tables: list[Table] = []
    byes: list[int] = []
    for a, b in berger_round(positions, round_number):
        ea = entries[a - 1] if a <= n else None
        eb = entries[b - 1] if b <= n else None
        _seat(ea, eb, present, tables, byes)
    return tables, byes


def mitchell_tables(n_entries: int) -> int:
    """Tables of a Mitchell: the stationary half, rounded up."""
    return (n_entries + 1) // 2


def mitchell(entries: Sequence[int], present: Collection[int], round_number: int
             ) -> tuple[list[Table], list[int], list[int]]:
    """Round ``round_number`` of the Mitchell of ``entries``: (tables, byes, table numbers).

    Entry k of the first half (rounded up) stays at table k, side 0; entry j of the second half starts
    at table j and moves one table up each round (from the last table back to table 1). With an odd
    count one table has no mover each round: its stationary entry has the bye. A table left empty keeps
    its number out of the list, so every stationary entry stays at its own table.
    """
    n = len(entries)
    k = mitchell_tables(n)
    stationary, moving = entries[:k], entries[k:]
    at_table: dict[int, int] = {}
    for j, entry in enumerate(moving):
        at_table[(j + round_number - 1) % k] = entry
    tables: list[Table] = []
    byes: list[int] = []
    numbers: list[int] = []
    for t, home in enumerate(stationary):
        before = len(tables)
        _seat(home, at_table.get(t), present, tables, byes)
        if len(tables) > before:
            numbers.append(t + 1)
    return tables, byes, numbers


def _seat(a: int | None, b: int | None, present: Collection[int],
          tables: list[Table], byes: list[int]) -> None:
    """Seat a and b of the schedule: a table when both play; a bye for one present without opponent."""
    a = a if a is not None and a in present else None
    b = b if b is not None and b in present else None
    if a is not None and b is not None:
        tables.append(((a,), (b,)))
    elif a is not None:
        byes.append(a)
    elif b is not None:
        byes.append(b)
