"""In-process measurements: the scoring engine alone, and each page through Flask's test client with
the SQL statements it sends counted (a ``before_cursor_execute`` listener). No server, no network."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from builders import CSRF, counting, scored_hands
from data import PASSWORD, Built, hand_sequence
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import fold_match, get_ruleset, load_hand, parse_hand

# --- Scoring engine ------------------------------------------------------------------------------


@dataclass(frozen=True)
class EngineResult:
    hands: int
    parse_us: float  # check one hand from the API's JSON (parse_hand)
    load_us: float  # rebuild one stored hand (load_hand), as every page does
    fold_us: float  # score and fold one hand (fold_match over the whole match, per hand)


def _per_hand(hands: int, repeat: int, run: Callable[[], object]) -> float:
    """Best of 5 rounds of ``repeat`` runs, in µs per hand."""
    best = float("inf")
    for _round in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            run()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best / hands * 1e6


def engine(hands: int = 500, repeat: int = 20) -> EngineResult:
    """Recompute a ``hands``-hand classic match from its raw inputs: parse once, fold many times."""
    rs = get_ruleset("classic", {})
    stored = hand_sequence(hands)
    raw = [{k: v for k, v in h.items()} for h in stored]
    parsed = [load_hand(h) for h in stored]
    fold_match(rs, 1_000_000, 2, parsed)  # warm
    return EngineResult(
        hands=hands,
        parse_us=_per_hand(hands, max(1, repeat // 4), lambda: [parse_hand(rs, h, [2, 2]) for h in raw]),
        load_us=_per_hand(hands, repeat, lambda: [load_hand(h) for h in stored]),
        fold_us=_per_hand(hands, repeat, lambda: fold_match(rs, 1_000_000, 2, parsed)),
    )


# --- Pages through the test client ----------------------------------------------------------------


@dataclass(frozen=True)
class PageResult:
    page: str
    size: str  # what grows: "60 hands", "1,000 matches"
    url: str
    ms: float  # the fastest of the timed requests
    statements: int
    kbytes: float
    note: str = ""


def logged_in(app: Flask, username: str) -> FlaskClient:
    """A test client logged in through the login form (CSRF token included), English pages."""
    client = app.test_client()
    client.set_cookie("lang", "en")
    page = client.get("/login").get_data(as_text=True)
    found = CSRF.search(page)
    assert found, "no CSRF token on /login"
    answer = client.post(
        "/login",
        data={"username": username, "password": PASSWORD, "csrf_token": found.group(1) or found.group(2)},
    )
    assert answer.status_code == 302, answer.status_code
    return client


def measure(
    app: Flask,
    client: FlaskClient,
    page: str,
    size: str,
    url: str,
    repeat: int,
    before: Callable[[], None] | None = None,
    note: str = "",
) -> PageResult:
    """Warm up once, count the statements of one request, then time ``repeat`` requests and keep the
    fastest (as timeit does: on a shared machine the noise only adds time, and a slow spell would
    otherwise fall on one size and not another); ``before`` runs before each, outside the timing."""
    assert client.get(url).status_code == 200, url
    if before:
        before()
    with counting(app) as statements:
        answer = client.get(url)
    assert answer.status_code == 200, (url, answer.status_code)
    times = []
    for _ in range(repeat):
        if before:
            before()
        start = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - start)
    return PageResult(
        page, size, url, min(times) * 1000, len(statements), len(answer.data) / 1024, note
    )


def growth(app: Flask, built: Built, quick: bool) -> list[PageResult]:
    """Scoreboards, histories and a player's statistics at growing sizes."""
    scale = 3 if quick else 1
    results = []
    bench = logged_in(app, "bench")
    for size in (10, 60, 100, 500):
        if f"board{size}" in built.matches:
            mid = built.matches[f"board{size}"][0]
            results.append(
                measure(
                    app,
                    bench,
                    "scoreboard",
                    f"{size} hands",
                    f"/matches/{mid}?rendered",  # a query string skips the page cache: render it
                    max(3, (40 if size < 500 else 15) // scale),
                    note="rendered anew each time",
                )
            )
    for size in (10, 1000, 20000):
        if f"hist{size}" in built.users:
            client = logged_in(app, f"hist{size}")
            results.append(measure(app, client, "history", f"{size:,} matches", "/history", 30 // scale))
    for size in (10, 1000):
        player = built.players.get(f"ana{size}")
        if player is None:
            continue
        client = logged_in(app, f"hist{size}")
        url = f"/players/{player}"
        # Every figure is stored with the sides (no match is folded), so there is no cold case.
        results.append(
            measure(app, client, "player statistics", f"{size:,} matches", url, max(3, 15 // scale))
        )
    return results


# --- Login timing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LoginTiming:
    known_ms: float  # a wrong password for an account that exists (median)
    unknown_ms: float  # any password for a name no account has (median)
    rounds: int


def login_timing(app: Flask, username: str = "bench", rounds: int = 15) -> LoginTiming:
    """A failed login for an existing account and for an unknown name, alternating, each through
    the login form with its CSRF token; medians. They should be alike (scorekeeper.services.accounts hashes
    a dummy password for unknown names), so that the time does not tell which names exist."""
    client = app.test_client()
    client.set_cookie("lang", "en")
    found = CSRF.search(client.get("/login").get_data(as_text=True))
    assert found, "no CSRF token on /login"
    token = found.group(1) or found.group(2)

    def attempt(name: str) -> float:
        start = time.perf_counter()
        answer = client.post("/login", data={"username": name, "password": "not it", "csrf_token": token})
        elapsed = time.perf_counter() - start
        assert answer.status_code == 200, answer.status_code  # refused, and not throttled
        return elapsed

    attempt("no-such-name")  # the first one in a process prepares the dummy hash
    known, unknown = [], []
    for _ in range(rounds):
        known.append(attempt(username))
        unknown.append(attempt("no-such-name"))
    return LoginTiming(statistics.median(known) * 1000, statistics.median(unknown) * 1000, rounds)


# --- The API: a match read, a bare route, a hand submitted -----------------------------------------

#: The bare routes the API's rows are compared with: the same app, a JSON "ok", with the API's token
#: check (``token_required``, as every API route has) and without any. Added by :func:`add_bare_routes`,
#: only in the benchmark's app.
BARE_TOKEN = "/bench/api-ok"
BARE_OPEN = "/bench/ok"


def add_bare_routes(app: Flask) -> None:
    """Add the bare JSON routes to ``app`` (before its first request)."""
    from flask import jsonify

    from scorekeeper.api.routes import token_required

    @token_required
    def api_ok() -> object:
        return jsonify({"ok": True})

    app.add_url_rule(BARE_TOKEN, "bench_api_ok", api_ok)
    app.add_url_rule(BARE_OPEN, "bench_ok", lambda: jsonify({"ok": True}))


@dataclass(frozen=True)
class ApiRow:
    name: str
    url: str
    ms: float  # fastest
    median_ms: float
    statements: int
    hands_scored: int  # hands put through the scoring rules in one request (score_hand calls)
    kbytes: float


def _timed(app: Flask, name: str, url: str, repeat: int, send: Callable[[], Any],
           before: Callable[[], None] | None = None) -> ApiRow:
    """Warm up once, count the statements and scored hands of one request, then time ``repeat``."""
    if before:
        before()
    assert send().status_code in (200, 201), url
    if before:
        before()
    with counting(app) as statements, scored_hands() as scored:
        answer = send()
    assert answer.status_code in (200, 201), (url, answer.status_code, answer.get_data(as_text=True)[:300])
    times = []
    for _ in range(repeat):
        if before:
            before()
        start = time.perf_counter()
        reply = send()
        times.append(time.perf_counter() - start)
        assert reply.status_code in (200, 201), (url, reply.status_code)
    return ApiRow(name, url, min(times) * 1000, statistics.median(times) * 1000, len(statements),
                  scored[0], len(answer.data) / 1024)


def api(app: Flask, built: Built, token: str, quick: bool) -> list[ApiRow]:
    """The bare routes, the API's read of the 60-hand match (as repeated reads get it, and with the
    per-process store emptied before each read: the first read after a change), and a hand submitted
    to a 60-hand match: each request the next hand of the next match, in turn, with the process's
    folded matches forgotten before each (a match this process has not folded yet), then the next
    hands of one match (as a table enters them: the match kept folded by the write before)."""
    from data import HANDS

    from scorekeeper import page_cache
    from scorekeeper.services import match_states

    repeat = 60 if quick else 200
    client = app.test_client()
    auth = {"Authorization": f"Bearer {token}"}
    mid = built.matches["board60"][0]
    store = app.extensions.get(page_cache.EXTENSION)

    def empty_store() -> None:
        if store is not None:
            store.clear()

    states = app.extensions.get(match_states.EXTENSION)

    def forget_states() -> None:  # a match this process has not folded yet
        if states is not None:
            states.clear()

    def get(url: str, headers: dict[str, str] | None = None) -> Callable[[], Any]:
        return lambda: client.get(url, headers=headers or {})

    rows = [
        _timed(app, "bare JSON route, no token", BARE_OPEN, repeat, get(BARE_OPEN)),
        _timed(app, "bare JSON route, token checked", BARE_TOKEN, repeat, get(BARE_TOKEN, auth)),
        _timed(app, "API match, 60 hands", f"/api/v1/matches/{mid}", repeat,
               get(f"/api/v1/matches/{mid}", auth)),
        _timed(app, "API match, 60 hands, first read after a change", f"/api/v1/matches/{mid}",
               max(10, repeat // 4), get(f"/api/v1/matches/{mid}", auth), before=empty_store),
        # The same, the change made by another process: this one has not folded that revision.
        _timed(app, "API match, 60 hands, first read after another process's change",
               f"/api/v1/matches/{mid}", max(10, repeat // 4), get(f"/api/v1/matches/{mid}", auth),
               before=lambda: (empty_store(), forget_states())),
    ]
    targets = built.matches["submit"]
    state = {"turn": 0}
    numbers = {m: _hand_count(app, m) for m in targets}

    def submit() -> Any:
        match_id = targets[state["turn"] % len(targets)]
        state["turn"] += 1
        numbers[match_id] += 1
        hand = {"number": numbers[match_id], **HANDS[0]}
        return client.post(f"/api/v1/matches/{match_id}/hands", json=hand, headers=auth)

    def submit_next() -> Any:
        match_id = targets[0]
        numbers[match_id] += 1
        hand = {"number": numbers[match_id], **HANDS[0]}
        return client.post(f"/api/v1/matches/{match_id}/hands", json=hand, headers=auth)

    size = numbers[targets[0]]
    rows.append(_timed(app, f"hand submission to a {size}-hand match", "/api/v1/matches/ID/hands",
                       max(10, repeat // 4), submit, before=forget_states))
    # The next hand of a match this process stored the hand before of (as at a table): the write
    # starts from the match kept folded under its revision (scorekeeper.services.match_states).
    rows.append(_timed(app, f"hand submission to a {size}-hand match, the next hand",
                       "/api/v1/matches/ID/hands", max(10, repeat // 4), submit_next))
    # The phone's endpoint (static/queue: a queued hand sent with its key, logged in by the form).
    phone = logged_in(app, "bench")
    phone_match = targets[1]
    csrf = phone.get(f"/matches/{phone_match}/hands.json").get_json()["csrf_token"]

    def submit_phone() -> Any:
        numbers[phone_match] += 1
        hand = {"number": numbers[phone_match], **HANDS[0]}
        headers = {"X-CSRFToken": csrf, "Idempotency-Key": f"bench-{phone_match}-{numbers[phone_match]}"}
        return phone.post(f"/matches/{phone_match}/hands.json", json=hand, headers=headers)

    rows.append(_timed(app, f"phone: a queued hand sent to a {size}-hand match, the next hand",
                       "/matches/ID/hands.json", max(10, repeat // 4), submit_phone))
    return rows


def _hand_count(app: Flask, match_id: int) -> int:
    from scorekeeper.extensions import db
    from scorekeeper.models import Match

    with app.app_context():
        count = db.session.get(Match, match_id).hand_count  # type: ignore[union-attr]
        db.session.remove()
        return int(count)
