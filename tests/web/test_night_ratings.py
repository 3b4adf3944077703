"""Issue 21's last gaps through the test client: each round's chances of winning on the console and
the seating proposal (one read of the ratings), the series on the wall, and the series' forms."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import ALL_RULESETS, Entry, Event, EventRound, Player, PlayerRating
from scorekeeper.services.rating_reads import predict
from scorekeeper.services.series import create_series, list_series, set_event_series
from tests.helpers import counting
from tests.web.helpers import (
    club_id,
    hand_form,
    logged_in,
    make_match,
    page,
    post_form,
    post_hand,
    sent_twice,
)
from tests.web.test_events_pages import console, new_event, press, seat


def rated_club(app: Flask) -> None:
    """Finished matches: Ana & Luis beat Eva & Juan, Marta & Pablo beat Lucía & Jorge."""
    make_match(app, [("A", ["Ana", "Luis"]), ("B", ["Eva", "Juan"])], target=100)
    make_match(app, [("C", ["Marta", "Pablo"]), ("D", ["Lucía", "Jorge"])], target=100)


def round_chances(app: Flask, event_id: int) -> list[list[float]]:
    """The model's chances of each table of round 1, asked of the ratings' own prediction."""
    with app.app_context():
        rnd = db.session.scalars(select(EventRound).where(EventRound.event_id == event_id)).one()
        players = {
            e.id: list(e.players) for e in db.session.scalars(select(Entry).where(Entry.event_id == event_id))
        }
        return [
            predict(club_id(app), [[p for e in side for p in players[e]] for side in t.sides], "classic")
            for t in sorted(rnd.tables, key=lambda t: t.number)
        ]


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def test_each_table_of_a_round_shows_each_sides_chance(user_client: FlaskClient, app: Flask) -> None:
    rated_club(app)
    event_id = new_event(user_client)
    proposal = page(user_client.get(f"/events/{event_id}/rounds/new"))
    assert proposal.count("Chance of winning, by the ratings:") == 2
    assert seat(user_client, event_id).status_code == 302
    chances = round_chances(app, event_id)
    assert any(abs(c[0] - 0.5) > 0.01 for c in chances)  # the ratings tell the sides apart
    with counting(app) as statements:
        html = console(user_client, event_id)
    texts = re.findall(r'<p class="table-chances muted">([^<]+)</p>', html)
    assert texts == [
        f"Chance of winning, by the ratings: Side 1 {percent(a)} · Side 2 {percent(b)}." for a, b in chances
    ]
    assert sum("player_ratings" in s for s in statements) == 1  # one read for every table
    # A game once played shows no chance (its result is in the ratings already); the others keep theirs.
    with app.app_context():
        rnd = db.session.scalars(select(EventRound).where(EventRound.event_id == event_id)).one()
        first = min(rnd.tables, key=lambda t: t.number).match_id
    won = hand_form(
        1, 0, {"melds": 300, "hand": 0, "red_threes": 0, "canastas-clean": 1}, {"melds": 120, "hand": 40}
    )
    assert post_hand(user_client, first, won).status_code == 302
    later = re.findall(r'<p class="table-chances muted">([^<]+)</p>', console(user_client, event_id))
    assert later == texts[1:]
    # The reader's way: French writes "63 %" (a no-break space before the sign).
    french = logged_in(app, "ana", "fr")
    texts = re.findall(r'<p class="table-chances muted">([^<]+)</p>', console(french, event_id))
    a, b = chances[1]  # (table 1 is played)
    assert texts[0] == (
        "Chance de gagner, d’après les cotes : "
        f"Camp 1 {round(a * 100)}\u00a0% · Camp 2 {round(b * 100)}\u00a0%."
    )


def played_night(client: FlaskClient, app: Flask) -> int:
    """A night whose round 1 Ana & Luis win at table 1 (the other table settled as a draw), finished."""
    event_id = new_event(client)
    assert seat(client, event_id).status_code == 302
    with app.app_context():
        rnd = db.session.scalars(select(EventRound).where(EventRound.event_id == event_id)).one()
        first = min(rnd.tables, key=lambda t: t.number).match_id
    won = hand_form(
        1, 0, {"melds": 300, "hand": 0, "red_threes": 0, "canastas-clean": 1}, {"melds": 120, "hand": 40}
    )
    assert post_hand(client, first, won).status_code == 302
    assert press(client, event_id, f"/events/{event_id}/rounds/1/close").status_code == 302
    assert press(client, event_id, f"/events/{event_id}/finish").status_code == 302
    return event_id


def series_rows(html: str) -> list[list[str]]:
    part = html[html.index('id="wall-series-title"') :]
    part = part[: part.index("</table>")]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", part.split("<tbody>")[1], re.S)
    ]


def test_the_wall_shows_the_series_of_the_night(user_client: FlaskClient, app: Flask) -> None:
    event_id = played_night(user_client, app)
    assert 'id="wall-series-title"' not in page(user_client.get(f"/events/{event_id}/wall"))
    with app.app_context():
        season, _made = create_series(club_id(app), {"name": "Temporada", "best": 3, "minimum": 1})
        set_event_series(season, event_id, True)
        ana = db.session.scalar(
            select(PlayerRating.ordinal)
            .join(Player, Player.id == PlayerRating.player_id)
            .where(Player.name == "Ana", PlayerRating.scope == ALL_RULESETS)
        )
    html = page(user_client.get(f"/events/{event_id}/wall"))  # (a new version: the series changed)
    assert "Series: Temporada" in html and "best 3 of 1 night" in html
    rows = series_rows(html)
    # 4 entries: the winners' place 1 is 4 points, the drawn table shares places 2-3 (2.5 each),
    # the losers' place 4 is 1 point; each player takes their entry's points, one night each.
    assert [(row[1], row[2], row[3]) for row in rows[:2]] == [("Ana", "4", "1"), ("Luis", "4", "1")]
    assert sorted(row[2] for row in rows) == ["1", "1", "2.5", "2.5", "2.5", "2.5", "4", "4"]
    assert [row[0] for row in rows] == ["1", "1", "3", "3", "3", "3", "7", "7"]
    assert rows[0][4] == f"{round(ana, 1)}"  # the rating beside
    # The players' read-only wall and the board the wall polls show it too, in the reader's language.
    board = page(logged_in(app, "ana", "es").get(f"/events/{event_id}/wall/board"))
    assert "Serie: Temporada" in board and "mejores 3 de 1 noche" in board


def test_a_series_made_by_form_once_and_a_night_put_in_it_and_out(
    user_client: FlaskClient, app: Flask
) -> None:
    event_id = new_event(user_client)
    html = console(user_client, event_id)
    assert f'href="/events/series/new?event={event_id}"' in html and "Counts in the series" in html
    assert html.count('id="series"') == html.count('id="event-series"') == 1  # the select, the section
    # Mistakes are said next to their fields, the values typed kept; nothing made.
    url = f"/events/series/new?event={event_id}"
    wrong = post_form(user_client, url, {"name": "Temporada", "best": "0", "minimum": "x"})
    assert wrong.status_code == 422
    wrong_html = page(wrong)
    assert 'id="best-errors"' in wrong_html and 'id="minimum-errors"' in wrong_html
    assert 'value="Temporada"' in wrong_html and 'value="x"' in wrong_html
    with app.app_context():
        assert list_series(club_id(app)) == []
    # Made once, even sent twice (a double tap); back to the console, which offers it.
    first, again = sent_twice(user_client, url, {"name": "Temporada", "best": "5", "minimum": "2"})
    assert first.status_code == again.status_code == 302
    assert first.location == again.location == f"/events/{event_id}#event-series"
    with app.app_context():
        made = list_series(club_id(app))
        assert [(s.name, s.best, s.minimum) for s in made] == [("Temporada", 5, 2)]
        season = made[0].id
    # The same name with other settings is refused at the name.
    other = post_form(user_client, "/events/series/new", {"name": "Temporada", "best": "3", "minimum": "1"})
    assert other.status_code == 422 and "A series of this name exists with other settings." in page(other)

    # Put the night in the series from the console (sent twice: once), then take it out.
    action = f"/events/{event_id}/series"
    first, again = sent_twice(user_client, action, {"series": str(season)}, page=f"/events/{event_id}")
    assert first.status_code == again.status_code == 302
    with app.app_context():
        assert db.session.get(Event, event_id).series_id == season
    html = console(user_client, event_id)
    assert f'<option selected value="{season}">Temporada</option>' in html
    assert f'href="/players/series/{season}"' in html
    # A series that is not the account's: said next to the select, nothing changed.
    bad = post_form(user_client, action, {"series": "999999"}, page=f"/events/{event_id}")
    assert bad.status_code == 422 and "Choose one of your series." in page(bad)
    assert 'id="series-errors"' in page(bad)
    out = post_form(user_client, action, {"series": ""}, page=f"/events/{event_id}")
    assert out.status_code == 302
    with app.app_context():
        assert db.session.get(Event, event_id).series_id is None
    # Without the CSRF token nothing changes.
    assert user_client.post(action, data={"series": str(season)}).status_code == 400
    with app.app_context():
        assert db.session.get(Event, event_id).series_id is None
