"""The organiser's pages of a club night through the test client: a new event, the director's
console (seat, close, absent/back, a late entry, links, a correction with its reason), the printables
and the exports. CSRF stays on; the console's clock is the test's."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.events.console import CLOCK
from scorekeeper.models import Event, EventRound
from tests.helpers import Clock
from tests.web.helpers import (
    count,
    create,
    csrf_token,
    form_keys,
    hand_form,
    logged_in,
    page,
    player_id,
    post_form,
    post_hand,
    post_seated_twice,
    sent_twice,
)

PAIRS = "Ana & Luis\nEva & Juan\nLos Ases: Marta & Pablo\nLucía & Jorge\n"


def event_form(**extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "Martes del club",
        "day": "2026-11-24",
        "ruleset": "classic",
        "target": "",
        "format": "round_robin",
        "rounds": "",
        "game": "hands",
        "hands": "1",
        "minutes": "45",
        "win": "2",
        "draw": "1",
        "loss": "0",
        "bye": "2",
        "entries": PAIRS,
    }
    data.update(extra)
    return data


def new_event(client: FlaskClient, **extra: Any) -> int:
    response = post_form(client, "/events/new", event_form(**extra))
    assert response.status_code == 302, page(response)
    return int(response.location.rstrip("/").rsplit("/", 1)[1])


def console(client: FlaskClient, event_id: int) -> str:
    response = client.get(f"/events/{event_id}")
    assert response.status_code == 200
    return page(response)


def button_form(html: str, action: str) -> dict[str, str]:
    """The CSRF token and single-use key of the console's form posting to ``action``."""
    found = re.search(r'<form method="post" action="' + re.escape(action) + r'"(.*?)</form>', html, re.S)
    assert found, f"no form to {action}"
    block = found.group(1)
    token = re.search(r'name="csrf_token" value="([^"]+)"', block)
    once = re.search(r'name="once" value="([^"]+)"', block)
    assert token and once
    return {"csrf_token": token.group(1), "once": once.group(1)}


def press(client: FlaskClient, event_id: int, action: str, **extra: str) -> Any:
    return client.post(action, data={**button_form(console(client, event_id), action), **extra})


def seat(client: FlaskClient, event_id: int) -> Any:
    url = f"/events/{event_id}/rounds/new"
    html = page(client.get(url))
    selects = dict(
        re.findall(r'<select id="(t\d+-s\d+-\d+)".*?<option value="(\d+)"[^>]*selected', html, re.S)
    )
    byes = re.findall(r'name="bye" value="(\d+)" checked', html)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert token
    data: dict[str, Any] = {**selects, "bye": byes, "csrf_token": token.group(1), "once": form_keys(html)[0]}
    return client.post(url, data=data)


def matches_of_round(app: Flask, event_id: int, number: int) -> list[int]:
    with app.app_context():
        from scorekeeper.extensions import db

        rnd = db.session.query(EventRound).filter_by(event_id=event_id, number=number).one()
        return [t.match_id for t in rnd.tables]


def test_new_event_keeps_values_and_shows_errors_next_to_fields(user_client: FlaskClient, app: Flask) -> None:
    response = post_form(user_client, "/events/new", event_form(name="", entries="Ana & Luis\nAna & Eva\n"))
    assert response.status_code == 422
    html = page(response)
    assert "Give the event a name." in html
    assert "Ana &amp; Eva" in html  # the entries typed are kept
    # the service's check of the entries names the line typed
    response = post_form(user_client, "/events/new", event_form(entries="Ana & Luis\n\nAna & Eva\n"))
    assert response.status_code == 422
    assert "Line 3:" in page(response)
    # Swiss needs its rounds: said next to the input, the other values kept.
    response = post_form(user_client, "/events/new", event_form(format="swiss", rounds=""))
    assert response.status_code == 422
    assert 'id="rounds-errors"' in page(response) and "Martes del club" in page(response)
    assert count(app, Event) == 0


