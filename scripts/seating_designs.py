#!/usr/bin/env python3
"""Search, once and offline, the designs the individual seating ships as data.

    .venv/bin/python scripts/seating_designs.py [--seed S] [--seconds T]

Writes scorekeeper/pairings/data/designs.py. Nothing here runs during a request; the tests check
every shipped design for its property (tests/pairings/test_individual.py).

1. Whist tournaments (each pair partners exactly once, opposes exactly twice), Z-cyclic:
   - n ≡ 0 (mod 4): players Z_(n−1) ∪ {∞}; a base round of n/4 tables developed by +1 gives the
     n − 1 rounds (∞ fixed). The base round must hold every non-zero difference once among partners
     and twice among opponents.
   - n ≡ 1 (mod 4): players Z_n, player 0 out of the base round; n rounds by +1, one player out each.
2. Resolvable designs with every pair at most once at a table (for fewer rounds), 1-rotational over
   Z_m × {0, 1, 2} ∪ {∞} for n = 3m + 1 (16, 28, 40: the resolvable 2-(n, 4, 1) designs, m rounds):
   the base round's block {∞, (0,0), (0,1), (0,2)} plus blocks whose pure and mixed differences are
   all distinct.
3. Other n (≡ 0 or 1 mod 4, 8..40): the longest "every pair at most once at a table" schedule a
   bounded local search finds (social golfer style), explicit rounds.

Each is found by simulated annealing on the count of differences (or pairs) off their target.
"""

from __future__ import annotations

import argparse
import math
import pprint
import random
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

INF = -1
OUT = Path(__file__).resolve().parent.parent / "scorekeeper" / "pairings" / "data" / "designs.py"


# -- 1. whist -----------------------------------------------------------------------------------

def group_minus(group: tuple[int, ...]) -> list[list[int]]:
    """x − y in the abelian group Z_g1 × Z_g2 × …, elements numbered in mixed radix."""
    order = math.prod(group)

    def digits(x: int) -> list[int]:
        out = []
        for g in reversed(group):
            out.append(x % g)
            x //= g
        return out[::-1]

    def number(ds: list[int]) -> int:
        x = 0
        for d, g in zip(ds, group, strict=True):
            x = x * g + d % g
        return x

    return [[number([a - b for a, b in zip(digits(x), digits(y), strict=True)]) for y in range(order)]
            for x in range(order)]


def whist_cost(base: list[int], minus: list[list[int]]) -> int:
    order = len(minus)
    partner = [0] * order
    opponent = [0] * order
    for t in range(0, len(base), 4):
        a, b, c, d = base[t:t + 4]
        for x, y in ((a, b), (c, d)):
            if x != INF and y != INF:
                partner[minus[x][y]] += 1
                partner[minus[y][x]] += 1
        for x in (a, b):
            for y in (c, d):
                if x != INF and y != INF:
                    opponent[minus[x][y]] += 1
                    opponent[minus[y][x]] += 1
    return sum((partner[d] - 1) ** 2 + (opponent[d] - 2) ** 2 for d in range(1, order))


def anneal(state: list, cost, rng: random.Random, seconds: float, swap_ok=lambda i, j: i // 4 != j // 4,
           temperature: float = 3.0) -> tuple[list, int]:
    """Swap two positions at a time (by default of two tables); accept worse by the Metropolis rule.

    At a constant temperature: cooling towards zero got stuck (Wh(20) not found in 3 x 30 s; at a
    constant 3, in 5 s).
    """
    best, best_cost = list(state), cost(state)
    current, current_cost = list(state), best_cost
    deadline = time.monotonic() + seconds
    n = len(state)
    while best_cost and time.monotonic() < deadline:
        i, j = rng.randrange(n), rng.randrange(n)
        if i == j or not swap_ok(i, j):
            continue
        current[i], current[j] = current[j], current[i]
        new = cost(current)
        if new <= current_cost or rng.random() < math.exp((current_cost - new) / temperature):
            current_cost = new
            if new < best_cost:
                best, best_cost = list(current), new
        else:
            current[i], current[j] = current[j], current[i]
    return best, best_cost


def whist_base(n: int, group: tuple[int, ...], rng: random.Random, seconds: float) -> list[list[int]] | None:
    minus = group_minus(group)
    points = [*range(n - 1), INF] if n % 4 == 0 else list(range(1, n))
    rng.shuffle(points)

    def cost(state: list[int]) -> int:
        return whist_cost(state, minus)

    # Within a table too: (a, b) v (c, d) and (a, c) v (b, d) differ.
    base, c = anneal(points, cost, rng, seconds, swap_ok=lambda i, j: True)
    if c:
        return None
    return [base[t:t + 4] for t in range(0, len(base), 4)]


# -- 2. resolvable designs 1-rotational over Z_m x 3 + inf ---------------------------------------

