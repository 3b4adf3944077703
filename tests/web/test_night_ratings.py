"""Issue 21's last gaps through the test client: each round's chances of winning on the console and
the seating proposal (one read of the ratings), the series on the wall, and the series' forms."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Entry, EventRound
from scorekeeper.services.rating_reads import predict
from tests.helpers import counting
from tests.web.helpers import logged_in, make_match, owner_id, page
from tests.web.test_events_pages import console, new_event, seat


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
            predict(owner_id(app), [[p for e in side for p in players[e]] for side in t.sides], "classic")
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
    # The reader's way: French writes "63 %" (a no-break space before the sign).
    french = logged_in(app, "ana", "fr")
    texts = re.findall(r'<p class="table-chances muted">([^<]+)</p>', console(french, event_id))
    a, b = chances[0]
    assert texts[0] == (
        "Chance de gagner, d’après les cotes : "
        f"Camp 1 {round(a * 100)}\u00a0% · Camp 2 {round(b * 100)}\u00a0%."
    )