def test_a_club_night_from_the_console(user_client: FlaskClient, app: Flask) -> None:
    home = page(user_client.get("/events"))
    assert 'href="/events/new"' in home and ">Events</a>" in home
    # Created once, even when the form is sent twice (a double tap).
    first, again = sent_twice(user_client, "/events/new", event_form())
    assert first.status_code == again.status_code == 302
    assert count(app, Event) == 1
    event_id = int(first.location.rsplit("/", 1)[1])
    assert again.location == first.location  # the repeat is shown the event the first one made
    html = console(user_client, event_id)
    assert "No round seated yet" in html and "Seat round 1" in html

    # The proposal shows no repeats; seating it twice seats one round.
    assert "No repeats" in page(user_client.get(f"/events/{event_id}/rounds/new"))
    assert seat(user_client, event_id).status_code == 302
    tables = matches_of_round(app, event_id, 1)
    assert len(tables) == 2
    html = console(user_client, event_id)
    assert "Round 1 of 3" in html and "2 tables still playing" in html and "no link" in html

    # Table 1 plays its hand on the ordinary hand page; table 2 is settled by closing the round.
    hand = hand_form(
        1, 0, {"melds": 300, "hand": 0, "red_threes": 0, "canastas-clean": 1}, {"melds": 120, "hand": 40}
    )
    assert post_hand(user_client, tables[0], hand).status_code == 302
    html = console(user_client, event_id)
    assert "1 table still playing" in html and "Not confirmed" in html

    close = f"/events/{event_id}/rounds/1/close"
    assert press(user_client, event_id, close).status_code == 302
    html = console(user_client, event_id)
    assert "Round 1 of 3 · closed" in html and "Seat round 2" in html
    standings = re.findall(r'<th scope="row">([^<]+)', html.split('id="standings-title"')[1])
    assert standings[0].strip() == "Ana &amp; Luis"  # the winner, 2 match points

    # Printables and exports
    seating = page(user_client.get(f"/events/{event_id}/print/seating"))
    assert "Round 1: seating" in seating and "Los Ases" in seating
    sheets = page(user_client.get(f"/events/{event_id}/print/sheets"))
    assert "Table 1: score sheet" in sheets and "Table 2: score sheet" in sheets
    assert "Standings after 1 rounds" in page(user_client.get(f"/events/{event_id}/print/standings"))
    document = json.loads(user_client.get(f"/events/{event_id}/export.json").data)
    assert [s["match_points"] for s in document["standings"]][:1] == [2]
    assert document["rounds"][0]["tables"][0]["match"] == tables[0]
    assert document["rounds"][0]["closed"] is True


def test_exports_follow_the_readers_spreadsheet(
    app: Flask, password_hash: str, user_client: FlaskClient
) -> None:
    event_id = new_event(user_client)
    spanish = logged_in(app, "ana", "es")
    body = spanish.get(f"/events/{event_id}/export.csv").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(body), delimiter=";"))
    assert rows[0] == ["Martes del club"]
    header = next(r for r in rows if r and r[0] in ("Rank", "Puesto"))
    assert len(header) == 12
    english = user_client.get(f"/events/{event_id}/export.csv").data.decode("utf-8-sig")
    assert "Rank,Entry,Players" in english


def test_the_countdown_follows_the_clock(user_client: FlaskClient, app: Flask) -> None:
    clock = Clock()
    app.extensions[CLOCK] = clock
    try:
        event_id = new_event(user_client, game="minutes", minutes="45")
        with app.app_context():
            pass
        seat(user_client, event_id)
        with app.app_context():
            from scorekeeper.extensions import db

            rnd = db.session.query(EventRound).filter_by(event_id=event_id).one()
            rnd.seated_at = clock.now
            db.session.commit()
        clock.advance(10 * 60 + 5)
        assert ">34:55<" in console(user_client, event_id)
        clock.advance(35 * 60)
        assert "Time is up" in console(user_client, event_id)
    finally:
        app.extensions.pop(CLOCK, None)


