"""Roster pages: the list with records, a player's statistics and chart, rename, merge (with its
confirmation), the match page's charts, other accounts (404), CSRF, and a constant query count."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Player, Seat
from tests.helpers import counting, lose_lock_race
from tests.web.helpers import make_match, player_id, post_form

PAIRS = [("Nosotros", ["Ana", "Luis"]), ("Ellos", ["Eva", "Juan"])]


def row(page: str, name: str) -> list[str]:
    """The numbers of ``name``'s row in the roster."""
    found = re.search(rf">{name}</a></th>(.*?)</tr>", page, re.S)
    assert found, page
    return re.findall(r'<td class="num">(-?\d+)</td>', found.group(1))


def test_roster_lists_players_with_matches_played_and_won(app: Flask, user_client: FlaskClient) -> None:
    make_match(app, PAIRS)  # finished in one hand: Nosotros win
    make_match(app, PAIRS, target=5000)  # in progress
    page = user_client.get("/players").get_data(as_text=True)
    assert row(page, "Ana") == ["1", "1", "0", "1"]  # played (finished), won, drawn, in progress
    assert row(page, "Eva") == ["1", "0", "0", "1"]
    assert 'href="/"' in page


def test_roster_is_empty_at_first(user_client: FlaskClient) -> None:
    assert "No players yet" in user_client.get("/players").get_data(as_text=True)


def test_player_page_shows_stats_partnerships_and_chart(app: Flask, user_client: FlaskClient) -> None:
    make_match(app, PAIRS)
    make_match(app, [("Nosotros", ["Ana", "Luis"]), ("Ellos", ["Eva", "Juan"])], hands=2, target=5000)
    make_match(app, [("Solo", ["Ana"]), ("Otra", ["Eva"])], ruleset="francaise")
    page = user_client.get(f"/players/{player_id(app, 'Ana')}").get_data(as_text=True)
    assert "Matches played (finished)" in page and "Average hand score" in page
    assert ">1,000<" in page or ">1000<" in page  # the best hand and the average: 1000 every hand
    assert "Classic" in page or "Canasta" in page  # per rule set: she played two
    assert "Ana · Luis" in page
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="chart"' in page and 'role="img"' in page
    assert "<title" in page and "<details" in page and "<table" in page
    # Per rule set columns: All, classic, francaise.
    header = re.search(r"<thead><tr><td></td>(.*?)</tr></thead>", page, re.S)
    assert header and header.group(1).count("<th") == 3


def test_player_page_in_spanish_and_french(app: Flask, user_client: FlaskClient) -> None:
    make_match(app, PAIRS)
    make_match(app, PAIRS, target=5000)
    for lang in ("es", "fr"):
        user_client.set_cookie("lang", lang)
        assert user_client.get(f"/players/{player_id(app, 'Ana')}").status_code == 200
        assert user_client.get("/players").status_code == 200


def test_player_page_without_finished_match(app: Flask, user_client: FlaskClient) -> None:
    make_match(app, PAIRS, target=5000)
    page = user_client.get(f"/players/{player_id(app, 'Ana')}").get_data(as_text=True)
    assert "No finished match yet." in page and "<svg" not in page


def test_rename(app: Flask, user_client: FlaskClient) -> None:
    make_match(app, PAIRS)
    ana = player_id(app, "Ana")
    response = post_form(
        user_client, f"/players/{ana}/rename", {"name": " Ana María "}, page=f"/players/{ana}"
    )
    assert response.status_code == 302
    page = user_client.get(response.location).get_data(as_text=True)
    assert "Ana is now called Ana María." in page and "<h1>Ana María</h1>" in page


def test_rename_to_an_existing_name_says_so_at_the_field(app: Flask, user_client: FlaskClient) -> None:
    make_match(app, PAIRS)
    ana = player_id(app, "Ana")
    response = post_form(user_client, f"/players/{ana}/rename", {"name": "Eva"}, page=f"/players/{ana}")
    assert response.status_code == 422
    errors = re.search(
        r'<ul class="errors" id="name-errors">(.*?)</ul>', response.get_data(as_text=True), re.S
    )
    assert errors and "Eva already exists: merge the two players instead." in errors.group(1)
    empty = post_form(user_client, f"/players/{ana}/rename", {"name": ""}, page=f"/players/{ana}")
    assert empty.status_code == 422 and 'id="name-errors"' in empty.get_data(as_text=True)
    with app.app_context():
        assert db.session.get(Player, ana).name == "Ana"


def test_merge_moves_seats_and_combines_stats(app: Flask, user_client: FlaskClient) -> None:
    make_match(app, PAIRS)
    make_match(app, [("Nosotros", ["Anita", "Luis"]), ("Ellos", ["Eva", "Juan"])])
    ana, anita = player_id(app, "Ana"), player_id(app, "Anita")
    url = f"/players/{ana}/merge"
    page = user_client.get(url).get_data(as_text=True)
    assert f'<option value="{anita}">Anita</option>' in page and f'value="{ana}"' not in page

    confirm = post_form(user_client, url, {"other": anita})
    text = confirm.get_data(as_text=True)
    assert confirm.status_code == 200 and "Merge Anita into Ana?" in text
    assert "1 match of Anita will count for Ana." in text
    with app.app_context():
        assert db.session.get(Player, anita) is not None  # nothing done before the confirmation

    done = post_form(user_client, url, {"other": anita, "confirm": "yes"})
    assert done.status_code == 302 and done.location.endswith(f"/players/{ana}")
    with app.app_context():
        assert db.session.get(Player, anita) is None
        assert len(db.session.scalars(select(Seat).where(Seat.player_id == ana)).all()) == 2
    assert "Anita was merged into Ana." in user_client.get(done.location).get_data(as_text=True)
    roster = user_client.get("/players").get_data(as_text=True)
    assert row(roster, "Ana") == ["2", "2", "0", "0"] and "Anita" not in roster


