"""Helpers for the pages through Flask's test client. CSRF stays on, as in production:
:func:`post_form` first GETs the page and sends its CSRF token back, as a browser does."""

from __future__ import annotations

import copy
import html
import re
from datetime import UTC, datetime
from typing import Any, Final

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update
from werkzeug.test import TestResponse

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Hand, Match, Player, User
from tests.helpers import TEST_PASSWORD

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')


def csrf_token(client: FlaskClient, url: str) -> str:
    """The CSRF token of the form on the page at ``url``."""
    page = client.get(url).get_data(as_text=True)
    found = CSRF.search(page)
    assert found, f"no CSRF token on {url}"
    return found.group(1) or found.group(2)


def post_form(
    client: FlaskClient, url: str, data: dict[str, object], page: str | None = None, **kwargs: object
) -> TestResponse:
    """POST ``data`` to ``url`` with the CSRF token of the form shown at ``page`` (default ``url``)."""
    return client.post(url, data={**data, "csrf_token": csrf_token(client, page or url)}, **kwargs)


def log_in(client: FlaskClient, username: str, password: str = TEST_PASSWORD) -> TestResponse:
    return post_form(client, "/login", {"username": username, "password": password})


def logged_in(app: Flask, username: str, language: str = "en") -> FlaskClient:
    """A new browser session of the existing account ``username``, reading ``language``."""
    client = app.test_client()
    client.set_cookie("lang", language)
    response = log_in(client, username)
    assert response.status_code == 302, response.get_data(as_text=True)
    return client


ONCE = re.compile(r'name="once" type="hidden" value="([^"]+)"|type="hidden" name="once" value="([^"]+)"')


def form_keys(html: str) -> list[str]:
    """The single-use keys of the forms on a page (scorekeeper.single_use), in page order."""
    return [a or b for a, b in ONCE.findall(html)]


def sent_twice(
    client: FlaskClient, url: str, data: dict[str, object], page: str | None = None, **kwargs: object
) -> tuple[TestResponse, TestResponse]:
    """The form of the page at ``page`` (default ``url``), with its CSRF token and single-use key,
    sent twice as it is (a double tap, or Back then submit again): both answers."""
    html = client.get(page or url).get_data(as_text=True)
    found = CSRF.search(html)
    keys = form_keys(html)
    assert found and keys, f"no CSRF token or single-use key on {page or url}"
    form = {**data, "csrf_token": found.group(1) or found.group(2), "once": keys[0]}
    return client.post(url, data=form, **kwargs), client.post(url, data=form, **kwargs)


# --- Matches and hands through the pages --------------------------------------------------------------


PAIRS = (("Nosotros", ("Ana", "Luis")), ("Ellos", ("Eva", "Juan")))


def match_form(
    ruleset: str = "classic", sides: tuple[tuple[str, tuple[str, ...]], ...] = PAIRS, **extra: Any
) -> dict[str, Any]:
    data: dict[str, Any] = {"ruleset": ruleset, "target": "", "first_dealer": ""}
    for i, (name, players) in enumerate(sides):
        data[f"sides-{i}-name"] = name
        for j, player in enumerate(players):
            data[f"sides-{i}-players-{j}"] = player
    data.update(extra)
    return data


def create(client: FlaskClient, ruleset: str = "classic", **kwargs: Any) -> int:
    """Create a match through the page; its id."""
    response = post_form(client, "/matches/new", match_form(ruleset, **kwargs))
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.location.rsplit("/", 1)[1])


def hand_form(
    number: int, went_out: int | None, *sides: dict[str, Any], kind: str = "normal"
) -> dict[str, Any]:
    """The hand form's fields: ``sides[i]`` maps field names (``melds``, ``canastas-clean``...) to values."""
    data: dict[str, Any] = {
        "number": str(number),
        "went_out": "none" if went_out is None else str(went_out),
        "going_out_kind": kind,
    }
    for i, side in enumerate(sides):
        for key, value in side.items():
            data[f"sides-{i}-{key}"] = value if isinstance(value, str) else str(value)
    return data