def test_a_manual_seating_that_breaks_a_rule_is_refused_with_the_reason(
    user_client: FlaskClient, app: Flask
) -> None:
    event_id = new_event(user_client)
    url = f"/events/{event_id}/rounds/new"
    response, _ids = post_seated_twice(user_client, url, page(user_client.get(url)))
    assert response.status_code == 422
    assert "This seating breaks a rule" in page(response)
    assert count(app, EventRound) == 0


def selected(html: str, field: str) -> str | None:
    found = re.search(rf'<select id="{field}".*?<option value="(\d+)"[^>]*selected', html, re.S)
    return found.group(1) if found else None


def field_errors(html: str, field: str) -> str:
    found = re.search(rf'<ul class="errors" id="{field}-errors">(.*?)</ul>', html, re.S)
    return found.group(1) if found else ""


def test_a_refused_seating_keeps_the_values_and_shows_each_problem_at_its_field(
    user_client: FlaskClient, app: Flask
) -> None:
    event_id = new_event(user_client)
    url = f"/events/{event_id}/rounds/new"
    html = page(user_client.get(url))
    assert "No repeats" in html and "Chance of winning" in html  # the proposal's
    names = dict(re.findall(r'<option value="(\d+)">([^<]+)</option>', html))
    response, ids = post_seated_twice(user_client, url, html)  # entry 0 twice at table 1, entry 1 nowhere
    assert response.status_code == 422
    refused = page(response)
    # The values sent, not the proposal's.
    fields = ("t0-s0-0", "t0-s1-0", "t1-s0-0", "t1-s1-0")
    assert [selected(refused, f) for f in fields] == [ids[0], ids[0], ids[2], ids[3]]
    # Each problem next to its field, naming the entry.
    twice = f"Entry {names[ids[0]]} is seated twice."
    assert twice in field_errors(refused, "t0-s1-0") or twice in field_errors(refused, "t0-s0-0")
    assert 'aria-invalid="true" aria-describedby="t0-s1-0-errors"' in refused
    assert f"Entry {names[ids[1]]} is present but has neither a table nor a bye." in field_errors(
        refused, "byes"
    )
    assert field_errors(refused, "t1-s0-0") == ""
    # Nothing of the proposal that is not this seating's: no repeats line, no chances.
    assert "No repeats" not in refused and "meets again" not in refused
    assert "Chance of winning" not in refused
    assert "Start again from the proposal" in refused
    # Put right, the same page seats it.
    fixed = {"t0-s0-0": ids[0], "t0-s1-0": ids[1], "t1-s0-0": ids[2], "t1-s1-0": ids[3]}
    fixed |= {"csrf_token": csrf_token(user_client, url), "once": form_keys(refused)[0]}
    assert user_client.post(url, data=fixed).status_code == 302
    assert count(app, EventRound) == 1


def test_absent_back_and_a_late_entry(user_client: FlaskClient, app: Flask) -> None:
    event_id = new_event(user_client, format="swiss", rounds="3")
    html = console(user_client, event_id)
    entry = re.search(r"/events/\d+/entries/(\d+)/presence", html)
    assert entry
    action = f"/events/{event_id}/entries/{entry.group(1)}/presence"
    assert press(user_client, event_id, action, present="0").status_code == 302
    html = console(user_client, event_id)
    assert "Absent</span>" in html
    assert "Absent (not seated, no bye):" in page(user_client.get(f"/events/{event_id}/rounds/new"))
    response = post_form(
        user_client,
        f"/events/{event_id}/entries",
        {"players": "Inés & Raúl", "name": ""},
        page=f"/events/{event_id}",
    )
    assert response.status_code == 302
    assert "Inés &amp; Raúl" in console(user_client, event_id)
    # the same player twice is refused next to the input, the console still shown
    response = post_form(
        user_client,
        f"/events/{event_id}/entries",
        {"players": "Inés & Sara", "name": ""},
        page=f"/events/{event_id}",
    )
    assert response.status_code == 422
    assert 'id="players-errors"' in page(response)


