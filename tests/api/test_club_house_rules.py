"""``hands_limit`` and ``opening_by_hand`` through the API (API.md, "Additions of turn 3"): a game of
three hands ending level is finished with ``winner`` null and takes no fourth hand; the opening
minimum of each side follows the hand number; bad values are 422 at their path (hand-worked hands:
800 / 250, then 250 / 800, then 700 / 700)."""

from __future__ import annotations

import pytest

from .helpers import create_match, error_paths, hand_body, match_body, side


def out(number: int, went_out: int, melds: int, other_melds: int) -> dict:
    sides = [side(other_melds, 50), side(other_melds, 50)]
    sides[went_out] = side(melds, 0, canastas={"clean": 1})
    return hand_body(number, sides, went_out=went_out, going_out_kind="normal")


def test_a_game_of_three_hands_ending_level_is_a_draw(api):
    house = {"hands_limit": 3, "opening_by_hand": [125, 155, 180]}
    created = create_match(api, match_body("classic", house_rules=house))
    assert created["house_rules"] == house
    assert [s["opening_minimum"] for s in created["sides"]] == [125, 125]
    url = f"/matches/{created['id']}"
    for hand in (out(1, 0, 200, 300), out(2, 1, 200, 300), out(3, 0, 100, 750)):
        assert api.post(f"{url}/hands", hand).status_code == 201
    match = api.get(url).get_json()
    assert [s["total"] for s in match["sides"]] == [1750, 1750]
    assert (match["finished"], match["winner"], match["next_hand"]) == (True, None, None)
    assert [h["opening_minimums_before"] for h in match["hands"]] == [[125, 125], [155, 155], [180, 180]]
    assert api.post(f"{url}/hands", out(4, 0, 100, 750)).status_code == 409
    # the last hand taken back: open again, before hand 3
    assert api.delete(f"{url}/hands/3").status_code in (200, 204)
    again = api.get(url).get_json()
    assert (again["finished"], again["next_hand"]) == (False, 3)


@pytest.mark.parametrize(
    ("house_rules", "path"),
    [
        ({"hands_limit": 0}, "house_rules.hands_limit"),
        ({"hands_limit": 51}, "house_rules.hands_limit"),
        ({"hands_limit": "3"}, "house_rules.hands_limit"),
        ({"opening_by_hand": [125, 157]}, "house_rules.opening_by_hand"),
        ({"opening_by_hand": []}, "house_rules.opening_by_hand"),
        ({"opening_by_hand": [125], "opening_bands": [[None, 15], [0, 50]]}, "house_rules"),
    ],
)
def test_bad_values_are_422_at_their_path(api, house_rules, path):
    response = api.post("/matches", match_body("canaston", house_rules=house_rules))
    assert error_paths(response, 422) == {path}