def post_hand(client: FlaskClient, match_id: int, data: dict[str, Any]) -> Any:
    url = f"/matches/{match_id}/hands/new"
    return post_form(client, url, data)


def count(app: Flask, model: Any) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model)) or 0


def hands(app: Flask) -> int:
    return count(app, Hand)


def matches(app: Flask) -> int:
    return count(app, Match)


def page(response: Any) -> str:
    return response.get_data(as_text=True)


def field_block(html: str, field_id: str) -> str:
    """The markup of the field holding the input ``field_id``: its label, input and errors."""
    at = html.index(f'id="{field_id}"')
    start = html.rindex('<div class="field', 0, at)
    ends = [html.find(mark, at) for mark in ('<div class="field', "</fieldset>", "</section>", "</details>")]
    return html[start : min(e for e in ends if e != -1)]


# --- Hands entered through the form -------------------------------------------------------------------


# Hand 1 of the API's example.
# Nosotros went out (normal): melds 640 + hand 0 + canastas 500 clean + 300 dirty + 1 red three 100
#   + going out 100 + specials 0 − drew_two_cards 50 = 1590.
# Ellos: melds 210 − hand 85 = 125.
HAND_1 = (
    {
        "melds": 640,
        "hand": 0,
        "red_threes": 1,
        "canastas-clean": 1,
        "canastas-dirty": 1,
        "penalties-drew_two_cards": 1,
    },
    {"melds": 210, "hand": 85},
)


# Hand 2: Nosotros went out: melds 300 + clean canasta 500 + going out 100 = 900 (total 2490).
# Ellos: melds 100 − hand 20 = 80 (total 205).
HAND_2 = ({"melds": 300, "canastas-clean": 1}, {"melds": 100, "hand": 20})


def enter(client, match_id, number, sides, went_out=0):
    response = post_hand(client, match_id, hand_form(number, went_out, *sides))
    assert response.status_code == 302, page(response)
    return response


def preview(client, match_id, data, with_token=True):
    extra = {"csrf_token": csrf_token(client, f"/matches/{match_id}/hands/new")} if with_token else {}
    return client.post(f"/matches/{match_id}/hands/preview", data={**data, **extra})


# --- Matches made through the services ----------------------------------------------------------------


WIN = {"melds": 300, "red_threes": 1, "canastas": {"clean": 1}}  # 300 + 500 + 100 + 100 out = 1000


LOSE = {"melds": 250, "hand": 20}  # 230


def club_id(app: Flask, username: str = "ana") -> int:
    with app.app_context():
        return db.session.scalar(select(User.id).where(User.username == username))


def make_match(
    app: Flask,
    sides: list[tuple[str, list[str]]],
    hands: int = 1,
    target: int = 1000,
    username: str = "ana",
    ruleset: str = "classic",
) -> int:
    """A match in which side 0 goes out each hand with 1000 and side 1 makes 230."""
    with app.app_context():
        match = services.create_match(
            club_id(app, username),
            {
                "ruleset": ruleset,
                "target": target,
                "sides": [{"name": name, "players": players} for name, players in sides],
            },
        )
        for number in range(1, hands + 1):
            services.add_hand(
                match,
                {
                    "number": number,
                    "went_out": 0,
                    "going_out_kind": "normal",
                    "sides": [WIN, LOSE, *([LOSE] if len(sides) == 3 else [])],
                },
            )
        return match.id


def player_id(app: Flask, name: str) -> int:
    with app.app_context():
        return db.session.scalar(select(Player.id).where(Player.name == name))


API_PAIRS = [{"name": "Nosotros", "players": ["Ana", "Luis"]}, {"name": "Ellos", "players": ["Eva", "Juan"]}]


WIN_1010 = {**WIN, "melds": 310}


WIN_CANASTON = {**WIN, "canastas": {"clean": 1, "dirty": 1}}