def test_table_links_are_shown_once_with_their_qr_code(user_client: FlaskClient, app: Flask) -> None:
    event_id = new_event(user_client)
    action = f"/events/{event_id}/tables/1/link"
    form = button_form(console(user_client, event_id), action)
    response = user_client.post(action, data=form)
    assert response.status_code == 201
    # The same button again (a double tap): no second link, and the director is told what to do.
    again = user_client.post(action, data=form, follow_redirects=True)
    assert "shown once; nothing was made twice" in page(again)
    html = page(response)
    assert re.search(r"http://localhost/t/[A-Za-z0-9_-]{40,}", html)
    assert "<svg" in html and response.headers["Cache-Control"] == "private, no-store"
    html = console(user_client, event_id)
    assert "link active" in html and "Replace the link" in html
    revoke = f"/events/{event_id}/tables/1/revoke"
    assert press(user_client, event_id, revoke).status_code == 302
    assert "link active" not in console(user_client, event_id)


def test_another_accounts_event_is_not_found(user_client: FlaskClient, other_client: FlaskClient) -> None:
    event_id = new_event(user_client)
    for url in (f"/events/{event_id}", f"/events/{event_id}/print/seating", f"/events/{event_id}/export.csv"):
        assert other_client.get(url).status_code == 404
    assert other_client.get("/events/99999999999999").status_code == 404


def stat(html: str, label: str) -> str:
    found = re.search(r"<th scope=\"row\">" + re.escape(label) + r"</th><td class=\"num\">([^<]+)</td>", html)
    assert found, label
    return found.group(1)


def test_event_games_count_in_the_players_statistics(user_client: FlaskClient, app: Flask) -> None:
    """A table's game is an ordinary match: its players' statistics count it, settled ones too."""
    event_id = new_event(user_client)
    seat(user_client, event_id)
    tables = matches_of_round(app, event_id, 1)
    hand = hand_form(1, 0, {"melds": 300, "hand": 0, "canastas-clean": 1}, {"melds": 120, "hand": 40})
    assert post_hand(user_client, tables[0], hand).status_code == 302
    assert press(user_client, event_id, f"/events/{event_id}/rounds/1/close").status_code == 302
    ana = page(user_client.get(f"/players/{player_id(app, 'Ana')}"))
    assert stat(ana, "Matches played (finished)") == "1" and stat(ana, "Won") == "1"
    assert stat(ana, "Hands") == "1"
    marta = page(user_client.get(f"/players/{player_id(app, 'Marta')}"))  # table 2, settled: a draw
    assert stat(marta, "Matches played (finished)") == "1" and stat(marta, "Won") == "0"


def test_closing_a_round_logs_which_games_it_settled(user_client: FlaskClient, app: Flask) -> None:
    """The log of a game that had ended by itself says the round closed it to new hands; the log of
    an unfinished one says it ended as it stood."""
    event_id = new_event(user_client)  # games of one hand
    seat(user_client, event_id)
    ended, unfinished = matches_of_round(app, event_id, 1)[:2]
    hand = hand_form(1, 0, {"melds": 300, "hand": 0, "canastas-clean": 1}, {"melds": 120, "hand": 40})
    assert post_hand(user_client, ended, hand).status_code == 302
    assert press(user_client, event_id, f"/events/{event_id}/rounds/1/close").status_code == 302
    ended_log = page(user_client.get(f"/matches/{ended}/log"))
    assert "Round closed: the finished game takes no more hands" in ended_log
    assert "ended as it stood" not in ended_log
    unfinished_log = page(user_client.get(f"/matches/{unfinished}/log"))
    assert "Round closed: the game ended as it stood" in unfinished_log


def seat_form(client: FlaskClient, event_id: int) -> tuple[str, dict[str, Any]]:
    url = f"/events/{event_id}/rounds/new"
    html = page(client.get(url))
    selects = dict(
        re.findall(r'<select id="(t\d+-s\d+-\d+)".*?<option value="(\d+)"[^>]*selected', html, re.S)
    )
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert token
    return url, {**selects, "csrf_token": token.group(1), "once": form_keys(html)[0]}


