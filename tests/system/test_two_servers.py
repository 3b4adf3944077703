"""Two app servers on one database, as behind a load balancer: a player's requests alternate between
them and nothing they see depends on which one answers.

Each server is its own gunicorn with its own workers and in-process caches (the folded matches, the
pages' ETags); the database is the one thing they share. So after a save on one server the other
must serve the new scoreboard, wall, table page and API answer at once (no stale page, no 304 for a
changed match); a login made on one is a login on the other, and failed logins are counted together;
an ``Idempotency-Key`` or a form's once-key used on one is recognised by the other; table links and
share links made through one work on the other.
"""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Match
from tests.helpers import TEST_PASSWORD, make_user
from tests.system.helpers import Client, Server, hand, new_match
from tests.web.helpers import CSRF, KEY, form_keys, hand_form

#: The documented default: 10 failed logins per minute from one address (scorekeeper.config).
PER_ADDRESS = 10


@dataclass
class Page:
    status: int
    text: str
    headers: dict[str, str]


class Browser:
    """One phone's cookies, sending each request to whichever server it is told."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()  # cookies ignore the port: both servers get them
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, url: str, headers: dict[str, str] | None = None) -> Page:
        return self._open(urllib.request.Request(url, headers=headers or {}))

    def post(self, url: str, form: dict[str, Any]) -> Page:
        body = urllib.parse.urlencode(form, doseq=True).encode()
        return self._open(urllib.request.Request(url, data=body, method="POST"))

    def _open(self, request: urllib.request.Request) -> Page:
        request.add_header("Accept-Language", "en")
        try:
            with self.opener.open(request, timeout=30) as answer:
                return Page(answer.status, answer.read().decode(), dict(answer.headers))
        except urllib.error.HTTPError as error:
            return Page(error.code, error.read().decode(errors="replace"), dict(error.headers))

    def form(self, url: str, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` with the CSRF token and the form's key at ``url``: the hand form's submission
        key, or the single-use key of another form."""
        html = self.get(url).text
        token, hand_key, keys = CSRF.search(html), KEY.search(html), form_keys(html)
        assert token, html[:500]
        key = {"once": keys[0]} if keys else {}
        if hand_key:
            key = {"key": hand_key.group(1) or hand_key.group(2)}
        return {**data, "csrf_token": token.group(1) or token.group(2), **key}

    def log_in(self, base: str, password: str = TEST_PASSWORD) -> int:
        """The login form sent; the final status (200 once the redirect is followed, 429 when limited)."""
        form = self.form(base + "/login", {"username": "ana", "password": password})
        return self.post(base + "/login", form).status


def two_servers(database_url: str, tmp_path: Path) -> tuple[Server, Server]:
    """Two gunicorn servers of two workers each, on their own ports and instance folders."""
    servers = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        servers.append(Server(database_url, tmp_path / name, workers=2))
    return servers[0], servers[1]


def shows(text: str, total: int) -> bool:
    """Whether a page states ``total`` (written the English way, 1,215, or plain)."""
    return f"{total:,}" in text or str(total) in text


def test_a_save_on_one_server_is_seen_at_once_on_the_other(app, password_hash, database_url, tmp_path,
                                                           start_server):
    start_server  # noqa: B018 - skips when gunicorn is missing
    _owner, token = make_user(app, "ana", password_hash)
    a, b = two_servers(database_url, tmp_path)
    try:
        api_a, api_b = Client(a.base, token), Client(b.base, token)
        for server in (a, b):  # what the load balancer asks each server
            health = Browser().get(server.base + "/healthz")
            assert (health.status, health.text) == (200, "ok\n")
        match_id = new_match(api_a)
        phone = Browser()
        assert phone.log_in(a.base) == 200
        # The other server knows the login made on the first one, and caches what it serves.
        first = phone.get(f"{b.base}/matches/{match_id}")
        assert first.status == 200 and "ana" in first.text
        etag_page = first.headers.get("ETag")
        etag_api = api_b.call("GET", f"/matches/{match_id}").headers.get("ETag")
        for number in range(1, 5):
            writer, reader, page_base = (api_a, api_b, b.base) if number % 2 else (api_b, api_a, a.base)
            saved = writer.call("POST", f"/matches/{match_id}/hands", hand(number, 1))
            assert saved.status == 201, saved.body
            totals = [side["total"] for side in saved.body["match"]["sides"]]
            seen = reader.call("GET", f"/matches/{match_id}")
            assert [side["total"] for side in seen.body["sides"]] == totals
            assert len(seen.body["hands"]) == number
            # A conditional request with the tag from before the save is not answered 304.
            stale = {"If-None-Match": etag_api or ""}
            assert reader.call("GET", f"/matches/{match_id}", headers=stale).status == 200
            page = phone.get(f"{page_base}/matches/{match_id}", headers={"If-None-Match": etag_page or ""})
            assert page.status == 200
            assert shows(page.text, totals[0]), page.text[:2000]
            etag_page = page.headers.get("ETag")
            etag_api = seen.headers.get("ETag")
    finally:
        a.stop()
        b.stop()


