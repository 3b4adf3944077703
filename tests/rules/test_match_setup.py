"""A new match checked in the pure core: what the players asked for, trimmed, or every mistake."""

from __future__ import annotations

import pytest

from scorekeeper.rules import MatchSetup, SideSetup, ValidationError, check_new_match


def test_a_new_match_comes_back_trimmed_with_its_rule_set_and_seats():
    setup = check_new_match(
        {
            "ruleset": "classic",
            "house_rules": {"penalties.drew_two_cards": 100},
            "sides": [
                {"name": " Nosotros ", "players": ["Ana ", " Luis"]},
                {"name": "Ellos", "players": ["Eva"]},
            ],
            "first_dealer": 2,
        }
    )
    assert isinstance(setup, MatchSetup)
    assert setup.ruleset.id == "classic"
    assert setup.ruleset.penalty("drew_two_cards").points == 100  # the house rule is applied
    assert setup.house_rules == {"penalties.drew_two_cards": 100}  # and kept as entered
    assert setup.target == 5000  # the rule set's, when none is given
    assert setup.sides == (SideSetup("Nosotros", ("Ana", "Luis")), SideSetup("Ellos", ("Eva",)))
    assert setup.seat_counts == [2, 1]
    assert setup.first_dealer == 2


def test_every_mistake_is_reported_at_once():
    with pytest.raises(ValidationError) as info:
        check_new_match(
            {
                "ruleset": "bridge",
                "target": 50,
                "sides": [{"name": "", "players": ["Ana"]}, {"name": "B", "players": ["Eva"]}],
                "colour": "red",
            }
        )
    assert set(info.value.as_dict()) == {"ruleset", "target", "sides.0.name", "colour"}


def test_the_first_dealer_is_one_of_the_seats():
    body = {
        "ruleset": "samba",
        "sides": [{"name": "A", "players": ["Ana"]}, {"name": "B", "players": ["Eva"]}],
    }
    assert check_new_match({**body, "first_dealer": 1}).first_dealer == 1
    for seat in (2, -1, True, "0"):
        with pytest.raises(ValidationError) as info:
            check_new_match({**body, "first_dealer": seat})
        assert set(info.value.as_dict()) == {"first_dealer"}


def test_a_match_must_be_an_object():
    with pytest.raises(ValidationError) as info:
        check_new_match(["classic"])
    assert set(info.value.as_dict()) == {"_"}
