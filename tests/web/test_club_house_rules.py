"""The club house rules every rule set accepts (RULES.md, "House rules every rule set accepts"):
``hands_limit`` and ``opening_by_hand`` entered on the new-match page, refused with messages next to
their inputs, and a three-hand game that ends level shown as a draw everywhere a player looks: the
scoreboard, the history, the player's results, the CSV export, the rules page (the API's MATCH: tests/api).

The hands (classic, hand-worked): side 0 goes out with 200 melds + clean canasta 500 + going out 100
= 800, side 1 scores 300 - 50 = 250; then the other way round; then 700 each: 1750 / 1750.
"""

from __future__ import annotations

import csv
import io

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Match, Player
from tests.web.helpers import create, field_block, match_form, matches, page, post_form, post_hand


def out_hand(number: int, went_out: int, melds: int, other_melds: int) -> dict[str, str]:
    """The hand form: ``went_out`` goes out with ``melds`` and one clean canasta; the other side has
    ``other_melds`` melded and 50 in hand."""
    fields = {"number": str(number), "went_out": str(went_out), "going_out_kind": "normal"}
    for i in (0, 1):
        if i == went_out:
            fields.update({f"sides-{i}-melds": str(melds), f"sides-{i}-canastas-clean": "1"})
        else:
            fields.update({f"sides-{i}-melds": str(other_melds), f"sides-{i}-hand": "50"})
    return fields


def test_a_three_hand_game_ending_level_is_a_draw_everywhere(app: Flask, user_client: FlaskClient) -> None:
    match_id = create(user_client, hr__classic__hands_limit="3", hr__classic__opening_by_hand="125, 155 180")
    with app.app_context():
        stored = db.session.scalar(select(Match.house_rules).where(Match.id == match_id))
    assert stored == {"hands_limit": 3, "opening_by_hand": [125, 155, 180]}
    board = page(user_client.get(f"/matches/{match_id}"))
    assert 'data-opening="0">125<' in board and "Hand 1 of 3" in board
    assert "Hands to play: 3" in board and "Opening minimum by hand: 125, 155, 180" in board
    for number, hand in enumerate([out_hand(1, 0, 200, 300), out_hand(2, 1, 200, 300)], start=1):
        assert post_hand(user_client, match_id, hand).status_code == 302, number
    board = page(user_client.get(f"/matches/{match_id}"))
    assert 'data-opening="1">180<' in board  # hand 3 needs the third minimum, whatever the 1050
    check = page(user_client.get(f"/matches/{match_id}/opening?side=0&joker=3&ace=2"))  # 150 + 40
    assert "Enough: 190 of 180" in check and "every first meld of hand 3 needs 180" in check
    assert post_hand(user_client, match_id, out_hand(3, 0, 100, 750)).status_code == 302

    board = page(user_client.get(f"/matches/{match_id}"))
    assert "data-draw>Draw</h2>" in board and "won the match" not in board
    assert "Enter hand 4" not in board
    history = page(user_client.get("/history"))
    assert "Finished: draw" in history
    export = user_client.get(f"/matches/{match_id}/export.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(export.lstrip("\ufeff"))))
    assert [r[-2:] for r in rows[-2:]] == [["1750", "draw"], ["1750", "draw"]]
    with app.app_context():
        ana = db.session.scalar(select(Player.id).where(Player.name == "Ana"))
    player = page(user_client.get(f"/players/{ana}"))
    assert "<td>Draw</td>" in player and "1 drawn, 0 lost" in player and 'class="drawn"' in player
    assert '<td class="num" data-drawn>1</td>' in player  # the statistics count it, apart from won and lost
    roster = page(user_client.get("/players"))
    row = roster[roster.index(f'href="/players/{ana}"') :].split("</tr>", 1)[0]
    cells = [cell.split("</td>", 1)[0] for cell in row.split('<td class="num">')[1:]]
    assert cells == ["1", "0", "1", "0"]  # played, won, drawn, in progress
    rules = page(user_client.get(f"/matches/{match_id}/rules"))
    assert "it also ends after 3 hands" in rules and "3 and later" in rules


def test_bad_club_house_rules_are_shown_next_to_their_inputs(app: Flask, user_client: FlaskClient) -> None:
    response = post_form(
        user_client,
        "/matches/new",
        match_form("classic", hr__classic__hands_limit="51", hr__classic__opening_by_hand="125, 157"),
    )
    assert response.status_code == 422
    html = page(response)
    assert "Must be a whole number from 1 to 50." in field_block(html, "hr__classic__hands_limit")
    block = field_block(html, "hr__classic__opening_by_hand")
    assert "multiple of 5" in block and 'value="125, 157"' in block
    response = post_form(
        user_client, "/matches/new", match_form("samba", hr__samba__opening_by_hand="125, x")
    )
    assert response.status_code == 422
    assert "Enter whole numbers separated by commas" in field_block(
        page(response), "hr__samba__opening_by_hand"
    )
    # with the opening bands changed too: said next to the minimums by hand
    both = match_form(
        "classic", hr__classic__opening_by_hand="125", hr__classic__opening_bands__minimum__1="60"
    )
    response = post_form(user_client, "/matches/new", both)
    assert response.status_code == 422
    assert "not both" in field_block(page(response), "hr__classic__opening_by_hand")
    assert matches(app) == 0
