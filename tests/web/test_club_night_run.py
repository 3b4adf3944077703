"""What the acceptance run of a club night in Chromium (bench/club_night_browser.py) found, kept fixed
through the test client: a hand-made seating's problems in the director's language, naming the pair;
the proposal page numbering its tables as the round will be seated (a Mitchell's tables keep their
numbers when one is empty)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.i18n import COOKIE
from scorekeeper.models import EventRound
from tests.web.helpers import count, csrf_token, form_keys, page, post_seated_twice
from tests.web.test_events_pages import console, new_event, press, seat


def test_a_manual_seating_names_the_pair_and_the_rule_in_the_directors_language(
    user_client: FlaskClient, app: Flask
) -> None:
    event_id = new_event(user_client)
    url = f"/events/{event_id}/rounds/new"
    for language, twice, left_out in (
        (
            "es",
            "Ana &amp; Luis está sentado dos veces.",
            "Eva &amp; Juan está presente pero no tiene ni mesa",
        ),
        ("fr", "Ana &amp; Luis est placé deux fois.", "Eva &amp; Juan est présent mais n’a ni table"),
    ):
        user_client.set_cookie(COOKIE, language)
        # Ana & Luis on both sides of table 1, Eva & Juan nowhere.
        response, _ids = post_seated_twice(user_client, url, page(user_client.get(url)))
        assert response.status_code == 422
        html = page(response)
        assert twice in html and left_out in html
        assert "Entry " not in html and "seated twice" not in html
    assert count(app, EventRound) == 0


def test_the_proposal_numbers_the_tables_as_the_round_seats_them(user_client: FlaskClient) -> None:
    # A Mitchell of five pairs: three table places, one empty each round (its pair has the bye).
    event_id = new_event(
        user_client,
        format="mitchell",
        entries="Ana & Luis\nEva & Juan\nMarta & Pablo\nLucía & Jorge\nInés & Raúl\n",
    )
    for number in (1, 2):
        proposal = page(user_client.get(f"/events/{event_id}/rounds/new"))
        proposed = re.findall(r'<h2 class="h3">Table (\d+)</h2>', proposal)
        assert seat(user_client, event_id).status_code == 302
        html = console(user_client, event_id)
        seated = re.findall(r"<strong>Table (\d+)</strong>", html.split('class="console-tables"')[1])
        assert proposed and proposed == seated, (proposed, seated)
        # The bye's points wait for the close, as API.md says: the console says so while it waits.
        assert "Bye:" in html and "count once the round is closed" in html
        assert press(user_client, event_id, f"/events/{event_id}/rounds/{number}/close").status_code == 302
        assert "count once the round is closed" not in console(user_client, event_id)


def test_a_seating_changed_by_hand_keeps_the_proposals_table_numbers(user_client: FlaskClient) -> None:
    # Each round of a Mitchell of five pairs leaves one of its three table places empty; the
    # director swaps two pairs: the tables keep the numbers the page showed (their phones' links).
    event_id = new_event(
        user_client,
        format="mitchell",
        entries="Ana & Luis\nEva & Juan\nMarta & Pablo\nLucía & Jorge\nInés & Raúl\n",
    )
    gaps = 0
    for number in (1, 2, 3):
        url = f"/events/{event_id}/rounds/new"
        html = page(user_client.get(url))
        proposed = re.findall(r'<h2 class="h3">Table (\d+)</h2>', html)
        gaps += proposed != [str(n) for n in range(1, len(proposed) + 1)]
        selects = dict(
            re.findall(r'<select id="(t\d+-s\d+-\d+)".*?<option value="(\d+)"[^>]*selected', html, re.S)
        )
        selects["t0-s1-0"], selects["t1-s1-0"] = selects["t1-s1-0"], selects["t0-s1-0"]  # by hand
        byes = re.findall(r'name="bye" value="(\d+)" checked', html)
        data = {
            **selects,
            "bye": byes,
            "csrf_token": csrf_token(user_client, url),
            "once": form_keys(html)[0],
        }
        assert user_client.post(url, data=data).status_code == 302
        seated = re.findall(
            r"<strong>Table (\d+)</strong>", console(user_client, event_id).split('class="console-tables"')[1]
        )
        assert seated == proposed, (number, proposed, seated)
        assert press(user_client, event_id, f"/events/{event_id}/rounds/{number}/close").status_code == 302
    assert gaps  # a round whose tables are not 1 to N was seated by hand


def test_two_pairs_the_proposal_leaves_out_can_be_seated_at_an_extra_table(user_client: FlaskClient) -> None:
    # A Mitchell of seven pairs with one absent: its opponents and the odd pair would both sit out
    # although six pairs can fill three tables; the director seats them at the spare table.
    pairs = "Ana & Luis\nEva & Juan\nMarta & Pablo\nLucía & Jorge\nInés & Raúl\nSofía & Íñigo\nChloé & Loïc\n"
    event_id = new_event(user_client, format="mitchell", entries=pairs)
    html = console(user_client, event_id)
    chloe = re.findall(r"/events/\d+/entries/(\d+)/presence", html)[-1]
    assert (
        press(user_client, event_id, f"/events/{event_id}/entries/{chloe}/presence", present="0").status_code
        == 302
    )
    url = f"/events/{event_id}/rounds/new"
    html = page(user_client.get(url))
    byes = re.findall(r'name="bye" value="(\d+)" checked', html)
    assert len(byes) == 2 and 'id="extra-s0"' in html
    spare = re.search(r'<h2 class="h3">Table (\d+) <small', html)
    assert spare
    selects = dict(
        re.findall(r'<select id="(t\d+-s\d+-\d+)".*?<option value="(\d+)"[^>]*selected', html, re.S)
    )
    token = csrf_token(user_client, url)
    base = {**selects, "bye": byes, "csrf_token": token}
    # One side only: refused with the reason, nothing seated.
    half = user_client.post(url, data={**base, "extra-s0": byes[0], "once": form_keys(html)[0]})
    assert half.status_code == 422 and "Choose both sides of the extra table" in page(half)
    seated = user_client.post(
        url, data={**base, "extra-s0": byes[0], "extra-s1": byes[1], "once": form_keys(html)[0]}
    )
    assert seated.status_code == 302
    html = console(user_client, event_id)
    tables = re.findall(r"<strong>Table (\d+)</strong>", html.split('class="console-tables"')[1])
    assert len(tables) == 3 and spare.group(1) in tables
    assert "Bye:" not in html
