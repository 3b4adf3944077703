"""House rules every rule set accepts (RULES.md, "House rules every rule set accepts"; API.md, Additions):
``going_out_min_canastas``, ``red_threes_when_opened`` and the whole ``opening_bands`` table are accepted
by every rule set and echoed; each bad value is a 422 at ``house_rules.KEY`` and stores nothing; the
older ``opening_bands.I`` keys stay valid but not together with the table; and a match with the house
rules an older version stored still loads and scores as it did."""

from __future__ import annotations

import pytest

from .helpers import create_match, error_paths, hand_body, match_body, penalty, side, totals

RULESET_IDS = ["classic", "samba", "canaston", "francaise"]
BANDS = [[None, 15], [0, 50], [1500, 90], [3000, 120], [7000, 150]]


def match_count(api) -> int:
    return len(api.get("/matches").get_json())


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_new_key_is_accepted_and_echoed(api, ruleset_id):
    house = {"going_out_min_canastas": 4, "red_threes_when_opened": True, "opening_bands": BANDS}
    created = create_match(api, match_body(ruleset_id, house_rules=house))
    assert created["house_rules"] == house
    assert api.get(f"/matches/{created['id']}").get_json()["house_rules"] == house
    # the table is in force: a side with no points yet needs 50
    assert [s["opening_minimum"] for s in created["sides"]] == [50, 50]


@pytest.mark.parametrize(
    ("house_rules", "path"),
    [
        ({"going_out_min_canastas": 0}, "house_rules.going_out_min_canastas"),
        ({"going_out_min_canastas": 5}, "house_rules.going_out_min_canastas"),
        ({"going_out_min_canastas": 2.5}, "house_rules.going_out_min_canastas"),
        ({"going_out_min_canastas": "2"}, "house_rules.going_out_min_canastas"),
        ({"going_out_min_canastas": True}, "house_rules.going_out_min_canastas"),
        ({"red_threes_when_opened": 1}, "house_rules.red_threes_when_opened"),
        ({"red_threes_when_opened": "yes"}, "house_rules.red_threes_when_opened"),
        ({"opening_bands": "50"}, "house_rules.opening_bands"),
        ({"opening_bands": [[None, 15]]}, "house_rules.opening_bands"),  # one band only
        ({"opening_bands": [[0, 15], [0, 50]]}, "house_rules.opening_bands"),  # first not from null
        ({"opening_bands": [[None, 15], [100, 50]]}, "house_rules.opening_bands"),  # second not from 0
        ({"opening_bands": [[None, 15], [0, 50], [3000, 90], [1500, 120]]}, "house_rules.opening_bands"),
        ({"opening_bands": [[None, 15], [0, 50], [1500, 90], [1500, 120]]}, "house_rules.opening_bands"),
        ({"opening_bands": [[None, 15], [0, 50], [1502, 90]]}, "house_rules.opening_bands"),  # not ×5
        ({"opening_bands": [[None, 15], [0, 52]]}, "house_rules.opening_bands"),
        ({"opening_bands": [[None, -15], [0, 50]]}, "house_rules.opening_bands"),
        ({"opening_bands": [[None, 15], [0, 50, 7]]}, "house_rules.opening_bands"),  # not a pair
        ({"opening_bands": [[None, 15], [0, None]]}, "house_rules.opening_bands"),
        ({"opening_bands": [[None, 15], [0, 50], ["1500", 90]]}, "house_rules.opening_bands"),
        ({"opening_bands": [[None, 15], [0, 50], [True, 90]]}, "house_rules.opening_bands"),
        ({"opening_bands": [[None, 15]] + [[i * 500, 50] for i in range(12)]}, "house_rules.opening_bands"),
        ({"opening_bands": BANDS, "opening_bands.1": 60}, "house_rules"),  # both forms
    ],
)
@pytest.mark.parametrize("ruleset_id", ["classic", "canaston"])
def test_bad_values_are_refused_at_their_path_and_nothing_is_stored(api, ruleset_id, house_rules, path):
    before = match_count(api)
    response = api.post("/matches", match_body(ruleset_id, house_rules=house_rules))
    assert error_paths(response, 422) == {path}
    assert match_count(api) == before


def test_an_error_in_the_table_names_the_band(api):
    response = api.post(
        "/matches", match_body(house_rules={"opening_bands": [[None, 15], [0, 50], [3000, 90], [1500, 120]]})
    )
    assert response.get_json()["errors"]["house_rules.opening_bands"] == [
        "Band 4: each band must start above the one before."
    ]


def test_an_old_matchs_house_rules_still_load_and_score_the_same(api):
    """The house rules a Samba match could store before these keys existed (the single-band form, the
    Samba-only two canastas, melds of the side that went out only, a penalty's points)."""
    old = {
        "going_out_min_canastas": 2,
        "opening_bands.1": 60,
        "opening_bands.2": 100,
        "melds_only_went_out": True,
        "penalties.three_wilds_in_canasta": 200,
    }
    match_id = create_match(api, match_body("samba", house_rules=old))["id"]
    first = hand_body(
        1,
        [
            side(620, 0, 2, {"samba": 1, "clean": 1}),
            side(340, 110, 1, {"dirty": 1}, [penalty("three_wilds_in_canasta")]),
        ],
        went_out=0,
        going_out_kind="normal",
    )
    second = hand_body(
        2, [side(200, 60), side(400, 0, 0, {"clean": 1, "dirty": 1})], went_out=1, going_out_kind="normal"
    )
    for body in (first, second):
        assert api.post(f"/matches/{match_id}/hands", body).status_code == 201
    match = api.get(f"/matches/{match_id}").get_json()
    assert match["house_rules"] == old
    # hand 1: 620 + samba 1500 + clean 500 + red threes 200 + going out 200 = 3020;
    #         melds 0 (only the side that went out) - 110 + dirty 300 - red three 100 - penalty 200 = -110
    # hand 2: melds 0 - 60 = -60; 400 + 800 + going out 200 = 1400
    assert [h["scores"] for h in match["hands"]] == [[3020, -110], [-60, 1400]]
    assert totals(match) == [2960, 1290]
    # before hand 2: 3020 → 120 (book), -110 → 15; next: 2960 → 100 (house), 1290 → 60 (house)
    assert match["hands"][1]["opening_minimums_before"] == [120, 15]
    assert [s["opening_minimum"] for s in match["sides"]] == [100, 60]
