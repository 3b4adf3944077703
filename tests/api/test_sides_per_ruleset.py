"""How many sides a match may have comes from its rule set's data (``max_sides``, with the book that
says it): Canasta and Canastón take a third side, Samba and the French rules two pairs only. The API
refuses a third side of those with 422 at ``sides`` and stores nothing; an import of a match already
played keeps it as it was."""

from __future__ import annotations

import pytest

from scorekeeper.rules.registry import BOOKS, get_ruleset

from .helpers import error_paths, match_body, match_count

THREE = [
    {"name": "Nosotros", "players": ["Ana"]},
    {"name": "Ellos", "players": ["Eva"]},
    {"name": "Aquellos", "players": ["Juan"]},
]
ALLOWED = {"classic": 3, "canaston": 3, "samba": 2, "francaise": 2, "american": 2}


def test_the_rule_sets_say_how_many_sides_play_and_where() -> None:
    assert {rs_id: rs.max_sides for rs_id, rs in BOOKS.items()} == ALLOWED
    for rs in BOOKS.values():
        # a seed book and its section; American Canasta's books are public web pages, named so
        assert ".txt, " in rs.max_sides_source or "Canasta League of America rules, " in rs.max_sides_source
        assert get_ruleset(rs.id, {}).max_sides == rs.max_sides  # house rules keep it


@pytest.mark.parametrize("ruleset", ["classic", "canaston"])
def test_a_third_side_plays_where_the_rule_set_allows_it(api, ruleset: str) -> None:
    response = api.post("/matches", match_body(ruleset, THREE))
    assert response.status_code == 201, response.get_json()
    assert len(response.get_json()["sides"]) == 3


@pytest.mark.parametrize("ruleset", ["samba", "francaise"])
def test_a_third_side_is_refused_at_sides_where_the_rule_set_has_two(api, ruleset: str) -> None:
    response = api.post("/matches", match_body(ruleset, THREE))
    assert error_paths(response, 422) == {"sides"}
    assert response.get_json()["errors"]["sides"] == [
        f"{get_ruleset(ruleset, {}).name} is played by 2 sides."
    ]
    assert match_count(api) == 0
    assert api.post("/matches", match_body(ruleset)).status_code == 201  # two pairs: fine
