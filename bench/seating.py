"""The individual seating's quality and cost, beside the strongest peer's greedy engine.

Plays whole events through ``scorekeeper.pairings.propose`` (every player present, results ignored:
seating of individual events does not depend on them) and counts, over all rounds:
repeated partners, pairs opposed never / once / twice / three times or more, pairs meeting at a table twice or
more (any role), and the time of the slowest ``propose`` call (wall and CPU). Prints a table.
Run: ``.venv/bin/python bench/seating.py`` (about half a minute).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.pairings import PastRound, propose

# (players, rounds, absent from round 2 on): the peer's two published cases first, then the others a
# club sees: whist counts cut short, counts outside 0/1 mod 4 (byes), a player leaving mid-event.
CASES = [(12, 11, 0), (40, 12, 0), (40, 13, 0), (40, 14, 0), (40, 39, 0), (16, 5, 0), (20, 6, 0),
         (24, 7, 0), (28, 9, 0), (32, 9, 0), (36, 10, 0), (37, 11, 0), (13, 13, 0), (33, 33, 0),
         (36, 35, 0), (10, 9, 0), (14, 13, 0), (23, 10, 0), (30, 12, 0), (40, 12, 1)]


def play(n: int, rounds: int, absent: int) -> dict[str, float]:
    entries = list(range(1, n + 1))
    past: list[PastRound] = []
    byes: Counter[int] = Counter()
    wall = cpu = 0.0
    for r in range(1, rounds + 1):
        present = set(entries[absent:]) if r > 1 else set(entries)
        w0, c0 = time.perf_counter(), time.process_time()
        s = propose("individual", entries, present, past, r, rounds=rounds, match_points={},
                    standing=entries, byes=dict(byes))
        wall = max(wall, time.perf_counter() - w0)
        cpu = max(cpu, time.process_time() - c0)
        past.append(PastRound(s.tables, s.byes))
        byes.update(s.byes)
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    met: Counter[frozenset[int]] = Counter()
    for old in past:
        for (a, b), (c, d) in old.tables:
            partners.update([frozenset((a, b)), frozenset((c, d))])
            opponents.update(frozenset((x, y)) for x in (a, b) for y in (c, d))
            met.update(frozenset(p) for p in combinations((a, b, c, d), 2))
    return {
        "partners again": sum(v - 1 for v in partners.values() if v > 1),
        "opp 0": n * (n - 1) // 2 - len(opponents),
        "opp 1": sum(v == 1 for v in opponents.values()),
        "opp 2": sum(v == 2 for v in opponents.values()),
        "opp 3+": sum(v >= 3 for v in opponents.values()),
        "met 2+": sum(v >= 2 for v in met.values()),
        "ms wall": wall * 1000,
        "ms cpu": cpu * 1000,
    }


def main() -> None:
    columns = ["partners again", "opp 0", "opp 1", "opp 2", "opp 3+", "met 2+", "ms wall", "ms cpu"]
    print("| players | rounds | absent | " + " | ".join(columns) + " |")
    print("|---:" * (3 + len(columns)) + "|")
    for n, rounds, absent in CASES:
        figures = play(n, rounds, absent)
        cells = [f"{figures[c]:.0f}" for c in columns]
        print(f"| {n} | {rounds} | {absent} | " + " | ".join(cells) + " |", flush=True)
    print("peer (greedy, 24 restarts): 12 players / 11 rounds: 17 pairs opposed once, 16 three or four "
          "times; 40 players / 12 rounds: 170 pairs meeting twice")


if __name__ == "__main__":
    main()
