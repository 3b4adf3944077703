"""Statistics of players and partnerships, checked against three small matches worked out by hand.

Players: Ana 1, Luis 2, Eva 3, Juan 4.

M1, classic to 1000, Nosotros (Ana, Luis) against Ellos (Eva, Juan), finished: Ellos win.
  hand 1, Nosotros went out: 300 melds + 500 clean + 100 going out = 900;
          Ellos 200 melds - 50 in hand - 2 × drew_two_cards (50) = 50
  hand 2, nobody went out: Nosotros 100 - 30 = 70; Ellos 150 + 300 dirty + 100 red three = 550
  hand 3, Ellos went out: Nosotros 50 - 20 = 30; Ellos 200 + 500 + 300 + 100 going out = 1100
  totals: Nosotros 1000, Ellos 1700.
M2, samba to 2000, (Ana, Eva) against (Luis, Juan), finished in one hand: (Ana, Eva) win.
  hand 1, (Ana, Eva) went out: 400 + 1500 samba + 500 clean + 200 going out = 2600;
          (Luis, Juan) 300 - 100 in hand - 100 red three (no canasta) - 100 took_pile_out_of_turn = 0
M3, classic to 5000, Nosotros (Ana, Luis) against Ellos (Eva, Juan), in progress.
  hand 1, Nosotros went out: 200 + 500 + 300 + 100 going out = 1100; Ellos 100 - 200 = -100
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from scorekeeper.rules import fold_match, get_ruleset, parse_hand
from scorekeeper.stats import (
    BestHand,
    MatchRecord,
    SideRecord,
    match_record,
    partnerships_of,
    partnerships_stats,
    player_stats,
    players_stats,
    results_over_time,
    rulesets_played,
)

ANA, LUIS, EVA, JUAN = 1, 2, 3, 4
NAMES = {ANA: "Ana", LUIS: "Luis", EVA: "Eva", JUAN: "Juan"}


def side(name: str, *players: int) -> SideRecord:
    return SideRecord(name, players, tuple(NAMES[p] for p in players))


def hand(number: int, went_out: int | None, *sides: dict[str, Any]) -> dict[str, Any]:
    return {
        "number": number,
        "went_out": went_out,
        "going_out_kind": None if went_out is None else "normal",
        "sides": list(sides),
    }


def build(
    match_id: int, ruleset: str, target: int, day: int, sides: list[SideRecord], hands: list[dict[str, Any]]
) -> MatchRecord:
    rs = get_ruleset(ruleset, {})
    players = [len(s.player_ids) for s in sides]
    inputs = [parse_hand(rs, h, players) for h in hands]
    state = fold_match(rs, target, len(sides), inputs)
    return match_record(match_id, ruleset, datetime(2025, 3, day, tzinfo=UTC), sides, state)


M1 = build(
    1,
    "classic",
    1000,
    1,
    [side("Nosotros", ANA, LUIS), side("Ellos", EVA, JUAN)],
    [
        hand(
            1,
            0,
            {"melds": 300, "canastas": {"clean": 1}},
            {"melds": 200, "hand": 50, "penalties": [{"code": "drew_two_cards", "count": 2}]},
        ),
        hand(2, None, {"melds": 100, "hand": 30}, {"melds": 150, "red_threes": 1, "canastas": {"dirty": 1}}),
        hand(3, 1, {"melds": 50, "hand": 20}, {"melds": 200, "canastas": {"clean": 1, "dirty": 1}}),
    ],
)
M2 = build(
    2,
    "samba",
    2000,
    2,
    [side("Damas", ANA, EVA), side("Caballeros", LUIS, JUAN)],
    [
        hand(
            1,
            0,
            {"melds": 400, "canastas": {"samba": 1, "clean": 1}},
            {
                "melds": 300,
                "hand": 100,
                "red_threes": 1,
                "penalties": [{"code": "took_pile_out_of_turn"}],
            },
        )
    ],
)
M3 = build(
    3,
    "classic",
    5000,
    3,
    [side("Nosotros", ANA, LUIS), side("Ellos", EVA, JUAN)],
    [hand(1, 0, {"melds": 200, "canastas": {"clean": 1, "dirty": 1}}, {"melds": 100, "hand": 200})],
)
MATCHES = [M1, M2, M3]


def test_the_matches_score_as_worked_out():
    assert [tuple(s.score for s in h.sides) for h in M1.hands] == [(900, 50), (70, 550), (30, 1100)]
    assert (M1.totals, M1.finished, M1.winner) == ((1000, 1700), True, 1)
    assert (M2.totals, M2.finished, M2.winner) == ((2600, 0), True, 0)
    assert (M3.totals, M3.finished, M3.winner) == ((1100, -100), False, None)


def test_player_overall():
    ana = player_stats(MATCHES, ANA)
    # Finished matches only: lost M1, won M2; M3 is in progress.
    assert (ana.played, ana.won, ana.lost, ana.in_progress, ana.matches) == (2, 1, 1, 1, 3)
    assert ana.win_rate == 0.5
    # Hands of every match: 3 + 1 + 1; points 1000 + 2600 + 1100.
    assert (ana.hands, ana.points) == (5, 4700)
    assert ana.average_hand == 940
    assert dict(ana.canastas) == {"clean": 3, "dirty": 1, "samba": 1}
    assert ana.canastas_per_hand("clean") == pytest.approx(0.6)
    assert ana.canastas_per_hand("dirty") == pytest.approx(0.2)
    assert ana.canastas_per_hand("samba") == pytest.approx(0.2)
    assert ana.canastas_per_hand("escala") == 0
    assert ana.went_out == 3 and ana.went_out_share == pytest.approx(0.6)
    assert (ana.penalty_count, ana.penalty_points) == (0, 0)
    assert ana.best == BestHand(2600, 2, 1, M2.created_at)


def test_penalties_count_entries_times_count_and_their_points():
    eva = player_stats(MATCHES, EVA)
    assert (eva.played, eva.won, eva.win_rate) == (2, 2, 1.0)
    assert (eva.hands, eva.points) == (5, 1700 + 2600 - 100)
    assert (eva.penalty_count, eva.penalty_points) == (2, 100)  # drew_two_cards × 2 at 50
    assert eva.went_out_share == pytest.approx(0.4)
    luis = player_stats(MATCHES, LUIS)
    assert (luis.penalty_count, luis.penalty_points) == (1, 100)  # took_pile_out_of_turn
    assert (luis.played, luis.won, luis.win_rate) == (2, 0, 0.0)
    assert luis.best == BestHand(1100, 3, 1, M3.created_at)


def test_filtered_by_rule_set():
    classic = player_stats(MATCHES, ANA, "classic")
    assert (classic.played, classic.won, classic.in_progress, classic.win_rate) == (1, 0, 1, 0.0)
    assert (classic.hands, classic.points, classic.average_hand) == (4, 2100, 525)
    assert classic.canastas_per_hand("clean") == 0.5 and classic.canastas_per_hand("dirty") == 0.25
    assert classic.went_out_share == 0.5
    assert classic.best == BestHand(1100, 3, 1, M3.created_at)
    samba = player_stats(MATCHES, ANA, "samba")
    assert (samba.played, samba.won, samba.win_rate, samba.hands, samba.average_hand) == (1, 1, 1.0, 1, 2600)
    assert player_stats(MATCHES, ANA, "canaston").hands == 0
    assert rulesets_played(MATCHES, ANA) == ["classic", "samba"]


def test_no_matches_no_rates():
    nobody = player_stats(MATCHES, 99)
    assert nobody.matches == 0 and nobody.win_rate is None and nobody.average_hand is None
    assert nobody.went_out_share is None and nobody.canastas_per_hand("clean") is None and nobody.best is None


def test_every_player_at_once():
    stats = players_stats(MATCHES)
    assert {p: (s.played, s.won) for p, s in stats.items()} == {
        ANA: (2, 1),
        LUIS: (2, 0),
        EVA: (2, 2),
        JUAN: (2, 1),
    }


def test_partnerships():
    stats = partnerships_stats(MATCHES)
    assert set(stats) == {
        frozenset({ANA, LUIS}),
        frozenset({EVA, JUAN}),
        frozenset({ANA, EVA}),
        frozenset({LUIS, JUAN}),
    }
    nosotros = stats[frozenset({ANA, LUIS})]
    assert (nosotros.played, nosotros.won, nosotros.in_progress, nosotros.hands, nosotros.points) == (
        1,
        0,
        1,
        4,
        2100,
    )
    ellos = stats[frozenset({EVA, JUAN})]
    assert (ellos.played, ellos.won, ellos.win_rate, ellos.average_hand) == (1, 1, 1.0, 400)
    assert (ellos.penalty_count, ellos.penalty_points) == (2, 100)
    caballeros = stats[frozenset({LUIS, JUAN})]
    assert (caballeros.won, caballeros.points, caballeros.penalty_points) == (0, 0, 100)
    assert set(partnerships_stats(MATCHES, "samba")) == {frozenset({ANA, EVA}), frozenset({LUIS, JUAN})}

    of_ana = partnerships_of(MATCHES, ANA)
    assert [(p.names, p.stats.played, p.stats.matches) for p in of_ana] == [
        (("Ana", "Luis"), 1, 2),
        (("Ana", "Eva"), 1, 1),
    ]


def test_a_lone_player_is_no_partnership():
    duel = build(4, "classic", 5000, 4, [side("A", ANA), side("E", EVA)], [hand(1, None, {}, {})])
    assert partnerships_stats([duel]) == {}
    assert player_stats([duel], ANA).hands == 1


def test_results_over_time():
    results = results_over_time(list(reversed(MATCHES)), ANA)
    assert [(r.match_id, r.total, r.best_other, r.won) for r in results] == [
        (1, 1000, 1700, False),
        (2, 2600, 0, True),
    ]