def test_keys_are_honoured_across_servers(app, password_hash, database_url, tmp_path, start_server):
    """The same ``Idempotency-Key`` sent to the second server replays the first one's answer; sent
    with another body it is refused; a hand form's once-key posted again to the other server stores
    nothing twice."""
    start_server  # noqa: B018 - skips when gunicorn is missing
    _owner, token = make_user(app, "ana", password_hash)
    a, b = two_servers(database_url, tmp_path)
    try:
        api_a, api_b = Client(a.base, token), Client(b.base, token)
        match_id = new_match(api_a)
        key = {"Idempotency-Key": "hand-1-from-phone"}
        first = api_a.call("POST", f"/matches/{match_id}/hands", hand(1, 1), headers=key)
        again = api_b.call("POST", f"/matches/{match_id}/hands", hand(1, 1), headers=key)
        assert first.status == 201 and again.status == 201
        assert again.body == first.body
        other = api_b.call("POST", f"/matches/{match_id}/hands", hand(2, 3), headers=key)
        assert other.status == 422, other.body
        assert len(api_a.call("GET", f"/matches/{match_id}").body["hands"]) == 1

        phone = Browser()
        assert phone.log_in(b.base) == 200
        form = phone.form(f"{a.base}/matches/{match_id}/hands/new", hand_form(
            2, 0, {"melds": 300, "canastas-clean": 1}, {"melds": 100, "hand": 40}))
        sent = phone.post(f"{a.base}/matches/{match_id}/hands/new", form)
        assert sent.status == 200
        resent = phone.post(f"{b.base}/matches/{match_id}/hands/new", form)  # the Back button, other server
        assert resent.status == 200
        numbers = [h["number"] for h in api_b.call("GET", f"/matches/{match_id}").body["hands"]]
        assert numbers == [1, 2]
    finally:
        a.stop()
        b.stop()


def test_one_login_limit_across_servers(app, password_hash, database_url, tmp_path, start_server):
    start_server  # noqa: B018 - skips when gunicorn is missing
    make_user(app, "ana", password_hash)
    a, b = two_servers(database_url, tmp_path)
    try:
        answers = [Browser().log_in((a, b)[n % 2].base, f"guess {n}") for n in range(PER_ADDRESS + 4)]
    finally:
        a.stop()
        b.stop()
    assert answers == [200] * PER_ADDRESS + [429] * 4


def test_table_and_share_links_work_on_both(app, password_hash, database_url, tmp_path, start_server):
    """A club night split over two servers: the organiser makes the table link on one, the table's
    phone saves on the other, the wall and a share link read on either show the hand."""
    start_server  # noqa: B018 - skips when gunicorn is missing
    _owner, token = make_user(app, "ana", password_hash)
    a, b = two_servers(database_url, tmp_path)
    try:
        api_a = Client(a.base, token)
        event = api_a.call("POST", "/events", {
            "name": "Martes", "ruleset": "classic", "format": "round_robin", "game": {"hands": 3},
            "entries": [{"players": ["Ana", "Luis"]}, {"players": ["Eva", "Juan"]}]})
        assert event.status == 201, event.body
        event_id = event.body["id"]
        assert api_a.call("POST", f"/events/{event_id}/rounds").status == 201
        link = api_a.call("POST", f"/events/{event_id}/tables/1/link").body
        table_b = Client(b.base, link["token"])
        table_page = Browser().get(b.base + urllib.parse.urlparse(link["url"]).path)
        assert table_page.status == 200
        director = Browser()
        assert director.log_in(a.base) == 200
        before = director.get(f"{a.base}/events/{event_id}/wall/board")
        assert before.status == 200
        saved = table_b.call("POST", "/table/hands", hand(1, 2))
        assert saved.status == 201, saved.body
        total = saved.body["match"]["sides"][0]["total"]
        game_id = saved.body["match"]["id"]
        wall = director.get(f"{a.base}/events/{event_id}/wall/board",
                            headers={"If-None-Match": before.headers.get("ETag", "")})
        assert wall.status == 200 and wall.text != before.text
        with app.app_context():
            share = services.create_share_link(db.session.get(Match, game_id)).token
        for server in (a, b):
            shared = Browser().get(f"{server.base}/s/{share}")
            assert shared.status == 200
            assert shows(shared.text, total)
        assert json.loads(Browser().get(f"{a.base}/t/{link['token']}/state").text or "null") is not None
    finally:
        a.stop()
        b.stop()
