"""Draws in the statistics (scorekeeper/stats.py): a finished match with no winner counts as drawn for
every side of it, neither won nor lost; several sets of matches add their draws up."""

from __future__ import annotations

from datetime import UTC, datetime

from scorekeeper.stats import SideFigures, SideRecord, add_up, combined, contribution

WHEN = datetime(2026, 11, 25, 21, 0, tzinfo=UTC)


def record(
    match_id: int, position: int, players: tuple[int, ...], finished: bool, winner: int | None
) -> SideRecord:
    return SideRecord(
        side_id=match_id * 10 + position,
        match_id=match_id,
        ruleset="classic",
        created_at=WHEN,
        position=position,
        players=players,
        finished=finished,
        winner=winner,
        hand_count=3,
        figures=SideFigures(points=1750),
    )


def test_a_draw_is_neither_won_nor_lost():
    drawn = contribution(record(1, 0, (1, 2), True, None))
    assert (drawn.played, drawn.won, drawn.drawn, drawn.lost) == (1, 0, 1, 0)
    in_play = contribution(record(2, 0, (1, 2), False, None))
    assert (in_play.played, in_play.drawn, in_play.in_progress) == (0, 0, 1)
    lost = contribution(record(3, 1, (1, 2), True, 0))
    assert (lost.won, lost.drawn, lost.lost) == (0, 0, 1)


def test_draws_add_up_for_players_and_partnerships():
    sides = [
        record(1, 0, (1, 2), True, None),
        record(1, 1, (3, 4), True, None),
        record(2, 0, (1, 2), True, 0),
        record(3, 0, (1, 3), True, None),
    ]
    totals = add_up(sides)
    ana = totals.players[(1, "classic")]
    assert (ana.played, ana.won, ana.drawn, ana.lost) == (3, 1, 2, 0)
    assert totals.players[(4, "classic")].drawn == 1
    assert totals.partnerships[(1, 2, 2)][0].drawn == 1
    assert combined([ana, totals.players[(3, "classic")]]).drawn == 4
