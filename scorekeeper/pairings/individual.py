"""Individual seating: four a table, two a side, partners changing; the whole schedule planned.

Players are numbered 0..n−1 in entry order. A plan for all the event's rounds comes from shipped data
(:mod:`.data.designs`, found once by ``scripts/seating_designs.py`` and checked by the tests):

- up to the rounds a packing allows, every pair at most once at a table (28 and 40 players over 9
  and 13 rounds, resolvable designs: every pair exactly once; 16, 20 and 21 over 5 rounds, 25 over
  6, 24 over 7, 29, 32 and 33 over 9, 36 over 10, 37 over 11; 17 over 2);
- beyond that, a whist tournament (every n ≡ 0 mod 4 from 8 to 40: n − 1 rounds, each pair partners
  exactly once and opposes exactly twice; n ≡ 1 mod 4 from 9 to 37: n rounds, one player out each),
  the whole of it over its length; for fewer rounds its rounds taken in the order that meets fewest
  pairs twice, or the packing extended by the local search, whichever repeats less.

While every entry is present and the past rounds are the plan's, the round proposed is the plan's.
Otherwise (other counts, absences, a round seated by hand, a late entry) the rest of the event is
planned again at request time by a bounded local search: a fixed number of swaps (deterministic, no
clock; 25,000 at most, about 0.1 s of CPU for 40 players over 12 rounds), minimising repeated
partners, then pairs meeting again in any role, then uneven opponents (Σ opponents² per pair).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations

from .data.designs import PACKINGS, WHIST_BASE
from .model import PastRound, Table

Round = tuple[tuple[tuple[tuple[int, int], tuple[int, int]], ...], tuple[int, ...]]
"""One planned round on player numbers: tables ((a, b), (c, d)) and the players out."""

SWAPS_PER_PLAYER_ROUND = 100
MAX_SWAPS = 25_000
"""Local search budget: swaps tried per player and planned round, at most MAX_SWAPS (a count, not a
clock, so that the same request gets the same answer; about 0.1 s of CPU at 40 players)."""


# -- the shipped designs, developed ------------------------------------------------------------

def group_operation(group: Sequence[int], sign: int = 1) -> list[list[int]]:
    """The table of x + sign·y in the abelian group Z_g1 × Z_g2 × … (elements numbered 0..order−1
    in mixed radix): ``sign`` 1 adds, −1 subtracts."""
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

    return [[number([a + sign * b for a, b in zip(digits(x), digits(y), strict=True)]) for y in range(order)]
            for x in range(order)]


def _group_ops(group: Sequence[int]) -> tuple[int, list[list[int]]]:
    return math.prod(group), group_operation(group)


@cache
def whist_schedule(n: int) -> tuple[Round, ...] | None:
    """The whist tournament for n players (n ≡ 0 or 1 mod 4, 8..40), all its rounds; None if not shipped."""
    design = WHIST_BASE.get(n)
    if design is None:
        return None
    order, plus = _group_ops(design["group"])
    infinity = n - 1  # n ≡ 0 (mod 4): the fixed point is the last player
    rounds: list[Round] = []
    for g in range(order):
        def move(x: int, g: int = g) -> int:
            return infinity if x < 0 else plus[x][g]
        tables = tuple(((move(a), move(b)), (move(c), move(d))) for a, b, c, d in design["base"])
        rounds.append((tables, () if n % 4 == 0 else (g,)))
    return tuple(rounds)


def _explicit(n: int, blocks: Sequence[Sequence[int]]) -> Round:
    seated = {p for block in blocks for p in block}
    return (tuple(((a, b), (c, d)) for a, b, c, d in blocks), tuple(p for p in range(n) if p not in seated))


@cache
def packing_schedule(n: int) -> tuple[Round, ...]:
    """The longest shipped schedule of n players in which every pair meets at most once at a table."""
    return tuple(_explicit(n, blocks) for blocks in PACKINGS.get(n, []))


@cache
def planned(n: int, rounds: int) -> tuple[Round, ...] | None:
    """The plan of ``rounds`` rounds for n players from the shipped data, or None when it has none.

    Within the packing's length, its first rounds; over the whist tournament's whole length, the
    tournament. Between: the better of the tournament's rounds (fewest meetings first) and the
    packing extended by the local search.
    """
    packing = packing_schedule(n)
    if rounds <= len(packing):
        return packing[:rounds]
    candidates = []
    whole = whist_schedule(n)
    if whole is not None and rounds == len(whole):
        return _fewest_meetings_first(whole, rounds)  # each pair partners once, opposes twice
    if whole is not None and rounds < len(whole):
        candidates.append(_fewest_meetings_first(whole, rounds))
    if packing:
        candidates.append(packing + _extend(n, packing, rounds - len(packing)))
    return min(candidates, key=quality) if candidates else None


def quality(plan: Sequence[Round]) -> tuple[int, int, int]:
    """(repeated partners, pairs meeting more than once, Σ opponents²): lower is better, in order."""
    partner: dict[tuple[int, int], int] = {}
    opponent: dict[tuple[int, int], int] = {}
    met: dict[tuple[int, int], int] = {}
    for tables, _out in plan:
        for (a, b), (c, d) in tables:
            for p in ((min(a, b), max(a, b)), (min(c, d), max(c, d))):
                partner[p] = partner.get(p, 0) + 1
            for x in (a, b):
                for y in (c, d):
                    p = (min(x, y), max(x, y))
                    opponent[p] = opponent.get(p, 0) + 1
            for p in _pairs_of(((a, b), (c, d))):
                met[p] = met.get(p, 0) + 1
    return (sum(v - 1 for v in partner.values()), sum(v > 1 for v in met.values()),
            sum(v * v for v in opponent.values()))


def _extend(n: int, start: Sequence[Round], rounds: int) -> tuple[Round, ...]:
    """``rounds`` more rounds after ``start`` by the local search (players 0..n−1, deterministic)."""
    sitting: dict[int, int] = {}
    for _tables, out in start:
        for p in out:
            sitting[p] = sitting.get(p, 0) + 1
    players = list(range(n))
    seated_rounds: list[list[int]] = []
    outs: list[list[int]] = []
    for _ in range(rounds):
        sitting_out = pick_byes(players, n % 4, players, sitting)
        for p in sitting_out:
            sitting[p] = sitting.get(p, 0) + 1
        outs.append(sitting_out)
        seated_rounds.append([p for p in players if p not in sitting_out])
    search = _Search(n)
    for tables, _out in start:
        for (a, b), (c, d) in tables:
            search.add_history([[a, b], [c, d]])
    # Repeatable on purpose (same inputs, same proposal), and no secret: not for security.
    rng = random.Random(n)  # nosec B311
    plan = search.run(seated_rounds, rng, _budget(n, rounds))
    return tuple((tuple(((row[t], row[t + 1]), (row[t + 2], row[t + 3])) for t in range(0, len(row) - 3, 4)),
                  tuple(out)) for row, out in zip(plan, outs, strict=True))


def _budget(width: int, rounds: int) -> int:
    return min(MAX_SWAPS, SWAPS_PER_PLAYER_ROUND * width * rounds)


def _fewest_meetings_first(schedule: Sequence[Round], rounds: int) -> tuple[Round, ...]:
    """``rounds`` rounds of ``schedule``, each next one the one that meets fewest pairs again."""
    met: set[tuple[int, int]] = set()
    left = list(range(len(schedule)))
    chosen: list[Round] = []
    for _ in range(rounds):
        def again(i: int) -> int:
            return sum(p in met for t in schedule[i][0] for p in _pairs_of(t))
        best = min(left, key=lambda i: (again(i), i))
        left.remove(best)
        chosen.append(schedule[best])
        for t in schedule[best][0]:
            met.update(_pairs_of(t))
    return tuple(chosen)


def _pairs_of(table: tuple[tuple[int, int], tuple[int, int]]) -> list[tuple[int, int]]:
    return [(min(a, b), max(a, b)) for a, b in combinations(table[0] + table[1], 2)]


# -- the request ---------------------------------------------------------------------------------

def individual(entries: Sequence[int], playing: Sequence[int], past: Sequence[PastRound],
               round_number: int, *, rounds: int, standing: Sequence[int], byes: Mapping[int, int]
               ) -> tuple[list[Table], list[int]]:
    """Tables and byes of round ``round_number`` of an individual event."""
    rounds = max(rounds, round_number)
    if list(playing) == list(entries):
        plan = planned(len(entries), rounds)
        if plan is not None and _follows(plan, past, entries):
            tables, out = plan[round_number - 1]
            return ([((entries[a], entries[b]), (entries[c], entries[d])) for (a, b), (c, d) in tables],
                    [entries[p] for p in out])
    return replan(playing, past, rounds - round_number + 1, standing=standing, byes=byes)


def _follows(plan: Sequence[Round], past: Sequence[PastRound], entries: Sequence[int]) -> bool:
    """Whether the past rounds are the plan's first rounds (the same tables, sides in any order)."""
    if len(past) >= len(plan):
        return False
    for (tables, _out), old in zip(plan, past, strict=False):
        want = {_shape(((entries[a], entries[b]), (entries[c], entries[d]))) for (a, b), (c, d) in tables}
        if want != {_shape(t) for t in old.tables}:
            return False
    return True


