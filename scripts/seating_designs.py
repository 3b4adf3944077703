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
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

from scorekeeper.pairings.individual import group_operation

INF = -1
FAST_WHIST = False
OUT = Path(__file__).resolve().parent.parent / "scorekeeper" / "pairings" / "data" / "designs.py"


# -- a faster annealer: only the pairs of the two swapped points are counted again ---------------

def anneal_pairs(state: list, keys, penalty, rng: random.Random, seconds: float,
                 temperature: float = 2.0, swap_ok=None, all_keys=()) -> tuple[list, int]:
    """Simulated annealing over tables of 4 (places 4t..4t+3, sides of 2), swapping two places.

    ``keys(p, q, partners)`` lists the counter keys a pair of points at one table adds;
    ``penalty(key, count)`` is the cost of a key's count. The cost is kept up to date from the
    pairs of the two swapped points alone.
    """
    counts: Counter = Counter(dict.fromkeys(all_keys, 0))  # keys whose count 0 costs too
    n = len(state)
    for t in range(0, n, 4):
        for a, b in combinations(range(t, t + 4), 2):
            for k in keys(state[a], state[b], a // 2 == b // 2):
                counts[k] += 1
    cost = sum(penalty(k, c) for k, c in counts.items())
    best, best_cost = list(state), cost
    deadline = time.monotonic() + seconds
    steps = 0

    def moves(i: int, j: int) -> list[tuple[object, int]]:
        """(key, ±1) of swapping the points at places i and j."""
        out: list[tuple[object, int]] = []
        for at, to in ((i, j), (j, i)):
            me = state[at]
            for place, sign in ((at, -1), (to, 1)):
                start = place - place % 4
                for other in range(start, start + 4):
                    if other in (i, j):
                        continue
                    out.extend((k, sign) for k in keys(me, state[other], place // 2 == other // 2))
        return out  # the pair (i, j) itself: swapped across sides of one table it stays opponents

    while cost and (steps % 256 or time.monotonic() < deadline):
        steps += 1
        i, j = rng.randrange(n), rng.randrange(n)
        if i == j or (swap_ok and not swap_ok(i, j)):
            continue
        if i // 4 == j // 4 and i // 2 == j // 2:
            continue  # two partners swapping seats: nothing changes
        changes = moves(i, j)
        delta = 0
        seen: Counter = Counter()
        for k, sign in changes:
            seen[k] += sign
        for k, d in seen.items():
            if d:
                delta += penalty(k, counts[k] + d) - penalty(k, counts[k])
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            for k, d in seen.items():
                counts[k] += d
            state[i], state[j] = state[j], state[i]
            cost += delta
            if cost < best_cost:
                best, best_cost = list(state), cost
    return best, best_cost


# -- 1. whist -----------------------------------------------------------------------------------

def group_minus(group: tuple[int, ...]) -> list[list[int]]:
    """x − y in the abelian group Z_g1 × Z_g2 × …, elements numbered in mixed radix."""
    return group_operation(group, -1)


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


def field_whist(q: int) -> tuple[list[int], list[list[int]]] | None:
    """Wh(q) for q ≡ 1 (mod 4) a prime or 25, over the field GF(q): (group, base) or None.

    GF(25) = Z_5[α]/(α² − 2) (additive group Z_5 × Z_5, u + vα numbered 5u + v). With x primitive and
    q = 4t + 1, base tables (x^i, x^(i+2t)) v (x^(i+s), x^(i+s+2t)), i < t: the partners cover each
    difference once for any (x, s); some (x, s) make the opponents cover each twice. (For 25,
    annealing found no Z_25 or Z_5 × Z_5 base in 2 × 3 minutes.)
    """
    if q == 25:
        group = [5, 5]

        def mul(x: int, y: int) -> int:
            u1, v1 = divmod(x, 5)
            u2, v2 = divmod(y, 5)
            return ((u1 * u2 + 2 * v1 * v2) % 5) * 5 + (u1 * v2 + u2 * v1) % 5
        one = 5
    else:
        group = [q]

        def mul(x: int, y: int) -> int:
            return x * y % q
        one = 1
    minus = group_minus(tuple(group))
    t = (q - 1) // 4
    for x in range(2, q):
        powers = [one]
        for _ in range(q - 2):
            powers.append(mul(powers[-1], x))
        if len(set(powers)) != q - 1:
            continue
        for s in range(1, q - 1):
            base = [p for i in range(t) for p in (powers[i], powers[(i + 2 * t) % (q - 1)],
                                                   powers[(i + s) % (q - 1)],
                                                   powers[(i + s + 2 * t) % (q - 1)])]
            if len(set(base)) == q - 1 and whist_cost(base, minus) == 0:
                return group, [base[k:k + 4] for k in range(0, q - 1, 4)]
    return None


def whist_base(n: int, group: tuple[int, ...], rng: random.Random, seconds: float) -> list[list[int]] | None:
    minus = group_minus(group)
    points = [*range(n - 1), INF] if n % 4 == 0 else list(range(1, n))
    rng.shuffle(points)

    def cost(state: list[int]) -> int:
        return whist_cost(state, minus)

    order = len(minus)

    def keys(x: int, y: int, partners: bool) -> list[tuple[str, int]]:
        if x == INF or y == INF:
            return []
        role = "p" if partners else "o"
        return [(role, minus[x][y]), (role, minus[y][x])]

    def penalty(key: tuple[str, int], count: int) -> int:
        return (count - (1 if key[0] == "p" else 2)) ** 2

    # Within a table too: (a, b) v (c, d) and (a, c) v (b, d) differ.
    if FAST_WHIST:
        base, c = anneal_pairs(points, keys, penalty, rng, seconds, temperature=3.0,
                               all_keys=[(r, d) for r in "po" for d in range(1, order)])
    else:  # the full count each step found 20..24 faster in practice (luck of the draw, or not)
        base, c = anneal(points, cost, rng, seconds, swap_ok=lambda i, j: True)
    c = cost(base)
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
    def keys(p: tuple[int, int], q: tuple[int, int], partners: bool) -> list[tuple[int, int, int]]:
        (x, i), (y, j) = sorted((p, q), key=lambda point: point[1])
        if i < 0 and j < 0:
            return [(-9, -9, 0)]  # two fixed points together would meet every round
        if i < 0:
            return [(-1 - x, j, 0)]  # a fixed point meets each level's points once only
        if i == j:
            return [(i, i, (x - y) % m), (i, i, (y - x) % m)]
        return [(i, j, (y - x) % m)]

    def penalty(key: tuple[int, int, int], count: int) -> int:
        if key[0] == -9:
            return 10 * count  # fixed points together: never
        return (count - 1) ** 2 if count > 1 else 0

    base, c = anneal_pairs(points, keys, penalty, rng, seconds, temperature=1.0,
                           swap_ok=lambda i, j: i // 4 != j // 4)
    if c or cyclic_packing_cost(base, m):
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
        if n in (13, 17, 25, 29, 37):
            by_field = field_whist(n)
            if by_field:
                whist[n] = {"group": by_field[0], "base": by_field[1]}
                write({n: whist[n]}, {}, {})
                print("whist", n, f"found (GF({n}))", flush=True)
                continue
        for group in groups:
            found = next((f for f in (whist_base(n, group, rng, seconds) for _ in range(3)) if f), None)
            if found:
                whist[n] = {"group": list(group), "base": found}
                write({n: whist[n]}, {}, {})  # kept at once: a long run may be stopped
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


def search_schedule(n: int, rounds: int, moves: int, seed: int) -> list[list[list[int]]]:
    """Where no whist tournament was found: the best whole schedule the seating's own local search
    finds with a long budget (explicit rounds of tables [a, b, c, d]; players out: those missing)."""
    sys.path.insert(0, str(OUT.parents[3]))
    from scorekeeper.pairings.individual import _Search, pick_byes

    players = list(range(n))
    sitting: dict[int, int] = {}
    seated_rounds = []
    for _ in range(rounds):
        out = pick_byes(players, n % 4, players, sitting)
        for p in out:
            sitting[p] = sitting.get(p, 0) + 1
        seated_rounds.append([p for p in players if p not in out])
    plan = _Search(n).run(seated_rounds, random.Random(seed), moves)
    return [[row[t:t + 4] for t in range(0, len(row) - 3, 4)] for row in plan]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--only", default=None,
                        choices=["whist", "rotational", "packing", "cyclic", "schedule", "short"])
    parser.add_argument("--rounds", type=int, default=12, help="rounds of a short plan (short)")
    parser.add_argument("--moves", type=int, default=3_000_000, help="local search budget (schedule)")
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
    short = {}
    if args.only == "short":  # --n 40 --rounds 12
        for n in counts:
            short[n] = search_schedule(n, args.rounds, args.moves, args.seed)
            print("short", n, args.rounds, flush=True)
    schedules = {}
    if args.only == "schedule":
        for n in counts:
            schedules[n] = search_schedule(n, n - 1 if n % 4 == 0 else n, args.moves, args.seed)
            print("schedule", n, flush=True)
    write(whist, rotational, packings, schedules, short)


def write(whist: dict, rotational: dict, packings: dict, schedules: dict | None = None,
          short: dict | None = None) -> None:
    old: dict = {}
    if OUT.exists():
        exec(compile(OUT.read_text(), str(OUT), "exec"), old)
    whist = {**old.get("WHIST_BASE", {}), **whist}
    rotational = {**old.get("ROTATIONAL_BASE", {}), **rotational}
    schedules = {**old.get("SCHEDULES", {}), **(schedules or {})}
    short = {**old.get("SHORT", {}), **(short or {})}
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
        "SCHEDULES[n]: where no whist tournament was found, the best whole schedule (n − 1 rounds, or n\n"
        "for n odd) of a long local search; its repeats are pinned in tests/pairings/test_individual.py.\n"
        "SHORT[n]: a few rounds (fewer than the whole) where no packing of that length was found: the\n"
        "best plan of a long local search (--only short), its pairs meeting twice pinned in the tests.\n"
        '"""\n\n'
        "from typing import Any\n\n"
        "# fmt: off\n"
        f"WHIST_BASE: dict[int, dict[str, Any]] = {pprint.pformat(whist, width=108, compact=True)}\n\n"
        f"ROTATIONAL_BASE: dict[int, list[list[tuple[int, int]]]] = "
        f"{pprint.pformat(rotational, width=108, compact=True)}\n\n"
        f"PACKINGS: dict[int, list[list[list[int]]]] = "
        f"{pprint.pformat(packings, width=108, compact=True)}\n\n"
        f"SCHEDULES: dict[int, list[list[list[int]]]] = "
        f"{pprint.pformat(schedules, width=108, compact=True)}\n\n"
        f"SHORT: dict[int, list[list[list[int]]]] = {pprint.pformat(short, width=108, compact=True)}\n"
    )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
