"""The standings' order (API.md, "Club nights"), worked out by hand: match points; then, among the
whole group equal on them, the match points taken in the games between two of them; then
difference; then points for; ranks shared (1, 2, 2, 4) and listed by entry id."""

from __future__ import annotations

from scorekeeper.standings import Game, standings

POINTS = {"win": 2, "draw": 1, "loss": 0, "bye": 2}


def g(a: int, b: int, ta: int, tb: int) -> Game:
    """A pairs game, entry ``a`` (side 0) against ``b``; the higher total wins, equal is a draw."""
    winner = None if ta == tb else (0 if ta > tb else 1)
    return Game(((a,), (b,)), (ta, tb), winner)


def order(rows):
    return [(s.rank, s.entry) for s in rows]


def test_a_three_way_tie_is_broken_by_the_games_between_the_three_then_difference():
    # Entries 1..4. 1, 2 and 3 each beat one of the others in a cycle and each beat 4 once:
    #   1 beats 2 (1000-500), 2 beats 3 (800-700), 3 beats 1 (600-500)  -> cycle: 2 points each
    #   1, 2 and 3 each beat 4 once more                                 -> 4 match points each
    # Head-to-head among {1, 2, 3}: 2 points each: still equal.
    # Difference: 1: +500 -100 +(2000-100)=+2300; 2: -500 +100 +(1500-100)=+1000; 3: -100 +100 +(900-500)=+400
    games = [
        g(1, 2, 1000, 500),
        g(2, 3, 800, 700),
        g(3, 1, 600, 500),
        g(1, 4, 2000, 100),
        g(2, 4, 1500, 100),
        g(3, 4, 900, 500),
    ]
    rows = standings([1, 2, 3, 4], games, {}, POINTS)
    assert order(rows) == [(1, 1), (2, 2), (3, 3), (4, 4)]
    first = rows[0]
    assert (first.played, first.won, first.lost, first.match_points) == (3, 2, 1, 4)
    assert (first.points_for, first.points_against, first.difference) == (3500, 1200, 2300)
    assert rows[3].as_json()["match_points"] == 0 and rows[3].lost == 3


def test_head_to_head_is_applied_once_to_the_whole_group_then_difference():
    # 1, 2, 3 and 4 end on 4 match points each (5 on 0). Among the four:
    #   1 beat 2 and 3 -> 4; 2 beat 3 -> 2; 3 beat 4 -> 2; 4 -> 0.
    # 2 and 3 stay equal (2 each): the next criterion is difference, over all their games
    # (2: -100 +100 +100 = +100; 3: -100 +100 +5000 = +4900), not a second head-to-head between the two
    # (which 2 would win, having beaten 3).
    games = [
        g(1, 2, 600, 500),  # 1 +100, 2 -100
        g(1, 3, 600, 500),  # 1 +100, 3 -100
        g(2, 3, 600, 500),  # 2 +100, 3 -100
        g(3, 4, 600, 500),  # 3 +100, 4 -100
        g(2, 5, 600, 500),  # 2 +100
        g(3, 5, 5000, 0),  # 3 +5000
        g(4, 5, 600, 500),  # 4 +100
        g(4, 5, 600, 500),  # 4 +100
    ]
    rows = standings([1, 2, 3, 4, 5], games, {}, POINTS)
    by_entry = {s.entry: s for s in rows}
    assert [by_entry[e].match_points for e in (1, 2, 3, 4, 5)] == [4, 4, 4, 4, 0]
    assert [by_entry[e].difference for e in (1, 2, 3, 4)] == [200, 100, 4900, 100]
    assert order(rows) == [(1, 1), (2, 3), (3, 2), (4, 4), (5, 5)]


def test_entries_equal_on_everything_share_a_rank_listed_by_id():
    # 4 beats 3 and 2 beats 1 by the same score; no game between the winners or between the losers.
    games = [g(4, 3, 700, 200), g(2, 1, 700, 200)]
    rows = standings([1, 2, 3, 4], games, {}, POINTS)
    assert order(rows) == [(1, 2), (1, 4), (3, 1), (3, 3)]


def test_byes_count_their_points_and_draws_one_point():
    games = [g(1, 2, 500, 500)]
    rows = standings([1, 2, 3], games, {3: 1}, POINTS)
    assert order(rows) == [(1, 3), (2, 1), (2, 2)]
    bye = rows[0]
    assert (bye.played, bye.byes, bye.match_points, bye.points_for) == (0, 1, 2, 0)
    assert (rows[1].drawn, rows[1].match_points) == (1, 1)


def test_individual_every_player_of_a_side_takes_its_result_and_partners_are_no_opponents():
    # Players 1+2 beat 3+4 (900-60); then 1+3 draw with 2+4 (100-100).
    games = [
        Game(((1, 2), (3, 4)), (900, 60), 0),
        Game(((1, 3), (2, 4)), (100, 100), None),
    ]
    rows = standings([1, 2, 3, 4], games, {}, POINTS)
    by_entry = {s.entry: s for s in rows}
    assert [(by_entry[e].won, by_entry[e].drawn, by_entry[e].lost) for e in (1, 2, 3, 4)] == [
        (1, 1, 0),
        (1, 1, 0),
        (0, 1, 1),
        (0, 1, 1),
    ]
    # 1 and 2 tie on 3 match points; they met as opponents in game 2 (a draw: 1 each), equal
    # difference (+840) and points for (1000): a shared rank.
    assert order(rows) == [(1, 1), (1, 2), (3, 3), (3, 4)]