def _shape(table: Table) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(side) for side in table)


def pick_byes(playing: Sequence[int], count: int, standing: Sequence[int], byes: Mapping[int, int]
              ) -> list[int]:
    """``count`` players out: fewest byes so far, then lowest standing, then highest id."""
    place = {e: i for i, e in enumerate(standing)}
    last = len(standing)
    ranked = sorted(playing, key=lambda e: (byes.get(e, 0), -place.get(e, last), -e))
    return ranked[:count]


def replan(playing: Sequence[int], past: Sequence[PastRound], rounds_left: int, *,
           standing: Sequence[int], byes: Mapping[int, int]) -> tuple[list[Table], list[int]]:
    """Plan the rest of the event by local search and answer its first round."""
    players = sorted(playing)
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    out_each = n % 4
    sitting: dict[int, int] = dict(byes)
    seated_rounds: list[list[int]] = []
    out_rounds: list[list[int]] = []
    for _ in range(max(1, rounds_left)):
        out = pick_byes(players, out_each, standing, sitting)
        for e in out:
            sitting[e] = sitting.get(e, 0) + 1
        out_rounds.append(out)
        seated_rounds.append([index[p] for p in players if p not in out])
    search = _Search(n)
    for old in past:
        for table in old.tables:
            sides = [[index[p] for p in side if p in index] for side in table]
            search.add_history(sides)
    # Repeatable on purpose (same inputs, same proposal), and no secret: not for security.
    rng = random.Random(n * 1_000 + len(past))  # nosec B311
    plan = search.run(seated_rounds, rng, _budget(len(seated_rounds[0]), len(seated_rounds)))
    first = plan[0]
    tables: list[Table] = []
    for t in range(0, len(first), 4):
        a, b, c, d = (players[i] for i in first[t:t + 4])
        tables.append(((a, b), (c, d)))
    return tables, out_rounds[0]