def test_merging_two_players_of_one_match_is_refused(app: Flask, user_client: FlaskClient) -> None:
    make_match(app, PAIRS)
    ana, luis = player_id(app, "Ana"), player_id(app, "Luis")
    response = post_form(user_client, f"/players/{ana}/merge", {"other": luis, "confirm": "yes"})
    assert response.status_code == 422
    assert "Both played in the same match, so they are two people." in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.get(Player, luis) is not None


def test_another_accounts_player_is_not_found(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient
) -> None:
    make_match(app, PAIRS)
    ana = player_id(app, "Ana")
    assert other_client.get(f"/players/{ana}").status_code == 404
    assert other_client.get(f"/players/{ana}/merge").status_code == 404
    assert (
        post_form(other_client, f"/players/{ana}/rename", {"name": "X"}, page="/players").status_code == 404
    )
    assert "Ana" not in other_client.get("/players").get_data(as_text=True)
    assert other_client.get("/players/99999999999").status_code == 404


def test_csrf_is_enforced(app: Flask, user_client: FlaskClient) -> None:
    make_match(app, [("Nosotros", ["Ana"]), ("Ellos", ["Eva"])])
    make_match(app, [("Nosotros", ["Anita"]), ("Ellos", ["Luis"])])
    ana, anita = player_id(app, "Ana"), player_id(app, "Anita")
    assert user_client.post(f"/players/{ana}/rename", data={"name": "Hacked"}).status_code == 400
    merged = user_client.post(f"/players/{ana}/merge", data={"other": anita, "confirm": "yes"})
    assert merged.status_code == 400
    with app.app_context():
        assert db.session.get(Player, ana).name == "Ana" and db.session.get(Player, anita) is not None


def test_pages_need_login(client: FlaskClient) -> None:
    assert client.get("/players").status_code == 302


def test_match_charts_page_is_escaped_and_small(app: Flask, user_client: FlaskClient) -> None:
    match_id = make_match(
        app, [("<script>x</script>", ["Ana"]), ("Ellos", ["Eva"])], hands=60, target=1_000_000
    )
    board = user_client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f'href="/matches/{match_id}/charts"' in board and "pl-charts" not in board
    page = user_client.get(f"/matches/{match_id}/charts").get_data(as_text=True)
    charts = re.search(r'<details class="card pl-charts" open>.*?</details>\s*</details>', page, re.S)
    assert charts, "no charts on the charts page"
    block = charts.group(0)
    assert "<script>" not in block and "&lt;script&gt;" in block
    assert block.count('role="img"') == 2 and block.count("<table") == 2
    assert len(block.encode()) <= 12 * 1024, len(block.encode())


def test_no_charts_before_the_first_hand(app: Flask, user_client: FlaskClient) -> None:
    match_id = make_match(app, PAIRS, hands=0)
    board = user_client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "/charts" not in board
    assert "pl-charts" not in user_client.get(f"/matches/{match_id}/charts").get_data(as_text=True)


def test_query_count_does_not_grow_with_matches(app: Flask, user_client: FlaskClient) -> None:
    make_match(app, PAIRS, hands=2, target=5000)
    ana = player_id(app, "Ana")
    with counting(app) as few:
        user_client.get("/players")
        user_client.get(f"/players/{ana}")
    for i in range(4):
        make_match(app, [("Nosotros", ["Ana", f"P{i}"]), ("Ellos", ["Eva", f"Q{i}"])], hands=3, target=5000)
    with counting(app) as many:
        user_client.get("/players")
        user_client.get(f"/players/{ana}")
    assert len(many) == len(few), many


def test_a_merge_that_loses_a_race_for_locks_says_so_and_merges_nothing(
    app: Flask, user_client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_match(app, PAIRS)
    make_match(app, [("Nosotros", ["Anita", "Luis"]), ("Ellos", ["Eva", "Juan"])])
    ana, anita = player_id(app, "Ana"), player_id(app, "Anita")

    lose_lock_race(monkeypatch, "flush")
    response = post_form(user_client, f"/players/{ana}/merge", {"other": anita, "confirm": "yes"})
    monkeypatch.undo()
    assert response.status_code == 409
    text = response.get_data(as_text=True)
    assert "Another device was saving at the same moment; nothing was changed, try again." in text
    assert f'<option selected value="{anita}">Anita</option>' in text  # the choice is kept
    with app.app_context():
        assert db.session.get(Player, anita) is not None
        assert len(db.session.scalars(select(Seat).where(Seat.player_id == ana)).all()) == 1