def rotational_cost(state: list[tuple[int, int]], m: int) -> int:
    diffs: Counter[tuple[int, int, int]] = Counter()
    for t in range(0, len(state), 4):
        for (x, i), (y, j) in combinations(state[t:t + 4], 2):
            if i > j:
                (x, i), (y, j) = (y, j), (x, i)
            if i == j:
                diffs[i, i, (x - y) % m] += 1
                diffs[i, i, (y - x) % m] += 1
            else:
                diffs[i, j, (y - x) % m] += 1
    cost = 0
    for key, count in diffs.items():
        limit = 0 if key[0] != key[1] and key[2] == 0 else 1
        cost += max(0, count - limit) ** 2
    return cost


def rotational_base(m: int, rng: random.Random, seconds: float) -> list[list[tuple[int, int]]] | None:
    points = [(x, level) for x in range(1, m) for level in range(3)]
    rng.shuffle(points)
    base, c = anneal(points, lambda s: rotational_cost(s, m), rng, seconds)
    if c:
        return None
    return [base[t:t + 4] for t in range(0, len(base), 4)]


# -- 2b. packings 1-rotational over Z_m x k levels + f fixed points ---------------------------------

def cyclic_packing_cost(state: list[tuple[int, int]], m: int) -> int:
    """Points (x, level), fixed points (f, -1). Developed +1 mod m, every pair must meet at most once."""
    diffs: Counter[tuple[int, int, int]] = Counter()
    cost = 0
    for t in range(0, len(state), 4):
        block = state[t:t + 4]
        for (x, i), (y, j) in combinations(block, 2):
            if i < 0 and j < 0:
                cost += 10  # two fixed points together would meet every round
            elif i < 0 or j < 0:
                f, level = (x, j) if i < 0 else (y, i)
                diffs[-1 - f, level, 0] += 1  # a fixed point meets each level's points once only
            elif i == j:
                diffs[i, i, (x - y) % m] += 1
                diffs[i, i, (y - x) % m] += 1
            else:
                lo, hi = ((x, i), (y, j)) if i < j else ((y, j), (x, i))
                diffs[lo[1], hi[1], (hi[0] - lo[0]) % m] += 1
    return cost + sum((count - 1) ** 2 for count in diffs.values() if count > 1)


def cyclic_packing(n: int, m: int, rng: random.Random, seconds: float) -> list[list[list[int]]] | None:
    """m rounds for n = k·m + f players (f fixed points), every pair at most once, or None."""
    levels, fixed = divmod(n, m)
    points = [(x, i) for i in range(levels) for x in range(m)] + [(f, -1) for f in range(fixed)]
    rng.shuffle(points)
    base, c = anneal(points, lambda s: cyclic_packing_cost(s, m), rng, seconds)
    if c:
        return None

    def player(p: tuple[int, int], r: int) -> int:
        x, i = p
        return levels * m + x if i < 0 else i * m + (x + r) % m

    return [[[player(p, r) for p in base[t:t + 4]] for t in range(0, n, 4)] for r in range(m)]


# -- 3. explicit packings (each pair at most once at a table) -------------------------------------

def packing(n: int, rounds: int, rng: random.Random, seconds: float) -> list[list[list[int]]] | None:
    """``rounds`` rounds of n players (n − n mod 4 play, the rest out in turn), pairs at most once."""
    playing = n - n % 4
    order = []
    for r in range(rounds):
        players = list(range(n))
        out = {(r * (n % 4) + k) % n for k in range(n % 4)}
        players = [p for p in players if p not in out]
        rng.shuffle(players)
        order.append(players)
    flat = [p for rnd in order for p in rnd]
    width = playing

    def cost(state: list[int]) -> int:
        seen: Counter[tuple[int, int]] = Counter()
        for r in range(rounds):
            row = state[r * width:(r + 1) * width]
            for t in range(0, width, 4):
                for a, b in combinations(sorted(row[t:t + 4]), 2):
                    seen[a, b] += 1
        return sum(c - 1 for c in seen.values() if c > 1)

    def same_round_other_table(i: int, j: int) -> bool:
        return i // width == j // width and i // 4 != j // 4

    best, c = anneal(flat, cost, rng, seconds, swap_ok=same_round_other_table)
    if c:
        return None
    return [[best[r * width + t:r * width + t + 4] for t in range(0, width, 4)] for r in range(rounds)]