class _Search:
    """Counts of partners, opponents and meetings per pair, and a swap's change of the plan's cost.

    Cost = 10⁶ × repeated partners + 10³ × Σ C(meetings, 2) + Σ opponents², so that each criterion
    comes before the next for the sizes served here. C(meetings, 2) per pair is 0 for pairs that meet
    once and 1 for a pair meeting twice (the count of pairs meeting twice while none meets three
    times), and keeps meetings even over a whole schedule, where every pair meets three times.
    """

    PARTNER, MEET = 1_000_000, 1_000

    def __init__(self, n: int) -> None:
        self.n = n
        self.partner = [0] * (n * n)
        self.opponent = [0] * (n * n)
        self.meet = [0] * (n * n)

    def add_history(self, sides: list[list[int]]) -> None:
        for side in sides:
            for a, b in combinations(side, 2):
                self._count(a, b, True, 1)
        for a in sides[0]:
            for b in sides[1] if len(sides) > 1 else ():
                self._count(a, b, False, 1)

    def _count(self, a: int, b: int, partners: bool, sign: int) -> None:
        k = a * self.n + b if a < b else b * self.n + a
        self.meet[k] += sign
        if partners:
            self.partner[k] += sign
        else:
            self.opponent[k] += sign

    def _table(self, row: list[int], t: int, sign: int) -> None:
        a, b, c, d = row[t], row[t + 1], row[t + 2], row[t + 3]
        count = self._count
        count(a, b, True, sign)
        count(c, d, True, sign)
        for x in (a, b):
            count(x, c, False, sign)
            count(x, d, False, sign)

    def _swap_delta(self, row: list[int], i: int, j: int) -> int:
        """The change of cost if the players at places i and j (of two tables) swapped.

        Only the pairs of these two players change: each leaves its three table mates and joins the
        other's. Written out (no helper calls): it is the local search's inner loop.
        """
        n, meet, partner, opponent = self.n, self.meet, self.partner, self.opponent
        big_meet, big_partner = self.MEET, self.PARTNER
        delta = 0
        for at, to in ((i, j), (j, i)):
            me = row[at]
            for place, sign in ((at, -1), (to, 1)):
                start = place - place % 4
                side = (place - start) // 2
                for k in range(4):
                    spot = start + k
                    if spot == place:
                        continue
                    mate = row[spot]
                    key = me * n + mate if me < mate else mate * n + me
                    m = meet[key]
                    if sign > 0:
                        delta += big_meet * m
                        if k // 2 == side:
                            if partner[key]:
                                delta += big_partner
                        else:
                            delta += 2 * opponent[key] + 1
                    else:
                        delta -= big_meet * (m - 1)
                        if k // 2 == side:
                            if partner[key] >= 2:
                                delta -= big_partner
                        else:
                            delta -= 2 * opponent[key] - 1
        return delta

    def run(self, seated_rounds: list[list[int]], rng: random.Random, moves: int) -> list[list[int]]:
        plan = []
        for seated in seated_rounds:
            row = list(seated)
            rng.shuffle(row)
            for t in range(0, len(row) - 3, 4):
                self._table(row, t, 1)
            plan.append(row)
        width = len(plan[0]) if plan else 0
        if width < 8:
            return self._one_table(plan, rng) if width == 4 else plan
        # Hot enough at first to accept meeting a pair again (10³), never a repeated partner (10⁶).
        temperature = 1_500.0
        cooling = (0.5 / temperature) ** (1 / max(1, moves))
        for _ in range(moves):
            row = plan[rng.randrange(len(plan))]
            i, j = rng.randrange(width), rng.randrange(width)
            ti, tj = i - i % 4, j - j % 4
            if ti == tj:
                continue
            delta = self._swap_delta(row, i, j)
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                self._table(row, ti, -1)
                self._table(row, tj, -1)
                row[i], row[j] = row[j], row[i]
                self._table(row, ti, 1)
                self._table(row, tj, 1)
            temperature *= cooling
        return plan

    def _one_table(self, plan: list[list[int]], rng: random.Random) -> list[list[int]]:
        """Four players: each round the split into sides with the fewest repeated partners."""
        for row in plan:
            self._table(row, 0, -1)
            a, b, c, d = row
            splits = [[a, b, c, d], [a, c, b, d], [a, d, b, c]]
            best = min(splits, key=lambda s: (self.partner[min(s[0], s[1]) * self.n + max(s[0], s[1])]
                                              + self.partner[min(s[2], s[3]) * self.n + max(s[2], s[3])]))
            row[:] = best
            self._table(row, 0, 1)
        return plan
