"""Migration 0023: American matches that counted ``unfinished_wild_jokers`` keep the 2500 points they
were scored with when the League's 2000 became the default (issue 29); others take the new default."""

from __future__ import annotations

import flask_migrate

from scorekeeper import MIGRATIONS
from scorekeeper.extensions import db
from tests.helpers import clear_page_cache

from .helpers import create_match, hand_body, match_body, penalty, post_hand, side, totals


def played(api, code: str) -> int:
    match = create_match(api, match_body("american"))
    body = hand_body(
        1,
        [side(800, 0, 2, {"clean": 1, "sevens": 1}, black_threes=1), side(250, 85, 1, {}, [penalty(code)])],
        went_out=0,
        going_out_kind="normal",
    )
    post_hand(api, match["id"], body)
    return int(match["id"])


def test_the_upgrade_pins_2500_where_the_penalty_was_counted(app, api):
    jokers, aces = played(api, "unfinished_wild_jokers"), played(api, "unfinished_aces")
    now = totals(api.get(f"/matches/{jokers}").get_json())
    with app.app_context():
        db.session.remove()
        flask_migrate.downgrade(directory=MIGRATIONS, revision="0022_club_invitations_and_log")
        flask_migrate.upgrade(directory=MIGRATIONS)
    # Stored figures are derived again from the hands (as after a release whose scoring changed):
    assert app.test_cli_runner().invoke(args=["data", "rescore"]).exit_code == 0
    clear_page_cache(app)
    pinned = api.get(f"/matches/{jokers}").get_json()
    assert pinned["house_rules"]["penalties.unfinished_wild_jokers"] == 2500
    assert totals(pinned)[1] == now[1] - 500  # the 2500 it was scored with before the League's 2000
    assert totals(pinned)[0] == now[0]
    assert "penalties.unfinished_wild_jokers" not in api.get(f"/matches/{aces}").get_json()["house_rules"]