def test_seating_sent_twice_seats_one_round_and_the_event_ends(user_client: FlaskClient, app: Flask) -> None:
    event_id = new_event(user_client, format="swiss", rounds="1")
    url, data = seat_form(user_client, event_id)
    first, again = user_client.post(url, data=data), user_client.post(url, data=data)
    assert first.status_code == again.status_code == 302
    assert count(app, EventRound) == 1
    html = console(user_client, event_id)
    assert "This round was seated already" in html
    # The event ends once its round is closed: the button is offered then, and twice ends it once.
    assert "End the event" not in html
    assert press(user_client, event_id, f"/events/{event_id}/rounds/1/close").status_code == 302
    html = console(user_client, event_id)
    assert "Seat round" not in html  # all its rounds were played
    finish = f"/events/{event_id}/finish"
    form = button_form(html, finish)
    assert user_client.post(finish, data=form).status_code == 302
    assert user_client.post(finish, data=form).status_code == 302
    html = console(user_client, event_id)
    assert "The event is over" in html and "Make a link" not in html
    assert "Final standings" in page(user_client.get(f"/events/{event_id}/print/standings"))


def test_bad_input_is_answered_never_with_a_500(user_client: FlaskClient, app: Flask) -> None:
    event_id = new_event(user_client)
    html = console(user_client, event_id)
    presence = f"/events/{event_id}/entries/999999/presence"
    form = button_form(html, f"/events/{event_id}/finish")
    assert user_client.post(presence, data={**form, "present": "0"}).status_code == 404
    assert user_client.post(f"/events/{event_id}/rounds/7/close", data=form).status_code in (302, 404)
    assert user_client.get(f"/events/{event_id}/print/sheets?round=9").status_code in (302, 404)
    assert user_client.get(f"/events/{event_id}/print/seating?round=x").status_code in (200, 404)
    assert user_client.get(f"/events/{event_id}/games/1").status_code == 404
    # A seating with nonsense in the selects: the rules' reason, nothing seated.
    url, data = seat_form(user_client, event_id)
    data.update({key: "abc" for key in data if key.startswith("t")})
    response = user_client.post(url, data=data)
    assert response.status_code == 422 and "This seating breaks a rule" in page(response)
    # A form without its CSRF token changes nothing (the app's own 400 page).
    response = user_client.post(f"/events/{event_id}/finish", data={})
    assert response.status_code == 400
    assert "The event is over" not in console(user_client, event_id)
    # 1 entry, and an unknown format: messages next to the fields, no 500.
    response = post_form(user_client, "/events/new", event_form(entries="Ana & Luis\n", format="bridge"))
    assert response.status_code == 422