def played(app: Flask, ruleset: str, day: int, win: dict[str, Any], target: int = 1000) -> int:
    """A match of ana's on ``day`` January 2025 with one hand that her side goes out in."""
    with app.app_context():
        body = {"ruleset": ruleset, "target": target, "sides": API_PAIRS}
        match = services.create_match(club_id(app), body)
        services.add_hand(
            match, {"number": 1, "went_out": 0, "going_out_kind": "normal", "sides": [win, LOSE]}
        )
        moment = datetime(2025, 1, day, 20, 0, tzinfo=UTC)
        db.session.execute(update(Match).where(Match.id == match.id).values(created_at=moment))
        db.session.commit()
        return match.id


def finish(client: FlaskClient, match_id: int) -> None:
    """Two hands, the second winning the match (target 100)."""
    assert (
        post_hand(
            client, match_id, hand_form(1, None, {"melds": 50, "hand": 0}, {"melds": 0, "hand": 0})
        ).status_code
        == 302
    )
    won = hand_form(2, 1, {"melds": 0, "hand": 20}, {"melds": 300, "hand": 0, "canastas-clean": 1})
    assert post_hand(client, match_id, won).status_code == 302


# --- Referee pages ------------------------------------------------------------------------------------


def new_match(app: Flask, ruleset: str = "classic", house_rules: dict[str, Any] | None = None) -> int:
    """A match of ``ana`` (the ``user_client`` account); its id."""
    with app.app_context():
        owner = db.session.scalar(select(User.id).where(User.username == "ana"))
        assert owner is not None
        body = {"ruleset": ruleset, "sides": API_PAIRS, "house_rules": house_rules or {}}
        return services.create_match(owner, body).id


def text(response: Any) -> str:
    """The page as text: tags out, entities decoded, spaces collapsed."""
    page = response.get_data(as_text=True)
    page = page[page.find("<main") : page.find("</main>")]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


# --- Scoreboard and share link ------------------------------------------------------------------------


SCOREBOARD_HAND = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
}


def a_match(app) -> tuple[int, int]:
    with app.app_context():
        ana = db.session.query(User).filter_by(username="ana").one()
        match = services.create_match(
            ana.id,
            {
                "ruleset": "classic",
                "sides": [{"name": "A", "players": ["Ana"]}, {"name": "B", "players": ["Eva"]}],
            },
        )
        return match.id, ana.id


#: Nosotros: melds 700 + clean canasta 500 + two red threes 200 + going out 100 = 1500; Ellos: 120 - 35 = 85.
SHARE_HAND: Final = {
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [
        {"melds": 700, "hand": 0, "red_threes": 2, "canastas": {"clean": 1}},
        {"melds": 120, "hand": 35},
    ],
}


SHARE_URL = re.compile(r'id="share-url"[^>]* value="([^"]+)"')


def share(client: FlaskClient, match_id: int) -> str:
    """Make the link through the scoreboard's button; the public path ``/s/<token>``."""
    response = post_form(client, f"/matches/{match_id}/share", {}, page=f"/matches/{match_id}")
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/matches/{match_id}#share")
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    found = SHARE_URL.search(page)
    assert found, "no share link on the scoreboard"
    url = found.group(1)
    assert url.startswith("http://localhost/s/")
    return url.removeprefix("http://localhost")


# --- The hand form's single-use key and Undo ----------------------------------------------------------


# Nosotros went out: melds 300 + a clean canasta 500 + going out 100 = 900; Ellos 100 − 40 = 60.
FORM_HAND = ({"melds": 300, "canastas-clean": 1}, {"melds": 100, "hand": 40})


KEY = re.compile(r'id="key" name="key" type="hidden" value="([^"]*)"|value="([^"]*)"[^>]*name="key"')


def form_key(client: FlaskClient, url: str) -> tuple[str, str]:
    """The CSRF token and the submission key of the hand form at ``url``, as a browser holds them."""
    html = page(client.get(url))
    found = KEY.search(html)
    assert found, "no submission key on the hand form"
    return csrf_token(client, url), found.group(1) or found.group(2)


