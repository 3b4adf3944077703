"""A new match in a few taps: sides named after their players when left unnamed, a mistake that does
not open "Advanced", and a rematch of a finished match."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.matches.forms import house_field_name
from scorekeeper.models import Match
from scorekeeper.seating import dealer_and_starter
from tests.helpers import make_user
from tests.web.helpers import create, finish, logged_in, match_form, page, post_form

ADVANCED = re.compile(r'<details class="advanced"( open)?>')


@pytest.mark.parametrize(
    ("language", "first", "second"),
    [
        ("es", "Ana y Luis", "Eva y Juan"),
        ("en", "Ana and Luis", "Eva and Juan"),
        ("fr", "Ana et Luis", "Eva et Juan"),
    ],
)
def test_unnamed_sides_take_their_players_names(
    app: Flask, password_hash: str, language: str, first: str, second: str
):
    make_user(app, "ana", password_hash)
    client = logged_in(app, "ana", language)
    match_id = create(client, **{"sides-0-name": "", "sides-1-name": ""})
    board = page(client.get(f"/matches/{match_id}"))
    assert f">{first}</h2>" in board and f">{second}</h2>" in board
    with app.app_context():
        assert [side.name for side in db.session.get(Match, match_id).sides] == [first, second]


def test_a_named_side_keeps_its_name_and_a_lone_player_names_his_side(user_client: FlaskClient):
    match_id = create(user_client, sides=(("Nosotros", ("Ana", "Luis")), ("", ("Eva",))), sides_confirmed="y")
    board = page(user_client.get(f"/matches/{match_id}"))
    assert ">Nosotros</h2>" in board and ">Eva</h2>" in board


def test_the_name_field_says_what_an_empty_name_does(user_client: FlaskClient):
    assert "Left empty: the players" in page(user_client.get("/matches/new"))


def test_a_mistake_elsewhere_leaves_advanced_shut(user_client: FlaskClient):
    response = post_form(user_client, "/matches/new", match_form(target="12"))
    assert response.status_code == 422
    html = page(response)
    assert 'id="target-errors"' in html
    blocks = ADVANCED.findall(html)
    assert blocks and not any(blocks), "a mistake in the target opened Advanced"


def test_a_mistake_in_an_advanced_value_opens_its_block(user_client: FlaskClient):
    name = house_field_name("classic", "penalties.drew_two_cards")
    assert f'name="{name}"' in page(user_client.get("/matches/new"))
    response = post_form(user_client, "/matches/new", match_form(**{name: "33"}))
    assert response.status_code == 422
    assert ADVANCED.findall(page(response)).count(" open") == 1


def test_a_finished_match_offers_a_rematch(app: Flask, user_client: FlaskClient):
    match_id = create(user_client, target="100")
    assert "Rematch" not in page(user_client.get(f"/matches/{match_id}"))
    finish(user_client, match_id)
    board = page(user_client.get(f"/matches/{match_id}"))
    assert "Rematch" in board
    response = post_form(user_client, f"/matches/{match_id}/rematch", {}, page=f"/matches/{match_id}")
    assert response.status_code == 302
    new_id = int(response.location.rsplit("/", 1)[1])
    assert new_id != match_id
    with app.app_context():
        old, new = db.session.get(Match, match_id), db.session.get(Match, new_id)
        assert (new.ruleset, new.target, new.house_rules) == (old.ruleset, old.target, old.house_rules)
        assert [(s.name, s.player_names) for s in new.sides] == [(s.name, s.player_names) for s in old.sides]
        players = [s.player_names for s in old.sides]
        # Hand 3 of the old match would have been dealt by the third seat: it deals the rematch's first.
        assert dealer_and_starter(players, new.first_dealer, 1) == dealer_and_starter(
            players, old.first_dealer, 3
        )
        assert new.hand_count == 0


def test_a_match_in_play_has_no_rematch(user_client: FlaskClient):
    match_id = create(user_client)
    response = post_form(
        user_client, f"/matches/{match_id}/rematch", {}, page=f"/matches/{match_id}/hands/new"
    )
    assert response.status_code == 302 and response.location.endswith(f"/matches/{match_id}")
    assert "finish it first" in page(user_client.get(f"/matches/{match_id}"))


def test_no_rematch_of_another_accounts_match(user_client: FlaskClient, other_client: FlaskClient):
    match_id = create(user_client)
    response = post_form(other_client, f"/matches/{match_id}/rematch", {}, page="/matches/new")
    assert response.status_code == 404