def test_a_correction_asks_for_its_reason_and_keeps_it(user_client: FlaskClient, app: Flask) -> None:
    event_id = new_event(user_client)
    seat(user_client, event_id)
    game = matches_of_round(app, event_id, 1)[0]
    hand = hand_form(1, 0, {"melds": 300, "hand": 0, "canastas-clean": 1}, {"melds": 120, "hand": 40})
    assert post_hand(user_client, game, hand).status_code == 302
    assert press(user_client, event_id, f"/events/{event_id}/rounds/1/close").status_code == 302
    assert f"/events/{event_id}/games/{game}" in console(user_client, event_id)
    game_page = page(user_client.get(f"/events/{event_id}/games/{game}"))
    assert f'href="/matches/{game}/hands/1/edit"' in game_page
    # A closed round's game is corrected directly; without a reason the page asks for one.
    url = f"/matches/{game}/hands/1/edit"
    html = page(user_client.get(url))
    assert 'name="reason"' in html
    version = re.search(r'name="version" type="hidden" value="(\d+)"', html) or re.search(
        r'type="hidden" name="version" value="(\d+)"', html
    )
    assert version
    changed = {**hand, "sides-1-melds": "150", "version": version.group(1)}
    response = post_form(user_client, url, changed)
    assert response.status_code == 422 and "Say why the hand is corrected." in page(response)
    response = post_form(user_client, url, {**changed, "reason": "Hoja de la mesa 1 revisada"})
    assert response.status_code == 302
    # The director lands back on the console, at the table, with its new score, not confirmed.
    assert response.location == f"/events/{event_id}#table-1"
    landed = page(user_client.get(response.location))
    table_1 = landed.split('id="table-1"')[1].split("</li>\n  {% endfor")[0].split('id="table-2"')[0]
    assert "Hand 1 changed" in landed and "Not confirmed" in table_1
    sides = re.findall(r"<li>([^<]*) <b class=\"num\">([^<]+)</b>", table_1)
    assert sides == [("Ana &amp; Luis", "900"), ("Lucía &amp; Jorge", "110")]  # 150 melds − 40 in hand
    log = page(user_client.get(f"/events/{event_id}/games/{game}"))
    assert "Reason: Hoja de la mesa 1 revisada" in log and "150" in log
    # An ordinary match's edit page asks for no reason.
    ordinary = create(user_client)
    assert post_hand(user_client, ordinary, hand).status_code == 302
    assert 'name="reason"' not in page(user_client.get(f"/matches/{ordinary}/hands/1/edit"))


def test_the_console_says_whether_a_phone_uses_a_tables_link(user_client: FlaskClient, app: Flask) -> None:
    clock = Clock()
    app.extensions[CLOCK] = clock
    try:
        event_id = new_event(user_client)
        seat(user_client, event_id)
        assert press(user_client, event_id, f"/events/{event_id}/tables/1/link").status_code == 201
        assert "link not opened yet" in console(user_client, event_id)
        with app.app_context():
            from scorekeeper.extensions import db
            from scorekeeper.models import TableLink

            link = db.session.query(TableLink).filter_by(event_id=event_id, table=1).one()
            link.used_at = clock.now
            db.session.commit()
        assert "a phone on the link" in console(user_client, event_id)
        clock.advance(11 * 60)
        assert "link last used" in console(user_client, event_id)
    finally:
        app.extensions.pop(CLOCK, None)


def test_an_individual_event_seats_two_players_a_side(user_client: FlaskClient, app: Flask) -> None:
    players = "\n".join(["Ana", "Luis", "Eva", "Juan", "Marta", "Pablo", "Lucía", "Jorge", "Inés"])
    event_id = new_event(user_client, format="individual", rounds="3", entries=players)
    html = page(user_client.get(f"/events/{event_id}/rounds/new"))
    assert len(re.findall(r'<select id="t\d+-s\d+-\d+"', html)) == 8  # two tables of four
    assert seat(user_client, event_id).status_code == 302
    html = console(user_client, event_id)
    assert html.count('class="table-card') == 2 and "Bye:" in html
    sheets = page(user_client.get(f"/events/{event_id}/print/sheets"))
    assert re.search(r'colspan="2">\w+ &amp; \w+</th>', sheets)  # a side of two players


