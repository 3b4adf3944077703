"""Statistics of players and partnerships, checked against three small matches worked out by hand:
stored through the services (which derive each side's figures) and added up by the database.

Players: Ana, Luis, Eva, Juan.

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
from flask import Flask
from sqlalchemy import select, update

from scorekeeper import running_totals, services
from scorekeeper.extensions import db
from scorekeeper.models import Match, Player, Side
from scorekeeper.services.player_reads import (
    latest_results,
    partnerships_of,
    player_stats,
    players_stats,
    ruleset_stats,
)
from scorekeeper.stats import BestHand, Stats, by_matches, combined
from tests.helpers import M1_HANDS, M3_HANDS, hand, make_user

Sides = list[tuple[str, list[str]]]


def day(n: int) -> datetime:
    return datetime(2025, 3, n, tzinfo=UTC)


def build(owner: int, ruleset: str, target: int, on: int, sides: Sides, hands: list[dict[str, Any]]) -> int:
    """Store a match created on March ``on`` with ``hands``; its id."""
    match = services.create_match(
        owner,
        {
            "ruleset": ruleset,
            "target": target,
            "sides": [{"name": name, "players": players} for name, players in sides],
        },
    )
    for data in hands:
        services.add_hand(match, data)
    # The app never moves a match in time; this test does, so it adds the totals up again (they
    # keep the date of each player's best hand and latest partnership).
    db.session.execute(update(Match).where(Match.id == match.id).values(created_at=day(on)))
    running_totals.rebuild(db.session.connection(), owner)
    db.session.commit()
    return match.id


PAIRS: Sides = [("Nosotros", ["Ana", "Luis"]), ("Ellos", ["Eva", "Juan"])]
M2_HANDS = [
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
]


@pytest.fixture
def owner(app: Flask, password_hash: str) -> Any:
    club_id = make_user(app, "ana", password_hash)[0]
    with app.app_context():
        yield club_id


@pytest.fixture
def matches(owner: int) -> list[int]:
    return [
        build(owner, "classic", 1000, 1, PAIRS, M1_HANDS),
        build(
            owner, "samba", 2000, 2, [("Damas", ["Ana", "Eva"]), ("Caballeros", ["Luis", "Juan"])], M2_HANDS
        ),
        build(owner, "classic", 5000, 3, PAIRS, M3_HANDS),
    ]


def player(name: str) -> int:
    return db.session.scalar(select(Player.id).where(Player.name == name))


def test_the_matches_score_as_worked_out(matches: list[int]) -> None:
    m1, m2, m3 = (db.session.get(Match, m) for m in matches)
    # M1's hand scores: (900, 50), (70, 550), (30, 1100); a side's best is its first highest.
    sides = db.session.scalars(select(Side).where(Side.match_id == m1.id).order_by(Side.position))
    assert [(s.points, s.best_score, s.best_hand) for s in sides] == [(1000, 900, 1), (1700, 1100, 3)]
    assert (m1.totals, m1.finished, m1.winner, m1.hand_count) == ([1000, 1700], True, 1, 3)
    assert (m2.totals, m2.finished, m2.winner) == ([2600, 0], True, 0)
    assert (m3.totals, m3.finished, m3.winner) == ([1100, -100], False, None)


def test_player_overall(owner: int, matches: list[int]) -> None:
    ana = player_stats(owner, player("Ana"))
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
    assert ana.best == BestHand(2600, matches[1], 1, day(2))


def test_penalties_count_entries_times_count_and_their_points(owner: int, matches: list[int]) -> None:
    eva = player_stats(owner, player("Eva"))
    assert (eva.played, eva.won, eva.win_rate) == (2, 2, 1.0)
    assert (eva.hands, eva.points) == (5, 1700 + 2600 - 100)
    assert (eva.penalty_count, eva.penalty_points) == (2, 100)  # drew_two_cards × 2 at 50
    assert eva.went_out_share == pytest.approx(0.4)
    luis = player_stats(owner, player("Luis"))
    assert (luis.penalty_count, luis.penalty_points) == (1, 100)  # took_pile_out_of_turn
    assert (luis.played, luis.won, luis.win_rate) == (2, 0, 0.0)
    assert luis.best == BestHand(1100, matches[2], 1, day(3))


def test_filtered_by_rule_set(owner: int, matches: list[int]) -> None:
    by_ruleset = ruleset_stats(owner, player("Ana"))
    classic = by_ruleset["classic"]
    assert (classic.played, classic.won, classic.in_progress, classic.win_rate) == (1, 0, 1, 0.0)
    assert (classic.hands, classic.points, classic.average_hand) == (4, 2100, 525)
    assert classic.canastas_per_hand("clean") == 0.5 and classic.canastas_per_hand("dirty") == 0.25
    assert classic.went_out_share == 0.5
    assert classic.best == BestHand(1100, matches[2], 1, day(3))
    samba = by_ruleset["samba"]
    assert (samba.played, samba.won, samba.win_rate, samba.hands, samba.average_hand) == (1, 1, 1.0, 1, 2600)
    assert "canaston" not in by_ruleset
    assert by_matches(by_ruleset) == ["classic", "samba"]
    assert combined(by_ruleset.values()) == player_stats(owner, player("Ana"))


def test_no_matches_no_rates(owner: int, matches: list[int]) -> None:
    nobody = player_stats(owner, 99_999)
    assert nobody == Stats()
    assert nobody.matches == 0 and nobody.win_rate is None and nobody.average_hand is None
    assert nobody.went_out_share is None and nobody.canastas_per_hand("clean") is None and nobody.best is None


def test_every_player_at_once(owner: int, matches: list[int]) -> None:
    stats = players_stats(owner)
    assert {p: (s.played, s.won) for p, s in stats.items()} == {
        player("Ana"): (2, 1),
        player("Luis"): (2, 0),
        player("Eva"): (2, 2),
        player("Juan"): (2, 1),
    }


def test_partnerships(owner: int, matches: list[int]) -> None:
    ana, luis, eva, juan = (player(n) for n in ("Ana", "Luis", "Eva", "Juan"))
    of_ana = partnerships_of(owner, ana)
    assert [(p.names, p.stats.played, p.stats.matches) for p in of_ana] == [
        (("Ana", "Luis"), 1, 2),
        (("Ana", "Eva"), 1, 1),
    ]
    assert [p.players for p in of_ana] == [frozenset({ana, luis}), frozenset({ana, eva})]
    nosotros = of_ana[0].stats
    assert (nosotros.played, nosotros.won, nosotros.in_progress, nosotros.hands, nosotros.points) == (
        1,
        0,
        1,
        4,
        2100,
    )
    ellos = next(p.stats for p in partnerships_of(owner, eva) if p.players == {eva, juan})
    assert (ellos.played, ellos.won, ellos.win_rate, ellos.average_hand) == (1, 1, 1.0, 400)
    assert (ellos.penalty_count, ellos.penalty_points) == (2, 100)
    caballeros = next(p.stats for p in partnerships_of(owner, juan) if p.players == {luis, juan})
    assert (caballeros.won, caballeros.points, caballeros.penalty_points) == (0, 0, 100)


def test_a_partnership_of_three_and_its_latest_names(owner: int) -> None:
    trio = [("A", ["Ana", "Luis", "Eva"]), ("B", ["Juan", "Sol", "Pía"])]
    build(owner, "classic", 5000, 1, trio, [hand(1, None, {}, {})])
    build(owner, "classic", 5000, 2, [("A", ["Eva", "Ana", "Luis"]), trio[1]], [hand(1, None, {}, {})])
    build(owner, "classic", 5000, 3, [("A", ["Ana", "Luis"]), trio[1]], [])
    of_ana = partnerships_of(owner, player("Ana"))
    assert [(p.names, p.stats.matches, p.stats.hands) for p in of_ana] == [
        (("Eva", "Ana", "Luis"), 2, 2),
        (("Ana", "Luis"), 1, 0),
    ]


def test_a_lone_player_is_no_partnership(owner: int) -> None:
    build(owner, "classic", 5000, 4, [("A", ["Ana"]), ("E", ["Eva"])], [hand(1, None, {}, {})])
    assert partnerships_of(owner, player("Ana")) == []
    assert player_stats(owner, player("Ana")).hands == 1


def test_results_over_time(owner: int, matches: list[int]) -> None:
    results = latest_results(owner, player("Ana"), 50)
    assert [(r.match_id, r.total, r.best_other, r.won) for r in results] == [
        (matches[0], 1000, 1700, False),
        (matches[1], 2600, 0, True),
    ]
    assert [r.match_id for r in latest_results(owner, player("Ana"), 1)] == [matches[1]]


def test_escalas_count_only_when_they_scored(owner: int) -> None:
    """Canastón: escalas count only beside a canasta that is not an escala; without one they score
    nothing, so the statistics leave them out too (hand 1), and count them with one (hand 2)."""
    canaston = build(
        owner,
        "canaston",
        15000,
        5,
        PAIRS,
        [
            hand(1, None, {"melds": 300, "canastas": {"escala": 1, "escala_real": 1}}, {"melds": 100}),
            hand(2, None, {"melds": 300, "canastas": {"clean": 1, "escala": 1}}, {"melds": 100}),
        ],
    )
    ana = player_stats(owner, player("Ana"))
    assert dict(ana.canastas) == {"clean": 1, "escala": 1}
    assert ana.canastas_per_hand("escala") == 0.5 and ana.canastas_per_hand("escala_real") == 0
    # Hand 1: no canasta counts, so melds count against (-300); hand 2: 300 + 500 + 1500.
    assert (ana.points, ana.best) == (-300 + 2300, BestHand(2300, canaston, 2, day(5)))