def search_whist(counts: list[int], rng: random.Random, seconds: float) -> dict[int, dict]:
    whist: dict[int, dict] = {}
    for n in counts:
        order = n - 1 if n % 4 == 0 else n
        # Z_n first, then an elementary group of the same order.
        groups = [(order,)] + [g for g in ((3, 3), (5, 5), (3, 9), (3, 3, 3)) if math.prod(g) == order]
        if n == 9:
            groups = [(3, 3)]  # no cyclic Wh(9) over Z_9: checked exhaustively (best base: cost 4)
        for group in groups:
            found = next((f for f in (whist_base(n, group, rng, seconds) for _ in range(3)) if f), None)
            if found:
                whist[n] = {"group": list(group), "base": found}
                break
        print("whist", n, "found" if n in whist else "NOT FOUND", flush=True)
    return whist


def search_rotational(rng: random.Random, seconds: float) -> dict[int, list]:
    rotational: dict[int, list] = {}
    for m in (5, 9, 13):
        found = next((f for f in (rotational_base(m, rng, seconds) for _ in range(5)) if f), None)
        if found:
            rotational[3 * m + 1] = found
        print("rotational", 3 * m + 1, "found" if found else "NOT FOUND", flush=True)
    return rotational


def search_cyclic(rng: random.Random, seconds: float) -> dict[int, list]:
    packings: dict[int, list] = {}
    # n = k·m + f over m rounds, at the counting bound m ≤ (n − 1) / 3 first, then one round fewer.
    for n, m in ((20, 5), (24, 7), (32, 10), (36, 11), (36, 9), (32, 8), (24, 6)):
        if len(packings.get(n, [])) >= m:
            continue
        found = cyclic_packing(n, m, rng, seconds)
        if found:
            packings[n] = found
        print("cyclic packing", n, m, "rounds" if found else "NOT FOUND", flush=True)
    return packings


def search_packings(counts: list[int], rng: random.Random, seconds: float) -> dict[int, list]:
    packings: dict[int, list] = {}
    for n in counts:
        if n in (16, 28, 40):
            continue
        best = None
        for rounds in range(2, (n - 1) // 3 + 1):
            found = packing(n, rounds, rng, seconds / 4)
            if not found:
                break
            best = found
        if best:
            packings[n] = best
        print("packing", n, len(best) if best else 0, "rounds", flush=True)
    return packings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--only", choices=["whist", "rotational", "packing", "cyclic"], default=None)
    parser.add_argument("--n", type=int, nargs="*", default=None, help="only these counts")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    counts = args.n or [n for n in range(8, 41) if n % 4 in (0, 1)]
    whist = search_whist(counts, rng, args.seconds) if args.only in (None, "whist") else {}
    rotational = search_rotational(rng, args.seconds) if args.only in (None, "rotational") else {}
    packings = search_packings(counts, rng, args.seconds) if args.only in (None, "packing") else {}
    if args.only in (None, "cyclic"):
        for n, found in search_cyclic(rng, args.seconds).items():
            packings[n] = max(packings.get(n, []), found, key=len)
    write(whist, rotational, packings)


def write(whist: dict, rotational: dict, packings: dict) -> None:
    old: dict = {}
    if OUT.exists():
        exec(compile(OUT.read_text(), str(OUT), "exec"), old)
    whist = {**old.get("WHIST_BASE", {}), **whist}
    rotational = {**old.get("ROTATIONAL_BASE", {}), **rotational}
    packings = {n: max(old.get("PACKINGS", {}).get(n, []), packings.get(n, []), key=len)
                for n in {*old.get("PACKINGS", {}), *packings}}
    text = (
        '"""Designs for the individual seating, found once by scripts/seating_designs.py (do not edit).\n\n'
        "WHIST_BASE[n]: a cyclic whist tournament over the group Z_g1 × … ('group'), its base round\n"
        "('base'), tables [a, b, c, d] = (a, b) v (c, d), elements in mixed radix;\n"
        "n ≡ 0 (mod 4): players 0..n−2 and -1 for ∞, developed +1 mod n − 1 over n − 1 rounds;\n"
        "n ≡ 1 (mod 4): players 0..n−1 with 0 out, developed +1 mod n over n rounds.\n"
        "ROTATIONAL_BASE[n], n = 3m + 1: blocks of points (x, level) of Z_m × {0, 1, 2} beside the block\n"
        "{∞, (0,0), (0,1), (0,2)}, developed +1 mod m over m rounds: every pair at most once at a table.\n"
        "PACKINGS[n]: explicit rounds of tables of players 0..n−1, every pair at most once at a table.\n"
        '"""\n\n'
        "from typing import Any\n\n"
        "# fmt: off\n"
        f"WHIST_BASE: dict[int, dict[str, Any]] = {pprint.pformat(whist, width=108, compact=True)}\n\n"
        f"ROTATIONAL_BASE: dict[int, list[list[tuple[int, int]]]] = "
        f"{pprint.pformat(rotational, width=108, compact=True)}\n\n"
        f"PACKINGS: dict[int, list[list[list[int]]]] = {pprint.pformat(packings, width=108, compact=True)}\n"
    )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