def test_the_edit_log_names_the_table_for_its_hands_and_the_director_for_a_correction(
    user_client: FlaskClient, app: Flask
) -> None:
    event_id = new_event(user_client)
    seat(user_client, event_id)
    game = matches_of_round(app, event_id, 1)[0]
    made = press(user_client, event_id, f"/events/{event_id}/tables/1/link")
    found = re.search(r"http://localhost/t/([A-Za-z0-9_-]{40,})", page(made))
    assert found
    # The table's phone sends the hand (no account: the table's token).
    phone = app.test_client()
    sent = phone.post(
        "/api/v1/table/hands",
        json={
            "number": 1,
            "went_out": 0,
            "going_out_kind": "normal",
            "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 120, "hand": 40}],
            "match": game,
        },
        headers={"Authorization": f"Bearer {found.group(1)}", "Idempotency-Key": "table-1-hand-1"},
    )
    assert sent.status_code == 201, sent.get_json()
    # The director corrects it, with the reason.
    url = f"/matches/{game}/hands/1/edit"
    html = page(user_client.get(url))
    version = re.search(r'name="version" type="hidden" value="(\d+)"', html) or re.search(
        r'type="hidden" name="version" value="(\d+)"', html
    )
    assert version
    changed = hand_form(1, 0, {"melds": 300, "hand": 0, "canastas-clean": 1}, {"melds": 150, "hand": 40})
    sent_back = {**changed, "version": version.group(1), "reason": "Hoja revisada"}
    response = post_form(user_client, url, sent_back)
    assert response.status_code == 302, page(response)
    for where in (f"/events/{event_id}/games/{game}", f"/matches/{game}/log"):
        log = page(user_client.get(where))
        lines = re.findall(r"<li>([^<]*·[^<]*)<b>([^<]+)</b>", log)
        by_what = {what: who for who, what in lines}
        assert "Table 1 (table link)" in by_what["Hand 1 added"], where
        assert "ana" not in by_what["Hand 1 added"]
        assert "· ana ·" in by_what["Hand 1 edited"] and "Reason: Hoja revisada" in log, where
    # In Spanish too.
    user_client.set_cookie("lang", "es")
    assert "Mesa 1 (enlace de mesa)" in page(user_client.get(f"/matches/{game}/log"))


def test_a_mitchell_seated_by_hand_on_the_page_keeps_its_table_numbers(
    user_client: FlaskClient, app: Flask
) -> None:
    """Five pairs: three tables, round 2 leaves table 1 empty (its stationary pair has the bye), so the
    proposal seats tables 2 and 3. Swapping the two moving pairs on the page keeps those numbers:
    each stationary pair stays at its own table (and its table's link)."""
    event_id = new_event(user_client, format="mitchell", entries=PAIRS + "Inés & Tomás\n")
    assert seat(user_client, event_id).status_code == 302
    assert press(user_client, event_id, f"/events/{event_id}/rounds/1/close").status_code == 302
    url = f"/events/{event_id}/rounds/new"
    html = page(user_client.get(url))
    assert re.findall(r'<h2 class="h3">Table (\d+)</h2>', html) == ["2", "3"]
    proposal = {f: selected(html, f) for f in ("t0-s0-0", "t0-s1-0", "t1-s0-0", "t1-s1-0")}
    byes = re.findall(r'name="bye" value="(\d+)" checked', html)
    swapped = {**proposal, "t0-s1-0": proposal["t1-s1-0"], "t1-s1-0": proposal["t0-s1-0"]}
    data = {**swapped, "bye": byes, "csrf_token": csrf_token(user_client, url), "once": form_keys(html)[0]}
    assert user_client.post(url, data=data).status_code == 302
    with app.app_context():
        from scorekeeper.extensions import db

        rnd = db.session.query(EventRound).filter_by(event_id=event_id, number=2).one()
        seated = {t.number: t.sides for t in rnd.tables}
    assert seated == {
        2: [[int(swapped["t0-s0-0"])], [int(swapped["t0-s1-0"])]],
        3: [[int(swapped["t1-s0-0"])], [int(swapped["t1-s1-0"])]],
    }


def test_an_event_games_own_page_speaks_of_the_event(user_client: FlaskClient, app: Flask) -> None:
    """Issue 32, item 3: the scoreboard of a club night's game names its round and table and its
    number of hands, and offers no Rematch, no Delete and no "still needs" (it ends by hands)."""
    event_id = new_event(user_client)
    seat(user_client, event_id)
    game = matches_of_round(app, event_id, 1)[0]
    hand = hand_form(1, 0, {"melds": 300, "hand": 0, "canastas-clean": 1}, {"melds": 120, "hand": 40})
    assert post_hand(user_client, game, hand).status_code == 302
    html = page(user_client.get(f"/matches/{game}"))
    assert "Round 1, table 1" in html and "game of 1 hand" in html
    assert "won the match" in html  # over after its one hand
    assert "Rematch" not in html and "Delete match" not in html and "Still needs" not in html
    assert f'href="/events/{event_id}#table-1"' in html  # back to the console, at the table
    # An ordinary match keeps all three.
    ordinary = create(user_client)
    html = page(user_client.get(f"/matches/{ordinary}"))
    assert "Delete match" in html and "Still needs" in html and "Round 1, table" not in html


