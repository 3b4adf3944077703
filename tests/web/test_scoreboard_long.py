"""A long match: the scoreboard shows the breakdown of the 8 latest hands and links the older
ones to their own page, so it stays light on a phone."""

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import long_match


def test_older_hands_link_to_their_own_page(app: Flask, user_client: FlaskClient) -> None:
    match_id = long_match(app, 10)
    page = user_client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert page.count('<details class="hand card"') == 8
    assert f'href="/matches/{match_id}/hands/2"' in page and f'href="/matches/{match_id}/hands/1"' in page
    assert f'href="/matches/{match_id}/hands/3"' not in page  # hand 3 is shown in full
    assert ">10,000<" in page  # 10 × 1000 for Nosotros


def test_hand_page_shows_the_breakdown(app: Flask, user_client: FlaskClient) -> None:
    match_id = long_match(app, 2)
    page = user_client.get(f"/matches/{match_id}/hands/1").get_data(as_text=True)
    # Side 0: melds 300, canastas 500, red threes 100, going out 100 = 1000; side 1: 250 - 20 = 230.
    for value in ("300", "500", "100", "1,000", "250", "-20", "230"):
        assert f">{value}</td>" in page
    assert "Penalties" not in page.split("<table")[1]  # lines that are 0 for everyone are left out
    assert user_client.get(f"/matches/{match_id}/hands/3").status_code == 404


def test_another_account_cannot_see_a_hand(app: Flask, user_client: FlaskClient, other_client) -> None:
    match_id = long_match(app, 1)
    assert other_client.get(f"/matches/{match_id}/hands/1").status_code == 404
