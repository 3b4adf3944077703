"""Swiss seating: a maximum-weight matching (networkx, Edmonds' blossom algorithm).

The weights are integers in three tiers, so the matching optimises them in order: first as few
rematches as possible (every pair that has not met outweighs all the rest), then match points as
close as possible (the square of the gap), then neighbours in the standings (the square of the gap in
places), which keeps 1 v 2, 3 v 4 when all else is equal. ``maxcardinality`` seats everyone even when
only rematches are left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import networkx as nx

from .model import PastRound, Table, opponent_pairs, pair


def bye_for(playing: Sequence[int], standing: Sequence[int], byes: Mapping[int, int]) -> int:
    """The entry that sits out: fewest byes so far, then lowest standing, then highest entry id."""
    place = _places(playing, standing)
    return max(playing, key=lambda e: (-byes.get(e, 0), place[e], e))


def swiss(playing: Sequence[int], past: Sequence[PastRound], round_number: int, *,
          match_points: Mapping[int, float], standing: Sequence[int], byes: Mapping[int, int]
          ) -> tuple[list[Table], list[int]]:
    """Tables (best placed first, the better placed entry on side 0) and the bye, if any."""
    bye_list: list[int] = []
    seated = list(playing)
    if len(seated) % 2:
        bye_list.append(bye_for(seated, standing, byes))
        seated.remove(bye_list[0])
    place = _places(seated, standing)
    seated.sort(key=place.__getitem__)
    if not past or round_number == 1:
        # Round 1: the top half of the standing (entry order before any game) against the bottom half.
        half = len(seated) // 2
        return [((seated[i],), (seated[half + i],)) for i in range(half)], bye_list
    met = {p for old in past for table in old.tables for p in opponent_pairs(table)}
    pairs = _match(seated, met, match_points, place)
    pairs.sort(key=lambda p: min(place[p[0]], place[p[1]]))
    tables: list[Table] = [((a,), (b,)) if place[a] < place[b] else ((b,), (a,)) for a, b in pairs]
    return tables, bye_list


def _places(playing: Sequence[int], standing: Sequence[int]) -> dict[int, int]:
    """Place of each entry in the standing; entries the standing misses come after, by entry id."""
    ranked = [e for e in standing if e in set(playing)]
    ranked += sorted(set(playing) - set(ranked))
    return {e: i for i, e in enumerate(ranked)}


def _match(seated: list[int], met: set[tuple[int, int]], match_points: Mapping[int, float],
           place: Mapping[int, int]) -> list[tuple[int, int]]:
    # Match points may be halves or decimals: exact fractions, scaled to integers for exact weights.
    points = {e: Fraction(match_points.get(e, 0)).limit_denominator(1000) for e in seated}
    n = len(seated)
    edges = []
    for i, a in enumerate(seated):
        for b in seated[i + 1:]:
            gap = points[a] - points[b]
            edges.append((a, b, pair(a, b) in met, int(gap * gap * 1_000_000), (place[a] - place[b]) ** 2))
    place_span = n * n * n + 1            # above the sum of any matching's place penalties
    points_span = (max((e[3] for e in edges), default=0) * n + 1) * place_span
    graph = nx.Graph()
    for a, b, rematch, point_gap, place_gap in edges:
        cost = point_gap * place_span + place_gap
        graph.add_edge(a, b, weight=(0 if rematch else points_span) + points_span - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return [(a, b) for a, b in matching]