def last_activity(html: str, number: int) -> list[str]:
    """The "last: …" time of each table card of the console (table ``number`` first)."""
    card = html.split(f'id="table-{number}"')[1].split('<li class="table-card')[0]
    return re.findall(r"last: ([^<·]+?)\s*·", card)


def test_closing_a_round_keeps_each_tables_last_activity(user_client: FlaskClient, app: Flask) -> None:
    """Issue 32, item 5: "last: 19:07" on a table card is when its hands last changed; closing the
    round (which settles the unfinished game) moves neither table's time."""
    event_id = new_event(user_client, hands="3")
    seat(user_client, event_id)
    played, idle = matches_of_round(app, event_id, 1)
    hand = hand_form(1, 0, {"melds": 300, "hand": 0, "canastas-clean": 1}, {"melds": 120, "hand": 40})
    assert post_hand(user_client, played, hand).status_code == 302
    with app.app_context():
        from datetime import UTC, datetime, timedelta

        from sqlalchemy import text

        from scorekeeper.extensions import db

        # The game's times two hours back (plain SQL: a test's own change of the clock, not a write).
        earlier = datetime.now(UTC) - timedelta(hours=2, minutes=13)
        db.session.execute(
            text("UPDATE hands SET updated_at = :at WHERE match_id = :m"), {"at": earlier, "m": played}
        )
        for match_id in (played, idle):
            db.session.execute(
                text("UPDATE matches SET updated_at = :at, created_at = :at WHERE id = :m"),
                {"at": earlier, "m": match_id},
            )
        db.session.commit()
    before = console(user_client, event_id)
    times = last_activity(before, 1) + last_activity(before, 2)
    assert len(times) == 2, times
    assert press(user_client, event_id, f"/events/{event_id}/rounds/1/close").status_code == 302
    after = console(user_client, event_id)
    assert "Round 1 of 3 · closed" in after
    assert last_activity(after, 1) + last_activity(after, 2) == times


def test_the_walls_last_word(user_client: FlaskClient, app: Flask) -> None:
    """Issue 32, item 4: once the event ends the wall says so, with its winner and day, and writes
    each difference with its sign (+860, −860 with a real minus sign); a name is never split."""
    event_id = new_event(user_client, rounds="1", entries="Carmen & Jorge\nEva & Juan\n")
    seat(user_client, event_id)
    game = matches_of_round(app, event_id, 1)[0]
    hand = hand_form(1, 0, {"melds": 300, "hand": 0, "canastas-clean": 1}, {"melds": 120, "hand": 80})
    assert post_hand(user_client, game, hand).status_code == 302
    wall = page(user_client.get(f"/events/{event_id}/wall"))
    assert "Final standings" not in wall and "The event is over" not in wall
    assert press(user_client, event_id, f"/events/{event_id}/rounds/1/close").status_code == 302
    assert press(user_client, event_id, f"/events/{event_id}/finish").status_code == 302
    wall = page(user_client.get(f"/events/{event_id}/wall"))
    assert "The event is over" in wall and "Final standings" in wall
    winner = re.search(r"Winner: ([^<]+)", wall)
    assert winner and winner.group(1).strip() in ("Carmen &amp; Jorge", "Eva &amp; Juan")
    assert 'datetime="2026-11-24"' in wall and "November 24, 2026" in wall  # the day it was held
    differences = re.findall(r'<td class="num">([+\u2212]?[\d,]+)</td>\s*</tr>', wall)
    assert sorted(differences) == ["+860", "\u2212860"], differences
    assert '<span class="wall-name" title="Carmen &amp; Jorge">Carmen &amp; Jorge</span>' in wall
