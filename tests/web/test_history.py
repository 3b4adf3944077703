"""The history (the home page, also at /history): newest first, 20 a page, filters in the query
string, mistakes in filters shown next to them, and a number of SQL statements that does not grow
with the number of matches."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Match, Player, User
from tests.helpers import counting

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
#: Side 0 scores 1000 (melds 300 + clean canasta 500 + red three 100 + going out 100), side 1 230.
WINNING_HAND = {
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [
        {"melds": 300, "hand": 0, "red_threes": 1, "canastas": {"clean": 1}},
        {"melds": 250, "hand": 20},
    ],
}


def club_id(username: str = "ana") -> int:
    return db.session.scalars(select(User.id).where(User.username == username)).one()


def make_match(
    app: Flask,
    *,
    username: str = "ana",
    sides: Sequence[tuple[str, Sequence[str]]] = (("Nosotros", ("Ana",)), ("Ellos", ("Eva",))),
    ruleset: str = "classic",
    created: datetime = START,
    hands: int = 0,
    target: int = 5000,
) -> int:
    """A match made through the services, dated ``created``, with ``hands`` winning hands of side 0."""
    with app.app_context():
        match = services.create_match(
            club_id(username),
            {
                "ruleset": ruleset,
                "target": target,
                "sides": [{"name": name, "players": list(players)} for name, players in sides],
            },
        )
        for number in range(1, hands + 1):
            services.add_hand(match, {"number": number, **WINNING_HAND})
        match.created_at = created
        db.session.commit()
        return match.id


def many_matches(app: Flask, count: int) -> list[int]:
    """``count`` matches, one a day from START, the last made the newest."""
    return [make_match(app, created=START + timedelta(days=i)) for i in range(count)]


def listed(html: str) -> list[int]:
    """The ids of the matches on a history page, in order."""
    return [int(m) for m in re.findall(r'class="match-link" href="/matches/(\d+)"', html)]


def page(client: FlaskClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def player_id(app: Flask, name: str) -> int:
    with app.app_context():
        return db.session.scalars(select(Player.id).where(Player.name == name)).one()


# --- Order and pages -------------------------------------------------------------------------


def test_newest_first_with_the_new_match_button_on_top(app, user_client):
    ids = many_matches(app, 3)
    html = page(user_client, "/")
    assert listed(html) == list(reversed(ids))
    assert html.index("New match") < html.index('class="match-link"')
    assert listed(page(user_client, "/history")) == list(reversed(ids))


def test_twenty_five_matches_make_two_pages(app, user_client):
    ids = many_matches(app, 25)
    first = page(user_client, "/")
    assert listed(first) == list(reversed(ids))[:20]
    assert "Page 1 of 2" in first and 'rel="next" href="/?page=2"' in first and 'rel="prev"' not in first
    second = page(user_client, "/?page=2")
    assert listed(second) == list(reversed(ids))[20:]
    assert len(listed(second)) == 5
    assert "Page 2 of 2" in second and 'rel="prev" href="/"' in second and 'rel="next"' not in second
    assert "25 matches" in first


def test_the_pager_keeps_the_filters(app, user_client):
    many_matches(app, 25)
    html = page(user_client, "/history?ruleset=classic&status=in_progress")
    assert 'href="/history?ruleset=classic&amp;status=in_progress&amp;page=2"' in html


def test_a_row_shows_sides_players_totals_winner_hands_and_date(app, user_client):
    make_match(
        app,
        sides=(("Nosotros", ("Ana", "Luis")), ("Ellos", ("Eva", "Juan"))),
        hands=2,
        target=2000,
        created=datetime(2026, 3, 31, 20, 0, tzinfo=UTC),
    )
    html = page(user_client, "/")
    assert "Nosotros <b" in html and ">2,000</b>" in html and ">460</b>" in html
    assert "Ana, Luis" in html and "Eva, Juan" in html
    assert "Finished: Nosotros won · 2 hands" in html
    assert '<time datetime="2026-03-31">Mar 31, 2026</time>' in html
    user_client.set_cookie("lang", "es")
    assert "31 mar 2026" in page(user_client, "/")


def test_a_match_in_play_shows_its_hands(app, user_client):
    make_match(app, hands=1)
    assert "In play · 1 hand<" in page(user_client, "/")


def test_another_accounts_matches_are_never_listed(app, user_client, other_client):
    mine = make_match(app)
    theirs = make_match(app, username="eva", sides=(("A", ("Ana",)), ("B", ("Zoe",))))
    assert listed(page(user_client, "/")) == [mine]
    assert listed(page(other_client, "/")) == [theirs]
    # Eva's players are not offered to Ana, and asking for one of them is refused.
    html = page(user_client, "/")
    assert ">Zoe</option>" not in html
    zoe = player_id(app, "Zoe")
    html = page(user_client, f"/?player={zoe}")
    assert "Choose a player from the list." in html and listed(html) == [mine]


# --- Filters ---------------------------------------------------------------------------------


def test_filter_by_player(app, user_client):
    with_luis = make_match(app, sides=(("N", ("Ana", "Luis")), ("E", ("Eva", "Juan"))))
    make_match(app, sides=(("N", ("Ana",)), ("E", ("Eva",))))
    luis_against = make_match(app, sides=(("X", ("Pia",)), ("Y", ("Luis",))))
    luis = player_id(app, "Luis")
    html = page(user_client, f"/?player={luis}")
    assert sorted(listed(html)) == sorted([with_luis, luis_against])
    assert f'<option selected value="{luis}">Luis</option>' in html
    assert "2 matches" in html


def test_filter_by_rule_set(app, user_client):
    classic = make_match(app)
    samba = make_match(app, ruleset="samba")
    assert listed(page(user_client, "/?ruleset=samba")) == [samba]
    assert listed(page(user_client, "/?ruleset=classic")) == [classic]


def test_filter_finished_or_in_progress(app, user_client):
    done = make_match(app, hands=1, target=1000)
    open_match = make_match(app, hands=1)
    assert listed(page(user_client, "/?status=finished")) == [done]
    assert listed(page(user_client, "/?status=in_progress")) == [open_match]


def test_filter_by_dates_both_days_included(app, user_client):
    march = make_match(app, created=datetime(2026, 3, 10, 23, 59, tzinfo=UTC))
    april = make_match(app, created=datetime(2026, 4, 1, 0, 0, tzinfo=UTC))
    may = make_match(app, created=datetime(2026, 5, 20, 9, 0, tzinfo=UTC))
    assert listed(page(user_client, "/?date_from=2026-04-01")) == [may, april]
    assert listed(page(user_client, "/?date_to=2026-04-01")) == [april, march]
    assert listed(page(user_client, "/?date_from=2026-03-10&date_to=2026-03-10")) == [march]
    assert listed(page(user_client, "/?date_from=2026-04-02&date_to=2026-05-19")) == []
    assert "No match fits these filters." in page(user_client, "/?date_from=2026-04-02&date_to=2026-05-19")


def test_filters_combine(app, user_client):
    make_match(app, ruleset="samba", created=datetime(2026, 1, 5, tzinfo=UTC))
    wanted = make_match(app, ruleset="samba", created=datetime(2026, 2, 5, tzinfo=UTC), hands=1)
    make_match(app, created=datetime(2026, 2, 6, tzinfo=UTC))
    ana = player_id(app, "Ana")
    url = f"/?player={ana}&ruleset=samba&status=in_progress&date_from=2026-02-01"
    assert listed(page(user_client, url)) == [wanted]


# --- Mistakes in filters ---------------------------------------------------------------------


def field_of(html: str, field_id: str) -> str:
    at = html.index(f'id="{field_id}"')
    start = html.rindex('<div class="field', 0, at)
    return html[start : html.find("</div>", at)]


def test_a_date_that_does_not_exist_is_a_message_next_to_it(app, user_client):
    ids = many_matches(app, 2)
    html = page(user_client, "/?date_from=2026-13-45&date_to=yesterday")
    for name in ("date_from", "date_to"):
        assert "Enter a date as year-month-day" in field_of(html, name)
    assert 'value="2026-13-45"' in html  # kept as typed
    assert "Some filters were not used" in html
    assert listed(html) == list(reversed(ids))  # the bad filters are ignored


def test_end_before_start_is_refused(app, user_client):
    many_matches(app, 1)
    html = page(user_client, "/?date_from=2026-04-02&date_to=2026-04-01")
    assert "The end date is before the start date." in field_of(html, "date_to")


def test_unknown_choices_are_messages(app, user_client):
    many_matches(app, 1)
    html = page(user_client, "/?player=abc&ruleset=poker&status=maybe")
    assert "Choose a player from the list." in field_of(html, "player")
    assert "Choose a rule set from the list." in field_of(html, "ruleset")
    assert "Choose a state from the list." in field_of(html, "status")
    assert len(listed(html)) == 1


def test_a_bad_page_is_a_message_not_an_error(app, user_client):
    ids = many_matches(app, 25)
    for bad in ("abc", "0", "-1", "99999999999999999999", "1.5"):
        html = page(user_client, f"/?page={bad}")
        assert "here is the first page" in html, bad
        assert listed(html) == list(reversed(ids))[:20]
    html = page(user_client, "/?page=7")
    assert "There is no page 7; here is the last page." in html and "Page 2 of 2" in html
    assert len(listed(html)) == 5


def test_history_needs_login(client):
    for url in ("/", "/history"):
        response = client.get(url)
        assert response.status_code == 302 and "/login" in response.location


# --- Cost ------------------------------------------------------------------------------------


def statements_for(app: Flask, client: FlaskClient, url: str) -> int:
    with counting(app) as statements:
        page(client, url)
    return len(statements)


def test_statements_do_not_grow_with_the_number_of_matches(app, user_client):
    sides = (("Nosotros", ("Ana", "Luis")), ("Ellos", ("Eva", "Juan")))
    for i in range(5):
        make_match(app, sides=sides, hands=1, created=START + timedelta(days=i))
    luis = player_id(app, "Luis")
    urls = ("/", f"/history?player={luis}&status=in_progress&date_from=2026-01-01", "/?page=2")
    few = [statements_for(app, user_client, url) for url in urls]
    for i in range(35):
        make_match(app, sides=sides, hands=1, created=START + timedelta(days=10 + i))
    many = [statements_for(app, user_client, url) for url in urls]
    assert many == few
    assert max(many) <= 8


def test_the_list_does_not_load_hands(app, user_client):
    make_match(app, hands=3)
    with counting(app) as statements:
        page(user_client, "/")
    assert not [s for s in statements if "FROM hands" in s]
    # A match's summary is kept by the services, so the list shows it without the hands.
    with app.app_context():
        match = db.session.get(Match, listed(page(user_client, "/"))[0])
        assert match is not None and match.hand_count == 3
