"""The edit log on the scoreboard (latest 20, folded away) and on its own page: what happened, when,
by which account, and for an edit the lines that changed."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.matches.edit_log import hand_changes
from scorekeeper.models import Match
from scorekeeper.rules import get_ruleset
from tests.web.helpers import HAND_1, HAND_2, create, enter, hand_form, long_match, page, post_form

CSS = Path(__file__).resolve().parents[2] / "static" / "app.css"


def log_block(html: str) -> str:
    start = html.index('class="card edit-log"')
    return html[start : html.index("</details>", start)]


def entries(block: str) -> list[str]:
    """The entries' texts (tags dropped), newest first; a removed hand's values count as changes."""
    items = re.findall(
        r"<li>(.*?)(?:<ul[^>]*>(.*?)</ul>)?(?:\s*<p>.*?</p>)?</li>(?=<li>|</ol>)", block, flags=re.S
    )
    return [re.sub(r"<[^>]+>", "", what + " | " + changes).strip(" |") for what, changes in items]


def test_the_log_tells_the_story_newest_first(app, user_client):
    match_id = create(user_client, target="2000")
    enter(user_client, match_id, 1, HAND_1)
    enter(user_client, match_id, 2, HAND_2)  # 2490: finished
    scoreboard = f"/matches/{match_id}"
    post_form(user_client, f"{scoreboard}/reopen", {}, page=scoreboard)
    # Ellos melded 310, not 210, and had no penalty; Nosotros had a dirty canasta less.
    edited = hand_form(1, 0, dict(HAND_1[0], **{"canastas-dirty": 0}), dict(HAND_1[1], melds=310))
    assert post_form(user_client, f"{scoreboard}/hands/1/edit", edited).status_code == 302
    assert post_form(user_client, f"{scoreboard}/hands/2/delete", {}).status_code == 302

    html = page(user_client.get(scoreboard))
    block = log_block(html)
    assert "<details" in html[html.rindex("<details", 0, html.index('class="card edit-log"')) :][:40]
    story = entries(block)
    assert [s.split(" · ")[2].split(" | ")[0] for s in story] == [
        "Hand 2 deleted",
        "Hand 1 edited",
        "Match reopened for editing",
        "Hand 2 added",
        "Hand 1 added",
        "Match created",
    ]
    assert all(s.split(" · ")[1] == "ana" for s in story)
    edit = story[1]
    assert "Ellos: melds 210 → 310" in edit
    assert "Nosotros: Dirty canasta 1 → 0" in edit
    assert "Nosotros: melds" not in edit and "Ellos: cards in hand" not in edit  # unchanged lines
    assert "The whole log" not in block  # 6 entries: all shown


def test_log_times_follow_the_language(app, user_client):
    match_id = create(user_client)
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        match.log[0].at = datetime(2026, 3, 31, 21, 5, tzinfo=UTC)
        db.session.commit()
    assert "3/31/26, 9:05" in log_block(page(user_client.get(f"/matches/{match_id}")))
    user_client.set_cookie("lang", "fr")
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "31/03/2026 21:05" in log_block(html)


def test_the_scoreboard_shows_the_latest_twenty_and_links_the_whole_log(app, user_client):
    match_id = long_match(app, 25)  # 26 entries: created + 25 hands
    block = log_block(page(user_client.get(f"/matches/{match_id}")))
    shown = entries(block)
    assert len(shown) == 20 and "Hand 25 added" in shown[0] and "Hand 6 added" in shown[-1]
    assert f'href="/matches/{match_id}/log"' in block
    full = page(user_client.get(f"/matches/{match_id}/log"))
    story = entries(full[full.index('class="card edit-log"') :])
    assert len(story) == 26 and "Match created" in story[-1]
    assert f'href="/matches/{match_id}"' in full


def test_the_log_page_needs_login_and_the_owner(app, user_client, other_client, client):
    match_id = create(user_client)
    assert other_client.get(f"/matches/{match_id}/log").status_code == 404
    assert other_client.get("/matches/99999/log").status_code == 404
    response = client.get(f"/matches/{match_id}/log")
    assert response.status_code == 302 and "/login" in response.location


def test_changes_of_every_kind_of_line():
    rs = get_ruleset("classic", {})
    before = {
        "number": 1,
        "went_out": 0,
        "going_out_kind": "normal",
        "sides": [
            {"melds": 300, "hand": 0, "red_threes": 1, "canastas": {"clean": 1}, "penalties": []},
            {"melds": 100, "hand": 20, "canastas": {}, "penalties": [{"code": "drew_two_cards", "count": 1}]},
        ],
    }
    after = {
        "number": 1,
        "went_out": None,
        "going_out_kind": None,
        "sides": [
            {"melds": 300, "hand": 0, "red_threes": 2, "canastas": {"clean": 1}, "penalties": []},
            {
                "melds": 100,
                "hand": 20,
                "canastas": {},
                "penalties": [{"code": "custom", "points": 50, "description": "talked", "count": 1}],
            },
        ],
    }
    lines = hand_changes(rs, ["Nosotros", "Ellos"], before, after)
    assert lines[0] == "went out: Nosotros → nobody"
    assert "Nosotros: red threes 1 → 2" in lines
    assert any(
        line.startswith("Ellos: penalties Drawing two cards") and "talked (−50)" in line for line in lines
    )
    assert len(lines) == 3
    assert hand_changes(rs, ["A", "B"], None, after) == []


def test_a_sixty_hand_scoreboard_stays_light(app, user_client):
    match_id = long_match(app, 60)
    html = page(user_client.get(f"/matches/{match_id}")).encode()
    log = log_block(html.decode()).encode()
    assert len(log) < 2_500
    # The whole page as a phone loads it, HTML and CSS (the charts live on their own page).
    assert len(html) + CSS.stat().st_size < 50_000, (len(html), CSS.stat().st_size)


def test_entries_of_a_deleted_account_and_unknown_actions(app, user_client):
    match_id = create(user_client)
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        with services.match_write() as write:
            write.log(match, "something_new")
            match.log[-1].user_id = None
    story = entries(log_block(page(user_client.get(f"/matches/{match_id}"))))
    assert "a deleted account" in story[0] and "something_new" in story[0]