def submit(client: FlaskClient, match_id: int, data: dict[str, Any], csrf: str, key: str) -> Any:
    return client.post(f"/matches/{match_id}/hands/new", data={**data, "csrf_token": csrf, "key": key})


def totals(client: FlaskClient, match_id: int) -> list[str]:
    return re.findall(r'data-total="\d">(-?\d+)<', page(client.get(f"/matches/{match_id}")))


def undo_button(client: FlaskClient, match_id: int) -> str | None:
    """Where the scoreboard's Undo leads (the question that names the hand), if it offers one."""
    found = re.search(r'href="(/matches/\d+/hands/\d+/undo)"', page(client.get(f"/matches/{match_id}")))
    return found.group(1) if found else None


def undo(client: FlaskClient, match_id: int, number: int) -> Any:
    """Answer yes to the question of Undo hand ``number``."""
    url = f"/matches/{match_id}/hands/{number}/undo"
    return post_form(client, url, {"confirm": "yes"}, page=f"/matches/{match_id}")


def save(
    client: FlaskClient, match_id: int, number: int, sides: Any = FORM_HAND, went_out: int | None = 0
) -> None:
    response = post_form(client, f"/matches/{match_id}/hands/new", hand_form(number, went_out, *sides))
    assert response.status_code == 302, page(response)


# --- Sessions and devices -----------------------------------------------------------------------------


COOKIES = ("session", "remember_token")


def copied_browser(app, client, names=COOKIES):
    """Another browser holding a copy of ``client``'s cookies (``names``), as a thief would."""
    thief = app.test_client()
    for name in names:
        cookie = client.get_cookie(name)
        assert cookie is not None, name
        thief.set_cookie(name, cookie.value)
    return thief


def remembered_phone(app):
    """A browser logged in as ``ana`` with "Remember me on this device" ticked."""
    client = app.test_client()
    client.set_cookie("lang", "en")
    answer = post_form(client, "/login", {"username": "ana", "password": TEST_PASSWORD, "remember": "y"})
    assert answer.status_code == 302
    return client


def logged_in_now(client) -> bool:
    return client.get("/").status_code == 200


