"""Club ladders of a series (scorekeeper.series), worked by hand: places to points, shared places,
best N nights, the minimum of nights."""

from __future__ import annotations

import pytest

from scorekeeper.series import night_points, series_standings


def test_places_become_points_and_shared_places_share_the_mean() -> None:
    # 5 entries: first 5 points; two second take places 2 and 3: (4 + 3) / 2; fourth 2; fifth 1.
    assert night_points({"A": 1, "B": 2, "C": 2, "D": 4, "E": 5}) == {
        "A": 5,
        "B": 3.5,
        "C": 3.5,
        "D": 2,
        "E": 1,
    }
    # Everyone equal: the mean of 3, 2, 1.
    assert night_points({"A": 1, "B": 1, "C": 1}) == {"A": 2, "B": 2, "C": 2}
    with pytest.raises(ValueError):
        night_points({"A": 3, "B": 1})


def test_best_nights_count_and_the_minimum_of_nights_ranks() -> None:
    nights = [
        {"Ana": 1, "Eva": 2, "Luis": 3},  # Ana 3, Eva 2, Luis 1
        {"Eva": 1, "Ana": 2, "Luis": 2, "Sol": 4},  # Eva 4, Ana 2.5, Luis 2.5, Sol 1
        {"Luis": 1, "Eva": 2, "Ana": 3},  # Luis 3, Eva 2, Ana 1
    ]
    table = series_standings(nights, best=2, minimum=2)
    assert [(s.key, s.rank, s.total, s.nights) for s in table] == [
        ("Eva", 1, 6.0, 3),  # 4 + 2 (the first of her two 2s)
        ("Ana", 2, 5.5, 3),  # 3 + 2.5
        ("Luis", 2, 5.5, 3),
        ("Sol", None, 1.0, 1),  # one night: below the minimum, unranked
    ]
    eva = table[0]
    assert eva.points == (2, 4, 2) and eva.counted == (0, 1)
    assert table[3].points == (None, 1, None)
