"""The new-match form offers a third side only where the rule set is played by three (its data's
``max_sides``): the third side says which rule sets have it, each rule-set choice carries its
number for the page's script, and a third side sent with Samba comes back with the message at the
sides and the user's values, storing nothing."""

from __future__ import annotations

import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import create, logged_in, match_form, matches, post_form, upload

THREE = (("Nosotros", ("Ana",)), ("Ellos", ("Eva",)), ("Aquellos", ("Juan",)))


@pytest.mark.parametrize(
    ("language", "hint"),
    [
        ("es", "Solo en Canasta y Canastón."),
        ("en", "Only in Canasta and Canastón."),
        ("fr", "Seulement en Canasta et Canastón."),
    ],
)
def test_the_form_offers_a_third_side_only_where_the_rule_set_has_one(
    app: Flask, user_client: FlaskClient, language: str, hint: str
) -> None:
    page = logged_in(app, "ana", language).get("/matches/new").get_data(as_text=True)
    for ruleset, most in (("classic", 3), ("samba", 2), ("canaston", 3), ("francaise", 2)):
        assert f'data-max-sides="{most}" data-ruleset-choice="{ruleset}"' in page or (
            f'data-ruleset-choice="{ruleset}" data-max-sides="{most}"' in page
        ), ruleset
    third = page.split('data-side="2"', 1)[1].split("</legend>", 1)[1]
    assert hint in third.split("</p>", 1)[0]


def test_a_third_side_with_samba_comes_back_with_a_message(app: Flask, user_client: FlaskClient) -> None:
    response = post_form(user_client, "/matches/new", match_form("samba", THREE))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Samba is played by 2 sides." in page
    assert 'value="Aquellos"' in page and 'value="Juan"' in page
    assert matches(app) == 0


def test_a_third_side_with_canasta_starts_the_match(app: Flask, user_client: FlaskClient) -> None:
    response = post_form(user_client, "/matches/new", match_form("classic", THREE))
    assert response.status_code == 302, response.get_data(as_text=True)
    board = user_client.get(response.location).get_data(as_text=True)
    assert "Aquellos" in board
    assert matches(app) == 1


def test_samba_for_two_pairs_starts_the_match(app: Flask, user_client: FlaskClient) -> None:
    response = post_form(user_client, "/matches/new", match_form("samba"))
    assert response.status_code == 302, response.get_data(as_text=True)


def test_an_import_keeps_a_match_already_played_with_three_sides(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient
) -> None:
    """A three-side Samba made before the rule (written here as a Canasta match's file, renamed)."""
    create(user_client, "classic", sides=THREE)
    exported = json.loads(user_client.get("/export/history.json").get_data())
    for match in exported["matches"]:
        match["ruleset"] = "samba"
        match["target"] = 10000
    response = upload(other_client, json.dumps(exported).encode())
    assert response.status_code == 302, response.get_data(as_text=True)
    assert "Imported 1 match." in other_client.get(response.location).get_data(as_text=True)