def phone_at(app, address):
    """A new browser at ``address`` (English pages)."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    client.set_cookie("lang", "en")
    return client


def new_token(user_client) -> str:
    page = post_form(user_client, "/account/tokens", {}).get_data(as_text=True)
    found = re.search(r'id="new-token" type="text" readonly value="(sk_[^"]+)"', page)
    assert found, "the new token is not shown"
    return found.group(1)


def long_match(app: Flask, hands: int) -> int:
    """A classic match of ``hands`` hands in which side 0 scores 1000 and side 1 scores 230 each time.

    Side 0: melds 300 + clean 500 + red three 100 + going out 100 = 1000; side 1: melds 250 - hand 20.
    """
    with app.app_context():
        owner = db.session.query(User).filter_by(username="ana").one()
        match = services.create_match(
            owner.id,
            {
                "ruleset": "classic",
                "target": 1_000_000,
                "sides": [{"name": "Nosotros", "players": ["Ana"]}, {"name": "Ellos", "players": ["Eva"]}],
            },
        )
        for number in range(1, hands + 1):
            services.add_hand(
                match,
                {
                    "number": number,
                    "went_out": 0,
                    "going_out_kind": "normal",
                    "sides": [
                        {"melds": 300, "hand": 0, "red_threes": 1, "canastas": {"clean": 1}},
                        {"melds": 250, "hand": 20},
                    ],
                },
            )
        return match.id


def match_pages(match_id: int) -> list[str]:
    base = f"/matches/{match_id}"
    return [
        base,
        f"{base}/hands/new",
        f"{base}/hands/1/edit",
        f"{base}/hands/1",
        f"{base}/hands/2/delete",
        f"{base}/charts",
        f"{base}/log",
        f"{base}/opening",
    ]


# --- Export and import --------------------------------------------------------------------------------


# Classic, hand 1 of the API's example: Nosotros 1590, Ellos 125 (see test_transfer_formats.py).
CLASSIC_1 = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [
        {
            "melds": 640,
            "hand": 0,
            "red_threes": 1,
            "canastas": {"clean": 1, "dirty": 1},
            "penalties": [
                {"code": "drew_two_cards"},
                {"code": "custom", "points": 150, "description": "ruido"},
            ],
        },
        {"melds": 210, "hand": 85},
    ],
}


def user_id(app: Flask, username: str) -> int:
    with app.app_context():
        found = db.session.scalar(select(User.id).where(User.username == username))
        assert found is not None
        return found


def seed(
    app: Flask,
    username: str,
    hands: list[dict[str, Any]],
    created_at: datetime,
    ruleset: str = "classic",
    sides: list[dict[str, Any]] | None = None,
    **extra: Any,
) -> int:
    """A match of ``username`` with these hands, made through the services; its id."""
    with app.app_context():
        owner = user_id(app, username)
        body = {"ruleset": ruleset, "sides": copy.deepcopy(sides or API_PAIRS), **extra}
        match = services.create_match(owner, body)
        match.created_at = created_at
        db.session.commit()
        for hand in hands:
            services.add_hand(match, copy.deepcopy(hand))
        return match.id


BOUNDARY = "scorekeeper-test-boundary"


def multipart(csrf: str, raw: bytes, filename: str, once: str | None = None) -> bytes:
    """The form's body, built here: werkzeug's test client would spool a large one to a temporary
    file that it never closes. ``once``: the form's single-use key."""
    head = f"--{BOUNDARY}\r\n"
    key = f'{head}Content-Disposition: form-data; name="once"\r\n\r\n{once}\r\n' if once else ""
    return b"".join(
        [
            f'{head}Content-Disposition: form-data; name="csrf_token"\r\n\r\n{csrf}\r\n{key}'.encode(),
            f'{head}Content-Disposition: form-data; name="file"; filename="{filename}"\r\n'.encode(),
            b"Content-Type: application/octet-stream\r\n\r\n",
            raw,
            f"\r\n--{BOUNDARY}--\r\n".encode(),
        ]
    )


def upload(client: FlaskClient, raw: bytes, filename: str = "backup.json", csrf: str | None = None) -> Any:
    """POST ``raw`` as the import form's file, with the page's CSRF token unless ``csrf`` is given."""
    token = csrf_token(client, "/transfer") if csrf is None else csrf
    return client.post(
        "/transfer",
        data=multipart(token, raw, filename),
        content_type=f"multipart/form-data; boundary={BOUNDARY}",
    )


def file_errors(html: str) -> str:
    """The errors shown at the file field."""
    start = html.index('id="file-errors"')
    return html[start : html.index("</ul>", start)]


MAY_1 = datetime(2024, 5, 1, 18, 30, 15, 123456, tzinfo=UTC)


MAY_2 = datetime(2024, 5, 2, 20, 0, tzinfo=UTC)


MAY_3 = datetime(2024, 5, 3, 21, 15, tzinfo=UTC)


def rejected(client: FlaskClient, raw: bytes, status: int = 422, **kwargs: Any) -> str:
    response = upload(client, raw, **kwargs)
    assert response.status_code == status, page(response)
    return file_errors(page(response))


def good_file(client: FlaskClient) -> dict[str, Any]:
    result: dict[str, Any] = client.get("/export/history.json").get_json()
    return result


def post_seated_twice(client: FlaskClient, url: str, html: str) -> tuple[Any, list[str]]:
    """Post the round page ``html`` (at ``url``) with its first entry on both sides of table 1, the
    second nowhere and the third and fourth at table 2: a seating every format refuses. Answers the
    response and those four entry ids."""
    ids = re.findall(r'<option value="(\d+)"', html)[:4]
    data = {"t0-s0-0": ids[0], "t0-s1-0": ids[0], "t1-s0-0": ids[2], "t1-s1-0": ids[3]}
    data["csrf_token"] = csrf_token(client, url)
    data["once"] = form_keys(html)[0]
    return client.post(url, data=data), ids
